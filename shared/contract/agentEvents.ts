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
  /** The answers the engine will honour (besides deny). */
  scopes: z.array(z.enum(['once', 'session', 'project'])).optional(),
  /** The tool call this prompt is for (absent for checks outside a model's call). */
  callId: z.string().optional(),
});
/** As many hunks as one prompt may list (a diff with more offers no choice of hunks). */
export const MAX_HUNKS = 1000;
/**
 * An answer. Strict: a field an answer does not have is refused, never dropped (a session answer
 * naming hunks must not become a whole session grant). `hunks` (once only): the 0-based hunks of the
 * preview's diff the user takes, the others rejected; main checks them against the preview.
 */
export const askAnswerSchema = z.discriminatedUnion('choice', [
  z.object({ choice: z.literal('once'), hunks: z.array(z.number().int().min(0).max(MAX_HUNKS)).max(MAX_HUNKS).optional() }).strict(),
  z.object({ choice: z.literal('session'), ttlMs: z.number().positive().optional() }).strict(),
  z.object({ choice: z.literal('project') }).strict(),
  z.object({ choice: z.literal('deny'), reason: z.string().optional() }).strict(),
]);

export const usageSchema = z.object({
  /** The whole prompt, cached parts included. */
  inputTokens: z.number().int().min(0),
  outputTokens: z.number().int().min(0),
  /** Of inputTokens: read from the prompt cache / written to it (Anthropic cache creation). */
  cacheReadTokens: z.number().int().min(0).optional(),
  cacheWriteTokens: z.number().int().min(0).optional(),
  /** US dollars from the price table; null = the model's price is unknown (never guessed). */
  costUsd: z.number().min(0).nullable().optional(),
});

export const agentEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('run.started'),
    ...base,
    prompt: z.string(),
    provider: z.string(),
    model: z.string(),
    /** Where this run's message sits among the conversation's messages (what conversations.rewind cuts at). */
    messageIndex: z.number().int().min(0).optional(),
  }),
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
    /** The sub-agent's own model usage and cost (its turns are not in the parent's run.finished). */
    usage: usageSchema.optional(),
  }),
  /**
   * One model call's usage. `turn` counts the run's model turns; `summary` marks the compaction
   * summariser's call (not a turn of its own: the UI labels it as the compaction's).
   */
  z.object({
    type: z.literal('usage'),
    ...base,
    turn: z.number().int(),
    summary: z.boolean().optional(),
    /**
     * The context window this call was measured against, and the prompt size at which the agent
     * compacts (the context manager's own budget), for the UI's gauge. Absent on a summary call.
     */
    context: z.object({ window: z.number().int().min(0), compactAt: z.number().int().min(0) }).optional(),
    ...usageSchema.shape,
  }),
  /**
   * A checkpoint of the project's files (main/core/checkpoints/): taken before a model turn that may
   * change files (kind 'turn'; `error` when it could not be taken), or before a restore (kind
   * 'before-restore': restoring to it undoes that restore).
   */
  z.object({
    type: z.literal('checkpoint'),
    ...base,
    kind: z.enum(['turn', 'before-restore']),
    label: z.string(),
    turn: z.number().int().optional(),
    checkpointId: z.string().optional(),
    error: z.string().optional(),
  }),
  /**
   * The transcript was made smaller to fit the context window: old tool results cut ('trim') or
   * old turns summarised into a note ('summary'); `reason` says why (over budget, the server
   * refused a too-long prompt, the user's /compact). Token figures are estimates.
   */
  z.object({
    type: z.literal('context.compacted'),
    ...base,
    kind: z.enum(['trim', 'summary']),
    reason: z.enum(['budget', 'overflow', 'manual']),
    beforeTokens: z.number().int().min(0),
    afterTokens: z.number().int().min(0),
    window: z.number().int().min(0),
    durationMs: z.number().min(0),
  }),
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

/** 181234 → "181k" (the figures are estimates; more precision would mislead). */
export function formatTokens(n: number): string {
  return n >= 10_000 ? `${Math.round(n / 1000)}k` : n >= 1000 ? `${(n / 1000).toFixed(1)}k` : String(n);
}

/** "$0.0123", "$1.20", or "unknown price" (a model without a price is never guessed). */
export function formatCost(usd: number | null | undefined): string {
  if (usd === null || usd === undefined) return 'unknown price';
  return usd >= 1 ? `$${usd.toFixed(2)}` : `$${usd.toFixed(4)}`;
}

/** One wording for the CLI and the UI: "Earlier turns summarised — 180k → 30k tokens". */
export function describeCompaction(e: Pick<AgentEventOf<'context.compacted'>, 'kind' | 'reason' | 'beforeTokens' | 'afterTokens'>): string {
  const what = e.kind === 'summary' ? 'Earlier turns summarised' : 'Old tool results shortened';
  const why = e.reason === 'overflow' ? ' (the model refused a too-long prompt)' : e.reason === 'manual' ? ' (/compact)' : '';
  return `${what} — ${formatTokens(e.beforeTokens)} → ${formatTokens(e.afterTokens)} tokens${why}`;
}

/** Fields every event carries; the loop fills them. */
export type EventBase = Pick<AgentEvent, 'at' | 'runId' | 'conversationId' | 'agentId' | 'depth' | 'parentCallId'>;
/** An event as produced by one step, before the common fields are stamped on. */
export type EventBody = AgentEvent extends infer E ? (E extends AgentEvent ? Omit<E, keyof EventBase> : never) : never;
