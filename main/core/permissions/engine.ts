/**
 * The permission engine: the lookup chain (docs/permissions.md, "The chain") plus deny rules, protected paths and an
 * audit trail.
 *
 *   None → pass · Invalid → refuse · Deny rule → refuse · ProjectAllowlist (ceiling: a violating
 *   entry is reported and falls through) · SessionAllowlist (expiry) · Ask.
 *
 * Folder trust (trust/): codecoder.json's allow entries and presets take part only while this user
 * trusts the file's content; its deny rules always do.
 *
 * `decide()` is the synchronous core (exact-key Map lookups first, globs precompiled); only asking is
 * asynchronous. `check()` adds the ask, the answers and the audit record.
 */
import { SUBJECT_MAX, type AllowlistEditNote, type AuditEntry, type AuditLog, type AuditQuery, type AuditRecord } from './audit.js';
import { toolSubject } from '../../../shared/toolSubject.js';
import { CeilingViolationError, ceilingViolation, stricter } from './ceiling.js';
import { deniedTarget, type DeniedTarget } from './denyTargets.js';
import { chooseHunks, EVERY_HUNK_REJECTED } from './hunkChoice.js';
import { offeredScopes } from './offers.js';
import { parseKey } from './keyGrammar.js';
import { AllowSet, patternProblem, type MatchTarget } from './match.js';
import type { EntryValue } from './configFile.js';
import type { ConfigSnapshot } from './projectConfig.js';
import type { ConfigEdit, ConfigError } from './configFile.js';
import { compileProject, type CompiledProject, type DenyEntryView, type LoadReport, type ProjectEntryView } from './projectLevel.js';
import { NEVER, SessionAllowlist, type SessionEntry } from './sessionAllowlist.js';
import { honouredProject } from './trust/gate.js';
import type { TrustSource, TrustState } from './trust/projectTrust.js';
import { modeDecision, type PermissionMode } from './modes.js';
import {
  ceilingOf,
  type AskAnswer,
  type Asker,
  type CeilingViolation,
  type Clock,
  type DecidedVia,
  type Decision,
  type Environment,
  type Permission,
  type PermissionCheckRequest,
  type PermissionGate,
  type PermissionKey,
  type ToolFactsView,
} from './types.js';

/** What the engine needs of codecoder.json (ProjectConfig implements it). */
export interface ProjectLevelSource {
  snapshot(): ConfigSnapshot;
  reload(): Promise<ConfigSnapshot>;
  edit(edit: ConfigEdit): Promise<void>;
  readonly changedOnDisk: boolean;
  onDiskChange?(listener: () => void): () => void;
}

export type EngineChange =
  | { kind: 'project' }
  | { kind: 'session' }
  | { kind: 'deny' }
  | { kind: 'reload'; report: LoadReport }
  | { kind: 'disk' }
  | { kind: 'trust'; state: TrustState };

export interface EngineDeps {
  projectRoot: string;
  asker: Asker;
  clock: Clock;
  config: ProjectLevelSource;
  /** Folder trust: until this user trusts codecoder.json, its allow entries and presets do not count (deny rules always do). */
  trust: TrustSource;
  audit: AuditLog;
  /** The environment of a key's tool, for the ceiling of stored entries; undefined = unknown tool. */
  environmentOfKey(raw: string): Environment | undefined;
  onChange?: (change: EngineChange) => void;
  /** The permission mode of a conversation (modes.ts); absent = always Ask. */
  modeOf?: (conversationId: string) => PermissionMode;
  /** What the tools declare of themselves (the registry's tools/facts.ts): Accept-edits' tools, deny targets' path tools. */
  tools: ToolFactsView;
}

export interface EngineDecision extends Decision {
  /** True when the user was asked for this call. */
  asked: boolean;
  /** The allowlist entry or deny pattern that decided, when one did. */
  entry?: string;
}

/** The synchronous verdict before any asking. */
export interface Verdict {
  outcome: 'allow' | 'deny' | 'ask';
  via: DecidedVia | 'ask';
  key?: string;
  entry?: string;
  reason?: string;
  /** Shared and frozen when empty: copy before changing. */
  violations: readonly CeilingViolation[];
}

export interface Grant {
  key: string;
  scope: 'session' | 'project';
}

export interface DryRunResult {
  decision: 'allow' | 'ask' | 'deny';
  via: 'none' | 'project' | 'session' | 'deny' | 'invalid' | 'mode' | 'ask';
  key: string | null;
  violations: CeilingViolation[];
  entry?: string;
  reason?: string;
}

export interface DecideRequest {
  tool: string;
  environment: Environment;
  permission: Permission;
}

interface Overlay {
  project?: AllowSet<{ environment: Environment }>;
  session?: AllowSet<null>;
}

/** An entry removed through the editor, kept so the removal can be undone. */
interface Removed {
  key: string;
  /** project and preset share codecoder.json's allowlist: one removal, undone as either. */
  scope: 'project' | 'preset' | 'deny' | 'session';
  value?: EntryValue;
  expiry?: number;
}
const MAX_UNDOABLE = 50;
const removedId = (key: string, scope: Removed['scope']) => `${scope === 'preset' ? 'project' : scope}\u0000${key}`;

/** An undo that cannot be done as asked (a session entry whose time ran out). */
export class UndoError extends Error {
  override name = 'UndoError';
}

export class PermissionEngine implements PermissionGate {
  private compiled: CompiledProject;
  readonly session: SessionAllowlist;
  private readonly acceptedPresets = new Set<string>();
  private readonly pendingAsks = new Map<string, Promise<void>>();
  private readonly removed = new Map<string, Removed>();
  private readonly unsubscribeDisk: (() => void) | undefined;

  constructor(private readonly deps: EngineDeps) {
    this.session = new SessionAllowlist(deps.clock);
    this.compiled = this.compile();
    this.unsubscribeDisk = deps.config.onDiskChange?.(() => this.emit({ kind: 'disk' }));
  }

  close(): void {
    this.unsubscribeDisk?.();
  }

  // ---------------------------------------------------------------- the chain

  /** Synchronous: never asks, never writes, never audits. */
  decide(req: DecideRequest, overlay?: Overlay): Verdict {
    const p = req.permission;
    if (p.kind === 'none') return { outcome: 'allow', via: 'none', violations: NO_VIOLATIONS };
    if (p.kind === 'invalid') return { outcome: 'deny', via: 'invalid', reason: p.reason, violations: NO_VIOLATIONS };
    // The permission is its own match target ({ key, flags }): no allocation on the hot path.
    const target: MatchTarget = p;
    const raw = p.key.raw;

    const denied = this.denyRule(p);
    if (denied !== undefined) {
      return { outcome: 'deny', via: 'deny-rule', key: raw, entry: denied.entry, reason: denied.reason, violations: NO_VIOLATIONS };
    }
    // Protected and outside paths always ask: no allowlist covers them (AllowSet enforces it too).
    if (p.flags?.protectedPath || p.flags?.outsideProject) return { outcome: 'ask', via: 'ask', key: raw, violations: NO_VIOLATIONS };

    let violations: readonly CeilingViolation[] = NO_VIOLATIONS;
    // A key may carry its own environment (run_capability: the capability's), which decides its ceiling.
    const keyEnv = p.environment ?? req.environment;
    const projectOk = ceilingOf(keyEnv) === 'project';
    const hit = this.compiled.allow.match(target) ?? overlay?.project?.match(target);
    if (hit) {
      const env = stricter(keyEnv, hit.meta.environment);
      if (projectOk && ceilingOf(env) === 'project') return { outcome: 'allow', via: 'project', key: raw, entry: hit.key.raw, violations };
      violations = [ceilingViolation(hit.key.raw, env, 'project')!];
    } else {
      const bad = this.compiled.violating.match(target);
      if (bad?.meta.violation) violations = [bad.meta.violation];
    }

    const s = this.session.lookup(target);
    if (s) return { outcome: 'allow', via: 'session', key: raw, entry: s.key, violations };
    const o = overlay?.session?.match(target);
    if (o) return { outcome: 'allow', via: 'session', key: raw, entry: o.key.raw, violations };
    return { outcome: 'ask', via: 'ask', key: raw, violations };
  }

  /**
   * Decides a call: its key, then each further key it needs (`also`: network hosts), in order, each
   * asked and recorded as its own; the first one refused refuses the call.
   */
  async check(req: PermissionCheckRequest): Promise<EngineDecision> {
    const first = await this.checkKey(req);
    const p = req.permission;
    if (!first.allowed || p.kind !== 'ask' || !p.also?.length) return first;
    for (const key of p.also) {
      const d = await this.checkKey(this.alsoRequest(req, p, key));
      if (!d.allowed)
        return { ...d, reason: `${d.reason ?? 'refused'} (${req.tool} needs ${p.key.raw} and every host it names; none of it ran)` };
    }
    return first;
  }

  /** The request for one further key of a call: its own environment (a host's: remote), a note saying whose it is. */
  private alsoRequest(req: PermissionCheckRequest, p: Extract<Permission, { kind: 'ask' }>, key: PermissionKey): PermissionCheckRequest {
    const note = `network access for ${p.key.raw}: the sandbox's proxy lets the command reach ${key.action}`;
    return {
      ...req,
      environment: this.deps.environmentOfKey(key.raw) ?? 'shell',
      permission: { kind: 'ask', key, flags: { notes: [note] } },
    };
  }

  private async checkKey(req: PermissionCheckRequest): Promise<EngineDecision> {
    let v = this.verdictFor(req);
    // The mode speaks after deny rules, invalid input, protected paths and the allowlists have.
    const byMode = this.byMode(req, v, this.deps.modeOf?.(req.conversationId) ?? 'ask');
    // A hook that asked keeps a mode from allowing (a refusing mode still refuses).
    if (byMode && !(req.hookAsks !== undefined && byMode.allowed)) return this.record(req, byMode);
    if (v.outcome !== 'ask') return this.record(req, this.fromVerdict(v, false));
    const p = req.permission as Extract<Permission, { kind: 'ask' }>;
    // One prompt per key at a time: a second call for a key being asked about waits for that answer
    // and decides again (a Session or Project answer then covers it without a second prompt).
    for (let pending = this.pendingAsks.get(p.key.raw); pending; pending = this.pendingAsks.get(p.key.raw)) {
      await pending;
      v = this.verdictFor(req);
      if (v.outcome !== 'ask') return this.record(req, this.fromVerdict(v, false));
    }
    const asking = this.ask(req, p, v.violations);
    const settled = asking.then(
      () => undefined,
      () => undefined,
    );
    this.pendingAsks.set(p.key.raw, settled);
    try {
      return this.record(req, await asking);
    } finally {
      if (this.pendingAsks.get(p.key.raw) === settled) this.pendingAsks.delete(p.key.raw);
    }
  }

  /** decide(), with a hook's ask turning an allowlist's allow back into asking (hooks only tighten). */
  private verdictFor(req: PermissionCheckRequest): Verdict {
    const v = this.decide(req);
    if (req.hookAsks === undefined || v.outcome !== 'allow' || req.permission.kind !== 'ask') return v;
    return { outcome: 'ask', via: 'ask', key: req.permission.key.raw, violations: v.violations };
  }

  private async ask(
    req: PermissionCheckRequest,
    p: Extract<Permission, { kind: 'ask' }>,
    violations: readonly CeilingViolation[],
  ): Promise<EngineDecision> {
    const raw = p.key.raw;
    const base = { key: raw, asked: true, ...(violations.length ? { violations: [...violations] } : {}) };
    const refuse = (via: DecidedVia, reason: string, extra: Partial<EngineDecision> = {}): EngineDecision => ({
      allowed: false,
      via,
      reason,
      ...base,
      ...extra,
    });
    if (req.signal?.aborted) return refuse('user-deny', 'the request was cancelled before it was approved');

    const env = stricter(p.environment ?? req.environment, this.deps.environmentOfKey(raw));
    const scopes = offeredScopes(p, env);
    const pinnedOnce = !scopes.includes('session');
    let answer: AskAnswer;
    try {
      answer = await this.deps.asker(
        {
          tool: req.tool,
          environment: env,
          key: p.key,
          ...(p.flags ? { flags: p.flags } : {}),
          args: req.args,
          agentId: req.agentId,
          conversationId: req.conversationId,
          depth: req.depth,
          ceiling: ceilingOf(env),
          scopes,
          ...(req.callId ? { callId: req.callId } : {}),
          ...(req.preview ? { preview: req.preview } : {}),
        },
        req.signal,
      );
    } catch (err) {
      return refuse('user-deny', `the approval prompt failed: ${(err as Error).message}`);
    }
    if (req.signal?.aborted) return refuse('user-deny', 'the request was cancelled while waiting for approval');
    if (!isAnswer(answer)) return refuse('user-deny', 'the approval prompt returned no valid answer');

    // A deny rule added while the prompt was open still wins.
    const denied = this.denyRule(p);
    if (denied !== undefined) return refuse('deny-rule', denied.reason, { entry: denied.entry });

    const allow = (via: DecidedVia, reason?: string): EngineDecision => ({ allowed: true, via, ...base, ...(reason ? { reason } : {}) });
    const pinnedNote =
      'allowed once: protected and outside-project paths, and commands with parts unknown until they run, are never remembered';
    switch (answer.choice) {
      case 'once': {
        if (answer.hunks === undefined) return allow('once');
        // Part of the change: checked against the hunks this call's own preview showed, whoever answered.
        const choice = chooseHunks(answer.hunks, (await req.preview?.())?.hunks?.length);
        if ('problem' in choice) return refuse('invalid', `the answer cannot be honoured: ${choice.problem}; nothing was changed`);
        if (choice.taken.length === 0) return refuse('user-deny', `the user refused: ${EVERY_HUNK_REJECTED}`, { hunks: choice });
        return choice.rejected.length === 0 ? allow('once') : { ...allow('once'), hunks: choice };
      }
      case 'deny':
        return refuse('user-deny', answer.reason?.trim() ? `the user refused: ${answer.reason.trim()}` : 'the user refused');
      case 'session':
        if (pinnedOnce) return allow('once', pinnedNote);
        this.session.add(p.key, answer.ttlMs);
        this.emit({ kind: 'session' });
        return allow('session');
      case 'project': {
        const cv = ceilingViolation(raw, env, 'project');
        // A project grant above the ceiling is a CeilingViolation, and refused.
        if (cv) return refuse('ceiling', cv.message, { violations: [...violations, cv] });
        if (pinnedOnce) return allow('once', pinnedNote);
        try {
          await this.editConfig({ op: 'setAllow', key: raw, value: 'AlwaysThisProject' });
          this.recordEdit(raw, { op: 'add', scope: 'project', by: 'answer' }, req.conversationId);
          this.emit({ kind: 'project' });
          if (!this.deps.trust.honoured()) {
            // Saved, but the file as a whole is not trusted yet: the user's own answer still counts here.
            this.session.add(p.key);
            this.emit({ kind: 'session' });
            return allow(
              'session',
              'saved to codecoder.json, which this folder has not trusted yet: allowed for this session; trust the folder for it to count in later sessions',
            );
          }
          return allow('project');
        } catch (err) {
          // The user said yes; saving failed (malformed or locked file). Remember it for the session.
          this.session.add(p.key);
          this.emit({ kind: 'session' });
          return allow('session', `allowed for this session only: could not save to codecoder.json (${(err as Error).message})`);
        }
      }
    }
  }

  /** The deny rule on the key, or on a file the command is known to write (denyTargets.ts). */
  private denyRule(p: MatchTarget): DeniedTarget | undefined {
    const hit = this.compiled.deny.match(p);
    if (hit !== undefined) return { entry: hit, reason: `refused by the deny rule "${hit}" in codecoder.json` };
    return deniedTarget(this.compiled.deny, this.deps.projectRoot, p, this.deps.tools);
  }

  private byMode(req: DecideRequest, v: Verdict, mode: PermissionMode): EngineDecision | undefined {
    const m = modeDecision(mode, req.tool, req.permission, v, this.deps.tools);
    if (!m) return undefined;
    const d: EngineDecision = { allowed: m.allowed, via: m.via, asked: false, reason: m.reason };
    if (v.key !== undefined) d.key = v.key;
    if (v.violations.length) d.violations = [...v.violations];
    return d;
  }

  private fromVerdict(v: Verdict, asked: boolean): EngineDecision {
    const d: EngineDecision = { allowed: v.outcome === 'allow', via: v.via as DecidedVia, asked };
    if (v.key !== undefined) d.key = v.key;
    if (v.entry !== undefined) d.entry = v.entry;
    if (v.reason !== undefined) d.reason = v.reason;
    if (v.violations.length) d.violations = [...v.violations];
    return d;
  }

  private record(req: PermissionCheckRequest, d: EngineDecision): EngineDecision {
    const r: AuditEntry = {
      at: this.deps.clock.now(),
      agent: req.agentId,
      conversation: req.conversationId,
      tool: req.tool,
      key: d.key ?? null,
      decision: d.allowed ? 'allow' : 'deny',
      via: d.via,
    };
    if (d.entry !== undefined) r.entry = d.entry;
    if (d.asked) r.asked = true;
    if (d.reason !== undefined) r.reason = d.reason;
    if (d.violations?.length) r.violations = d.violations;
    if (d.hunks) r.hunks = d.hunks;
    const subject = toolSubject(req.args, SUBJECT_MAX);
    if (subject !== undefined) r.subject = subject;
    this.deps.audit.append(r);
    return d;
  }

  /** A change to the allowlist, recorded beside the decisions: who (the editor, an answer), what, when. */
  private recordEdit(key: string, edit: AllowlistEditNote, conversation = ''): void {
    this.deps.audit.append({
      at: this.deps.clock.now(),
      agent: 'user',
      conversation,
      tool: 'allowlist',
      key,
      decision: edit.scope === 'deny' ? 'deny' : 'allow',
      via: edit.scope === 'deny' ? 'deny-rule' : edit.scope === 'project' ? 'project' : 'session',
      edit,
    });
  }

  // ---------------------------------------------------------------- dry run

  /** Validates `--grant`s: unknown tools and bad patterns throw; ceiling breaches are returned. */
  checkGrants(grants: Grant[]): { violations: CeilingViolation[]; overlay: Overlay } {
    const violations: CeilingViolation[] = [];
    const project: { key: PermissionKey; meta: { environment: Environment } }[] = [];
    const session: { key: PermissionKey; meta: null }[] = [];
    for (const g of grants) {
      const key = parseKey(g.key);
      const env = this.deps.environmentOfKey(g.key);
      if (env === undefined) throw new Error(`grant ${g.key}: unknown tool "${key.tool}"`);
      const problem = patternProblem(key, 'allow');
      if (problem) throw new Error(`grant ${g.key}: ${problem}`);
      const v = ceilingViolation(g.key, env, g.scope);
      if (v) violations.push(v);
      else if (g.scope === 'project') project.push({ key, meta: { environment: env } });
      else session.push({ key, meta: null });
    }
    return { violations, overlay: { project: new AllowSet(project), session: new AllowSet(session) } };
  }

  /** What would happen, without asking, executing, writing or auditing. */
  dryRun(req: DecideRequest, grants: Grant[] = [], mode: PermissionMode = 'ask'): DryRunResult {
    const first = this.dryRunKey(req, grants, mode);
    const p = req.permission;
    if (first.decision !== 'allow' || p.kind !== 'ask' || !p.also?.length) return first;
    // Each further key (a network host) in its own right: the first one not allowed is the answer.
    for (const key of p.also) {
      const env = this.deps.environmentOfKey(key.raw) ?? 'shell';
      const r = this.dryRunKey({ tool: req.tool, environment: env, permission: { kind: 'ask', key } }, grants, 'ask');
      if (r.decision !== 'allow') {
        // The --grant violations are reported by each run: once is enough.
        const seen = new Set(first.violations.map((x) => x.message));
        return { ...r, violations: [...first.violations, ...r.violations.filter((x) => !seen.has(x.message))] };
      }
    }
    return first;
  }

  private dryRunKey(req: DecideRequest, grants: Grant[], mode: PermissionMode): DryRunResult {
    const g = this.checkGrants(grants);
    const v = this.decide(req, g.overlay);
    const m = this.byMode(req, v, mode);
    if (m) {
      const out: DryRunResult = {
        decision: m.allowed ? 'allow' : 'deny',
        via: 'mode',
        key: m.key ?? null,
        violations: [...g.violations, ...(m.violations ?? [])],
      };
      if (m.reason !== undefined) out.reason = m.reason;
      return out;
    }
    const via: DryRunResult['via'] =
      v.via === 'deny-rule'
        ? 'deny'
        : v.via === 'none' || v.via === 'project' || v.via === 'session' || v.via === 'invalid'
          ? v.via
          : 'ask';
    const out: DryRunResult = { decision: v.outcome, via, key: v.key ?? null, violations: [...g.violations, ...v.violations] };
    if (v.entry !== undefined) out.entry = v.entry;
    if (v.reason !== undefined) out.reason = v.reason;
    return out;
  }

  // ---------------------------------------------------------------- the UI's methods

  listProject(): ProjectEntryView[] {
    return this.compiled.entries;
  }
  listDeny(): DenyEntryView[] {
    return this.compiled.denyEntries;
  }
  listSession(): SessionEntry[] {
    return this.session.list();
  }
  loadReport(): LoadReport {
    return this.compiled.report;
  }
  configStatus(): { changedOnDisk: boolean; error?: ConfigError } {
    const error = this.deps.config.snapshot().error;
    return error ? { changedOnDisk: this.deps.config.changedOnDisk, error } : { changedOnDisk: this.deps.config.changedOnDisk };
  }

  /** Adds or changes a project entry. A shell key at AlwaysThisProject throws CeilingViolationError. */
  async setProjectEntry(raw: string, value: EntryValue = 'AlwaysThisProject'): Promise<void> {
    const key = this.validEntryKey(raw, 'allow');
    const env = this.deps.environmentOfKey(raw)!;
    if (value === 'AlwaysThisProject') {
      const v = ceilingViolation(key.raw, env, 'project');
      if (v) throw new CeilingViolationError(v);
    }
    await this.editConfig({ op: 'setAllow', key: raw, value });
    this.recordEdit(raw, { op: 'add', scope: value === 'AlwaysThisSession' ? 'preset' : 'project', by: 'editor' });
    this.emit({ kind: 'project' });
  }

  async removeProjectEntry(raw: string): Promise<void> {
    const had = this.deps.config.snapshot().allowlist.find((e) => e.key === raw);
    await this.editConfig({ op: 'removeAllow', key: raw });
    if (had) {
      const scope = had.value === 'AlwaysThisSession' ? 'preset' : 'project';
      this.remember({ key: raw, scope, value: had.value });
      this.recordEdit(raw, { op: 'remove', scope, by: 'editor' });
    }
    this.emit({ kind: 'project' });
  }

  async addDenyRule(raw: string): Promise<void> {
    this.validEntryKey(raw, 'deny');
    await this.editConfig({ op: 'addDeny', key: raw });
    this.recordEdit(raw, { op: 'add', scope: 'deny', by: 'editor' });
    this.emit({ kind: 'deny' });
  }

  async removeDenyRule(raw: string): Promise<void> {
    const had = this.deps.config.snapshot().deny.some((d) => d.key === raw);
    await this.editConfig({ op: 'removeDeny', key: raw });
    if (had) {
      this.remember({ key: raw, scope: 'deny' });
      this.recordEdit(raw, { op: 'remove', scope: 'deny', by: 'editor' });
    }
    this.emit({ kind: 'deny' });
  }

  addSessionEntry(raw: string, ttlMs?: number): SessionEntry {
    const key = this.validEntryKey(raw, 'allow');
    const e = this.session.add(key, ttlMs);
    this.recordEdit(raw, { op: 'add', scope: 'session', by: 'editor' });
    this.emit({ kind: 'session' });
    return e;
  }

  removeSessionEntry(raw: string): boolean {
    const entry = this.session.list().find((e) => e.key === raw);
    const had = this.session.remove(raw);
    if (had) {
      this.remember({ key: raw, scope: 'session', expiry: entry?.expiry ?? NEVER });
      this.recordEdit(raw, { op: 'remove', scope: 'session', by: 'editor' });
      this.emit({ kind: 'session' });
    }
    return had;
  }

  /**
   * Puts back an entry removed in this session, exactly as it was (its value in codecoder.json, a
   * session entry's own expiry), through the same writes. Only what was removed can come back: a
   * violating entry returns as it was — reported, never honoured. False when there is nothing to undo.
   */
  async undoRemove(raw: string, scope: Removed['scope']): Promise<boolean> {
    const id = removedId(raw, scope);
    const r = this.removed.get(id);
    if (!r) return false;
    if (r.scope === 'project' || r.scope === 'preset') {
      await this.editConfig({ op: 'setAllow', key: raw, value: r.value! });
      this.emit({ kind: 'project' });
    } else if (r.scope === 'deny') {
      await this.editConfig({ op: 'addDeny', key: raw });
      this.emit({ kind: 'deny' });
    } else {
      const expiry = r.expiry ?? NEVER;
      const left = expiry === NEVER ? undefined : expiry - this.deps.clock.now();
      if (left !== undefined && left <= 0) throw new UndoError(`${raw} would have expired by now: add it again if it is still wanted.`);
      this.session.add(this.validEntryKey(raw, 'allow'), left);
      this.emit({ kind: 'session' });
    }
    this.removed.delete(id);
    this.recordEdit(raw, { op: 'undo', scope: r.scope, by: 'editor' });
    return true;
  }

  /** The last removals, newest kept: what undoRemove may put back. */
  private remember(r: Removed): void {
    const id = removedId(r.key, r.scope);
    this.removed.delete(id);
    this.removed.set(id, r);
    while (this.removed.size > MAX_UNDOABLE) this.removed.delete(this.removed.keys().next().value!);
  }

  /** Applies codecoder.json as it is on disk now; lists every CeilingViolation and ignored entry. */
  async reload(): Promise<LoadReport> {
    await this.deps.config.reload();
    await this.deps.trust.refresh();
    this.recompile();
    const report = this.compiled.report;
    this.emit({ kind: 'reload', report });
    return report;
  }

  /** `AlwaysThisSession` entries of codecoder.json not yet accepted: offered at session start, never granted silently. */
  sessionPresets(): string[] {
    return this.compiled.presets.map((k) => k.raw).filter((raw) => !this.acceptedPresets.has(raw));
  }

  /** Adds the chosen presets to the session allowlist; returns the keys added (non-presets are ignored). */
  acceptPresets(keys: string[]): string[] {
    const byRaw = new Map(this.compiled.presets.map((k) => [k.raw, k]));
    const added: string[] = [];
    for (const raw of keys) {
      const k = byRaw.get(raw);
      if (!k) continue;
      this.session.add(k);
      this.acceptedPresets.add(raw);
      added.push(raw);
    }
    if (added.length) this.emit({ kind: 'session' });
    return added;
  }

  queryAudit(q?: AuditQuery): Promise<AuditRecord[]> {
    return this.deps.audit.query(q);
  }
  auditHitCounts(): ReturnType<AuditLog['hitCounts']> {
    return this.deps.audit.hitCounts();
  }

  private validEntryKey(raw: string, use: 'allow' | 'deny'): PermissionKey {
    const key = parseKey(raw);
    if (use === 'allow' && this.deps.environmentOfKey(raw) === undefined) throw new Error(`${raw}: unknown tool "${key.tool}"`);
    const problem = patternProblem(key, use);
    if (problem) throw new Error(problem);
    return key;
  }

  // ---------------------------------------------------------------- folder trust

  trustState(): TrustState {
    return this.deps.trust.state();
  }

  /** When codecoder.json changed since it was trusted: the bytes trusted before (if kept), for the review's comparison. */
  async trustedBeforeContent(): Promise<Uint8Array | undefined> {
    return (await this.deps.trust.trustedBefore?.()) ?? undefined;
  }

  /** Trusts codecoder.json as loaded; `sha256` (what the user reviewed) must still be its content. */
  async trustProject(sha256?: string): Promise<TrustState> {
    return this.afterTrust(await this.deps.trust.trust(sha256));
  }

  async revokeTrust(): Promise<TrustState> {
    return this.afterTrust(await this.deps.trust.revoke());
  }

  private afterTrust(state: TrustState): TrustState {
    this.recompile();
    this.emit({ kind: 'trust', state });
    return state;
  }

  /** Our own write: the trust the file had before it carries over to the bytes we wrote. */
  private async editConfig(edit: ConfigEdit): Promise<void> {
    const wasHonoured = this.deps.trust.honoured();
    await this.deps.config.edit(edit);
    // Never fails the edit: at worst the file is untrusted at the next load and is reviewed again.
    await this.deps.trust.afterOwnWrite(wasHonoured).catch(() => undefined);
    this.recompile();
  }

  private compile(): CompiledProject {
    return honouredProject(compileProject(this.deps.config.snapshot(), this.deps.environmentOfKey), this.deps.trust.honoured());
  }

  private recompile(): void {
    this.compiled = this.compile();
  }

  private emit(change: EngineChange): void {
    try {
      this.deps.onChange?.(change);
    } catch {
      // A broken listener must not break a decision.
    }
  }
}

/** Shared and frozen: most verdicts carry no violation, and this path allocates as little as it can. */
const NO_VIOLATIONS: readonly CeilingViolation[] = Object.freeze([]);

function isAnswer(a: unknown): a is AskAnswer {
  if (typeof a !== 'object' || a === null) return false;
  const c = (a as { choice?: unknown }).choice;
  if (c === 'session') {
    const ttl = (a as { ttlMs?: unknown }).ttlMs;
    return !('hunks' in a) && (ttl === undefined || (typeof ttl === 'number' && Number.isFinite(ttl) && ttl >= 0));
  }
  if (c === 'deny') {
    const r = (a as { reason?: unknown }).reason;
    return r === undefined || typeof r === 'string';
  }
  if (c === 'once') {
    const h = (a as { hunks?: unknown }).hunks;
    return h === undefined || Array.isArray(h);
  }
  // Only a once answer takes part of a change: a wider one naming hunks is not understood.
  return c === 'project' && !('hunks' in a);
}
