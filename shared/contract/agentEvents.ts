/**
 * Every step of an agent run is one of these events: the renderer, the CLI and the tests follow the
 * same stream. Nesting: a sub-agent's events carry `parentCallId` (the parent's `agent` tool call)
 * and the child's own `agentId`/`runId`/`depth`.
 */
import { z } from 'zod';

export const stopReasonSchema = z.enum(['end_turn', 'max_turns', 'max_tokens', 'cancelled', 'error', 'denied']);
export type StopReason = z.infer<typeof stopReasonSchema>;

const base = {
  /** Milliseconds since the epoch (from the injected clock). */
  at: z.number(),
  runId: z.string(),
  conversationId: z.string(),
  agentId: z.string(),
  depth: z.number().int().min(0),
  parentCallId: z.string().optional(),
};

const keySchema = z.object({ tool: z.string(), action: z.string(), raw: z.string() });
const askRequestSchema = z.object({
  tool: z.string(),
  environment: z.enum(['host', 'shell', 'wasm', 'docker', 'sandbox', 'remote']),
  key: keySchema,
  flags: z.record(z.string(), z.unknown()).optional(),
  args: z.unknown(),
  agentId: z.string(),
  conversationId: z.string(),
  depth: z.number(),
  ceiling: z.enum(['session', 'project']),
  /** The tool call this prompt is for (absent for checks outside a model's call). */
  callId: z.string().optional(),
});
export const askAnswerSchema = z.discriminatedUnion('choice', [
  z.object({ choice: z.literal('once') }),
  z.object({ choice: z.literal('session'), ttlMs: z.number().positive().optional() }),
  z.object({ choice: z.literal('project') }),
  z.object({ choice: z.literal('deny'), reason: z.string().optional() }),
]);

export const usageSchema = z.object({ inputTokens: z.number().int().min(0), outputTokens: z.number().int().min(0) });

export const agentEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('run.started'), ...base, prompt: z.string(), provider: z.string(), model: z.string() }),
  z.object({ type: z.literal('text.delta'), ...base, text: z.string() }),
  /** The provider retries a failed turn; `discardPartial` tells the UI to drop this turn's partial text. */
  z.object({
    type: z.literal('model.retry'),
    ...base,
    attempt: z.number(),
    delayMs: z.number(),
    code: z.string(),
    discardPartial: z.boolean(),
  }),
  /** The model finished writing a call; the decision follows in `tool.call`. */
  z.object({ type: z.literal('tool.requested'), ...base, callId: z.string(), tool: z.string(), args: z.unknown() }),
  z.object({
    type: z.literal('tool.call'),
    ...base,
    callId: z.string(),
    tool: z.string(),
    args: z.unknown(),
    key: z.string().optional(),
    decision: z.enum(['allowed', 'denied', 'invalid']),
    via: z.string(),
    reason: z.string().optional(),
  }),
  z.object({ type: z.literal('tool.output'), ...base, callId: z.string(), chunk: z.string() }),
  z.object({
    type: z.literal('tool.result'),
    ...base,
    callId: z.string(),
    tool: z.string(),
    content: z.string(),
    isError: z.boolean(),
    cancelled: z.boolean(),
    fullLogPath: z.string().optional(),
    data: z.unknown().optional(),
    durationMs: z.number(),
  }),
  z.object({
    type: z.literal('approval.requested'),
    ...base,
    approvalId: z.string(),
    kind: z.enum(['tool', 'presets']),
    request: askRequestSchema.optional(),
    presets: z.array(z.string()).optional(),
  }),
  z.object({
    type: z.literal('approval.resolved'),
    ...base,
    approvalId: z.string(),
    answer: askAnswerSchema.optional(),
    acceptedPresets: z.array(z.string()).optional(),
    cancelled: z.boolean(),
  }),
  z.object({ type: z.literal('subagent.started'), ...base, childAgentId: z.string(), childRunId: z.string(), prompt: z.string() }),
  z.object({
    type: z.literal('subagent.finished'),
    ...base,
    childAgentId: z.string(),
    childRunId: z.string(),
    stopReason: stopReasonSchema,
    answer: z.string(),
  }),
  z.object({ type: z.literal('usage'), ...base, turn: z.number().int(), ...usageSchema.shape }),
  z.object({
    type: z.literal('run.finished'),
    ...base,
    stopReason: stopReasonSchema,
    turns: z.number().int(),
    usage: usageSchema,
    finalText: z.string(),
    error: z.object({ code: z.string(), message: z.string() }).optional(),
  }),
]);

export type AgentEvent = z.infer<typeof agentEventSchema>;
export type AgentEventType = AgentEvent['type'];
export type AgentEventOf<T extends AgentEventType> = Extract<AgentEvent, { type: T }>;
export type Emit = (event: AgentEvent) => void;

/** Fields every event carries; the loop fills them. */
export type EventBase = Pick<AgentEvent, 'at' | 'runId' | 'conversationId' | 'agentId' | 'depth' | 'parentCallId'>;
/** An event as produced by one step, before the common fields are stamped on. */
export type EventBody = AgentEvent extends infer E ? (E extends AgentEvent ? Omit<E, keyof EventBase> : never) : never;
