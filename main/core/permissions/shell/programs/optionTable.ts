/**
 * Option tables: the allowlist of options a program's subcommand understands (docs/permissions.md,
 * "Program rules and the option allowlist"). Each option has an arity (none, a required value, an
 * optional value that can only be attached) and a use (harmless, reads a path, writes a path, runs
 * a shell command, names a program, loads code, sets configuration). An option the table does not
 * know makes the command compound: its arity is unknown, so what follows it cannot be read, and
 * it may run anything (`#unknown_option [ ? ]`, every program deny applies). A word known only at
 * run time where an option may stand is the same.
 *
 * Spellings read, as getopt_long, git's parse-options and pflag accept them: `--opt=v`, `--opt v`,
 * `-ov`, `-o v`, clustered `-abo v`, `--no-opt` (tables that negate), unique prefixes of long
 * options (tables that abbreviate; an ambiguous prefix is unknown), `-<n>` counts (git log -20).
 * Operands are not options: `--` ends the options, and a table that stops at the first operand
 * (POSIX, `docker run IMAGE cmd -v`) leaves the rest to the program's check.
 *
 * A table is written as a compact spec, one token per option: `[s|]long[=|=?][:use]`.
 *   `a|all`            -a / --all, no value
 *   `m|message=`       -m / --message, a required value (`-mX`, `-m X`, `--message=X`, `--message X`)
 *   `abbrev=?`         --abbrev or --abbrev=N (an optional value, attached only)
 *   `C|=`              -C only, with a value;  `p|` -p only, no value
 *   `o|output=:write`  with a use: read write exec (a shell command) prog (a program) load (code) config
 * An option may instead have a handler (`handlers`, keyed by its long name, or its letter when it
 * has none) for uses that depend on the value (git -c core.quotepath=off is display only).
 */
import { exec, risk, write, type Effect, type Inner } from '../effects.js';
import type { Arg } from '../options.js';
import type { Check } from './rule.js';

export type OptionUse = 'harmless' | 'read' | 'write' | 'exec' | 'prog' | 'load' | 'config';
export type Arity = 'none' | 'value' | 'optional';

/** The effects of one option given `value` (null: known only at run time; undefined: no value). */
export type OptionHandler = (value: Arg | undefined, typed: string, at: TableContext) => Effect[];

export interface TableContext {
  /** The program and subcommand path, for notes: "git stash push". */
  where: string;
}

export interface OptionDef {
  long?: string;
  short?: string;
  arity: Arity;
  use: OptionUse;
}

export interface TableSpec {
  /** The options, in the compact spec (see the file comment). Several specs may be joined. */
  options: string | readonly string[];
  /** Long options may be given as a unique prefix (getopt_long, git's parse-options, optparse). */
  abbrev?: boolean;
  /** `--no-X` is known when X is, and X when `no-X` is (git's OPT_BOOL and friends). */
  negate?: boolean;
  /** `-<digits>` is an option (git log -20, diff -U3 is -U with a value). */
  numeric?: boolean;
  /** Options end at the first operand; the rest are the program's (docker run IMAGE cmd …). */
  stopAtOperand?: boolean;
  /** pflag: a short option's attached value may start with `=` (`-v=/:/h` is the value `/:/h`). */
  equalsShort?: boolean;
  /** Long options written with one dash too (`-exec`): only for programs that accept both. */
  singleDashLong?: boolean;
  /** Nested subcommands chosen by the first operand (`git stash push`, `git remote add`). */
  subs?: Readonly<Record<string, TableSpec>>;
  /** With `subs`: a first operand that names none of them is unknown (the program refuses it anyway). */
  subsOnly?: boolean;
  handlers?: Readonly<Record<string, OptionHandler>>;
}

export interface OptionTable {
  readonly spec: TableSpec;
  readonly long: ReadonlyMap<string, OptionDef>;
  readonly longNames: readonly string[];
  readonly short: ReadonlyMap<string, OptionDef>;
  readonly subs?: ReadonlyMap<string, OptionTable>;
}

const TOKEN = /^(?:([^|])\|)?([A-Za-z0-9][A-Za-z0-9.-]*)?(=\??)?(?::(read|write|exec|prog|load|config))?$/;

/** Compiles a spec; a malformed token throws at load time, so a typo never ships as a silent gap. */
export function optionTable(spec: TableSpec): OptionTable {
  const long = new Map<string, OptionDef>();
  const short = new Map<string, OptionDef>();
  const tokens = (typeof spec.options === 'string' ? [spec.options] : spec.options).flatMap((s) => s.split(/\s+/)).filter(Boolean);
  for (const tok of tokens) {
    const m = TOKEN.exec(tok);
    if (!m || (m[1] === undefined && m[2] === undefined)) throw new Error(`option table: bad token "${tok}"`);
    const def: OptionDef = {
      arity: m[3] === '=' ? 'value' : m[3] === '=?' ? 'optional' : 'none',
      use: (m[4] as OptionUse | undefined) ?? 'harmless',
    };
    if (m[1] !== undefined) def.short = m[1];
    if (m[2] !== undefined) def.long = m[2];
    if (def.long !== undefined) {
      if (long.has(def.long)) throw new Error(`option table: --${def.long} twice`);
      long.set(def.long, def);
    }
    if (def.short !== undefined) {
      if (short.has(def.short)) throw new Error(`option table: -${def.short} twice`);
      short.set(def.short, def);
    }
  }
  for (const k of Object.keys(spec.handlers ?? {}))
    if (!long.has(k) && !short.has(k)) throw new Error(`option table: handler for unknown option ${k}`);
  const t: { -readonly [K in keyof OptionTable]: OptionTable[K] } = { spec, long, short, longNames: [...long.keys()] };
  if (spec.subs) t.subs = new Map(Object.entries(spec.subs).map(([k, v]) => [k, optionTable(v)]));
  return t;
}

/** What reading argv with a table found. */
export interface TableReading {
  effects: Effect[];
  /** Index (into the argv given) of the first operand after which options stop, when the table stops there. */
  rest?: number;
  /** The nested subcommand words taken (`push` of `git stash push`). */
  path: string[];
  /** An unknown option or a run-time word in option position was met (the reading stopped there). */
  unknown: boolean;
}

/** The option a long name given as typed means, or undefined (unknown, or an ambiguous prefix). */
function longOption(t: OptionTable, name: string): { def: OptionDef; negated: boolean } | undefined {
  const exact = t.long.get(name);
  if (exact) return { def: exact, negated: false };
  if (t.spec.negate) {
    if (name.startsWith('no-')) {
      const pos = t.long.get(name.slice(3));
      if (pos) return { def: pos, negated: true };
    } else {
      const neg = t.long.get('no-' + name);
      if (neg) return { def: neg, negated: true };
    }
  }
  if (!t.spec.abbrev || name.length < 2) return undefined;
  let found: OptionDef | undefined;
  let negated = false;
  for (const o of t.longNames) {
    let hit: boolean | undefined;
    if (o.startsWith(name)) hit = false;
    else if (t.spec.negate && name.startsWith('no-') && name.length > 3 && o.startsWith(name.slice(3))) hit = true;
    if (hit === undefined) continue;
    const def = t.long.get(o)!;
    if (found && found !== def) return undefined; // ambiguous: the program refuses it, and we cannot know which
    found = def;
    negated = hit;
  }
  return found ? { def: found, negated } : undefined;
}

function unknown(where: string, typed: Arg): Effect {
  return exec(
    'unknown_option',
    { kind: 'opaque', text: typed },
    typed === null
      ? `${where}: a word known only at run time stands where an option may`
      : `${where} option ${typed} is not known to the classifier`,
  );
}

function useEffects(def: OptionDef, value: Arg | undefined, typed: string, t: OptionTable, at: TableContext): Effect[] {
  const key = def.long ?? def.short!;
  const handler = t.spec.handlers?.[key] ?? (def.short !== undefined ? t.spec.handlers?.[def.short] : undefined);
  if (handler) return handler(value, typed, at);
  const flag = key;
  const v: Arg = value === undefined ? null : value;
  switch (def.use) {
    case 'harmless':
    case 'read':
      return [];
    case 'write':
      // An optional value left out writes the program's default file: nothing the command names.
      return value === undefined && def.arity === 'optional' ? [] : [write(flag, v, `${at.where} ${typed} writes the file it names`)];
    case 'exec':
      return [exec(flag, { kind: 'script', text: v }, `${at.where} ${typed} runs a shell command`)];
    case 'prog':
      return [
        exec(
          flag,
          v === null ? { kind: 'opaque', text: null } : { kind: 'argv', argv: [v] },
          `${at.where} ${typed} names a program to run`,
        ),
      ];
    case 'load':
      return [exec(flag, { kind: 'opaque', text: v }, `${at.where} ${typed} loads code into the program`)];
    case 'config':
      return [risk(flag, `${at.where} ${typed} sets configuration`, v)];
  }
}

/**
 * Reads argv[from..] with the table. Stops at the first unknown option (reported, the rest
 * unreadable), at the first operand of a table that stops there (`rest`), or at the end.
 */
export function readOptions(table: OptionTable, argv: readonly Arg[], from: number, where: string): TableReading {
  const out: TableReading = { effects: [], path: [], unknown: false };
  let t = table;
  let at: TableContext = { where };
  let onlyOperands = false;
  let sawOperand = false;
  for (let i = from; i < argv.length; i++) {
    const w = argv[i];
    if (onlyOperands) break;
    const option = w !== null && w !== undefined && w.startsWith('-') && w !== '-';
    if (w === null || w === undefined) {
      // A run-time word: an option if it starts with `-`, and that cannot be known.
      if (sawOperand && t.spec.stopAtOperand) break;
      out.effects.push(unknown(at.where, null));
      out.unknown = true;
      return out;
    }
    if (!option) {
      if (!sawOperand && t.subs) {
        const nested = t.subs.get(w);
        if (nested) {
          t = nested;
          at = { where: `${at.where} ${w}` };
          out.path.push(w);
          continue;
        }
        if (t.spec.subsOnly) {
          out.effects.push(unknown(at.where, w));
          out.unknown = true;
          return out;
        }
      }
      sawOperand = true;
      if (t.spec.stopAtOperand) {
        out.rest = i;
        return out;
      }
      continue;
    }
    if (w === '--') {
      onlyOperands = true;
      out.rest = i + 1;
      continue;
    }
    const r = readOne(t, argv, i, at);
    out.effects.push(...r.effects);
    if (r.unknown) {
      out.unknown = true;
      return out;
    }
    i = r.last;
  }
  return out;
}

/** One option word at argv[i] (and its value word): its effects and the last index it used. */
function readOne(
  t: OptionTable,
  argv: readonly Arg[],
  i: number,
  at: TableContext,
): { effects: Effect[]; last: number; unknown?: boolean } {
  const w = argv[i]!;
  const next = (): { value: Arg; last: number } =>
    i + 1 < argv.length ? { value: argv[i + 1] ?? null, last: i + 1 } : { value: null, last: i };
  const long = w.startsWith('--') || (t.spec.singleDashLong && w.length > 2);
  if (long) {
    const body = w.startsWith('--') ? w.slice(2) : w.slice(1);
    const eq = body.indexOf('=');
    const name = eq >= 0 ? body.slice(0, eq) : body;
    const o = longOption(t, name);
    if (!o && !w.startsWith('--') && t.short.size > 0) return readShorts(t, argv, i, at); // `-abc` of a program with both
    if (!o) return { effects: [unknown(at.where, w)], last: i, unknown: true };
    // A negated option takes no value; a flag given `=v` (pflag's --rm=false) keeps it attached.
    if (o.negated || o.def.arity === 'none') return { effects: o.negated ? [] : useEffects(o.def, undefined, w, t, at), last: i };
    if (eq >= 0) return { effects: useEffects(o.def, body.slice(eq + 1), w, t, at), last: i };
    if (o.def.arity === 'optional') return { effects: useEffects(o.def, undefined, w, t, at), last: i };
    const n = next();
    return { effects: useEffects(o.def, n.value, w, t, at), last: n.last };
  }
  if (t.spec.numeric && /^-[0-9]+$/.test(w)) return { effects: [], last: i };
  return readShorts(t, argv, i, at);
}

/** A cluster of short options: flags, then at most one value-taking letter that ends it. */
function readShorts(
  t: OptionTable,
  argv: readonly Arg[],
  i: number,
  at: TableContext,
): { effects: Effect[]; last: number; unknown?: boolean } {
  const w = argv[i]!;
  const effects: Effect[] = [];
  for (let j = 1; j < w.length; j++) {
    const def = t.short.get(w[j]!);
    if (!def) return { effects: [...effects, unknown(at.where, w)], last: i, unknown: true };
    if (def.arity === 'none') {
      effects.push(...useEffects(def, undefined, w, t, at));
      continue;
    }
    let rest = w.slice(j + 1);
    if (t.spec.equalsShort && rest.startsWith('=')) rest = rest.slice(1);
    if (rest !== '' || def.arity === 'optional')
      return { effects: [...effects, ...useEffects(def, rest === '' ? undefined : rest, w, t, at)], last: i };
    const last = i + 1 < argv.length ? i + 1 : i;
    return { effects: [...effects, ...useEffects(def, i + 1 < argv.length ? (argv[i + 1] ?? null) : null, w, t, at)], last };
  }
  return { effects, last: i };
}

/** The options of a program's subcommands: one table each; a subcommand without one is compound. */
export interface SubcommandTables {
  tables: Readonly<Record<string, OptionTable>>;
  /** Subcommands whose options are read by the rule's own check only (none of the table's business). */
  exempt?: readonly string[];
}

/**
 * The check of a program's subcommand options: reads the words after the subcommand with its
 * table. A subcommand with no table (and not exempt) is compound: nothing about its options is known.
 */
export function subcommandOptions(program: string, s: SubcommandTables): Check {
  return (argv, sub) => {
    if (sub.subcommand === undefined || sub.index === undefined) return [];
    if (s.exempt?.includes(sub.subcommand)) return [];
    const t = Object.prototype.hasOwnProperty.call(s.tables, sub.subcommand) ? s.tables[sub.subcommand] : undefined;
    const where = `${program} ${sub.subcommand}`;
    if (!t) return [exec('unknown_option', { kind: 'opaque', text: null }, `${where}: the classifier has no table of its options`)];
    return readOptions(t, argv, sub.index + 1, where).effects;
  };
}

/** The inner command shape of the words from `rest` on (the container's command, `bisect run …`). */
export function restOf(argv: readonly Arg[], rest: number | undefined): Inner {
  if (rest === undefined || rest >= argv.length) return { kind: 'none' };
  return { kind: 'argv', argv: argv.slice(rest) };
}
