/**
 * The agent loop: stream a model turn, run its tool calls in order through the permission gate,
 * feed the results back, until the model ends its turn, the turn limit, a cancel, or an error.
 * Every step is emitted as an AgentEvent.
 */
import { randomUUID } from 'node:crypto';
import { isLlmError } from '../llm/errors.js';
import type { LlmContentBlock, LlmMessage, LlmProvider, LlmStopReason } from '../llm/types.js';
import type { Clock, PermissionGate } from '../permissions/types.js';
import { systemClock } from '../permissions/types.js';
import type { ToolRegistry } from '../tools/types.js';
import { linkedController } from './cancellation.js';
import type { CallStops } from './callStops.js';
import type { LiveOutputOptions } from './liveOutput.js';
import type { Emit, EventBody, StopReason } from './events.js';
import { buildSystemPrompt, loadProjectMemory } from './systemPrompt.js';
import { runToolCall, type ToolCallEnv, type ToolCallInput, type ToolCallOutcome } from './toolCall.js';
import { toolSpecs } from './toolSchemas.js';
import { cancelledResultBlock, repairTranscript } from './transcript.js';

export interface AgentLoopDeps {
  provider: LlmProvider;
  registry: ToolRegistry;
  gate: PermissionGate;
  emit: Emit;
  projectRoot: string;
  /** Where cut tool outputs are kept in full (app data folder). */
  logDir: string;
  clock?: Clock;
  newId?: (prefix: string) => string;
  /** Model turns per run (default 50). */
  maxTurns?: number;
  /** Tool results longer than this reach the model as head + tail (default 30,000 characters). */
  maxResultChars?: number;
  /** Replaces the built system prompt (tests, special agents). */
  systemPrompt?: string;
  /** CODECODER.md contents; undefined = read it from the project root. */
  memory?: string | null;
  /** Consecutive calls of these tools in one turn run concurrently (read-only; default: agent). */
  concurrentTools?: ReadonlySet<string>;
  /** Stop the run when the user denies a call (unattended runs fail closed). Default false: the model reads the denial and adapts. */
  stopOnDenial?: boolean;
  cancelGraceMs?: number;
  /** The live view's budget per tool call (defaults in liveOutput.ts; the clock defaults to `clock`). */
  liveOutput?: Partial<LiveOutputOptions>;
  /** Registry of running calls, so one can be stopped alone (agent.stopCall). */
  callStops?: CallStops;
}

export interface RunInput {
  prompt: string;
  conversationId: string;
  agentId?: string;
  depth?: number;
  parentCallId?: string;
  runId?: string;
  history?: readonly LlmMessage[];
  signal?: AbortSignal;
  /** Each message appended to the transcript, in order, awaited (persistence: one fsync per turn). */
  onMessage?: (message: LlmMessage) => void | Promise<void>;
}

export interface RunResult {
  runId: string;
  stopReason: StopReason;
  finalText: string;
  /** The whole transcript, history included. */
  messages: LlmMessage[];
  turns: number;
  usage: { inputTokens: number; outputTokens: number };
  error?: { code: string; message: string };
}

export async function runAgent(deps: AgentLoopDeps, input: RunInput): Promise<RunResult> {
  const clock = deps.clock ?? systemClock;
  const newId = deps.newId ?? ((p: string) => `${p}_${randomUUID()}`);
  const runId = input.runId ?? newId('run');
  const agentId = input.agentId ?? 'main';
  const depth = input.depth ?? 0;
  const base = {
    runId,
    conversationId: input.conversationId,
    agentId,
    depth,
    ...(input.parentCallId ? { parentCallId: input.parentCallId } : {}),
  };
  const send = (body: EventBody) => deps.emit({ ...body, ...base, at: clock.now() } as Parameters<Emit>[0]);
  const run$ = linkedController(input.signal);
  const signal = run$.signal;
  const usage = { inputTokens: 0, outputTokens: 0 };
  const messages = repairTranscript(input.history ?? []);
  let turns = 0;
  let finalText = '';

  const append = async (m: LlmMessage) => {
    messages.push(m);
    await input.onMessage?.(m);
  };
  const finish = (stopReason: StopReason, error?: { code: string; message: string }): RunResult => {
    run$.dispose();
    send({ type: 'run.finished', stopReason, turns, usage: { ...usage }, finalText, ...(error ? { error } : {}) });
    return { runId, stopReason, finalText, messages, turns, usage: { ...usage }, ...(error ? { error } : {}) };
  };

  send({ type: 'run.started', prompt: input.prompt, provider: deps.provider.kind, model: deps.provider.model });
  try {
    const system =
      deps.systemPrompt ??
      buildSystemPrompt({
        projectRoot: deps.projectRoot,
        memory: deps.memory === undefined ? await loadProjectMemory(deps.projectRoot) : deps.memory,
        registry: deps.registry,
        depth,
      });
    const tools = toolSpecs(deps.registry);
    await append({ role: 'user', content: [{ type: 'text', text: input.prompt }] });

    const env: ToolCallEnv = {
      registry: deps.registry,
      gate: deps.gate,
      projectRoot: deps.projectRoot,
      logDir: deps.logDir,
      agentId,
      conversationId: input.conversationId,
      depth,
      runId,
      send,
      rawEmit: deps.emit,
      now: () => clock.now(),
      maxResultChars: deps.maxResultChars ?? 30_000,
      cancelGraceMs: deps.cancelGraceMs ?? 3_000,
      ...(deps.liveOutput ? { liveOutput: deps.liveOutput } : {}),
      ...(deps.callStops ? { callStops: deps.callStops } : {}),
    };
    const concurrent = deps.concurrentTools ?? new Set(['agent']);
    const maxTurns = deps.maxTurns ?? 50;

    while (turns < maxTurns) {
      if (signal.aborted) return finish('cancelled');
      turns++;
      let text = '';
      let calls: ToolCallInput[] = [];
      let stop: LlmStopReason = 'end_turn';
      // A signal per turn: SDKs attach a listener per request, which must not pile up on the run's.
      const turn$ = linkedController(signal);
      try {
        for await (const ev of deps.provider.stream({ system, messages, tools }, turn$.signal)) {
          if (ev.type === 'text.delta') {
            text += ev.text;
            send({ type: 'text.delta', text: ev.text });
          } else if (ev.type === 'tool_call.end') {
            calls.push({ id: ev.id, name: ev.name, input: ev.input, ...(ev.argsError ? { argsError: ev.argsError } : {}) });
          } else if (ev.type === 'usage') {
            usage.inputTokens += ev.inputTokens;
            usage.outputTokens += ev.outputTokens;
            send({ type: 'usage', turn: turns, inputTokens: ev.inputTokens, outputTokens: ev.outputTokens });
          } else if (ev.type === 'stop') {
            stop = ev.reason;
          } else if (ev.type === 'retry') {
            if (ev.discardPartial) {
              text = '';
              calls = [];
            }
            send({ type: 'model.retry', attempt: ev.attempt, delayMs: ev.delayMs, code: ev.code, discardPartial: ev.discardPartial });
          }
        }
      } catch (err) {
        if (signal.aborted || (isLlmError(err) && err.code === 'cancelled')) {
          // Keep what the user saw; close every finished call with "cancelled by user".
          await commitAssistant(text, calls);
          if (calls.length) await append({ role: 'user', content: calls.map((c) => cancelledResultBlock(c.id)) });
          finalText = text;
          return finish('cancelled');
        }
        const code = isLlmError(err) ? err.code : 'unknown';
        return finish('error', { code, message: (err as Error).message });
      } finally {
        turn$.dispose();
      }
      await commitAssistant(text, calls);
      finalText = text;
      if (calls.length === 0) return finish(stop === 'max_tokens' ? 'max_tokens' : 'end_turn');

      const outcomes = await runCalls(calls, env, signal, concurrent, deps.stopOnDenial ?? false);
      await append({
        role: 'user',
        content: outcomes.map(({ call, outcome }): LlmContentBlock => ({
          type: 'tool_result',
          toolUseId: call.id,
          content: outcome.result.content,
          ...(outcome.result.isError ? { isError: true } : {}),
        })),
      });
      if (signal.aborted || outcomes.some((o) => o.outcome.cancelled)) return finish('cancelled');
      if ((deps.stopOnDenial ?? false) && outcomes.some((o) => o.outcome.userDenied)) return finish('denied');
    }
    return finish('max_turns');
  } catch (err) {
    return finish('error', { code: 'internal', message: (err as Error).message });
  }

  async function commitAssistant(text: string, calls: ToolCallInput[]) {
    const content: LlmContentBlock[] = [];
    if (text) content.push({ type: 'text', text });
    for (const c of calls) content.push({ type: 'tool_use', id: c.id, name: c.name, input: c.argsError ? {} : c.input });
    if (content.length) await append({ role: 'assistant', content });
  }
}

const NOT_RUN_AFTER_DENIAL = 'not run: an earlier call in this turn was denied by the user, so the run stopped';

/** Runs a turn's calls in order; a block of consecutive concurrent-safe calls (sub-agents) runs at once. */
async function runCalls(
  calls: ToolCallInput[],
  env: ToolCallEnv,
  signal: AbortSignal,
  concurrent: ReadonlySet<string>,
  stopOnDenial: boolean,
): Promise<{ call: ToolCallInput; outcome: ToolCallOutcome }[]> {
  const out: { call: ToolCallInput; outcome: ToolCallOutcome }[] = [];
  let denied = false;
  for (let i = 0; i < calls.length;) {
    const group = [calls[i]!];
    if (concurrent.has(calls[i]!.name))
      while (i + group.length < calls.length && concurrent.has(calls[i + group.length]!.name)) group.push(calls[i + group.length]!);
    i += group.length;
    if (denied) {
      for (const call of group) {
        env.send({
          type: 'tool.result',
          callId: call.id,
          tool: call.name,
          content: NOT_RUN_AFTER_DENIAL,
          isError: true,
          cancelled: false,
          durationMs: 0,
        });
        out.push({ call, outcome: { result: { content: NOT_RUN_AFTER_DENIAL, isError: true }, cancelled: false, userDenied: false } });
      }
      continue;
    }
    // runToolCall closes a call with "cancelled by user" itself once the run is aborted.
    const results = await Promise.all(group.map((call) => runToolCall(call, env, signal)));
    group.forEach((call, k) => out.push({ call, outcome: results[k]! }));
    if (stopOnDenial && results.some((r) => r.userDenied)) denied = true;
  }
  return out;
}
