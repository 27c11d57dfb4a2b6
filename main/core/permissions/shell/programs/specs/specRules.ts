/**
 * The base layer of program rules: for a program with no hand rule, the option table generated from
 * the @withfig/autocomplete spec library (figTables.ts, corrected by overrides.ts), read with
 * optionTable.ts's reader. The hand rules in the family files stay on top (index.ts looks them up
 * first): they know effects a spec does not (what runs, what is written, what is loaded).
 *
 * A spec program is read as an allowlist, and meets the default for a program without a spec
 * (noSpec.ts) as well, since a spec says which options exist and take values, not what they do:
 * - an option the spec does not define is compound (the reader's `#unknown_option`);
 * - a path outside the project in any argument, and code named by a registry or VCS specifier,
 *   are compound (noSpec.ts rules 1 and 2) — except operands an override says are not paths
 *   (bazel's `//pkg:target` labels);
 * - an option whose name says it runs or loads something (noSpec.ts rule 3: `--config`,
 *   `--plugin`, `--exec`) is compound — except when the spec says its value is a path and the
 *   value names a file inside the project (`jest --config jest.config.js`: the project's own
 *   config, which running the program in the project runs anyway);
 * - a path option given a word known only at run time is keyed (`jest --config $CFG`);
 * - operands the spec marks as a command (`envchain ns cmd`, `op run -- cmd`) are classified as
 *   that command.
 * Tables are parsed and compiled on first use, one program at a time, and cached.
 */
import { exec, risk, type Effect } from '../../effects.js';
import type { Arg } from '../../options.js';
import { optionName, outsideProject } from '../kit.js';
import { noSpecEffects } from '../noSpec.js';
import { optionTable, readOptions, restOf, type OptionHandler, type OptionTable, type TableSpec } from '../optionTable.js';
import type { Check, ProgramRule } from '../rule.js';
import { FIG_TABLES } from './figTables.js';
import { OVERRIDES } from './overrides.js';
import type { SpecOverride } from './specOverride.js';

/** One node of a generated table (figTables.ts's header). */
interface SpecNode {
  o?: string;
  P?: string;
  d?: 1;
  s?: 1;
  p?: 1;
  c?: number;
  u?: Record<string, SpecNode>;
  k?: string[];
}

/** What every program understands whatever its spec says (issue 25: help and version stay plain). */
const ALWAYS = 'help version';

const cache = new Map<string, ProgramRule | null>();

/** The base-layer rule of `name`, or undefined when the spec library has none (or an override drops it). */
export function specRule(name: string): ProgramRule | undefined {
  let r = cache.get(name);
  if (r === undefined) {
    r = build(name)?.rule ?? null;
    cache.set(name, r);
  }
  return r ?? undefined;
}

/**
 * The option table the spec library gives program `name` (its top level, overrides applied, no
 * subcommands), for a hand rule whose checks read the program's options with it: an option the
 * spec does not define is then unknown there too. Throws when there is none: a hand rule names
 * a program the library has.
 */
export function specTable(name: string): OptionTable {
  const built = build(name);
  if (!built) throw new Error(`the spec library has no table for ${name}`);
  return optionTable({ ...built.root.ownSpec(), handlers: {} });
}

/** The programs the spec layer knows (for the tests and the bench). */
export function specPrograms(): string[] {
  return Object.keys(FIG_TABLES).filter((n) => !OVERRIDES[n]?.drop);
}

/**
 * For the bench and the tests: every program's rule built afresh (the cache left alone), as a first
 * lookup builds it; `deep` also compiles every subcommand's table (a lookup compiles those it meets).
 */
export function compileAllSpecs(deep = false): ProgramRule[] {
  return specPrograms().map((n) => {
    const built = build(n)!;
    if (deep) built.root.walk();
    return built.rule;
  });
}

/** For the bench: the generated tables as shipped (the raw text a load parses). */
export function specTableTexts(): string[] {
  return Object.values(FIG_TABLES);
}

function build(name: string): { rule: ProgramRule; root: Node } | null {
  if (!Object.prototype.hasOwnProperty.call(FIG_TABLES, name)) return null;
  const override = Object.prototype.hasOwnProperty.call(OVERRIDES, name) ? OVERRIDES[name] : undefined;
  if (override?.drop) return null;
  let text = FIG_TABLES[name]!;
  if (text.startsWith('=')) text = FIG_TABLES[text.slice(1)]!;
  const spec = JSON.parse(text) as SpecNode;
  const keys = spec.k ?? [];
  const expand = (s: string): string =>
    s
      .split(' ')
      .map((t) => (t.startsWith('~') ? keys[parseInt(t.slice(1), 36)]! : t))
      .join(' ');
  const root = new Node(spec, [], [], { expand, override });
  const check = specCheck(name, root);
  return { rule: { name, family: 'specs', policy: { kind: 'spec' }, options: check, effects: check }, root };
}

interface Context {
  expand: (tokens: string) => string;
  override: SpecOverride | undefined;
}

/**
 * One program or subcommand: its table compiled on first use, its subcommands built on first use
 * (aws has 17,000: a lookup compiles only the path a command takes).
 */
class Node {
  private compiled?: OptionTable;
  private probing?: OptionTable;
  private readonly children = new Map<string, Node>();
  /** An override says the operands here are not paths (bazel labels): noSpec.ts's rule 1 spares them. */
  readonly pathsDenied: boolean;
  /** From this operand on, the words are a command the program runs. */
  readonly command?: number;

  constructor(
    private readonly spec: SpecNode,
    readonly path: readonly string[],
    /** The persistent options of the nodes above, nearest first. */
    private readonly inherited: readonly string[],
    private readonly ctx: Context,
  ) {
    const at = path.join(' ');
    this.pathsDenied = ctx.override?.notPaths?.includes(at) ?? false;
    if (spec.c !== undefined) this.command = spec.c;
  }

  get hasSubs(): boolean {
    return this.spec.u !== undefined || this.added().length > 0;
  }

  get stopsAtOperand(): boolean {
    return this.spec.s === 1 || (this.ctx.override?.stopAtOperand?.includes(this.path.join(' ')) ?? false);
  }

  /** The subcommands an override adds right below this node: [word, options]. */
  private added(): [string, string][] {
    const prefix = this.path.length === 0 ? '' : `${this.path.join(' ')} `;
    return Object.entries(this.ctx.override?.subcommands ?? {})
      .filter(([p]) => p.startsWith(prefix) && !p.slice(prefix.length).includes(' '))
      .map(([p, o]) => [p.slice(prefix.length), o]);
  }

  /** The node's table (its options, then those persistent above, then help and version). */
  get table(): OptionTable {
    return (this.compiled ??= optionTable(this.tableSpec(this.stopsAtOperand)));
  }

  /** The same options, stopping at the first operand: to find a subcommand word. */
  get probe(): OptionTable {
    return (this.probing ??= this.stopsAtOperand ? this.table : optionTable(this.tableSpec(true)));
  }

  sub(word: string): Node | undefined {
    const u = this.spec.u;
    let child: SpecNode | undefined;
    if (u !== undefined && Object.prototype.hasOwnProperty.call(u, word)) child = u[word];
    else {
      const added = this.added().find(([w]) => w === word);
      // Its options are the override's (tableSpec reads them by path), spelled as its parent's are.
      if (added) child = this.spec.d ? { d: 1 } : {};
    }
    if (child === undefined) return undefined;
    let n = this.children.get(word);
    if (!n) {
      const persistent = this.spec.P !== undefined ? [this.ctx.expand(this.spec.P), ...this.inherited] : this.inherited;
      n = new Node(child, [...this.path, word], persistent, this.ctx);
      this.children.set(word, n);
    }
    return n;
  }

  /** The node's own table spec, reading on past operands (specTable). */
  ownSpec(): TableSpec {
    return this.tableSpec(this.stopsAtOperand);
  }

  /** Compiles every table below (the tests: a malformed token anywhere throws). */
  walk(): void {
    void this.table;
    void this.probe;
    for (const word of [...Object.keys(this.spec.u ?? {}), ...this.added().map(([w]) => w)]) this.sub(word)!.walk();
  }

  private tableSpec(stop: boolean): TableSpec {
    const own = [this.spec.o, this.spec.P]
      .filter((x): x is string => x !== undefined)
      .map(this.ctx.expand)
      .join(' ');
    const at = this.path.join(' ');
    const fix = this.ctx.override?.options?.[at] ?? this.ctx.override?.subcommands?.[at];
    const global = this.ctx.override?.global;
    const parts = [...(fix !== undefined ? [fix] : []), own, ...this.inherited, ...(global !== undefined ? [global] : []), ALWAYS].filter(
      (p) => p !== '',
    );
    const spec: { -readonly [K in keyof TableSpec]: TableSpec[K] } = { options: parts, handlers: pathHandlers(parts) };
    if (this.spec.d) spec.singleDashLong = true;
    if (this.ctx.override?.abbrev) spec.abbrev = true;
    if (stop) spec.stopAtOperand = true;
    return spec;
  }
}

/** Handlers for the options whose value the spec marks as a path (see `pathValue`). */
function pathHandlers(parts: readonly string[]): Record<string, OptionHandler> {
  const handlers: Record<string, OptionHandler> = {};
  const seen = new Set<string>();
  for (const part of parts)
    for (const tok of part.split(' ')) {
      const m = /^(?:(.)\|)?([^=:]*)(=\??)?(?::(\w+))?$/.exec(tok);
      if (!m) continue;
      const key = m[2] !== '' ? m[2]! : m[1]!;
      // The first spec naming an option wins (optionTable.ts): a later path mark does not apply.
      const names = [m[1], m[2]].filter((n): n is string => n !== undefined && n !== '');
      const first = names.every((n) => !seen.has(n));
      for (const n of names) seen.add(n);
      if (first && m[4] === 'read' && m[3] !== undefined) handlers[key] = pathValue;
    }
  return handlers;
}

/**
 * Stands for the first word known only at run time (`$CFG`): the reading stops after it, so the
 * words past it (which may be several, or options) are not guessed at, while an option whose value
 * it is still sees one (keyed as run-time), and an operand it is stays the expansion's business.
 */
const RUN_TIME = '\u0000run-time';
/** Marks (never keyed: specCheck takes them out) an option whose value is a file inside the project. */
const OWN_FILE = '\u0000own-file:';

/** A file named relatively (`jest.config.js`, `./x`, `conf/a`), not a bare module name (`prettier-plugin-x`). */
const FILE_LIKE = /[/.]/;

/**
 * A path option's value: known only at run time, it is keyed; a file inside the project is marked
 * as the project's own (see the file comment); outside the project, noSpec.ts's rule 1 keys it.
 */
const pathValue: OptionHandler = (value, typed, at) => {
  // No value at all (the last word): the program errors or takes its default (`rollup -c`).
  if (value === undefined || value === null) return [];
  if (value === RUN_TIME) return [risk(optionName(typed), `${at.where} ${typed} names a path known only at run time`, null)];
  return FILE_LIKE.test(value) && !outsideProject(value) ? [{ flag: OWN_FILE + optionName(typed), note: '' }] : [];
};

const sameFlag = (a: string, b: string): boolean => a.replace(/-/g, '_') === b.replace(/-/g, '_');

/** What reading a command with a program's nodes found (optionTable.ts's TableReading, across subcommands). */
interface Reading {
  effects: Effect[];
  node: Node;
  operands: number[];
  rest?: number;
  ended?: boolean;
  unknown: boolean;
}

/**
 * Reads `words` with the program's nodes: optionTable.ts's reader over each node's table; where the
 * node has subcommands it stops at the first operand, and a word naming one goes on in its table.
 */
function read(program: string, root: Node, words: readonly Arg[]): Reading {
  const out: Reading = { effects: [], node: root, operands: [], unknown: false };
  let from = 1;
  for (;;) {
    const n = out.node;
    const where = [program, ...n.path].join(' ');
    const r = readOptions(n.hasSubs ? n.probe : n.table, words, from, where);
    out.effects.push(...r.effects);
    out.operands.push(...r.operands);
    if (r.unknown) {
      out.unknown = true;
      return out;
    }
    if (!n.hasSubs || r.rest === undefined || r.ended) {
      if (r.rest !== undefined) out.rest = r.rest;
      if (r.ended) out.ended = true;
      return out;
    }
    const word = words[r.rest];
    const child = typeof word === 'string' ? n.sub(word) : undefined;
    if (child) {
      out.operands.pop(); // the subcommand word, not an operand
      out.node = child;
      from = r.rest + 1;
      continue;
    }
    // The first operand names no subcommand: the rest is read as the node's own table says.
    if (n.stopsAtOperand) {
      out.rest = r.rest;
      return out;
    }
    const more = readOptions(n.table, words, r.rest + 1, where);
    out.effects.push(...more.effects);
    out.operands.push(...more.operands);
    out.unknown = more.unknown;
    if (more.rest !== undefined) out.rest = more.rest;
    if (more.ended) out.ended = true;
    return out;
  }
}

/** What the spec's reading of a call found (see `readSpec`). */
interface SpecRead {
  /** The reading's effects, less the own-file marks. */
  effects: Effect[];
  /** Options whose value the spec marks as a path and which name a file inside the project. */
  own: string[];
  reading: Reading;
  /** argv cut at the first word known only at run time (RUN_TIME stands for it). */
  words: readonly Arg[];
  /** The effect of the operands the spec marks as a command, and where that command starts. */
  command?: { effect: Effect; start: number };
}

/** Reads a call's arguments with the program's nodes (for `specCheck` and `withSpec`). */
function readSpec(program: string, root: Node, argv: readonly Arg[]): SpecRead {
  const cut = argv.indexOf(null);
  const words: readonly Arg[] = cut < 0 ? argv : [...argv.slice(0, cut), RUN_TIME];
  const reading = read(program, root, words);
  const own = reading.effects.filter((e) => e.flag.startsWith(OWN_FILE)).map((e) => e.flag.slice(OWN_FILE.length));
  const effects = reading.effects.filter((e) => !e.flag.startsWith(OWN_FILE));
  reading.effects = effects;
  const out: SpecRead = { effects, own, reading, words };
  const node = reading.node;
  if (reading.unknown || node.command === undefined || reading.rest === undefined) return out;
  const where = [program, ...node.path].join(' ');
  let start = reading.rest + node.command;
  if (words[start] === '--') start++; // `kubecolor exec pod -- sh`: the separator is not the command
  out.command = {
    start,
    effect:
      cut >= 0 && start >= cut
        ? exec('', { kind: 'opaque', text: null }, `${where} runs a command known only at run time`)
        : exec('', restOf(argv, start), `${where} runs the command it is given`),
  };
  return out;
}

function specCheck(program: string, root: Node): Check {
  return (argv) => {
    const r = readSpec(program, root, argv);
    // The command's words are its own (classified as a command), not this program's arguments.
    if (r.command) return [...r.effects, r.command.effect, ...defaults(program, argv.slice(0, r.command.start), r, 'spec')];
    return [...r.effects, ...defaults(program, argv, r, 'spec')];
  };
}

/** Whether the spec library has a table for `name` that the spec layer uses (no override drops it). */
export function hasSpec(name: string): boolean {
  return Object.prototype.hasOwnProperty.call(FIG_TABLES, name) && !OVERRIDES[name]?.drop;
}

/**
 * A hand rule read with its program's spec too (OptionPolicy `spec` with `checks`; index.ts applies
 * it to every hand rule that would otherwise have the no-spec default): the spec's table is the
 * allowlist of the program's options, read with the spec's own subcommand tree (the hand rule's
 * subcommand table still keys the subcommand), and the hand rule's checks stay on top. So:
 * - an option the spec does not define is compound (`kubectl apply --evil -f x.yaml`);
 * - the hand checks' effects come first; a spec effect on an option they already report is left
 *   out (one token per option), as is the spec's command when the hand checks run something;
 * - the default (noSpec.ts) is applied once, here, as it was to the hand rule: with the `default`
 *   policy (web URLs are the hand checks' business: they know what the program fetches), and no
 *   option of the hand checks or the spec reported twice.
 * The spec's table is built on the first call, not when the rules load.
 */
export function withSpec(rule: ProgramRule): ProgramRule {
  const program = rule.name;
  let root: Node | undefined;
  const hand = rule.effects;
  const effects: Check = (argv, sub, p) => {
    root ??= build(program)!.root;
    const checks = hand ? hand(argv, sub, p) : [];
    // The words the checks classify as a command (`poetry run python -m x`, `rbenv exec ruby -v`)
    // are that command's: the spec reads this program's words before them.
    const r = readSpec(program, root, argv.slice(0, commandStart(argv, checks)));
    const spec = r.effects.filter((e) => !checks.some((c) => sameFlag(c.flag, e.flag)));
    const runs = checks.some((c) => c.runs !== undefined && c.runs.kind !== 'none');
    const command = r.command && !runs ? r.command : undefined;
    const own = [...checks, ...spec, ...(command ? [command.effect] : [])];
    r.effects = own;
    return [...own, ...defaults(program, command ? argv.slice(0, command.start) : argv, r, 'default')];
  };
  return { ...rule, policy: { kind: 'spec', checks: true }, effects };
}

/** Where the earliest command the effects run starts in argv (its words as a tail of argv), or argv's end. */
function commandStart(argv: readonly Arg[], effects: readonly Effect[]): number {
  let start = argv.length;
  for (const e of effects) {
    if (e.runs?.kind !== 'argv' || e.runs.argv.length === 0) continue;
    const words = e.runs.argv;
    const at = argv.length - words.length;
    if (at > 0 && at < start && words.every((w, k) => argv[at + k] === w)) start = at;
  }
  return start;
}

/**
 * noSpec.ts's default for the arguments, less what the spec knows better: operands an override says
 * are not paths, and (`spec` policy) a runs-by-name option whose value is the project's own file.
 * What `r.effects` reports already is not reported again.
 */
function defaults(program: string, argv: readonly Arg[], r: SpecRead, policy: 'spec' | 'default'): Effect[] {
  const { reading, words, own } = r;
  const notPaths = reading.node.pathsDenied
    ? new Set([...reading.operands, ...(reading.rest !== undefined ? indexesFrom(words, reading.rest) : [])].map((i) => words[i]))
    : undefined;
  return noSpecEffects(program, argv, policy, r.effects).filter((e) => {
    if (e.flag === 'outside') return !(notPaths?.has(e.value ?? null) ?? false);
    if (e.flag === 'remote' || policy === 'default') return true;
    return !own.some((o) => sameFlag(o, e.flag));
  });
}

const indexesFrom = (argv: readonly Arg[], from: number): number[] => argv.map((_, i) => i).filter((i) => i >= from);
