/**
 * The hooks of one project: which declarations are in force (the user's, and the project's only
 * while its codecoder.json is trusted), which apply to a call, running them (in parallel, each in
 * its own process group, bounded), reading what they said, combining it so that hooks only ever
 * tighten, and auditing every run.
 */
import { CONTAINER_WORKDIR, scrubEnv, prepareCommand, type RunEnvironment, RunRefused } from '../env/index.js';
import { DenySet, type AuditLog, type Clock, type Permission } from '../permissions/index.js';
import { matchesTool, readHooks, type HookProblem } from './declarations.js';
import { readOutcome } from './outcome.js';
import { spawnHook } from './spawnHook.js';
import { HookError } from './errors.js';
import type { HookSwitches } from './hookSwitches.js';
import type { HookFileRead, UserHooksFile } from './userHooks.js';
import type { HookDecl, HookEnvironment, HookEvent, HookRun } from './types.js';

/** Per stream: a hook's answer is a few hundred bytes; a megabyte of output is a broken hook. */
export const HOOK_OUTPUT_MAX_BYTES = 256 * 1024;
/** What the UI keeps of a run's output. */
const SHOWN_OUTPUT_CHARS = 4000;
/** A result handed to PostToolUse hooks is cut here (the full output is in the tool's log). */
const RESULT_FOR_HOOK_CHARS = 100_000;
const LAST_RUNS = 100;

export interface HooksDeps {
  projectRoot: string;
  dataDir: string;
  /** The user's hooks.json, read each time (userHooks.ts caches it). */
  userHooks: () => HookFileRead;
  /** The `"hooks"` value of codecoder.json as loaded. */
  projectHooks: () => unknown;
  /** Folder trust: project hooks run only while this user trusts codecoder.json's content. */
  isTrusted: () => boolean;
  /** The user's hooks.json for the Hooks section's add and remove; absent: not editable here. */
  userFile?: UserHooksFile;
  /** Enable/disable from the Hooks section (hookSwitches.ts); absent: all enabled, none can be turned off. */
  switches?: HookSwitches;
  audit: AuditLog;
  clock: Clock;
  /** The app's API keys: never in a hook's environment. */
  secretsToScrub: () => string[];
  /** What the engine would say before asking (its synchronous chain), for the hook's input. */
  decisionSoFar?: (call: { tool: string; environment: ToolCallFacts['environment']; permission: Permission }) => {
    outcome: 'allow' | 'ask' | 'deny';
    via: string;
  };
  /** Told of every run (the UI's last runs). */
  onRun?: (run: HookRun) => void;
  /** The base environment (default process.env). */
  env?: NodeJS.ProcessEnv;
  maxOutputBytes?: number;
}

/** What a hook learns about a tool call. */
export interface ToolCallFacts {
  tool: string;
  environment: 'host' | 'shell' | 'wasm' | 'docker' | 'sandbox' | 'remote';
  args: unknown;
  permission: Permission;
  conversationId: string;
  callId?: string | undefined;
}

/** PreToolUse, all hooks combined: the strictest wins; `allow` never counts. */
export interface PreToolVerdict {
  effect: 'none' | 'ask' | 'deny';
  /** Why (the hooks' reasons, each named by its command). */
  reason?: string;
}

export interface DeclaredHook extends HookDecl {
  enabled: boolean;
  /** Whether it runs now: enabled, and (for a project hook) codecoder.json trusted. */
  active: boolean;
  /** Why it does not run, when it does not. */
  inactiveReason?: string;
}

export interface DeclaredHooks {
  hooks: DeclaredHook[];
  problems: (HookProblem & { source: 'user' | 'project' })[];
}

export class Hooks {
  private readonly runs: HookRun[] = [];
  private readonly keySets = new Map<string, DenySet>();
  private readonly closing = new AbortController();

  constructor(private readonly deps: HooksDeps) {}

  /** Every declaration with its state, and what could not be read (the Hooks section, `codecoder hooks list`). */
  declared(): DeclaredHooks {
    const file = this.deps.userHooks();
    const user = readHooks(file.value, 'user');
    if (file.error) user.problems.unshift({ at: 'hooks.json', message: file.error });
    const project = readHooks(this.deps.projectHooks(), 'project', this.deps.projectRoot);
    const trusted = this.deps.isTrusted();
    const hooks = [...user.hooks, ...project.hooks].map((h): DeclaredHook => {
      const enabled = this.deps.switches?.isEnabled(h.id) ?? true;
      const untrusted = h.source === 'project' && !trusted;
      const inactiveReason = untrusted ? 'codecoder.json is not trusted' : !enabled ? 'disabled' : undefined;
      return { ...h, enabled, active: inactiveReason === undefined, ...(inactiveReason ? { inactiveReason } : {}) };
    });
    return {
      hooks,
      problems: [
        ...user.problems.map((p) => ({ ...p, source: 'user' as const })),
        ...project.problems.map((p) => ({ ...p, source: 'project' as const })),
      ],
    };
  }

  lastRuns(): HookRun[] {
    return [...this.runs];
  }

  /** The Hooks section's switch. Refused for an id that is not declared now. */
  async setEnabled(id: string, enabled: boolean): Promise<void> {
    if (!this.deps.switches) throw new HookError('hooks cannot be turned off here');
    if (!this.declared().hooks.some((h) => h.id === id)) throw new HookError(`no hook ${id} is declared`);
    await this.deps.switches.setEnabled(id, enabled);
  }

  async preToolUse(call: ToolCallFacts, signal?: AbortSignal): Promise<PreToolVerdict> {
    const { hooks, problems } = this.inForce('PreToolUse');
    const matching = hooks.filter((h) => this.appliesTo(h, call));
    const so = this.deps.decisionSoFar?.(call);
    const runs = await Promise.all(
      matching.map((h) =>
        this.run(
          h,
          toolInput(this.deps.projectRoot, 'PreToolUse', call, so ? { decision_so_far: { decision: so.outcome, via: so.via } } : {}),
          signal,
          call,
        ),
      ),
    );
    const deny = runs.filter((r) => r.effect === 'deny');
    if (deny.length) return { effect: 'deny', reason: joinReasons(deny) };
    const ask = runs.filter((r) => r.effect === 'ask' || r.effect === 'failed');
    const unread = problems.map(
      (p) => `a PreToolUse hook (${p.source === 'user' ? 'hooks.json' : 'codecoder.json'} ${p.at}) cannot be read: ${p.message}`,
    );
    if (ask.length || unread.length) return { effect: 'ask', reason: [joinReasons(ask), ...unread].filter(Boolean).join('; ') };
    return { effect: 'none' };
  }

  /** The notes PostToolUse hooks add for the model (empty when none). */
  async postToolUse(call: ToolCallFacts, result: { content: string; isError: boolean }, signal?: AbortSignal): Promise<string[]> {
    const matching = this.inForce('PostToolUse').hooks.filter((h) => this.appliesTo(h, call));
    if (matching.length === 0) return [];
    const response = { content: result.content.slice(0, RESULT_FOR_HOOK_CHARS), is_error: result.isError };
    const runs = await Promise.all(
      matching.map((h) => this.run(h, toolInput(this.deps.projectRoot, 'PostToolUse', call, { tool_response: response }), signal, call)),
    );
    return runs
      .filter((r) => r.effect === 'context' && r.message)
      .map((r) => `${r.message} (PostToolUse hook: ${shortCommand(r.command)})`);
  }

  /** UserPromptSubmit: blocked (with why), or context to add to the prompt. */
  async userPromptSubmit(
    p: { prompt: string; conversationId: string },
    signal?: AbortSignal,
  ): Promise<{ blocked?: string; context: string[] }> {
    const hooks = this.inForce('UserPromptSubmit').hooks;
    if (hooks.length === 0) return { context: [] };
    const input = { ...base(this.deps.projectRoot, 'UserPromptSubmit', p.conversationId), prompt: p.prompt };
    const runs = await Promise.all(hooks.map((h) => this.run(h, input, signal)));
    const deny = runs.filter((r) => r.effect === 'deny');
    if (deny.length) return { blocked: joinReasons(deny), context: [] };
    return { context: runs.filter((r) => r.effect === 'context' && r.message).map((r) => r.message!) };
  }

  /** Stop: the run ended. Nothing it says changes anything; it is run and audited. */
  async stop(p: { conversationId: string; reason: string }): Promise<void> {
    const hooks = this.inForce('Stop').hooks;
    const input = { ...base(this.deps.projectRoot, 'Stop', p.conversationId), stop_hook_active: false, stop_reason: p.reason };
    await Promise.all(hooks.map((h) => this.run(h, input)));
  }

  /** Notification: a prompt is waiting for the user. */
  async notification(p: { message: string; conversationId: string; tool?: string; key?: string }): Promise<void> {
    const hooks = this.inForce('Notification').hooks;
    const input = {
      ...base(this.deps.projectRoot, 'Notification', p.conversationId),
      message: p.message,
      ...(p.tool ? { tool_name: p.tool } : {}),
      ...(p.key ? { permission_key: p.key } : {}),
    };
    await Promise.all(hooks.map((h) => this.run(h, input)));
  }

  /** Adds one of your own hooks to hooks.json (the Hooks section's form). */
  async addUserHook(h: {
    event: HookEvent;
    matcher?: string;
    key?: string;
    command: string;
    timeout?: number;
    environment?: HookEnvironment;
  }): Promise<void> {
    if (!this.deps.userFile) throw new HookError('your hooks cannot be edited here');
    const hook = {
      type: 'command',
      command: h.command,
      ...(h.timeout !== undefined ? { timeout: h.timeout } : {}),
      ...(h.environment && h.environment !== 'host' ? { environment: h.environment } : {}),
    };
    await this.deps.userFile.add(h.event, {
      ...(h.matcher ? { matcher: h.matcher } : {}),
      ...(h.key ? { key: h.key } : {}),
      hooks: [hook],
    });
  }

  /** Removes one of your own hooks from hooks.json. A project's hooks are edited in codecoder.json. */
  async removeUserHook(id: string): Promise<void> {
    if (!this.deps.userFile) throw new HookError('your hooks cannot be edited here');
    const h = this.declared().hooks.find((d) => d.id === id);
    if (!h) throw new HookError(`no hook ${id} is declared`);
    if (h.source !== 'user') throw new HookError("a project's hooks are edited in its codecoder.json");
    await this.deps.userFile.remove(h.at);
  }

  /** Ends every hook still running (the project closes). */
  close(): void {
    this.closing.abort();
  }

  private inForce(event: HookEvent): { hooks: HookDecl[]; problems: DeclaredHooks['problems'] } {
    const d = this.declared();
    return {
      hooks: d.hooks.filter((h) => h.event === event && h.active),
      // A project file's problems count only while the file is in force.
      // A problem under no event (an unreadable file, an unknown event name) may hide any hook.
      problems: d.problems.filter((p) => (p.event ?? event) === event && (p.source === 'user' || this.deps.isTrusted())),
    };
  }

  private appliesTo(h: HookDecl, call: ToolCallFacts): boolean {
    if (!matchesTool(h.matcher, call.tool)) return false;
    if (h.key === undefined) return true;
    if (call.permission.kind !== 'ask') return false;
    let set = this.keySets.get(h.key);
    if (!set) this.keySets.set(h.key, (set = new DenySet([h.key])));
    // The deny rules' reading: a hook on `run_command:rm` sees `ls && rm -rf x` too.
    return set.match(call.permission) !== undefined;
  }

  private async run(h: HookDecl, input: Record<string, unknown>, signal?: AbortSignal, call?: ToolCallFacts): Promise<HookRun> {
    const at = this.deps.clock.now();
    const started = performance.now();
    const max = this.deps.maxOutputBytes ?? HOOK_OUTPUT_MAX_BYTES;
    const stop = signal ? AbortSignal.any([signal, this.closing.signal]) : this.closing.signal;
    const env = this.hookEnv(h.event);
    let outcome;
    let spawned;
    try {
      const prepared = await prepareCommand(RUN_ENVIRONMENT[h.environment], h.command, {
        projectRoot: this.deps.projectRoot,
        env,
        // The app's data folder (conversations, logs) is never readable from the sandbox.
        sandbox: { denyRead: [this.deps.dataDir] },
        // None of the host's variables reach a container: only where the project is, as seen inside.
        container: { env: containerHookEnv(h.event) },
        signal: stop,
      });
      try {
        spawned = await spawnHook({
          argv: prepared.argv,
          env: prepared.env,
          cwd: this.deps.projectRoot,
          input: JSON.stringify(input),
          timeoutMs: h.timeoutMs,
          maxOutputBytes: max,
          signal: stop,
          onEnd: prepared.end,
        });
      } finally {
        await prepared.release();
      }
      outcome = readOutcome(h.event, spawned, h.timeoutMs, max);
    } catch (err) {
      const why = err instanceof RunRefused ? err.message : `could not start: ${(err as Error).message}`;
      outcome = { effect: 'failed' as const, message: why };
    }
    const key = call?.permission.kind === 'ask' ? call.permission.key.raw : undefined;
    const run: HookRun = {
      hookId: h.id,
      source: h.source,
      event: h.event,
      command: h.command,
      environment: h.environment,
      ...(call ? { tool: call.tool } : {}),
      ...(key ? { key } : {}),
      effect: outcome.effect,
      ...(outcome.message ? { message: outcome.message } : {}),
      exitCode: spawned?.exitCode ?? null,
      timedOut: spawned?.timedOut ?? false,
      durationMs: Math.round(performance.now() - started),
      at,
      stdout: (spawned?.stdout ?? '').slice(0, SHOWN_OUTPUT_CHARS),
      stderr: (spawned?.stderr ?? '').slice(0, SHOWN_OUTPUT_CHARS),
    };
    this.record(run, typeof input.conversation_id === 'string' ? input.conversation_id : '');
    return run;
  }

  private record(run: HookRun, conversation: string): void {
    this.runs.push(run);
    if (this.runs.length > LAST_RUNS) this.runs.splice(0, this.runs.length - LAST_RUNS);
    this.deps.audit.append({
      at: run.at,
      agent: 'hook',
      conversation,
      tool: 'hook',
      key: run.key ?? null,
      decision: run.effect === 'deny' ? 'deny' : 'allow',
      via: 'hook',
      ...(run.message ? { reason: run.message } : {}),
      subject: run.command.slice(0, 2000),
      hook: {
        event: run.event,
        source: run.source,
        environment: run.environment,
        ...(run.tool ? { tool: run.tool } : {}),
        effect: run.effect,
        exitCode: run.exitCode,
        timedOut: run.timedOut,
        durationMs: run.durationMs,
      },
    });
    this.deps.onRun?.(run);
  }

  /** The app's environment without its secrets, plus where the project is (Claude Code's variable too, for ported scripts). */
  private hookEnv(event: HookEvent): Record<string, string> {
    const { env } = scrubEnv(this.deps.env ?? process.env, this.deps.secretsToScrub());
    return {
      ...env,
      CODECODER_PROJECT_DIR: this.deps.projectRoot,
      CLAUDE_PROJECT_DIR: this.deps.projectRoot,
      CODECODER_HOOK_EVENT: event,
      CODECODER_AGENT: '1',
    };
  }
}

function base(projectRoot: string, event: HookEvent, conversationId: string): Record<string, unknown> {
  return {
    hook_event_name: event,
    session_id: conversationId,
    conversation_id: conversationId,
    cwd: projectRoot,
    project_dir: projectRoot,
  };
}

function toolInput(projectRoot: string, event: HookEvent, call: ToolCallFacts, extra: Record<string, unknown>): Record<string, unknown> {
  return {
    ...base(projectRoot, event, call.conversationId),
    tool_name: call.tool,
    tool_input: call.args,
    ...(call.callId ? { tool_use_id: call.callId } : {}),
    permission_key: call.permission.kind === 'ask' ? call.permission.key.raw : null,
    ...extra,
  };
}

function joinReasons(runs: HookRun[]): string {
  return runs.map((r) => `${r.message ?? r.effect} (${r.event} hook: ${shortCommand(r.command)})`).join('; ');
}

function shortCommand(c: string): string {
  const one = c.replace(/\s+/g, ' ').trim();
  return one.length > 80 ? `${one.slice(0, 79)}…` : one;
}

/** Where each hook environment runs (env/run.ts). */
const RUN_ENVIRONMENT: Record<HookEnvironment, RunEnvironment> = { host: 'shell', sandbox: 'sandbox', docker: 'docker' };

/** A container hook's variables: the project as mounted inside, and the event. */
function containerHookEnv(event: HookEvent): Record<string, string> {
  return {
    CODECODER_PROJECT_DIR: CONTAINER_WORKDIR,
    CLAUDE_PROJECT_DIR: CONTAINER_WORKDIR,
    CODECODER_HOOK_EVENT: event,
    CODECODER_AGENT: '1',
  };
}
