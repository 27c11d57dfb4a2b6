/**
 * Entry patterns, compiled once and matched synchronously (the hot path of every decision).
 *
 * Command grammar (`run_command`): `prog`, `prog:*`, `prog:sub`, `*` cover SIMPLE commands only; any
 * other entry is an exact compound key that matches only an identical key. Glob grammar (paths and
 * other keys): exact equality first, then picomatch globs indexed by their first literal segment.
 *
 * Allow and deny are deliberately asymmetric, each failing toward "ask" or "refuse":
 * allow globs are case-sensitive and skip dotfiles unless named; deny globs are case-insensitive and
 * match dotfiles; deny program names compare case-insensitively and by basename (`/usr/bin/GIT`).
 */
import path from 'node:path';
import picomatch from 'picomatch';
import { isProtectedPath } from '../fs/projectPath.js';
import { keyGrammarOf, parseKey } from './keyGrammar.js';
import type { KeyFlags, PermissionKey } from './types.js';

export interface MatchTarget {
  key: PermissionKey;
  flags?: KeyFlags;
}

export type PatternUse = 'allow' | 'deny';

/** A program word the classifier would call plain; anything else in a command entry is an exact compound key. */
const PROGRAM = /^[A-Za-z0-9_+@%][A-Za-z0-9._+@%=,-]*$/;
const SUBCOMMAND = /^[A-Za-z0-9_][A-Za-z0-9._+@%=,-]*$/;

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

/** True when a simple-command target is what the flags say: one program, named by the key. */
export function isSimpleCommandTarget(t: MatchTarget): boolean {
  const f = t.flags;
  if (!f || f.compound || f.unclassified) return false;
  const progs = f.programs;
  return progs !== undefined && progs.length === 1 && progs[0]!.program === t.key.action && PROGRAM.test(t.key.action);
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
    if (a.split('/').includes('..')) return `"${key.raw}" climbs out with '..': paths outside the project always ask`;
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

interface CompiledGlob<M> {
  entry: AllowEntry<M>;
  test: (s: string) => boolean;
}
interface GlobIndex<M> {
  byFirst: Map<string, CompiledGlob<M>[]>;
  rest: CompiledGlob<M>[];
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
  private readonly globs = new Map<string, GlobIndex<M>>();
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
      const scan = picomatch.scan(a);
      if (!scan.isGlob) {
        this.exact.set(`${tool}:${a}`, e);
        continue;
      }
      let idx = this.globs.get(tool);
      if (!idx) this.globs.set(tool, (idx = { byFirst: new Map(), rest: [] }));
      const g: CompiledGlob<M> = { entry: e, test: picomatch(a, { dot: false }) };
      if (scan.base) {
        const seg = firstSegment(scan.base);
        const list = idx.byFirst.get(seg);
        if (list) list.push(g);
        else idx.byFirst.set(seg, [g]);
      } else idx.rest.push(g);
    }
    this.size = n;
  }

  match(t: MatchTarget): AllowEntry<M> | undefined {
    const { key, flags } = t;
    if (flags?.protectedPath || flags?.outsideProject) return undefined;
    if (keyGrammarOf(key.tool) === 'command') return this.matchCommand(t);
    const a = key.action;
    // Defence in depth: a tool that forgot its flags still never gets a protected or escaping path allowed.
    if (a.startsWith('/') || a.startsWith('\\') || /^[A-Za-z]:/.test(a) || isProtectedPath(a) || a.split('/').includes('..')) {
      return undefined;
    }
    const hit = this.exact.get(key.raw);
    if (hit) return hit;
    const idx = this.globs.get(key.tool);
    if (!idx) return undefined;
    const first = idx.byFirst.get(firstSegment(a));
    if (first) for (const g of first) if (g.test(a)) return g.entry;
    for (const g of idx.rest) if (g.test(a)) return g.entry;
    return undefined;
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
 * compound command, through flags.programs.
 */
export class DenySet {
  private readonly exact = new Map<string, string>();
  private readonly anyCommand = new Map<string, string>();
  private readonly program = new Map<string, string>();
  private readonly subcommand = new Map<string, string>();
  private readonly programDenyTools = new Set<string>();
  private readonly globs = new Map<string, { byFirst: Map<string, [string, (s: string) => boolean][]>; rest: [string, (s: string) => boolean][] }>();
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
          this.program.set(`${tool}\0${s.program.toLowerCase()}`, raw);
          this.programDenyTools.add(tool);
        } else if (s.shape === 'subcommand') {
          this.subcommand.set(`${tool}\0${s.program.toLowerCase()}\0${s.subcommand.toLowerCase()}`, raw);
          this.programDenyTools.add(tool);
        } else this.exact.set(raw, raw);
        continue;
      }
      const a = stripDotSlash(action);
      const scan = picomatch.scan(a);
      if (!scan.isGlob) {
        this.exact.set(`${tool}:${a.toLowerCase()}`, raw);
        continue;
      }
      let idx = this.globs.get(tool);
      if (!idx) this.globs.set(tool, (idx = { byFirst: new Map(), rest: [] }));
      const g: [string, (s: string) => boolean] = [raw, picomatch(a, { dot: true, nocase: true })];
      if (scan.base) {
        const seg = firstSegment(scan.base).toLowerCase();
        const list = idx.byFirst.get(seg);
        if (list) list.push(g);
        else idx.byFirst.set(seg, [g]);
      } else idx.rest.push(g);
    }
    this.patterns = kept;
  }

  /** The deny pattern that refuses this target, or undefined. */
  match(t: MatchTarget): string | undefined {
    const { key, flags } = t;
    if (keyGrammarOf(key.tool) === 'command') return this.matchCommand(t);
    const a = stripDotSlash(key.action);
    const hit = this.exact.get(`${key.tool}:${a.toLowerCase()}`);
    if (hit) return hit;
    const idx = this.globs.get(key.tool);
    if (!idx) return undefined;
    const first = idx.byFirst.get(firstSegment(a).toLowerCase());
    if (first) for (const [raw, test] of first) if (test(a)) return raw;
    for (const [raw, test] of idx.rest) if (test(a)) return raw;
    void flags;
    return undefined;
  }

  private matchCommand(t: MatchTarget): string | undefined {
    const { tool, raw } = t.key;
    const any = this.anyCommand.get(tool);
    if (any) return any;
    const exact = this.exact.get(raw);
    if (exact) return exact;
    if (!this.programDenyTools.has(tool)) return undefined;
    const programs = t.flags?.programs ?? (isSimpleCommandTarget(t) ? [{ program: t.key.action }] : undefined);
    if (!programs || programs.length === 0) {
      // We cannot tell which programs would run, so we cannot prove a program deny does not apply.
      return [...this.program.values(), ...this.subcommand.values()][0];
    }
    for (const p of programs) {
      const name = path.posix.basename(p.program.replace(/\\/g, '/')).toLowerCase();
      const all = this.program.get(`${tool}\0${name}`);
      if (all) return all;
      if (p.subcommand !== undefined) {
        const sub = this.subcommand.get(`${tool}\0${name}\0${p.subcommand.toLowerCase()}`);
        if (sub) return sub;
      }
    }
    return undefined;
  }
}
