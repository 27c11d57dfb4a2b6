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
 *   `o|output=:write`  with a use: read, write, exec (a shell command), prog (a program), load (code),
 *                      runs (a program the configuration names: git --ext-diff), config
 * `options` may be several specs: the first that names an option wins, as a program that reads its
 * own options before handing the rest to a shared parser (git log's own, then the revision walker's).
 *   `f*`               a prefix family: every option word starting `-f` (one dash) is this one option, the
 *                      rest of the word its value (gcc's `-O2`, `-Wl,-z,now`, `-fno-exceptions`); the
 *                      longest family that fits wins, an exact option before any family
 * An option may instead have a handler (`handlers`, keyed by its long name, or its letter when it
 * has none) for uses that depend on the value (git -c core.quotepath=off is display only).
 *
 * This is the classifier's one option reader. A rule that needs the options one by one (sed's
 * scripts, find's -exec) reads them with `readItems`, the same reader, which also returns each
 * option and operand as read; an option its table does not know is compound there too.
 */
import { exec, risk, write, type Effect, type Inner } from '../effects.js';
import type { Arg, OptItem } from '../options.js';
import type { Check } from './rule.js';

export type OptionUse = 'harmless' | 'read' | 'write' | 'exec' | 'prog' | 'load' | 'runs' | 'config';
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
  /** A prefix family (`f*`): the word's rest is the value. */
  family?: string;
  arity: Arity;
  use: OptionUse;
}

export interface TableSpec {
  /** The options, in the compact spec (see the file comment); in several specs, the first naming an option wins. */
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
  /**
   * nopt's dialect (npm, pnpm): the program's shorthands, each standing for one or more option words
   * (`ws` → `--workspaces`, `q` → `--loglevel warn`). Every option word is then read as nopt reads
   * it (readNopt): any number of dashes, exact names, shorthands, clusters of one-letter
   * shorthands (`-gf`), unique prefixes of names and of shorthands, `--no-x` (any number of `no-`),
   * a switch taking a following `true`/`false`.
   */
  nopt?: Readonly<Record<string, string>>;
  /** Options whose value is the last option: the words after it are the program's (python `-m mod`, `-c code`). */
  stopAfter?: readonly string[];
  /** Words that end the options as `--` does (git's `--end-of-options`). */
  ends?: readonly string[];
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
  /** Prefix families, longest first. */
  readonly families: readonly OptionDef[];
  /** nopt's shorthands, each resolved to the options it stands for (TableSpec `nopt`). */
  readonly shorthands?: ReadonlyMap<string, readonly NoptStep[]>;
}

/** One option a nopt word stands for: negated (`--no-x`, no value), or with its value fixed by a shorthand. */
export interface NoptStep {
  def: OptionDef;
  negated: boolean;
  value?: string;
}

const TOKEN = /^(?:([^|])\|)?([A-Za-z0-9_#][A-Za-z0-9_.#+,-]*)?(=\??|\*)?(?::(read|write|exec|prog|load|runs|config))?$/;

/** Compiles a spec; a malformed token throws at load time, so a typo never ships as a silent gap. */
export function optionTable(spec: TableSpec): OptionTable {
  const long = new Map<string, OptionDef>();
  const short = new Map<string, OptionDef>();
  const families: OptionDef[] = [];
  const parts = typeof spec.options === 'string' ? [spec.options] : spec.options;
  for (const part of parts) {
    const longHere = new Set<string>();
    const shortHere = new Set<string>();
    for (const tok of part.split(/\s+/).filter(Boolean)) {
      const m = TOKEN.exec(tok);
      if (!m || (m[1] === undefined && m[2] === undefined)) throw new Error(`option table: bad token "${tok}"`);
      const def: OptionDef = {
        arity: m[3] === '=' ? 'value' : m[3] === '=?' || m[3] === '*' ? 'optional' : 'none',
        use: (m[4] as OptionUse | undefined) ?? 'harmless',
      };
      if (m[3] === '*') {
        if (m[1] !== undefined || m[2] === undefined) throw new Error(`option table: bad family "${tok}"`);
        if (!families.some((f) => f.family === m[2])) families.push({ ...def, family: m[2] });
        continue;
      }
      // A typo repeated in one spec is an error; across specs the first wins (see `options`).
      if (m[2] !== undefined) {
        if (longHere.has(m[2])) throw new Error(`option table: --${m[2]} twice`);
        longHere.add(m[2]);
        if (!long.has(m[2])) {
          def.long = m[2];
          long.set(m[2], def);
        }
      }
      if (m[1] !== undefined) {
        if (shortHere.has(m[1])) throw new Error(`option table: -${m[1]} twice`);
        shortHere.add(m[1]);
        if (!short.has(m[1])) {
          def.short = m[1];
          short.set(m[1], def);
        }
      }
    }
  }
  for (const k of Object.keys(spec.handlers ?? {}))
    if (!long.has(k) && !short.has(k) && !families.some((f) => f.family === k))
      throw new Error(`option table: handler for unknown option ${k}`);
  families.sort((a, b) => b.family!.length - a.family!.length);
  const t: { -readonly [K in keyof OptionTable]: OptionTable[K] } = { spec, long, short, longNames: [...long.keys()], families };
  if (spec.subs) t.subs = new Map(Object.entries(spec.subs).map(([k, v]) => [k, optionTable(v)]));
  if (spec.nopt) t.shorthands = noptShorthands(t, spec.nopt);
  return t;
}

/** Each shorthand's expansion read against the table; one naming an option the table lacks throws at load time. */
function noptShorthands(t: OptionTable, shorthands: Readonly<Record<string, string>>): Map<string, NoptStep[]> {
  const out = new Map<string, NoptStep[]>();
  for (const [k, expansion] of Object.entries(shorthands)) {
    const words = expansion.split(/\s+/).filter(Boolean);
    const steps: NoptStep[] = [];
    for (let i = 0; i < words.length; i++) {
      const name = words[i]!.replace(/^-+/, '');
      const negated = name.startsWith('no-') && !t.long.has(name);
      const def = t.long.get(negated ? name.slice(3) : name);
      if (!def || !words[i]!.startsWith('--')) throw new Error(`option table: shorthand ${k} stands for ${expansion}, not in the table`);
      const step: NoptStep = { def, negated };
      if (!negated && def.arity !== 'none' && words[i + 1] !== undefined && !words[i + 1]!.startsWith('-')) step.value = words[++i]!;
      steps.push(step);
    }
    out.set(k, steps);
  }
  return out;
}

/** What reading argv with a table found. */
export interface TableReading {
  effects: Effect[];
  /** Index (into the argv given) of the first operand after which options stop, when the table stops there. */
  rest?: number;
  /** The nested subcommand words taken (`push` of `git stash push`). */
  path: string[];
  /** Indexes of the operands read (up to `rest`, and after `--`). */
  operands: number[];
  /** An unknown option or a run-time word in option position was met (the reading stopped there). */
  unknown: boolean;
  /** `--` (or an `ends` word) ended the options: `rest` is the word after it, not an operand met first. */
  ended?: boolean;
  /** With `unknown`: the index of the word that was not understood. */
  unknownAt?: number;
}

/** The option a long name given as typed means, or undefined (unknown, or an ambiguous prefix). */
export function longOption(t: OptionTable, name: string): { def: OptionDef; negated: boolean } | undefined {
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

/** The effect of an option the table does not know (or a run-time word where one may stand). */
export function unknown(where: string, typed: Arg): Effect {
  return exec(
    'unknown_option',
    { kind: 'opaque', text: typed },
    typed === null
      ? `${where}: a word known only at run time stands where an option may`
      : `${where} option ${typed} is not known to the classifier`,
  );
}

/** The effects of `def` given `value` (its handler's, or its use's). */
export function useEffects(def: OptionDef, value: Arg | undefined, typed: string, t: OptionTable, at: TableContext): Effect[] {
  const key = def.long ?? def.short ?? def.family!;
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
    case 'runs':
      return [exec(flag, { kind: 'opaque', text: null }, `${at.where} ${typed} runs a program its configuration names`)];
    case 'config':
      return [risk(flag, `${at.where} ${typed} sets configuration`, v)];
  }
}

/**
 * Reads argv[from..] with the table. Stops at the first unknown option (reported, the rest
 * unreadable), at the first operand of a table that stops there (`rest`), or at the end.
 */
export function readOptions(table: OptionTable, argv: readonly Arg[], from: number, where: string): TableReading {
  return read(table, argv, from, where, undefined);
}

/** What `readItems` found: the reading, and each option and operand as read. */
export interface ItemReading extends TableReading {
  /**
   * The options (as typed: `-o` short, `--output`/`-output` long, named canonically — a unique
   * prefix as its full name, a family by its prefix), then the operands, in order; a word known
   * only at run time where an option may stand is `dynamic` (and unknown). After `rest`, every
   * word is an operand.
   */
  items: OptItem[];
}

/**
 * The same reading as `readOptions`, for a rule's own checks: every option and operand it read,
 * one by one. An option the table does not know ends the reading and is in `effects`, as there.
 */
export function readItems(table: OptionTable, argv: readonly Arg[], from: number, where: string): ItemReading {
  const items: OptItem[] = [];
  const r = read(table, argv, from, where, items);
  if (r.rest !== undefined) for (let i = r.rest; i < argv.length; i++) items.push({ kind: 'operand', value: argv[i] ?? null, word: i });
  return { ...r, items };
}

/** The reading's state: the items wanted (readItems), and whether a `stopAfter` option was read. */
interface State {
  stop: boolean;
  items: OptItem[] | undefined;
}

function read(table: OptionTable, argv: readonly Arg[], from: number, where: string, items: OptItem[] | undefined): TableReading {
  const out: TableReading = { effects: [], path: [], operands: [], unknown: false };
  let t = table;
  let at: TableContext = { where };
  let onlyOperands = false;
  let sawOperand = false;
  const state: State = { stop: false, items };
  for (let i = from; i < argv.length; i++) {
    const w = argv[i];
    if (onlyOperands) {
      out.operands.push(i);
      continue;
    }
    if (w === null || w === undefined) {
      // A run-time word: an option if it starts with `-`, and that cannot be known.
      if (sawOperand && t.spec.stopAtOperand) break;
      items?.push({ kind: 'dynamic', word: i });
      out.effects.push(unknown(at.where, null));
      out.unknown = true;
      out.unknownAt = i;
      return out;
    }
    if (!w.startsWith('-') || w === '-') {
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
          out.unknownAt = i;
          return out;
        }
      }
      sawOperand = true;
      if (t.spec.stopAtOperand) {
        out.operands.push(i);
        out.rest = i;
        return out;
      }
      out.operands.push(i);
      items?.push({ kind: 'operand', value: w, word: i });
      continue;
    }
    if (w === '--' || t.spec.ends?.includes(w)) {
      onlyOperands = true;
      out.ended = true;
      out.rest = i + 1;
      continue;
    }
    const last = t.shorthands ? readNopt(t, argv, i, at, out.effects, state) : readOne(t, argv, i, at, out.effects, state);
    if (last < 0) {
      out.unknown = true;
      out.unknownAt = i;
      return out;
    }
    i = last;
    if (state.stop) {
      out.rest = i + 1;
      return out;
    }
  }
  return out;
}

/**
 * One option word at argv[i] (and its value word): pushes its effects, returns the last index it
 * used, or -1 when it is unknown (its effect pushed).
 */
function readOne(t: OptionTable, argv: readonly Arg[], i: number, at: TableContext, effects: Effect[], state: State): number {
  const w = argv[i]!;
  const dashes = w.startsWith('--');
  if (dashes || (t.spec.singleDashLong && w.length > 2)) {
    const body = w.slice(dashes ? 2 : 1);
    const eq = body.indexOf('=');
    const name = eq >= 0 ? body.slice(0, eq) : body;
    const o = longOption(t, name);
    if (!o) {
      const f = family(t, w);
      if (f >= 0 || !dashes) {
        if (f >= 0) return useFamily(t, f, w, at, effects, i, state);
        if (t.short.size > 0) return readShorts(t, argv, i, at, effects, state); // `-abc` of a program with both
      }
      effects.push(unknown(at.where, w));
      return -1;
    }
    // A negated option takes no value; a flag given `=v` (pflag's --rm=false) keeps it attached.
    if (o.negated) {
      state.items?.push({ kind: 'long', name, word: i });
      return i;
    }
    if (o.def.arity === 'none') return use(o.def, undefined, w, 'long', t, at, effects, i, i, state);
    if (eq >= 0) return use(o.def, body.slice(eq + 1), w, 'long', t, at, effects, i, i, state);
    if (o.def.arity === 'optional') return use(o.def, undefined, w, 'long', t, at, effects, i, i, state);
    return i + 1 < argv.length
      ? use(o.def, argv[i + 1] ?? null, w, 'long', t, at, effects, i, i + 1, state)
      : use(o.def, null, w, 'long', t, at, effects, i, i, state);
  }
  if (t.spec.numeric && w.length > 1 && isDigits(w)) {
    state.items?.push({ kind: 'short', name: w.slice(1), word: i });
    return i;
  }
  const f = family(t, w);
  if (f >= 0) return useFamily(t, f, w, at, effects, i, state);
  return readShorts(t, argv, i, at, effects, state);
}

/**
 * One option word at argv[i] read as nopt reads it (TableSpec `nopt`; nopt's parse and
 * resolveShort): the word stands for one or more options. A value-taking option takes the next
 * word (`--x v`) or the attached one (`--x=v`); a value word that looks like an option is read by
 * nopt as the value or as the next option depending on the option's type, which the table does not
 * hold, so it is unknown; so is a value-taking one-letter shorthand inside a cluster (`-wg`).
 */
function readNopt(t: OptionTable, argv: readonly Arg[], i: number, at: TableContext, effects: Effect[], state: State): number {
  const w = argv[i]!;
  const eq = w.indexOf('=');
  const attached = eq >= 0 ? w.slice(eq + 1) : undefined;
  const steps = noptSteps(t, (eq >= 0 ? w.slice(0, eq) : w).replace(/^-+/, ''));
  const fail = (): number => {
    effects.push(unknown(at.where, w));
    return -1;
  };
  if (!steps) return fail();
  let last = i;
  for (let k = 0; k < steps.length; k++) {
    const { def, negated, value } = steps[k]!;
    const final = k === steps.length - 1;
    const typed = final ? w : `${w} (${def.long ?? ''})`;
    if (negated || def.arity === 'none') {
      // `--yes=false`, `--yes false`: a switch takes a Boolean word; any other attached value is not read.
      if (final && attached !== undefined && attached !== 'true' && attached !== 'false') return fail();
      if (final && attached === undefined && (argv[last + 1] === 'true' || argv[last + 1] === 'false')) last++;
      if (negated) state.items?.push({ kind: 'long', name: `no-${def.long ?? ''}`, word: i });
      else use(def, undefined, typed, 'long', t, at, effects, i, last, state);
      continue;
    }
    if (value !== undefined) {
      if (final && attached !== undefined) return fail();
      use(def, value, typed, 'long', t, at, effects, i, last, state);
      continue;
    }
    if (final && attached !== undefined) {
      use(def, attached, typed, 'long', t, at, effects, i, last, state);
      continue;
    }
    if (!final) return fail();
    const next = argv[last + 1];
    if (next === undefined || (next !== null && /^-{2,}$/.test(next))) use(def, null, typed, 'long', t, at, effects, i, last, state);
    else if (next !== null && /^-{1,2}[^-]/.test(next)) return fail();
    else last = use(def, next, typed, 'long', t, at, effects, i, last + 1, state);
  }
  return last;
}

/** What nopt word `name` (dashes and `=value` removed) stands for, in nopt's order; undefined when unknown. */
function noptSteps(t: OptionTable, name: string): readonly NoptStep[] | undefined {
  const sh = t.shorthands!;
  const exact = t.long.get(name);
  if (exact) return [{ def: exact, negated: false }];
  const short = sh.get(name);
  if (short) return short;
  if (name !== '' && [...name].every((c) => sh.has(c))) return [...name].flatMap((c) => sh.get(c)!);
  const abbrev = uniquePrefix(t.longNames, name);
  if (abbrev !== undefined) return [{ def: t.long.get(abbrev)!, negated: false }];
  const shortAbbrev = uniquePrefix([...sh.keys()], name);
  if (shortAbbrev !== undefined) return sh.get(shortAbbrev);
  let rest = name;
  let negated = false;
  while (rest.toLowerCase().startsWith('no-')) {
    rest = rest.slice(3);
    negated = !negated;
  }
  if (rest === name) return undefined;
  const def = t.long.get(rest) ?? t.long.get(uniquePrefix(t.longNames, rest) ?? '');
  return def ? [{ def, negated }] : undefined;
}

/** The one of `names` that `prefix` begins, when exactly one does (the abbrev package nopt uses). */
function uniquePrefix(names: readonly string[], prefix: string): string | undefined {
  if (prefix === '') return undefined;
  let found: string | undefined;
  for (const n of names)
    if (n.startsWith(prefix)) {
      if (found !== undefined) return undefined;
      found = n;
    }
  return found;
}

/** Option word argv[i] of family `f`: the rest of the word after the family's prefix is its value. */
function useFamily(t: OptionTable, f: number, w: string, at: TableContext, effects: Effect[], i: number, state: State): number {
  const def = t.families[f]!;
  const rest = w.slice(1 + def.family!.length);
  return use(def, rest === '' ? undefined : rest, w, 'long', t, at, effects, i, i, state);
}

/** The index of the longest prefix family that option word `w` (`-O2`; one dash only) belongs to, or -1. */
function family(t: OptionTable, w: string): number {
  if (t.families.length === 0 || w.startsWith('--')) return -1;
  return t.families.findIndex((f) => w.startsWith(f.family!, 1));
}

/** `-20`: every character after the dash a digit. */
function isDigits(w: string): boolean {
  for (let k = 1; k < w.length; k++) {
    const c = w.charCodeAt(k);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/** Pushes the effects (and the item) of `def` given `value` typed in argv[word]; returns `last` (the reading goes on after it). */
function use(
  def: OptionDef,
  value: Arg | undefined,
  typed: string,
  as: 'short' | 'long',
  t: OptionTable,
  at: TableContext,
  effects: Effect[],
  word: number,
  last: number,
  state: State,
): number {
  const key = def.long ?? def.short ?? def.family!;
  if (state.items) {
    const name = as === 'short' ? def.short! : (def.long ?? def.family!);
    state.items.push(value === undefined ? { kind: as, name, word } : { kind: as, name, value, word });
  }
  if (t.spec.stopAfter?.includes(key)) state.stop = true;
  if (def.use !== 'harmless' || t.spec.handlers !== undefined) for (const e of useEffects(def, value, typed, t, at)) effects.push(e);
  return last;
}

/** A cluster of short options: flags, then at most one value-taking letter that ends it. */
function readShorts(t: OptionTable, argv: readonly Arg[], i: number, at: TableContext, effects: Effect[], state: State): number {
  const w = argv[i]!;
  for (let j = 1; j < w.length; j++) {
    const def = t.short.get(w[j]!);
    if (!def) {
      effects.push(unknown(at.where, w));
      return -1;
    }
    if (def.arity === 'none') {
      use(def, undefined, w, 'short', t, at, effects, i, i, state);
      continue;
    }
    let rest = w.slice(j + 1);
    if (t.spec.equalsShort && rest.startsWith('=')) rest = rest.slice(1);
    if (rest !== '' || def.arity === 'optional') return use(def, rest === '' ? undefined : rest, w, 'short', t, at, effects, i, i, state);
    return i + 1 < argv.length
      ? use(def, argv[i + 1] ?? null, w, 'short', t, at, effects, i, i + 1, state)
      : use(def, null, w, 'short', t, at, effects, i, i, state);
  }
  return i;
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
