/**
 * Entry patterns, compiled once and matched synchronously (the hot path of every decision).
 *
 * Command grammar (`run_command`): `prog`, `prog:*`, `prog:sub`, `*` cover SIMPLE commands only; any
 * other entry is an exact compound key that matches only an identical key. Glob grammar (paths and
 * other keys): exact equality first, then picomatch globs indexed by their first literal segment.
 *
 * Allow and deny are deliberately asymmetric, each failing toward "ask" or "refuse":
 * allow globs are case-sensitive and skip dotfiles unless named; deny globs are case-insensitive and
 * match dotfiles; deny program names compare case-insensitively, by basename (`/usr/bin/GIT`) and
 * under every other spelling of the program (`python3.12` is python, `pn` is pnpm, `npx` is npm exec),
 * while allow entries cover only the name they spell.
 */
import picomatch from 'picomatch';
import { isProtectedPath } from '../fs/projectPath.js';
import { keyGrammarOf, parseKey } from './keyGrammar.js';
import { denyNames, denyRuleProgram, FRONT_ENDS } from './shell/programs/spellings.js';
import type { KeyFlags, PermissionKey } from './types.js';

export interface MatchTarget {
  key: PermissionKey;
  flags?: KeyFlags;
}

export type PatternUse = 'allow' | 'deny';

/**
 * A program word the classifier calls plain (its rule 3, minus ':' which separates the subcommand
 * here). A simple program with ':' in its name is matched by exact entries only. Any other command
 * entry is an exact compound key.
 */
const PROGRAM = /^[A-Za-z0-9_][A-Za-z0-9_.+@,-]*$/;
const SUBCOMMAND = /^[A-Za-z0-9_][A-Za-z0-9_.+@,=-]*$/;

type CommandEntryShape =
  | { shape: 'any' }
  | { shape: 'program'; program: string }
  | { shape: 'subcommand'; program: string; subcommand: string }
  | { shape: 'exact' };

function commandShape(action: string): CommandEntryShape | { shape: 'bad'; problem: string } {
  if (action === '*') return { shape: 'any' };
  const parts = action.split(':');
  if (parts.length <= 2 && parts[0] !== undefined && PROGRAM.test(parts[0])) {
    const program = parts[0];
    const sub = parts[1];
    if (sub === undefined || sub === '*') return { shape: 'program', program };
    if (SUBCOMMAND.test(sub)) return { shape: 'subcommand', program, subcommand: sub };
  }
  if (action.includes('*')) {
    return {
      shape: 'bad',
      problem: `the only command wildcards are run_command:* and run_command:<program>:* ("${action}" is neither)`,
    };
  }
  return { shape: 'exact' };
}

/**
 * True when a simple-command target is what the flags say: one program, named by the key, followed
 * only by programs its package manager may run instead of a script (`runBy`; deny rules see them).
 */
export function isSimpleCommandTarget(t: MatchTarget): boolean {
  const f = t.flags;
  if (!f || f.compound || f.unclassified) return false;
  const progs = f.programs;
  return (
    progs !== undefined &&
    progs.length >= 1 &&
    progs[0]!.program === t.key.action &&
    progs[0]!.runBy === undefined &&
    progs.slice(1).every((p) => p.runBy !== undefined) &&
    PROGRAM.test(t.key.action)
  );
}

/** Why an entry can never work, or undefined. Used at load, at add, and for --grant. */
export function patternProblem(key: PermissionKey, use: PatternUse): string | undefined {
  if (keyGrammarOf(key.tool) === 'command') {
    const s = commandShape(key.action);
    return s.shape === 'bad' ? s.problem : undefined;
  }
  const a = key.action;
  if (a.startsWith('!')) return `negated patterns are not supported ("${key.raw}")`;
  if (use === 'allow') {
    if (a.startsWith('/') || /^[A-Za-z]:[\\/]/.test(a) || a.startsWith('\\')) {
      return `"${key.raw}" is absolute: allow entries are project-relative, and paths outside the project always ask`;
    }
    const segs = stripDotSlash(a).split('/');
    if (segs.includes('..')) return `"${key.raw}" climbs out with '..': paths outside the project always ask`;
    // Paths are matched in normal form (no '.', no empty segment), so entries must be written that way.
    if (segs.includes('.') || segs.slice(0, -1).includes(''))
      return `"${key.raw}" is not a normalized path (drop '.' segments and doubled '/')`;
    const base = picomatch.scan(stripDotSlash(a)).base;
    if (base && isProtectedPath(base)) {
      return `"${key.raw}" names a protected path (codecoder.json, .codecoder/, .git/): those always ask`;
    }
  }
  try {
    picomatch(stripDotSlash(a));
  } catch (err) {
    return `"${key.raw}" is not a valid glob: ${(err as Error).message}`;
  }
  return undefined;
}

function stripDotSlash(a: string): string {
  return a.startsWith('./') ? a.slice(2) : a;
}

function firstSegment(a: string): string {
  const i = a.indexOf('/');
  return i < 0 ? a : a.slice(0, i);
}

function lastSegment(a: string): string {
  return a.slice(a.lastIndexOf('/') + 1);
}

const DOTDOT = /(?:^|\/)\.\.(?:\/|$)/;

/**
 * True for an action that must never be allowed: absolute, a drive, climbing out with '..', or a
 * protected path. Written to be cheap: this runs on every path decision.
 */
function unsafePathAction(a: string): boolean {
  const c = a.charCodeAt(0);
  if (c === 47 || c === 92) return true; // '/' '\'
  if (a.length > 1 && a.charCodeAt(1) === 58) return true; // 'C:'
  if (a.includes('..') && DOTDOT.test(a)) return true;
  // Protected paths start with '.', './', 'c' or 'C' (codecoder.json, .git, .codecoder).
  if ((c === 46 || c === 99 || c === 67) && isProtectedPath(a)) return true;
  return false;
}

/**
 * Precompiled globs, indexed so a decision tests only the globs that can match: by the first literal
 * segment (`tests/**` → "tests"), else by a literal last segment (`**` + `/.env` → ".env"), else always.
 */
class GlobIndex<T> {
  /** `dir/**` entries (the common case) by their literal directory: matched by walking up, no RegExp. */
  private readonly dirs = new Map<string, T>();
  private readonly byFirst = new Map<string, [T, (s: string) => boolean][]>();
  private readonly byLast = new Map<string, [T, (s: string) => boolean][]>();
  private readonly rest: [T, (s: string) => boolean][] = [];
  size = 0;

  constructor(private readonly nocase: boolean) {}

  add(pattern: string, value: T): void {
    this.size++;
    const dir = DIR_GLOBSTAR.exec(pattern)?.[1];
    if (dir !== undefined && !this.nocase && !picomatch.scan(dir).isGlob) {
      if (!this.dirs.has(dir)) this.dirs.set(dir, value);
      return;
    }
    const scan = picomatch.scan(pattern);
    // makeRe + RegExp.test: picomatch's matcher allocates a result object per call; this is the hot path.
    const re = picomatch.makeRe(pattern, this.nocase ? { dot: true, nocase: true } : { dot: false });
    const entry: [T, (s: string) => boolean] = [value, (s) => re.test(s)];
    const last = lastSegment(pattern);
    const norm = (x: string) => (this.nocase ? x.toLowerCase() : x);
    if (scan.base) push(this.byFirst, norm(firstSegment(scan.base)), entry);
    else if (last && !last.includes('\\') && !picomatch.scan(last).isGlob) push(this.byLast, norm(last), entry);
    else this.rest.push(entry);
  }

  find(a: string): T | undefined {
    if (this.size === 0) return undefined;
    if (this.dirs.size) {
      // picomatch semantics of `dir/**` with dot:false: `dir` itself, or anything below it whose
      // segments after `dir` do not start with '.'.
      const self = this.dirs.get(a);
      if (self !== undefined) return self;
      for (let i = a.indexOf('/'); i > 0; i = a.indexOf('/', i + 1)) {
        const hit = this.dirs.get(a.slice(0, i));
        if (hit !== undefined && a.charCodeAt(i + 1) !== 46 && !a.includes('/.', i + 1) && i + 1 < a.length) return hit;
      }
    }
    const first = this.byFirst.size ? this.byFirst.get(this.nocase ? firstSegment(a).toLowerCase() : firstSegment(a)) : undefined;
    if (first) for (const [v, test] of first) if (test(a)) return v;
    const last = this.byLast.size ? this.byLast.get(this.nocase ? lastSegment(a).toLowerCase() : lastSegment(a)) : undefined;
    if (last) for (const [v, test] of last) if (test(a)) return v;
    for (const [v, test] of this.rest) if (test(a)) return v;
    return undefined;
  }
}

const DIR_GLOBSTAR = /^([^*?[\]{}()!+@\\]+)\/\*\*$/;

/**
 * Deny globs are few: one alternation of all of them answers the common "not denied" case with a
 * single RegExp test; only on a hit are they tried one by one to name the pattern.
 */
class CombinedGlobs {
  private readonly list: [string, RegExp][] = [];
  private any: RegExp | undefined;

  add(pattern: string, raw: string): void {
    this.list.push([raw, picomatch.makeRe(pattern, { dot: true, nocase: true })]);
    this.any = new RegExp(this.list.map(([, re]) => `(?:${re.source})`).join('|'), 'i');
  }

  find(a: string): string | undefined {
    if (!this.any?.test(a)) return undefined;
    for (const [raw, re] of this.list) if (re.test(a)) return raw;
    return undefined;
  }
}

function push<K, V>(m: Map<K, V[]>, k: K, v: V): void {
  const list = m.get(k);
  if (list) list.push(v);
  else m.set(k, [v]);
}

export interface AllowEntry<M> {
  key: PermissionKey;
  meta: M;
}

/**
 * A compiled set of allow entries (project or session). `match` never returns an entry for a
 * protected or outside path, and never lets a wildcard or program entry cover a compound command.
 * Entries are assumed to have passed `patternProblem` (invalid ones are skipped silently here because
 * the caller already reported them).
 */
export class AllowSet<M> {
  private readonly exact = new Map<string, AllowEntry<M>>();
  private readonly anyCommand = new Map<string, AllowEntry<M>>();
  private readonly program = new Map<string, AllowEntry<M>>();
  private readonly subcommand = new Map<string, AllowEntry<M>>();
  private readonly globs = new Map<string, GlobIndex<AllowEntry<M>>>();
  readonly size: number;

  constructor(entries: Iterable<AllowEntry<M>>) {
    let n = 0;
    for (const e of entries) {
      if (patternProblem(e.key, 'allow') !== undefined) continue;
      n++;
      const { tool, action, raw } = e.key;
      if (keyGrammarOf(tool) === 'command') {
        const s = commandShape(action);
        if (s.shape === 'any') this.anyCommand.set(tool, e);
        else if (s.shape === 'program') this.program.set(`${tool}\0${s.program}`, e);
        else if (s.shape === 'subcommand') this.subcommand.set(`${tool}\0${s.program}\0${s.subcommand}`, e);
        if (!action.includes('*')) this.exact.set(raw, e);
        continue;
      }
      const a = stripDotSlash(action);
      if (!picomatch.scan(a).isGlob) {
        this.exact.set(`${tool}:${a}`, e);
        continue;
      }
      let idx = this.globs.get(tool);
      if (!idx) this.globs.set(tool, (idx = new GlobIndex(false)));
      idx.add(a, e);
    }
    this.size = n;
  }

  match(t: MatchTarget): AllowEntry<M> | undefined {
    if (this.size === 0) return undefined;
    const { key, flags } = t;
    if (flags?.protectedPath || flags?.outsideProject) return undefined;
    if (keyGrammarOf(key.tool) === 'command') return this.matchCommand(t);
    const a = key.action;
    // Defence in depth: a tool that forgot its flags still never gets a protected or escaping path allowed.
    if (unsafePathAction(a)) return undefined;
    const hit = this.exact.get(key.raw);
    if (hit) return hit;
    return this.globs.get(key.tool)?.find(a);
  }

  private matchCommand(t: MatchTarget): AllowEntry<M> | undefined {
    const { tool, raw, action } = t.key;
    if (!isSimpleCommandTarget(t)) {
      // A compound key matches only an identical entry. A "compound" key that looks like a bare
      // program name could be confused with a simple entry (ADR 0036): never match it.
      if (PROGRAM.test(action)) return undefined;
      return this.exact.get(raw);
    }
    const sub = t.flags?.subcommand ?? t.flags?.programs?.[0]?.subcommand;
    return (
      this.exact.get(raw) ??
      this.program.get(`${tool}\0${action}`) ??
      (sub !== undefined ? this.subcommand.get(`${tool}\0${action}\0${sub}`) : undefined) ??
      this.anyCommand.get(tool)
    );
  }
}

/**
 * Deny patterns: checked before anything else; a hit refuses the call whatever the allowlists say.
 * A program deny (`run_command:git`, `run_command:git:push`) matches that program anywhere in a
 * compound command, through flags.programs, under any of its spellings (shell/programs/spellings.ts): a rule
 * on `python` refuses `python3` and `python3.12`, one on `pnpm:publish` refuses `pn publish`. The
 * keys are unchanged, and allow entries still cover only what they name (a grant for `python` is
 * never one for `python3`): each side errs toward refusing or asking.
 */
export class DenySet {
  private readonly exact = new Map<string, string>();
  private readonly anyCommand = new Map<string, string>();
  private readonly program = new Map<string, string>();
  private readonly subcommand = new Map<string, string>();
  private readonly programDenyTools = new Set<string>();
  private readonly pathExact = new Map<string, Map<string, string>>();
  private readonly globs = new Map<string, CombinedGlobs>();
  private readonly tools = new Set<string>();
  readonly patterns: readonly string[];

  constructor(patterns: Iterable<string>) {
    const kept: string[] = [];
    for (const raw of patterns) {
      let key: PermissionKey;
      try {
        key = parseKey(raw);
      } catch {
        continue;
      }
      if (patternProblem(key, 'deny') !== undefined) continue;
      kept.push(raw);
      const { tool, action } = key;
      if (keyGrammarOf(tool) === 'command') {
        const s = commandShape(action);
        if (s.shape === 'any') this.anyCommand.set(tool, raw);
        else if (s.shape === 'program') {
          const name = denyRuleProgram(s.program);
          this.program.set(`${tool}\0${name}`, raw);
          // A front end is its long form (`run_command:npx` also refuses `npm exec`, `npm x`).
          const front = Object.prototype.hasOwnProperty.call(FRONT_ENDS, name) ? FRONT_ENDS[name]! : undefined;
          if (front) this.subcommand.set(`${tool}\0${front.program}\0${front.subcommand}`, raw);
          this.programDenyTools.add(tool);
        } else if (s.shape === 'subcommand') {
          this.subcommand.set(`${tool}\0${denyRuleProgram(s.program)}\0${s.subcommand.toLowerCase()}`, raw);
          this.programDenyTools.add(tool);
        }
        // Every non-wildcard entry also denies its exact key (a simple program named `foo:bar`).
        if (s.shape !== 'any') this.exact.set(raw, raw);
        continue;
      }
      this.tools.add(tool);
      const a = stripDotSlash(action);
      if (!picomatch.scan(a).isGlob) {
        let m = this.pathExact.get(tool);
        if (!m) this.pathExact.set(tool, (m = new Map()));
        m.set(a.toLowerCase(), raw);
        continue;
      }
      let idx = this.globs.get(tool);
      if (!idx) this.globs.set(tool, (idx = new CombinedGlobs()));
      idx.add(a, raw);
    }
    this.patterns = kept;
  }

  /** The deny pattern that refuses this target, or undefined. */
  match(t: MatchTarget): string | undefined {
    const { key } = t;
    if (keyGrammarOf(key.tool) === 'command') return this.matchCommand(t);
    if (!this.tools.has(key.tool)) return undefined;
    const a = stripDotSlash(key.action);
    const exact = this.pathExact.get(key.tool);
    const hit = exact?.get(a.toLowerCase());
    if (hit) return hit;
    return this.globs.get(key.tool)?.find(a);
  }

  private matchCommand(t: MatchTarget): string | undefined {
    const { tool, raw } = t.key;
    const any = this.anyCommand.get(tool);
    if (any) return any;
    const exact = this.exact.get(raw);
    if (exact) return exact;
    if (!this.programDenyTools.has(tool)) return undefined;
    const simple = isSimpleCommandTarget(t);
    const programs = t.flags?.programs ?? (simple ? [{ program: t.key.action }] : undefined);
    // Fail closed: when we cannot tell which programs would run (no list, or a program computed at
    // run time, "?"), we cannot prove that a program deny does not apply.
    const firstProgramDeny = (): string | undefined => [...this.program.values(), ...this.subcommand.values()][0];
    if (!programs || programs.length === 0) return firstProgramDeny();
    for (const p of programs) {
      if (p.program === '?') return firstProgramDeny();
      // Every spelling of the program (`python3.12`, `PN`, `/usr/bin/node20`) meets the rules on its
      // other names; a front end also meets those on its long form (`pnpx` is `pnpm dlx`).
      for (const name of denyNames(p.program)) {
        const hit = this.matchProgram(tool, name, p.subcommand, simple);
        if (hit) return hit;
        const front = Object.prototype.hasOwnProperty.call(FRONT_ENDS, name) ? FRONT_ENDS[name]! : undefined;
        const viaFront = front && this.matchProgram(tool, front.program, front.subcommand, simple);
        if (viaFront) return viaFront;
      }
    }
    return undefined;
  }

  private matchProgram(tool: string, name: string, subcommand: string | undefined, simple: boolean): string | undefined {
    const all = this.program.get(`${tool}\0${name}`);
    if (all) return all;
    if (subcommand !== undefined) return this.subcommand.get(`${tool}\0${name}\0${subcommand.toLowerCase()}`);
    if (simple) return undefined;
    // Inside a compound command a missing subcommand may be one computed at run time
    // (`git $(echo push)`): any subcommand deny on this program applies.
    const prefix = `${tool}\0${name}\0`;
    for (const [k, v] of this.subcommand) if (k.startsWith(prefix)) return v;
    return undefined;
  }
}
