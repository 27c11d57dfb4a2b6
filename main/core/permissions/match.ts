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
import { isProtectedPath } from '../fs/index.js';
import { keyGrammarOf, parseKey } from './keyGrammar.js';
import { DEFAULT_BUDGET, LinearMatcher, MatchBudgetExceeded, UnsupportedPattern, type Budget } from './linearRegex.js';
import { McpIndex, mcpShape } from './mcpKeys.js';
import { SegmentGlob } from './segmentGlob.js';
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
  if (keyGrammarOf(key.tool) === 'mcp') {
    const s = mcpShape(key.action);
    return s.shape === 'bad' ? s.problem : undefined;
  }
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
  const glob = stripDotSlash(a);
  if (!picomatch.scan(glob).isGlob) return undefined;
  try {
    compileGlob(glob, use);
  } catch (err) {
    if (err instanceof UnsupportedPattern)
      return `"${key.raw}" is not a glob the engine matches in linear time (${err.message}); use *, **, ?, [...] and {a,b}`;
    return `"${key.raw}" is not a valid glob: ${(err as Error).message}`;
  }
  return undefined;
}

/**
 * picomatch options per use. `debug` makes picomatch throw on a glob it cannot turn into a valid
 * RegExp instead of silently matching nothing (a deny rule that refuses nothing must be reported).
 */
const GLOB_OPTIONS: Record<PatternUse, picomatch.PicomatchOptions> = {
  allow: { dot: false, debug: true },
  deny: { dot: true, nocase: true, debug: true },
};

/**
 * Each glob is compiled once per load: `patternProblem` (validation, at load) and the sets built
 * right after share the matcher. Bounded so a string of hostile files cannot grow it without end.
 */
const compiledGlobs = new Map<string, LinearMatcher>();
/** The same globs' segmentGlob.ts matchers, for those it reads (same keys, cleared together). */
const segmentGlobs = new Map<string, SegmentGlob>();
const MAX_COMPILED_GLOBS = 50_000;

/**
 * The glob's matcher. picomatch turns the glob into a RegExp source (and V8's compilation reports
 * an invalid one), but the RegExp is never run: V8 backtracks, and `*a*a*a*a*a*a*a*a*a*c` took
 * 25 s against 45 characters. The source runs in linearRegex.ts, linear in the path's length.
 * Throws when picomatch cannot compile the glob, or (UnsupportedPattern) when its RegExp needs what
 * a linear matcher cannot do (a backreference, a lookbehind).
 */
function compileGlob(glob: string, use: PatternUse): LinearMatcher {
  const k = `${use}\0${glob}`;
  let m = compiledGlobs.get(k);
  if (!m) {
    // picomatch 4 never returns on some globs that end in a backslash after a brace or a bracket
    // (`[ab]\\\\`, `{a,b}x\\\\`): its parser steps past the end. No path needs a trailing backslash.
    if (glob.endsWith('\\')) throw new Error('a pattern may not end with a backslash');
    const re = picomatch.makeRe(glob, GLOB_OPTIONS[use]);
    m = LinearMatcher.of(re);
    if (compiledGlobs.size >= MAX_COMPILED_GLOBS) {
      compiledGlobs.clear();
      segmentGlobs.clear();
    }
    compiledGlobs.set(k, m);
    const segment = SegmentGlob.of(re);
    if (segment) segmentGlobs.set(k, segment);
  }
  return m;
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
  private readonly byFirst = new Map<string, GlobAlternation<T>>();
  private readonly byLast = new Map<string, GlobAlternation<T>>();
  private readonly rest = new GlobAlternation<T>(false);
  size = 0;

  add(pattern: string, value: T): void {
    this.size++;
    const dir = DIR_GLOBSTAR.exec(pattern)?.[1];
    if (dir !== undefined && !picomatch.scan(dir).isGlob) {
      if (!this.dirs.has(dir)) this.dirs.set(dir, value);
      return;
    }
    const scan = picomatch.scan(pattern);
    const re = compileGlob(pattern, 'allow');
    const last = lastSegment(pattern);
    if (scan.base) bucket(this.byFirst, firstSegment(scan.base), false).add(value, pattern, re);
    else if (last && !last.includes('\\') && !picomatch.scan(last).isGlob) bucket(this.byLast, last, false).add(value, pattern, re);
    else this.rest.add(value, pattern, re);
  }

  seal(): void {
    for (const b of this.byFirst.values()) b.seal();
    for (const b of this.byLast.values()) b.seal();
    this.rest.seal();
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
    const first = this.byFirst.size ? this.byFirst.get(firstSegment(a))?.find(a) : undefined;
    if (first !== undefined) return first;
    const last = this.byLast.size ? this.byLast.get(lastSegment(a))?.find(a) : undefined;
    if (last !== undefined) return last;
    return this.rest.length ? this.rest.find(a) : undefined;
  }
}

function bucket<T>(m: Map<string, GlobAlternation<T>>, k: string, nocase: boolean): GlobAlternation<T> {
  let b = m.get(k);
  if (!b) m.set(k, (b = new GlobAlternation<T>(nocase)));
  return b;
}

function bucketOf<K, V>(m: Map<K, V[]>, k: K): V[] {
  let b = m.get(k);
  if (!b) m.set(k, (b = []));
  return b;
}

const DIR_GLOBSTAR = /^([^*?[\]{}()!+@\\]+)\/\*\*$/;

/**
 * Many globs tested as one program, built once when the set is complete (`seal`): rebuilding on
 * every add was quadratic (4,000 hostile deny globs took minutes).
 *
 * - The globs not in `trigrams` run as one union program (linearRegex.ts): one pass over the path,
 *   every glob's threads in step, answering the least glob (in file order) that matches.
 * - Past INDEX_FROM globs (only a generated or hostile file has that many for one tool), each glob
 *   whose fixed text is plain (see plainForm) is indexed by three characters it cannot match without
 *   (a trigram of its literal text): a path tests only the globs under its own trigrams, so a
 *   decision does not grow with the number of globs.
 * The first matching glob in file order wins either way.
 */
class GlobAlternation<T> {
  private readonly list: { value: T; glob: string; re: LinearMatcher; runs?: string[]; segment?: SegmentGlob }[] = [];
  /** The union of the globs not in `trigrams`, and their indexes (ascending). */
  private union: [LinearMatcher, number[]] | undefined;
  /** Plain globs not in `trigrams` (ascending): each tested alone, behind its literal runs. */
  private plain: number[] = [];
  private sealed = false;
  private trigrams: Map<string, number[]> | undefined;

  /**
   * `nocase`: the globs were compiled case-insensitively, so trigrams compare in lower case. Only deny
   * sets are, so it also says which way to fail when the budget runs out.
   */
  constructor(private readonly nocase: boolean) {}

  get length(): number {
    return this.list.length;
  }

  add(value: T, glob: string, re: LinearMatcher): void {
    this.list.push({ value, glob, re });
    this.sealed = false;
  }

  seal(): void {
    const rest: number[] = [];
    const plain: number[] = [];
    const trigrams = this.list.length > INDEX_FROM ? new Map<string, number[]>() : undefined;
    for (let i = 0; i < this.list.length; i++) {
      const entry = this.list[i]!;
      const form = plainForm(entry.glob);
      if (form === undefined) {
        rest.push(i);
        continue;
      }
      entry.runs = literalRuns(form, this.nocase);
      entry.segment = segmentGlobs.get(`${this.nocase ? 'deny' : 'allow'}\0${entry.glob}`);
      const tri = trigrams && this.rarestTrigram(entry.glob, trigrams);
      if (tri === undefined) plain.push(i);
      else bucketOf(trigrams!, tri).push(i);
    }
    this.trigrams = trigrams;
    this.plain = plain;
    this.union = rest.length === 0 ? undefined : [LinearMatcher.all(rest.map((i) => this.list[i]!.re)), rest];
    this.sealed = true;
  }

  /**
   * The value of the first glob (in file order) that matches `a`. When the globs would cost more than
   * one decision's budget (linearRegex.ts) the answer fails closed: a deny set answers its first
   * glob (refused), an allow set answers nothing (asked).
   */
  find(a: string): T | undefined {
    try {
      return this.findWithin(a, { left: DEFAULT_BUDGET });
    } catch (err) {
      if (!(err instanceof MatchBudgetExceeded)) throw err;
      return this.nocase ? this.list[0]?.value : undefined;
    }
  }

  private findWithin(a: string, budget: Budget): T | undefined {
    if (!this.sealed) this.seal();
    let best = -1;
    if (this.trigrams) {
      const k = this.nocase ? a.toLowerCase() : a;
      for (let i = 0; i + 3 <= k.length; i++) {
        const hits = this.trigrams.get(k.slice(i, i + 3));
        if (!hits) continue;
        for (const j of hits) {
          if (best >= 0 && j > best) continue;
          const e = this.list[j]!;
          if (testPlain(e, k, a, budget)) best = j;
        }
      }
    }
    const k = this.nocase ? a.toLowerCase() : a;
    for (const j of this.plain) {
      if (best >= 0 && j > best) break;
      const e = this.list[j]!;
      if (testPlain(e, k, a, budget)) {
        best = j;
        break;
      }
    }
    if (this.union && (best < 0 || this.union[1][0]! < best)) {
      const w = this.union[0].which(a, budget);
      const hit = w < 0 ? -1 : this.union[1][w]!;
      if (hit >= 0 && (best < 0 || hit < best)) best = hit;
    }
    return best < 0 ? undefined : this.list[best]!.value;
  }

  /** Among the glob's required trigrams, the one fewest globs use so far; undefined if it has none. */
  private rarestTrigram(glob: string, trigrams: Map<string, number[]>): string | undefined {
    const plain = plainForm(glob);
    if (plain === undefined) return undefined;
    let best: string | undefined;
    let bestCount = Infinity;
    for (const run of plain.split(/[*?/]+/)) {
      const r = this.nocase ? run.toLowerCase() : run;
      for (let i = 0; i + 3 <= r.length; i++) {
        const tri = r.slice(i, i + 3);
        const n = trigrams.get(tri)?.length ?? 0;
        if (n < bestCount) [best, bestCount] = [tri, n];
      }
    }
    return best;
  }
}

/**
 * One plain glob against a path (`k`: the path as the set compares literals). A one-segment glob of
 * literals, `*` and `?` is decided by segmentGlob.ts (linear, no budget); any other runs the linear
 * RegExp behind its literal text, in order (native indexOf): only a path holding all of it runs the glob.
 */
function testPlain(e: { re: LinearMatcher; runs?: string[]; segment?: SegmentGlob }, k: string, a: string, budget: Budget): boolean {
  if (e.segment) return e.segment.test(a);
  return (e.runs === undefined || runsInOrder(k, e.runs)) && e.re.test(a, budget);
}

/**
 * The glob with what it matches variably written as wildcards, when every other character is a literal
 * picomatch copies as is: then each literal run between `*`, `?` and `/` must appear in any path the
 * glob matches. A bracket class `[…]` is one character (`?`); a brace group `{a,b}` (innermost first)
 * is text that varies (`*`). Anything else (parentheses, escapes, extglob and regex-like marks, an
 * unclosed bracket or brace) can make text optional, so such a glob is not indexed (undefined).
 * Literals are ASCII: case-insensitively (no `u` flag) an ASCII letter matches only ASCII.
 */
function plainForm(glob: string): string | undefined {
  let g = glob.replace(BRACKET_CLASS, '?');
  for (let prev = ''; prev !== g;) [prev, g] = [g, g.replace(BRACE_GROUP, '*')];
  return PLAIN_GLOB.test(g) ? g : undefined;
}
const PLAIN_GLOB = /^[A-Za-z0-9_.\-*?/]*$/;

/** The literal runs of a plain form, in order (lower case for a case-insensitive set). */
function literalRuns(plain: string, nocase: boolean): string[] {
  return plain
    .split(/[*?/]+/)
    .filter((r) => r.length > 0)
    .map((r) => (nocase ? r.toLowerCase() : r));
}

/** True when every run occurs in `text`, each after the previous one: what any match needs. */
function runsInOrder(text: string, runs: readonly string[]): boolean {
  let from = 0;
  for (const r of runs) {
    const at = text.indexOf(r, from);
    if (at < 0) return false;
    from = at + r.length;
  }
  return true;
}
const BRACKET_CLASS = /\[[^\][\\]+\]/g;
const BRACE_GROUP = /\{[^{}[\]\\]*\}/g;
/** Globs per set before trigrams are used: below it, the union program alone is as fast. */
const INDEX_FROM = 256;

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
  private readonly mcp = new McpIndex<AllowEntry<M>>(false);
  readonly size: number;

  constructor(entries: Iterable<AllowEntry<M>>) {
    let n = 0;
    for (const e of entries) {
      if (patternProblem(e.key, 'allow') !== undefined) continue;
      n++;
      const { tool, action, raw } = e.key;
      if (keyGrammarOf(tool) === 'mcp') {
        this.mcp.add(e.key, e);
        continue;
      }
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
      if (!idx) this.globs.set(tool, (idx = new GlobIndex()));
      idx.add(a, e);
    }
    for (const idx of this.globs.values()) idx.seal();
    this.size = n;
  }

  match(t: MatchTarget): AllowEntry<M> | undefined {
    if (this.size === 0) return undefined;
    const { key, flags } = t;
    if (flags?.protectedPath || flags?.outsideProject) return undefined;
    if (keyGrammarOf(key.tool) === 'mcp') return this.mcp.find(key);
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
      // program name could be confused with a simple entry (a compound key matches only itself): never match it.
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
  private readonly globs = new Map<string, GlobAlternation<string>>();
  private readonly tools = new Set<string>();
  private readonly mcp = new McpIndex<string>(true);
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
      if (keyGrammarOf(tool) === 'mcp') {
        this.mcp.add(key, raw);
        continue;
      }
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
      bucket(this.globs, tool, true).add(raw, a, compileGlob(a, 'deny'));
    }
    for (const idx of this.globs.values()) idx.seal();
    this.patterns = kept;
  }

  /** The deny pattern that refuses this target, or undefined. */
  match(t: MatchTarget): string | undefined {
    const { key } = t;
    if (keyGrammarOf(key.tool) === 'mcp') return this.mcp.find(key);
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
