/**
 * `runSubAgent` for the `agent` tool: a child loop with the read-only tool set (the registry's
 * `subAgentRegistry()`), its own context and transcript, at depth parent + 1. The child's final
 * answer is the tool result. Children share a small semaphore, and their events travel through the
 * parent's emitter nested under the parent's call id.
 */
import { randomUUID } from 'node:crypto';
import type { LlmMessage, LlmProvider } from '../llm/index.js';
import { type Clock, type PermissionGate, systemClock } from '../permissions/index.js';
import { type SubAgentRequest, DEPTH_LIMIT_MESSAGE, MAX_AGENT_DEPTH, ToolFailure, type ToolRegistry } from '../tools/index.js';
import { CANCELLED_REASON } from '../approvals/index.js';
import { getCallOrigin } from './callOrigin.js';
import type { Emit, StopReason } from './events.js';
import { runAgent, type AgentLoopDeps } from './loop.js';
import { Semaphore } from './semaphore.js';

/** The seed locks sub-agents at depth 1 (one definition, the agent tool's). */
export { DEPTH_LIMIT_MESSAGE, MAX_AGENT_DEPTH as SUBAGENT_DEPTH_LIMIT };

export interface SubAgentTranscript {
  conversationId: string;
  parentAgentId: string;
  parentCallId: string;
  childAgentId: string;
  runId: string;
  prompt: string;
  stopReason: StopReason;
  messages: LlmMessage[];
}

export interface SubAgentRunnerDeps {
  provider: LlmProvider;
  gate: PermissionGate;
  /** Late-bound: the registry is built with `runSubAgent` in its deps, so it exists after the runner. */
  registry: () => ToolRegistry;
  clock?: Clock;
  newId?: (prefix: string) => string;
  /** Children running at once across the whole runtime (default 3). */
  maxConcurrent?: number;
  maxTurns?: number;
  memory?: string | null;
  /** Context policy shared with the main loop (the window memory); each child keeps its own budget. */
  context?: AgentLoopDeps['context'];
  /** Used when the parent context did not come from a loop (a direct call in a test). */
  fallbackEmit?: Emit;
  /** The project's PreToolUse / PostToolUse hooks: a sub-agent's calls meet them too. */
  hooks?: AgentLoopDeps['hooks'];
  /** Keeps the child's transcript (the runtime appends it to the conversation). */
  onTranscript?: (t: SubAgentTranscript) => void | Promise<void>;
  /** The parent's: a child's tool results reach the same model. */
  redactor?: AgentLoopDeps['redactor'];
}

export interface SubAgentRunner {
  run(req: SubAgentRequest): Promise<string>;
  readonly semaphore: Semaphore;
}

export function createSubAgentRunner(deps: SubAgentRunnerDeps): SubAgentRunner {
  const semaphore = new Semaphore(deps.maxConcurrent ?? 3);
  const clock = deps.clock ?? systemClock;
  const newId = deps.newId ?? ((p: string) => `${p}_${randomUUID()}`);
  let seq = 0;

  async function run({ prompt, parentCtx }: SubAgentRequest): Promise<string> {
    // The agent tool checks this first; checked again here so the lock holds whoever calls.
    if (parentCtx.depth >= MAX_AGENT_DEPTH) throw new ToolFailure(DEPTH_LIMIT_MESSAGE);
    const origin = getCallOrigin(parentCtx);
    const emit = origin?.emit ?? deps.fallbackEmit ?? (() => {});
    const parentCallId = origin?.callId ?? newId('call');
    const childAgentId = `${parentCtx.agentId}/sub-${++seq}`;
    const childRunId = newId('run');
    const parentBase = {
      runId: origin?.runId ?? childRunId,
      conversationId: parentCtx.conversationId,
      agentId: parentCtx.agentId,
      depth: parentCtx.depth,
      parentCallId,
    };

    let release: () => void;
    try {
      release = await semaphore.acquire(parentCtx.signal);
    } catch {
      return CANCELLED_REASON;
    }
    try {
      emit({ type: 'subagent.started', ...parentBase, at: clock.now(), childAgentId, childRunId, prompt });
      const result = await runAgent(
        {
          provider: deps.provider,
          registry: deps.registry(),
          gate: deps.gate,
          emit,
          projectRoot: parentCtx.projectRoot,
          logDir: parentCtx.logDir,
          clock,
          newId,
          maxTurns: deps.maxTurns ?? 20,
          ...(deps.memory !== undefined ? { memory: deps.memory } : {}),
          ...(deps.context ? { context: deps.context } : {}),
          ...(deps.redactor ? { redactor: deps.redactor } : {}),
          ...(deps.hooks ? { hooks: deps.hooks } : {}),
        },
        {
          prompt,
          conversationId: parentCtx.conversationId,
          agentId: childAgentId,
          depth: parentCtx.depth + 1,
          parentCallId,
          runId: childRunId,
          signal: parentCtx.signal,
        },
      );
      const answer =
        result.stopReason === 'cancelled'
          ? CANCELLED_REASON
          : result.stopReason === 'max_turns'
            ? `${result.finalText}\n[the sub-agent stopped at its turn limit before finishing]`
            : result.finalText || '(the sub-agent gave no answer)';
      emit({
        type: 'subagent.finished',
        ...parentBase,
        at: clock.now(),
        childAgentId,
        childRunId,
        stopReason: result.stopReason,
        answer,
        usage: result.usage,
      });
      await deps.onTranscript?.({
        conversationId: parentCtx.conversationId,
        parentAgentId: parentCtx.agentId,
        parentCallId,
        childAgentId,
        runId: childRunId,
        prompt,
        stopReason: result.stopReason,
        messages: result.messages,
      });
      if (result.stopReason === 'error') throw new ToolFailure(`the sub-agent failed: ${result.error?.message ?? 'unknown error'}`);
      return answer;
    } finally {
      release();
    }
  }

  return { run, semaphore };
}
