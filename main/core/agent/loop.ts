/**
 * The agent loop: stream a model turn, run its tool calls in order through the permission gate,
 * feed the results back, until the model ends its turn, the turn limit, a cancel, or an error.
 * Every step is emitted as an AgentEvent.
 */
import { randomUUID } from 'node:crypto';
import { isLlmError, costOf, priceOf, type LlmContentBlock, type LlmMessage, type LlmProvider, type LlmStopReason } from '../llm/index.js';
import { type Clock, type PermissionGate, systemClock } from '../permissions/index.js';
import type { Redactor } from '../env/index.js';
import type { ToolRegistry } from '../tools/index.js';
import { linkedController } from './cancellation.js';
import type { CallStops } from './callStops.js';
import type { LiveOutputOptions } from './liveOutput.js';
import type { Emit, EventBody, StopReason } from './events.js';
import { buildSystemPrompt, loadProjectMemory } from './systemPrompt.js';
import type { ToolHooks } from '../hooks/index.js';
import { runToolCall, type ToolCallEnv, type ToolCallInput, type ToolCallOutcome } from './toolCall.js';
import { toolSpecs } from './toolSchemas.js';
import { cancelledResultBlock, repairTranscript } from './transcript.js';
import { ContextManager, type CompactionInfo, type CompactionReason, type ContextOptions } from './context/manager.js';

/** The prompt that compacts the conversation instead of asking the model anything. */
export const COMPACT_COMMAND = '/compact';
/** "Too long" refusals in a row that are answered by compacting and retrying; one more fails the run. */
const MAX_OVERFLOW_RETRIES = 2;

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
  /** Awaited before a turn's tool calls run (checkpoints); an event it returns is sent first. */
  beforeToolCalls?: (turn: { turn: number; tools: string[] }) => Promise<EventBody | undefined>;
  /** Context budget and compaction (window memory, ratios); see context/manager.ts. */
  context?: Partial<Omit<ContextOptions, 'provider' | 'logDir'>>;
  /** Registry of running calls, so one can be stopped alone (agent.stopCall). */
  callStops?: CallStops;
  /** Takes the secrets the app holds out of every tool result and live output (env/redact.ts). */
  redactor?: Redactor;
  /** The project's PreToolUse / PostToolUse hooks (hooks/). */
  hooks?: ToolHooks;
}

export interface RunInput {
  prompt: string;
  conversationId: string;
  agentId?: string;
  depth?: number;
  parentCallId?: string;
  runId?: string;
  history?: readonly LlmMessage[];
  /**
   * Project files the user attached to the prompt (@-mentions), read before the model's first turn:
   * each is a read_file call the loop makes on the user's behalf, through the same gate, shown and
   * recorded like any other call, so the model starts with their content in its transcript.
   */
  attachments?: readonly string[];
  signal?: AbortSignal;
  /** Each message appended to the transcript, in order, awaited (persistence: one fsync per turn). */
  onMessage?: (message: LlmMessage) => void | Promise<void>;
  /** The transcript was compacted: `messages` replaces everything so far (persistence records it). */
  onCompact?: (messages: LlmMessage[], info: CompactionInfo) => void | Promise<void>;
}

export interface RunUsage {
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens?: number;
  cacheWriteTokens?: number;
  /** Dollars, null when the model's price is unknown. */
  costUsd?: number | null;
}

export interface RunResult {
  runId: string;
  stopReason: StopReason;
  finalText: string;
  /** The whole transcript, history included. */
  messages: LlmMessage[];
  turns: number;
  usage: RunUsage;
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
  const price = priceOf(deps.provider.model, deps.provider.prices);
  const usage: RunUsage = { inputTokens: 0, outputTokens: 0, costUsd: price ? 0 : null };
  /** Adds a model call's figures to the run's; returns its cost. */
  const addUsage = (u: RunUsage): number | null => {
    const cost = costOf(u, price);
    if (cost !== null && usage.costUsd != null) usage.costUsd += cost;
    usage.inputTokens += u.inputTokens;
    usage.outputTokens += u.outputTokens;
    if (u.cacheReadTokens) usage.cacheReadTokens = (usage.cacheReadTokens ?? 0) + u.cacheReadTokens;
    if (u.cacheWriteTokens) usage.cacheWriteTokens = (usage.cacheWriteTokens ?? 0) + u.cacheWriteTokens;
    return cost;
  };
  const context = new ContextManager({ provider: deps.provider, logDir: deps.logDir, ...deps.context });
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

  send({
    type: 'run.started',
    prompt: input.prompt,
    provider: deps.provider.kind,
    model: deps.provider.model,
    // The message this run appends comes after the history it was given (the conversation file's count).
    messageIndex: input.history?.length ?? 0,
  });
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
    /** Shrinks the transcript when needed (or asked); says whether it changed. */
    const compact = async (reason: CompactionReason, attempt = 0): Promise<boolean> => {
      const r = await context.fit({ system, messages, tools }, reason, signal, attempt);
      if (!r) return false;
      messages.splice(0, messages.length, ...r.messages);
      // The summariser's call is a model call like any other: counted and priced.
      if (r.info.usage) send({ type: 'usage', turn: turns, summary: true, ...r.info.usage, costUsd: addUsage(r.info.usage) });
      await input.onCompact?.(messages.slice(), r.info);
      const { kind, beforeTokens, afterTokens, window, durationMs } = r.info;
      send({ type: 'context.compacted', kind, reason, beforeTokens, afterTokens, window, durationMs });
      return true;
    };
    if (input.prompt.trim() === COMPACT_COMMAND) {
      finalText = (await compact('manual')) ? 'Earlier turns were summarised.' : 'Nothing to compact yet.';
      return finish('end_turn');
    }
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
      ...(deps.redactor ? { redactor: deps.redactor } : {}),
      ...(deps.hooks ? { hooks: deps.hooks } : {}),
    };
    const concurrent = deps.concurrentTools ?? new Set(['agent']);
    const maxTurns = deps.maxTurns ?? 50;
    if (input.attachments?.length) {
      const reads: ToolCallInput[] = input.attachments.map((p, i) => ({
        id: `${runId}_attach_${i}`,
        name: 'read_file',
        input: { path: p },
      }));
      await commitAssistant('', reads);
      const outcomes = await runCalls(reads, env, signal, concurrent, false);
      await appendResults(outcomes);
      if (signal.aborted || outcomes.some((o) => o.outcome.cancelled)) return finish('cancelled');
    }
    let overflows = 0;

    while (turns < maxTurns) {
      if (signal.aborted) return finish('cancelled');
      await compact('budget');
      if (signal.aborted) return finish('cancelled');
      const request = { system, messages: messages.slice(), tools, ...context.cacheHint(messages) };
      turns++;
      let text = '';
      let calls: ToolCallInput[] = [];
      let stop: LlmStopReason = 'end_turn';
      // A signal per turn: SDKs attach a listener per request, which must not pile up on the run's.
      const turn$ = linkedController(signal);
      try {
        for await (const ev of deps.provider.stream(request, turn$.signal)) {
          if (ev.type === 'text.delta') {
            text += ev.text;
            send({ type: 'text.delta', text: ev.text });
          } else if (ev.type === 'tool_call.end') {
            calls.push({ id: ev.id, name: ev.name, input: ev.input, ...(ev.argsError ? { argsError: ev.argsError } : {}) });
          } else if (ev.type === 'usage') {
            const { type: _type, ...figures } = ev;
            const costUsd = addUsage(figures);
            context.observe(request, ev.inputTokens);
            send({ type: 'usage', turn: turns, ...figures, costUsd, context: { window: context.window(), compactAt: context.budget() } });
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
        // Too long for the model: learn its window, compact harder, and run the turn again.
        if (isLlmError(err) && err.code === 'context_overflow' && overflows < MAX_OVERFLOW_RETRIES) {
          context.learnOverflow(request, err);
          if (await compact('overflow', overflows++)) {
            turns--;
            continue;
          }
        }
        const code = isLlmError(err) ? err.code : 'unknown';
        return finish('error', { code, message: (err as Error).message });
      } finally {
        turn$.dispose();
      }
      overflows = 0;
      await commitAssistant(text, calls);
      finalText = text;
      if (calls.length === 0) return finish(stop === 'max_tokens' ? 'max_tokens' : 'end_turn');

      const before = await deps.beforeToolCalls?.({ turn: turns, tools: calls.map((c) => c.name) });
      if (before) send(before);
      const outcomes = await runCalls(calls, env, signal, concurrent, deps.stopOnDenial ?? false);
      await appendResults(outcomes);
      if (signal.aborted || outcomes.some((o) => o.outcome.cancelled)) return finish('cancelled');
      if ((deps.stopOnDenial ?? false) && outcomes.some((o) => o.outcome.userDenied)) return finish('denied');
    }
    return finish('max_turns');
  } catch (err) {
    return finish('error', { code: 'internal', message: (err as Error).message });
  }

  async function appendResults(outcomes: { call: ToolCallInput; outcome: ToolCallOutcome }[]) {
    await append({
      role: 'user',
      content: outcomes.map(({ call, outcome }): LlmContentBlock => ({
        type: 'tool_result',
        toolUseId: call.id,
        content: outcome.result.content,
        ...(outcome.result.isError ? { isError: true } : {}),
      })),
    });
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
