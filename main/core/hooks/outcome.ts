/**
 * What a finished hook said, read the way Claude Code reads it where the meaning is the same
 * (docs/hooks.md): exit 2 blocks with stderr as the reason; exit 0 with a JSON object on stdout
 * speaks through `hookSpecificOutput.permissionDecision`, `decision: "block"`, `additionalContext`…
 *
 * The output is untrusted: it is capped before it gets here, parsed strictly (a known field of the
 * wrong type is a failure, not a guess), and nothing in it can allow — `allow` is read, recorded and
 * ignored. What differs from Claude Code is on the safe side: any other failure of a PreToolUse hook
 * (a crash, exit 1, a timeout, output that is not JSON) is "failed", which the caller turns into ask.
 */
import { z } from 'zod';
import type { SpawnedHook } from './spawnHook.js';
import type { HookEffect, HookEvent } from './types.js';

export interface HookOutcome {
  effect: HookEffect;
  message?: string;
}

const MESSAGE_MAX = 4000;

const hookJson = z.object({
  continue: z.boolean().optional(),
  stopReason: z.string().optional(),
  suppressOutput: z.boolean().optional(),
  systemMessage: z.string().optional(),
  decision: z.enum(['approve', 'block']).optional(),
  reason: z.string().optional(),
  hookSpecificOutput: z
    .object({
      hookEventName: z.string().optional(),
      permissionDecision: z.enum(['allow', 'deny', 'ask', 'defer']).optional(),
      permissionDecisionReason: z.string().optional(),
      additionalContext: z.string().optional(),
      // Read so a ported script is not a failure; never applied (a hook cannot change what was checked).
      updatedInput: z.unknown().optional(),
    })
    .optional(),
});
type HookJson = z.infer<typeof hookJson>;

export function readOutcome(event: HookEvent, r: SpawnedHook, timeoutMs: number, maxBytes: number): HookOutcome {
  if (r.startError !== undefined) return failed(`could not start: ${r.startError}`);
  if (r.aborted) return failed('ended: the run was stopped');
  if (r.timedOut) return failed(`timed out after ${timeoutMs / 1000} s`);
  if (r.overflow) return failed(`printed more than ${maxBytes} bytes`);
  const stderr = r.stderr.trim();
  if (r.exitCode === 2) {
    const reason = cut(stderr) || 'blocked by a hook (exit 2)';
    if (event === 'PreToolUse' || event === 'UserPromptSubmit') return { effect: 'deny', message: reason };
    // PostToolUse: stderr goes to the model; Stop and Notification cannot block.
    if (event === 'PostToolUse') return { effect: 'context', message: reason };
    return { effect: 'none', message: reason };
  }
  if (r.exitCode !== 0) return failed(`exited with ${r.exitCode ?? 'a signal'}${stderr ? `: ${cut(stderr)}` : ''}`);

  const stdout = r.stdout.trim();
  if (stdout === '') return { effect: 'none' };
  if (!stdout.startsWith('{')) {
    // Claude Code adds a UserPromptSubmit hook's plain stdout as context; elsewhere plain text is not an answer.
    if (event === 'UserPromptSubmit') return { effect: 'context', message: cut(stdout) };
    if (event === 'PreToolUse') return failed('printed output that is not a JSON object');
    return { effect: 'none' };
  }
  let json: HookJson;
  try {
    const parsed = hookJson.safeParse(JSON.parse(stdout));
    if (!parsed.success)
      return failed(`printed JSON this app cannot read: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    json = parsed.data;
  } catch {
    return failed('printed output that is not valid JSON');
  }
  const specific = json.hookSpecificOutput;
  if (specific?.hookEventName !== undefined && specific.hookEventName !== event) {
    return failed(`answered for ${specific.hookEventName}, not ${event}`);
  }
  return fromJson(event, json);
}

function fromJson(event: HookEvent, json: HookJson): HookOutcome {
  const specific = json.hookSpecificOutput;
  const stop = json.continue === false ? cut(json.stopReason ?? '') || 'the hook said not to continue' : undefined;
  switch (event) {
    case 'PreToolUse': {
      const d = specific?.permissionDecision;
      const reason = cut(specific?.permissionDecisionReason ?? json.reason ?? '');
      if (d === 'deny' || json.decision === 'block') return { effect: 'deny', message: reason || 'refused by a hook' };
      if (stop) return { effect: 'deny', message: stop };
      if (d === 'ask') return { effect: 'ask', message: reason || 'a hook asks for approval' };
      if (d === 'allow' || json.decision === 'approve') return { effect: 'allow-ignored', message: reason || undefined };
      return { effect: 'none' };
    }
    case 'UserPromptSubmit': {
      if (json.decision === 'block') return { effect: 'deny', message: cut(json.reason ?? '') || 'blocked by a hook' };
      if (stop) return { effect: 'deny', message: stop };
      const ctx = cut(specific?.additionalContext ?? '');
      return ctx ? { effect: 'context', message: ctx } : { effect: 'none' };
    }
    case 'PostToolUse': {
      const parts = [json.decision === 'block' ? json.reason : undefined, specific?.additionalContext, stop].filter(
        (s): s is string => typeof s === 'string' && s.trim() !== '',
      );
      return parts.length ? { effect: 'context', message: cut(parts.join('\n')) } : { effect: 'none' };
    }
    default:
      return { effect: 'none' };
  }
}

function failed(message: string): HookOutcome {
  return { effect: 'failed', message };
}

function cut(s: string): string {
  const t = s.trim();
  return t.length > MESSAGE_MAX ? `${t.slice(0, MESSAGE_MAX)}…` : t;
}
