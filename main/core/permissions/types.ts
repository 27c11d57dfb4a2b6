/**
 * The permission model (docs/permissions.md, "The model"), as plain types.
 * Nothing here imports electron or node: the renderer's contract mirrors these shapes.
 */
import type { PendingApprovalView } from '../../../shared/contract/index.js';
import type { HunkChoice } from './hunkChoice.js';

/** What the approval prompt shows beyond the key (a command's words, a diff, what a delete removes). */
export type ApprovalPreview = NonNullable<PendingApprovalView['preview']>;

/**
 * Where a tool's effects happen. Decides the ceiling: `shell` (anything on this machine) and `remote`
 * (a remote MCP server acting on the world: PRs, tickets, payments) never reach the project level.
 */
export type Environment = 'host' | 'shell' | 'wasm' | 'docker' | 'sandbox' | 'remote';

/** `run_command:git` → tool `run_command`, action `git`, raw `run_command:git`. */
export interface PermissionKey {
  tool: string;
  action: string;
  raw: string;
}

/** Facts about a key that the prompt must call out (protected path, redirect target, compound, …). */
export interface KeyFlags {
  /** An entry of the one protected list (fs/protectedEntries.ts) or what reaches it: always asks, never covered by a glob or wildcard. */
  protectedPath?: boolean;
  /** The path resolved outside the project root: never matches any entry. */
  outsideProject?: boolean;
  /** A compound shell command: matches only an identical entry. */
  compound?: boolean;
  /** The engine could not understand the input; it must ask (or refuse when invalid). */
  unclassified?: boolean;
  /** Human-readable notes for the approval prompt (e.g. "writes to out.txt via redirection"). */
  notes?: string[];
  /**
   * For shell keys: each program that would run, in order (deny rules match any of them). `runBy`
   * marks a program a package manager may run instead of a script of that name (`pnpm bash` runs
   * bash when no script is named bash): a simple key lists itself first, then only such entries.
   */
  programs?: { program: string; subcommand?: string; runBy?: string }[];
  /** For simple shell keys: the subcommand (git push → push). */
  subcommand?: string;
  /**
   * For shell keys: files named literally that the command writes, deletes or moves (paths as
   * written), and the folder it runs in (`cwd`, project-relative; the root when absent). Deny
   * rules on path keys meet them (denyTargets.ts): a deny on `write_file:.env` refuses `echo x > .env`.
   */
  targets?: { path: string; access: 'write' | 'delete' | 'move' }[];
  cwd?: string;
  /** Folders the command changes to (`cd sub`; null when not known): targets may be relative to them. */
  chdirs?: (string | null)[];
}

export type Permission =
  | { kind: 'none' }
  | {
      kind: 'ask';
      key: PermissionKey;
      flags?: KeyFlags;
      /** The key's own environment when it differs from the tool's (run_capability): decides the ceiling. */ environment?: Environment;
      /**
       * Further keys the call needs, each decided in its own right after `key` (deny rules, allowlists,
       * its own prompt with its own scopes, its own audit record): the network hosts a sandboxed command
       * may reach (`net:<host>`, netKeys.ts). The call is allowed only when `key` and every one of
       * these are; a grant of `key` never implies them.
       */
      also?: PermissionKey[];
      /**
       * For a simple shell command: its literal words as the classifier read them. Only the prompt
       * shows them (the tool's preview), so the command is classified once per call; no part of the decision.
       */
      argv?: string[];
    }
  /** Input that must never run (unparseable command, NUL, control characters…). */
  | { kind: 'invalid'; reason: string };

export type Scope = 'once' | 'session' | 'project';

/** The highest scope a key of this environment may be granted: the ceiling. */
export function ceilingOf(env: Environment): Exclude<Scope, 'once'> {
  return env === 'shell' || env === 'remote' ? 'session' : 'project';
}

/**
 * `hunks` (once only): the 0-based hunks of the preview's diff the user took, the rest rejected
 * (hunkChoice.ts); the tool then writes exactly those. Absent: the whole call.
 */
export type AskAnswer =
  | { choice: 'once'; hunks?: number[] }
  | { choice: 'session'; ttlMs?: number }
  | { choice: 'project' }
  | { choice: 'deny'; reason?: string };

/** Everything the approval prompt needs to show. */
export interface AskRequest {
  tool: string;
  environment: Environment;
  key: PermissionKey;
  flags?: KeyFlags;
  /** The validated tool arguments (a command, a path and content, …). */
  args: unknown;
  agentId: string;
  conversationId: string;
  /** 0 for the main agent, 1 for a sub-agent. */
  depth: number;
  /** The highest scope the prompt may offer. */
  ceiling: Exclude<Scope, 'once'>;
  /**
   * The answers the engine will honour for this key, lowest first (`offeredScopes`): the prompt
   * offers these and nothing else. Absent only for a request not built by the engine.
   */
  scopes?: readonly Scope[];
  /** The model's tool call this asks for, when there is one: the UI pairs the prompt with its card. */
  callId?: string;
  /** What the prompt shows beyond the key, computed at most once, when first asked for (PermissionCheckRequest.preview). */
  preview?: () => Promise<ApprovalPreview | undefined>;
}

/** Injected: the UI, a notification action, the CLI or a test answers it. */
export type Asker = (request: AskRequest, signal?: AbortSignal) => Promise<AskAnswer>;

/** Injected so expiry is tested without sleeping. Milliseconds since the epoch. */
export interface Clock {
  now(): number;
}
export const systemClock: Clock = { now: () => Date.now() };

/** `mode`: the conversation's permission mode answered instead of a prompt (modes.ts). */
/** `hook`: a PreToolUse hook refused the call (hooks/), or the record is a hook run. */
export type DecidedVia = 'none' | 'project' | 'session' | 'once' | 'deny-rule' | 'user-deny' | 'invalid' | 'ceiling' | 'mode' | 'hook';

export interface Decision {
  allowed: boolean;
  via: DecidedVia;
  key?: string;
  /** Why it was refused (deny rule, the user's reason, the parse error…). Goes back to the model. */
  reason?: string;
  /** CeilingViolation reports met on the way: reported, never honoured. */
  violations?: CeilingViolation[];
  /** Allowed once with some hunks of the proposed change rejected: execute() writes the taken ones only. */
  hunks?: HunkChoice;
}

export interface CeilingViolation {
  key: string;
  environment: Environment;
  requested: Scope;
  ceiling: Exclude<Scope, 'once'>;
  message: string;
}

/** One tool call presented to the engine. `permission` is the tool's own verdict for these args. */
export interface PermissionCheckRequest {
  tool: string;
  environment: Environment;
  permission: Permission;
  args: unknown;
  agentId: string;
  conversationId: string;
  depth: number;
  /** The model's tool call being checked (passed on to the prompt). */
  callId?: string;
  signal?: AbortSignal;
  /**
   * A PreToolUse hook asked (hooks/): no allowlist entry and no mode allows this call, the user is
   * asked. Deny rules, invalid input and refusing modes still refuse first. Hooks only tighten.
   */
  hookAsks?: string;
  /**
   * The tool's preview of this call (agent/runChecked.ts, where the tool and its checked arguments
   * are in hand), handed to the prompt as it is. Lazy: a call the allowlist allows never reads a diff.
   */
  preview?: () => Promise<ApprovalPreview | undefined>;
}

/** What the agent loop needs of the engine: decide before execute, always. */
export interface PermissionGate {
  check(request: PermissionCheckRequest): Promise<Decision>;
}

/**
 * What the engine knows of the tools, derived by the tool registry from each tool's own
 * declaration (tools/types.ts ToolTouches, tools/facts.ts): permissions imports no tool.
 */
export interface ToolFactsView {
  /** Accept-edits mode covers this tool's calls on a path inside the project. */
  editsInProject(tool: string): boolean;
  /** The tools keyed on a project path that this access of it is (`write` → write_file, edit_file). */
  toolsOfAccess(access: 'write' | 'delete' | 'move'): readonly string[];
}
