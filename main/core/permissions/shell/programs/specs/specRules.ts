/**
 * The base layer of program rules: for a program with no hand rule, the option table generated from
 * the @withfig/autocomplete spec library (figTables.ts, corrected by overrides.ts), read with
 * optionTable.ts's reader. The hand rules in the family files stay on top (index.ts looks them up
 * first): they know effects a spec does not (what runs, what is written, what is loaded).
 *
 * What the spec's table adds to the reader's defaults (an option it does not define is compound):
 * - a path the spec marks (an option's value, or an operand) that leaves the project is keyed
 *   with its value, so a grant for the program never covers it (`phpunit --bootstrap ../x.php`);
 * - an option whose value is a command or a module the program runs is an exec;
 * - operands the spec marks as a command (`time`, `watch`…) are classified as that command.
 * Tables are parsed and compiled on first use, one program at a time, and cached.
 */
import { exec, risk, type Effect } from '../../effects.js';
import type { Arg } from '../../options.js';
import { outsideProject } from '../kit.js';
import { optionTable, readOptions, restOf, type OptionHandler, type OptionTable, type TableSpec } from '../optionTable.js';
import type { Check, ProgramRule } from '../rule.js';
import { FIG_TABLES } from './figTables.js';
import { OVERRIDES, type SpecOverride } from './overrides.js';

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

/** A node's table, with the facts the check needs beside it. */
interface Compiled {
  table: OptionTable;
  /** Per subcommand path ("" the program, "run" …): operands are paths / where a command starts. */
  operands: Map<string, { paths: boolean; command?: number }>;
}

const cache = new Map<string, ProgramRule | null>();

/** The base-layer rule of `name`, or undefined when the spec library has none (or an override drops it). */
export function specRule(name: string): ProgramRule | undefined {
  let r = cache.get(name);
  if (r === undefined) {
    r = build(name);
    cache.set(name, r);
  }
  return r ?? undefined;
}

/** The programs the spec layer knows (for the tests and the bench). */
export function specPrograms(): string[] {
  return Object.keys(FIG_TABLES).filter((n) => !OVERRIDES[n]?.drop);
}

function build(name: string): ProgramRule | null {
  if (!Object.prototype.hasOwnProperty.call(FIG_TABLES, name)) return null;
  const override = Object.prototype.hasOwnProperty.call(OVERRIDES, name) ? OVERRIDES[name] : undefined;
  if (override?.drop) return null;
  let text = FIG_TABLES[name]!;
  if (text.startsWith('=')) text = FIG_TABLES[text.slice(1)]!;
  const root = JSON.parse(text) as SpecNode;
  const compiled = compile(root, override);
  const check = specCheck(name, compiled);
  return { name, family: 'specs', policy: { kind: 'allowlist' }, options: check, effects: check };
}

function compile(root: SpecNode, override: SpecOverride | undefined): Compiled {
  const keys = root.k ?? [];
  const expand = (s: string): string =>
    s
      .split(' ')
      .map((t) => (t.startsWith('~') ? keys[parseInt(t.slice(1), 36)]! : t))
      .join(' ');
  const operands: Compiled['operands'] = new Map();
  const toSpec = (node: SpecNode, path: string, inherited: readonly string[]): TableSpec => {
    const persistent = node.P !== undefined ? [expand(node.P), ...inherited] : inherited;
    const own = [node.o, node.P].filter((x): x is string => x !== undefined).map(expand).join(' ');
    const fix = override?.options?.[path];
    const parts = [...(fix !== undefined ? [fix] : []), own, ...inherited, ALWAYS].filter((p) => p !== '');
    const spec: { -readonly [K in keyof TableSpec]: TableSpec[K] } = { options: parts, handlers: pathHandlers(parts) };
    if (node.d) spec.singleDashLong = true;
    if (node.s) spec.stopAtOperand = true;
    operands.set(path, {
      paths: override?.pathOperands?.[path] ?? node.p === 1,
      ...(node.c !== undefined ? { command: node.c } : {}),
    });
    if (node.u) {
      const subs: Record<string, TableSpec> = {};
      for (const [word, child] of Object.entries(node.u)) subs[word] = toSpec(child, path === '' ? word : `${path} ${word}`, persistent);
      spec.subs = subs;
    }
    return spec;
  };
  return { table: optionTable(toSpec(root, '', [])), operands };
}

/** Handlers for the options whose value the spec marks as a path: one outside the project is keyed. */
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

const pathValue: OptionHandler = (value, typed, at) => {
  // No value at all (the last word): the program errors or takes its default (`rollup -c`).
  if (value === undefined || value === null) return [];
  if (value !== RUN_TIME && !outsideProject(value)) return [];
  return [risk(flagOf(typed), `${at.where} ${typed} names a path outside the project`, value === RUN_TIME ? null : value)];
};

const flagOf = (typed: string): string => typed.replace(/^-+/, '').replace(/=.*$/, '');

function specCheck(program: string, c: Compiled): Check {
  return (argv) => {
    const cut = argv.indexOf(null);
    const words: readonly Arg[] = cut < 0 ? argv : [...argv.slice(0, cut), RUN_TIME];
    const reading = readOptions(c.table, words, 1, program);
    const effects: Effect[] = [...reading.effects];
    if (reading.unknown) return effects;
    const facts = c.operands.get(reading.path.join(' ')) ?? { paths: false };
    const where = [program, ...reading.path].join(' ');
    if (facts.command !== undefined && reading.rest !== undefined) {
      let start = reading.rest + facts.command;
      if (words[start] === '--') start++; // `kubecolor exec pod -- sh`: the separator is not the command
      effects.push(
        cut >= 0 && start >= cut
          ? exec('', { kind: 'opaque', text: null }, `${where} runs a command known only at run time`)
          : exec('', restOf(argv, start), `${where} runs the command it is given`),
      );
      return effects;
    }
    if (facts.paths) {
      const operands = [...reading.operands, ...(reading.rest !== undefined && !reading.ended ? indexesFrom(words, reading.rest + 1) : [])];
      for (const i of operands) {
        const w = words[i];
        if (typeof w === 'string' && w !== RUN_TIME && outsideProject(w)) effects.push(risk('path', `${program} names a path outside the project`, w));
      }
    }
    return effects;
  };
}

const indexesFrom = (argv: readonly Arg[], from: number): number[] => argv.map((_, i) => i).filter((i) => i >= from);
