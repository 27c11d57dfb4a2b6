/**
 * One tool call, in this order, always: validate the arguments → permission() → the
 * gate's check (Ask goes to the approval queue) → execute → a result the model reads, through
 * `runToolChecked` (runChecked.ts). Nothing runs before the gate says yes. Every outcome — unknown tool, bad arguments, denial, failure,
 * cancellation — becomes a tool result, so the transcript always pairs a result with each call.
 */
import type { Redactor } from '../env/index.js';
import type { ToolHooks } from '../hooks/index.js';
import type { PermissionGate } from '../permissions/index.js';
import type { ToolContext, ToolRegistry, ToolResult } from '../tools/index.js';
import { CANCELLED_REASON } from '../approvals/index.js';
import { setCallOrigin } from './callOrigin.js';
import { linkedController, whenAborted } from './cancellation.js';
import type { Emit, EventBody } from './events.js';
import type { CallStops } from './callStops.js';
import { createLiveOutput, type LiveOutputOptions } from './liveOutput.js';
import { redactCutResult, redactResult } from './redactResult.js';
import { runToolChecked } from './runChecked.js';
import { fitForModel } from './truncate.js';

export interface ToolCallInput {
  id: string;
  name: string;
  input: unknown;
  argsError?: string;
}

export interface ToolCallEnv {
  registry: ToolRegistry;
  gate: PermissionGate;
  projectRoot: string;
  logDir: string;
  agentId: string;
  conversationId: string;
  depth: number;
  runId: string;
  /** Emits with the common fields stamped on. */
  send: (body: EventBody) => void;
  /** The loop's raw emitter, handed to sub-agents through the call origin. */
  rawEmit: Emit;
  now: () => number;
  maxResultChars: number;
  /** How long a cancelled tool gets to clean up (kill its process group) before the call is closed anyway. */
  cancelGraceMs: number;
  /** The live view's budget (liveOutput.ts); its clock defaults to `now`. */
  liveOutput?: Partial<LiveOutputOptions>;
  /** Where a running call can be stopped alone (agent.stopCall); absent: only with the run. */
  callStops?: CallStops;
  /** Takes the secrets the app holds out of the result and the live output (env/redact.ts). */
  redactor?: Redactor;
  /** The project's PreToolUse / PostToolUse hooks (hooks/). */
  hooks?: ToolHooks;
}

/** What the model reads when the user stopped one call (the per-command Stop) and the run goes on. */
export const CALL_STOPPED_REASON =
  'stopped by the user (this call only; the process group was killed). The run goes on: ask before running it again.';

export interface ToolCallOutcome {
  result: ToolResult;
  cancelled: boolean;
  /** The user (not a rule) refused the call. */
  userDenied: boolean;
}

export async function runToolCall(call: ToolCallInput, env: ToolCallEnv, runSignal: AbortSignal): Promise<ToolCallOutcome> {
  const started = env.now();
  // The UI's view of the call's output, bounded whatever the tool prints (the full output is in
  // the tool's log). Closed — what it skipped shown — before the result, so the card reads in order.
  const live = createLiveOutput((chunk) => env.send({ type: 'tool.output', callId: call.id, chunk }), {
    now: env.now,
    ...env.liveOutput,
  });
  // A secret split across two chunks of live output is still caught: the stream holds back an end
  // that could start one until the next chunk (or the end of the call) decides.
  const liveRedact = env.redactor?.stream();
  const showLive = (chunk: string) => {
    const shown = liveRedact ? liveRedact.write(chunk) : chunk;
    if (shown) live.write(shown);
  };
  const finish = async (
    result: ToolResult,
    opts: { cancelled?: boolean; userDenied?: boolean; runGoesOn?: boolean } = {},
  ): Promise<ToolCallOutcome> => {
    const cancelled = opts.cancelled ?? false;
    const held = liveRedact?.end();
    if (held) live.write(held);
    live.close();
    // Every result passes here: the secrets come out before the model, the transcript, the UI
    // and the full log (fitForModel) see it, and once more after the cut.
    const clean = redactResult(result, env.redactor);
    const fitted = redactCutResult(
      cancelled
        ? clean
        : await fitForModel(clean, { maxChars: env.maxResultChars, logDir: env.logDir, name: `${env.runId}-${call.id}` }).catch(
            () => clean,
          ),
      env.redactor,
    );
    env.send({
      type: 'tool.result',
      callId: call.id,
      tool: call.name,
      content: fitted.content,
      isError: fitted.isError ?? false,
      cancelled,
      ...(fitted.fullLogPath ? { fullLogPath: fitted.fullLogPath } : {}),
      ...(fitted.data !== undefined ? { data: fitted.data } : {}),
      durationMs: env.now() - started,
    });
    // A call stopped alone shows as cancelled, but the run goes on: the model reads why.
    return { result: fitted, cancelled: cancelled && !opts.runGoesOn, userDenied: opts.userDenied ?? false };
  };
  const cancelledResult = () => finish({ content: CANCELLED_REASON, isError: true }, { cancelled: true });
  const refuse = (reason: string) => {
    env.send({ type: 'tool.call', callId: call.id, tool: call.name, args: call.input, decision: 'invalid', via: 'invalid', reason });
    return finish({ content: reason, isError: true });
  };

  env.send({ type: 'tool.requested', callId: call.id, tool: call.name, args: call.input });
  if (runSignal.aborted) return cancelledResult();

  const tool = env.registry.get(call.name);
  if (!tool)
    return refuse(
      `unknown tool '${call.name}'. Available tools: ${env.registry
        .list()
        .map((t) => t.name)
        .join(', ')}`,
    );
  if (call.argsError) return refuse(`${call.name}: ${call.argsError}`);

  const call$ = linkedController(runSignal);
  const unregister = env.callStops?.register(call.id, env.conversationId, () => call$.controller.abort(CALL_STOPPED_REASON));
  try {
    const ctx: ToolContext = {
      projectRoot: env.projectRoot,
      signal: call$.signal,
      output: (chunk) => {
        if (!call$.signal.aborted) showLive(chunk);
      },
      agentId: env.agentId,
      conversationId: env.conversationId,
      depth: env.depth,
      logDir: env.logDir,
    };
    setCallOrigin(ctx, { callId: call.id, runId: env.runId, emit: env.rawEmit });
    // The decision is shown the moment it is made (before execute), or why the call never reached the gate.
    const running = runToolChecked(tool, call.input, env.gate, ctx, {
      callId: call.id,
      ...(env.hooks ? { hooks: env.hooks } : {}),
      onDecision: (d) => env.send({ type: 'tool.call', callId: call.id, tool: tool.name, ...d }),
    }).then(
      (r) => ({ ok: true as const, r }),
      (e: unknown) => ({ ok: false as const, e }),
    );
    const abort = whenAborted(call$.signal);
    const first = await Promise.race([running, abort.promise.then(() => null)]);
    abort.off();
    if (first === null || call$.signal.aborted) {
      // Give a well-behaved tool its grace period to kill what it started; never hang the run on it.
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([running, new Promise((r) => (timer = setTimeout(r, env.cancelGraceMs)))]);
      clearTimeout(timer);
      if (!runSignal.aborted) return await finish({ content: CALL_STOPPED_REASON, isError: true }, { cancelled: true, runGoesOn: true });
      return await cancelledResult();
    }
    if (!first.ok)
      return await finish({ content: `${tool.name} failed: ${(first.e as Error)?.message ?? String(first.e)}`, isError: true });
    const run = first.r;
    const userDenied = run.status === 'refused' && run.decision?.via === 'user-deny';
    return await finish(run.result, { userDenied });
  } finally {
    unregister?.();
    call$.dispose();
    live.dispose();
  }
}
