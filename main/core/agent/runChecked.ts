/**
 * The one tool-call protocol: validate the arguments with the tool's schema, ask the tool for its
 * Permission, pass the gate, and only then execute — execute() never runs unless the check passed.
 * The agent loop (toolCall.ts) and every test of a tool with the engine go through here.
 *
 * The validated arguments are deep-frozen before permission() sees them, so neither permission()
 * nor anything else can change what execute() receives after the check.
 *
 * The approval prompt's preview is made here too, from the tool, checked arguments and permission in
 * hand, and rides on the request to the prompt (worked out only if a prompt asks for it).
 */
import { previewOfCall } from '../approvals/index.js';
import { afterToolCall, hookedGate, type ToolHooks } from '../hooks/index.js';
import type { Decision, Permission, PermissionGate } from '../permissions/index.js';
import { noteApproved, type Tool, type ToolContext, type ToolResult } from '../tools/index.js';

export type CheckedRun =
  | { status: 'invalid-args'; result: ToolResult; decision?: undefined }
  | { status: 'refused'; result: ToolResult; decision?: Decision }
  | { status: 'executed'; result: ToolResult; decision: Decision }
  | { status: 'failed'; result: ToolResult; decision: Decision };

/** What was decided about a call, as the transcript's `tool.call` event says it. */
export interface CallDecision {
  /** The checked (frozen) arguments; the raw input when the call was refused before the gate. */
  args: unknown;
  key?: string;
  decision: 'allowed' | 'denied' | 'invalid';
  via: string;
  reason?: string;
}

export interface CheckedRunOptions {
  /** The model's tool call, passed on to the gate (and so to the prompt). */
  callId?: string;
  /**
   * Told exactly once, the moment the decision is made and before execute() starts: the gate's
   * decision, or why the call was refused before it (bad arguments, no valid permission). If it
   * throws, nothing runs.
   */
  onDecision?: (d: CallDecision) => void;
  /** The project's hooks: PreToolUse before the gate (it can only tighten), PostToolUse on the result. */
  hooks?: ToolHooks;
}

export async function runToolChecked<A>(
  tool: Tool<A>,
  rawArgs: unknown,
  gate: PermissionGate,
  ctx: ToolContext,
  opts: CheckedRunOptions = {},
): Promise<CheckedRun> {
  const refusedBeforeGate = <R extends { result: ToolResult }>(run: R): R => {
    opts.onDecision?.({ args: rawArgs, decision: 'invalid', via: 'invalid', reason: run.result.content });
    return run;
  };
  const parsed = tool.parameters.safeParse(rawArgs);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.length ? i.path.map(String).join('.') : '(arguments)'}: ${i.message}`);
    return refusedBeforeGate({
      status: 'invalid-args' as const,
      result: { isError: true, content: `Invalid arguments for ${tool.name}: ${problems.join('; ')}` },
    });
  }
  const args = deepFreeze(parsed.data);

  let permission: Permission;
  try {
    permission = await tool.permission(args, { projectRoot: ctx.projectRoot });
  } catch (err) {
    return refusedBeforeGate(refused(tool.name, `could not determine the permission: ${(err as Error).message}`));
  }
  if (!isPermission(permission)) return refusedBeforeGate(refused(tool.name, 'the tool returned no valid permission'));

  const preview = permission.kind === 'ask' ? previewOfCall(tool, args, { projectRoot: ctx.projectRoot, permission }) : undefined;
  const call = {
    tool: tool.name,
    environment: tool.environment,
    args,
    permission,
    conversationId: ctx.conversationId,
    callId: opts.callId,
  };
  // PreToolUse hooks run first: the gate they give back refuses, or asks, or is the gate (never more lenient).
  const decision = await decide(await hookedGate(opts.hooks, gate, call, ctx.signal), {
    tool: tool.name,
    environment: tool.environment,
    permission,
    args,
    agentId: ctx.agentId,
    conversationId: ctx.conversationId,
    depth: ctx.depth,
    ...(opts.callId !== undefined ? { callId: opts.callId } : {}),
    ...(preview ? { preview } : {}),
    signal: ctx.signal,
  });
  const key = decision.key ?? (permission.kind === 'ask' ? permission.key.raw : undefined);
  opts.onDecision?.({
    args,
    ...(key ? { key } : {}),
    decision: decision.allowed ? 'allowed' : decision.via === 'invalid' ? 'invalid' : 'denied',
    via: decision.via,
    ...(decision.reason ? { reason: decision.reason } : {}),
  });
  if (!decision.allowed) return { ...refused(tool.name, decision.reason ?? `not permitted (${decision.via})`), decision };
  if (ctx.signal.aborted) return { ...refused(tool.name, 'cancelled before execution'), decision };

  // Part of a change allowed (some hunks rejected): only a tool that writes exactly the hunks taken may run it.
  if (decision.hunks && !tool.appliesHunks)
    return { ...refused(tool.name, 'part of this call was allowed, and it cannot run in part; nothing ran'), decision };
  // execute() holds itself to what was approved (a path swapped for a symlink since is refused), hunks included.
  noteApproved(args, permission, decision.hunks);
  try {
    const result = await afterToolCall(opts.hooks, call, await tool.execute(args, ctx), ctx.signal);
    return { status: 'executed', result, decision };
  } catch (err) {
    return { status: 'failed', result: { isError: true, content: `${tool.name} failed: ${(err as Error).message}` }, decision };
  }
}

/**
 * The gate's decision, never a throw: a gate that fails, or answers with anything but a decision,
 * refuses (only an explicit `allowed: true` runs the tool).
 */
async function decide(gate: PermissionGate, req: Parameters<PermissionGate['check']>[0]): Promise<Decision> {
  let d: Decision;
  try {
    d = await gate.check(req);
  } catch (err) {
    return { allowed: false, via: 'invalid', reason: `the permission check failed: ${(err as Error).message}` };
  }
  if (typeof d !== 'object' || d === null || typeof d.allowed !== 'boolean' || typeof d.via !== 'string') {
    return { allowed: false, via: 'invalid', reason: 'the permission check gave no valid decision' };
  }
  return d;
}

function refused(tool: string, reason: string): { status: 'refused'; result: ToolResult } {
  return { status: 'refused', result: { isError: true, content: `Permission denied for ${tool}: ${reason}` } };
}

function isPermission(p: unknown): p is Permission {
  if (typeof p !== 'object' || p === null) return false;
  const k = (p as { kind?: unknown }).kind;
  if (k === 'none') return true;
  if (k === 'invalid') return typeof (p as { reason?: unknown }).reason === 'string';
  if (k !== 'ask') return false;
  const key = (p as { key?: { raw?: unknown; tool?: unknown; action?: unknown } }).key;
  return typeof key?.raw === 'string' && typeof key.tool === 'string' && typeof key.action === 'string';
}

function deepFreeze<T>(v: T): T {
  // Typed arrays cannot be frozen; tool schemas take JSON-like data, so they do not appear in practice.
  if (typeof v === 'object' && v !== null && !ArrayBuffer.isView(v) && !Object.isFrozen(v)) {
    Object.freeze(v);
    for (const k of Reflect.ownKeys(v)) deepFreeze((v as Record<string | symbol, unknown>)[k]);
  }
  return v;
}
