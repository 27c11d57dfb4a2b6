/**
 * The only way the agent loop runs a tool: validate the arguments with the tool's schema, ask the
 * tool for its Permission, pass the gate, and only then execute (seed §4.4: permission() before
 * execute(), and execute() never runs unless the check passed).
 *
 * The validated arguments are deep-frozen before permission() sees them, so neither permission()
 * nor anything else can change what execute() receives after the check.
 */
import { noteApproved, type Tool, type ToolContext, type ToolResult } from '../tools/index.js';
import type { Decision, Permission, PermissionGate } from './types.js';

export type CheckedRun =
  | { status: 'invalid-args'; result: ToolResult }
  | { status: 'refused'; result: ToolResult; decision?: Decision }
  | { status: 'executed'; result: ToolResult; decision: Decision }
  | { status: 'failed'; result: ToolResult; decision: Decision };

export async function runToolChecked<A>(tool: Tool<A>, rawArgs: unknown, gate: PermissionGate, ctx: ToolContext): Promise<CheckedRun> {
  const parsed = tool.parameters.safeParse(rawArgs);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.length ? i.path.map(String).join('.') : '(arguments)'}: ${i.message}`);
    return {
      status: 'invalid-args',
      result: { isError: true, content: `Invalid arguments for ${tool.name}: ${problems.join('; ')}` },
    };
  }
  const args = deepFreeze(parsed.data);

  let permission: Permission;
  try {
    permission = await tool.permission(args, { projectRoot: ctx.projectRoot });
  } catch (err) {
    return refused(tool.name, `could not determine the permission: ${(err as Error).message}`);
  }
  if (!isPermission(permission)) return refused(tool.name, 'the tool returned no valid permission');

  let decision: Decision;
  try {
    decision = await gate.check({
      tool: tool.name,
      environment: tool.environment,
      permission,
      args,
      agentId: ctx.agentId,
      conversationId: ctx.conversationId,
      depth: ctx.depth,
      signal: ctx.signal,
    });
  } catch (err) {
    return refused(tool.name, `the permission check failed: ${(err as Error).message}`);
  }
  // Only an explicit `allowed: true` runs the tool (a malformed decision refuses).
  if (decision?.allowed !== true) {
    return { ...refused(tool.name, decision?.reason ?? `not permitted (${decision?.via ?? 'no decision'})`), decision };
  }
  if (ctx.signal.aborted) return { ...refused(tool.name, 'cancelled before execution'), decision };

  // execute() holds itself to what was approved (a path swapped for a symlink since is refused).
  noteApproved(args, permission);
  try {
    const result = await tool.execute(args, ctx);
    return { status: 'executed', result, decision };
  } catch (err) {
    return { status: 'failed', result: { isError: true, content: `${tool.name} failed: ${(err as Error).message}` }, decision };
  }
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
