/**
 * Where hooks meet the tool-call protocol (agent/runChecked.ts): one call before the gate, one after
 * execute. Before: a PreToolUse deny refuses the call; an ask (or a hook that failed) makes the gate
 * ask the user whatever the allowlists and the mode say, with the hook's reason in the prompt. No
 * hook answer can allow anything: the gate still decides every call that is not refused here.
 * After: PostToolUse notes are added to the result the model reads.
 */
import type { Decision, Permission, PermissionGate } from '../permissions/index.js';
import type { PreToolVerdict, ToolCallFacts } from './hooks.js';

/** What runChecked needs of hooks (Hooks implements it). */
export interface ToolHooks {
  preToolUse(call: ToolCallFacts, signal?: AbortSignal): Promise<PreToolVerdict>;
  postToolUse(call: ToolCallFacts, result: { content: string; isError: boolean }, signal?: AbortSignal): Promise<string[]>;
}

export type BeforeCall =
  /** Go to the gate with this permission; `hookAsks`: the gate must ask (the reason is in the permission's notes too). */
  { refused?: undefined; permission: Permission; hookAsks?: string } | { refused: string };

export async function beforeToolCall(hooks: ToolHooks | undefined, call: ToolCallFacts, signal?: AbortSignal): Promise<BeforeCall> {
  if (!hooks) return { permission: call.permission };
  let v: PreToolVerdict;
  try {
    v = await hooks.preToolUse(call, signal);
  } catch (err) {
    v = { effect: 'ask', reason: `the PreToolUse hooks failed: ${(err as Error).message}` };
  }
  if (v.effect === 'deny') return { refused: `refused by a hook: ${v.reason ?? 'no reason given'}` };
  if (v.effect !== 'ask') return { permission: call.permission };
  const reason = v.reason ?? 'a hook asks for approval';
  const p = call.permission;
  // A call without a key cannot be put to the user: asking is impossible, so it is refused (never run unasked).
  if (p.kind === 'none') return { refused: `a hook asked for approval of a call that has no permission key: ${reason}` };
  if (p.kind === 'invalid') return { permission: p };
  return {
    permission: { ...p, flags: { ...p.flags, notes: [...(p.flags?.notes ?? []), `hook: ${reason}`] } },
    hookAsks: reason,
  };
}

/**
 * The gate for this call after its PreToolUse hooks: one that refuses (a hook denied), the gate
 * asked to ask (a hook asked or failed; the reason joins the prompt's notes), or the gate itself.
 */
export async function hookedGate(
  hooks: ToolHooks | undefined,
  gate: PermissionGate,
  call: ToolCallFacts,
  signal?: AbortSignal,
): Promise<PermissionGate> {
  if (!hooks) return gate;
  const before = await beforeToolCall(hooks, call, signal);
  if (before.refused !== undefined) {
    const refusal: Decision = {
      allowed: false,
      via: 'hook',
      reason: before.refused,
      ...(call.permission.kind === 'ask' ? { key: call.permission.key.raw } : {}),
    };
    return { check: async () => refusal };
  }
  if (before.hookAsks === undefined) return gate;
  const { permission, hookAsks } = before;
  return { check: (req) => gate.check({ ...req, permission, hookAsks }) };
}

/** The result with the PostToolUse hooks' notes added (unchanged when there are none). */
export async function afterToolCall<R extends { content: string; isError?: boolean }>(
  hooks: ToolHooks | undefined,
  call: ToolCallFacts,
  result: R,
  signal?: AbortSignal,
): Promise<R> {
  if (!hooks) return result;
  let notes: string[];
  try {
    notes = await hooks.postToolUse(call, { content: result.content, isError: result.isError ?? false }, signal);
  } catch {
    return result;
  }
  if (notes.length === 0) return result;
  return { ...result, content: `${result.content}\n\n${notes.map((n) => `[hook note] ${n}`).join('\n')}` };
}

/** A UserPromptSubmit hook refused the message: nothing was started. */
export class PromptBlocked extends Error {
  override readonly name = 'PromptBlocked';
  constructor(reason: string) {
    super(`A UserPromptSubmit hook blocked this message: ${reason}`);
  }
}

/** The user's message with what UserPromptSubmit hooks added, marked as theirs. */
export function withHookContext(prompt: string, context: readonly string[]): string {
  if (context.length === 0) return prompt;
  return `${prompt}\n\n${context.map((c) => `[context from a UserPromptSubmit hook]\n${c}`).join('\n\n')}`;
}
