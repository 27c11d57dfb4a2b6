/**
 * Hooks: the user's own programs run before and after tool calls and at a few points of a run
 * (docs/hooks.md). The names follow Claude Code's where the meaning is the same, so hook scripts port.
 */

export const HOOK_EVENTS = ['PreToolUse', 'PostToolUse', 'UserPromptSubmit', 'Stop', 'Notification'] as const;
export type HookEvent = (typeof HOOK_EVENTS)[number];

/** Where a hook is declared: the user's own hooks.json (theirs) or the project's codecoder.json (runs only once trusted). */
export type HookSource = 'user' | 'project';

/** Where a hook runs: on the host as the user, contained like run_sandboxed, or in run_container's container. */
export type HookEnvironment = 'host' | 'sandbox' | 'docker';

export interface HookDecl {
  /** Stable for the same declaration (source, event, matcher, key, command, environment): enable/disable and last runs use it. */
  id: string;
  source: HookSource;
  event: HookEvent;
  /** Tool names, `|`-separated; `*` (or absent) matches every tool; a name ending in `*` is a prefix. Tool events only. */
  matcher?: string;
  /** A key pattern in the deny-rule grammar (`run_command:rm`, `write_file:src/**`): the call's key must meet it. Tool events only. */
  key?: string;
  command: string;
  timeoutMs: number;
  environment: HookEnvironment;
  /** Where it is declared in its file: `PreToolUse[0].hooks[1]`. */
  at: string;
}

export const DEFAULT_HOOK_TIMEOUT_MS = 10_000;
export const MAX_HOOK_TIMEOUT_MS = 600_000;

/** What one hook run said, after reading its exit and output for its event. */
export type HookEffect =
  /** No opinion (exit 0, nothing to act on). */
  | 'none'
  /** PreToolUse: refused; UserPromptSubmit: the prompt is not sent. */
  | 'deny'
  /** PreToolUse: the user is asked, whatever the allowlists say. */
  | 'ask'
  /** PreToolUse tried to allow: ignored (hooks only tighten). */
  | 'allow-ignored'
  /** PostToolUse / UserPromptSubmit: text added for the model. */
  | 'context'
  /** Failed (timeout, crash, garbage output): PreToolUse treats it as ask; other events go on. */
  | 'failed';

/** One hook run, as the audit log, the last-runs list and the UI see it. */
export interface HookRun {
  hookId: string;
  source: HookSource;
  event: HookEvent;
  command: string;
  environment: HookEnvironment;
  /** The tool and key of the call, for tool events. */
  tool?: string;
  key?: string;
  effect: HookEffect;
  /** The reason or context the hook gave, or why it failed. */
  message?: string;
  /** The exit code; null when it never exited by itself (timeout, killed, never started). */
  exitCode: number | null;
  timedOut: boolean;
  durationMs: number;
  /** Start time, ms since the epoch. */
  at: number;
  /** Its output, cut (what the UI shows). */
  stdout: string;
  stderr: string;
}
