/**
 * Helpers shared by the family files: inner-command shapes, option tests, and the check builders
 * several families use (an output option, a `run`/`exec` subcommand runner).
 */
import { exec, risk, write, type Effect, type Inner } from '../effects.js';
import { matchDangerousLong, type Arg, type OptItem } from '../options.js';
import {
  optionTable,
  readItems,
  readOptions,
  type ItemReading,
  type OptionHandler,
  type OptionTable,
  type TableSpec,
} from './optionTable.js';
import type { Check, Resolver, SubcommandSpec } from './rule.js';

export const opaque = (text: Arg = null): Inner => ({ kind: 'opaque', text });
export const script = (text: Arg | undefined): Inner => ({ kind: 'script', text: text ?? null });
/**
 * A path that leaves the project: absolute, from home, or climbing above where it starts once its
 * `..` are resolved (`src/../lib` stays inside, `src/../../x` does not). `/dev/null` discards, so
 * it does not count.
 */
export const outsideProject = (p: string): boolean => (/^(\/|~)/.test(p) ? p !== '/dev/null' : climbsOut(p));

function climbsOut(p: string): boolean {
  if (!p.includes('..')) return false;
  let depth = 0;
  for (const part of p.split('/')) {
    if (part === '..') depth--;
    else if (part !== '' && part !== '.') depth++;
    if (depth < 0) return true;
  }
  return false;
}
/** The option as the key names it: `--log-file=x` is `log-file`, `-T` is `T`. */
export const optionName = (typed: string): string => typed.replace(/^-+/, '').replace(/=.*$/, '');

/**
 * An option handler for a path the program reads (an include list, a password file, a folder it
 * compares with): a path inside the project is the project's own; one outside it, or known only at
 * run time, is keyed, as read_file would ask for it.
 */
export const readsOutside: OptionHandler = (v, typed, at) =>
  v === undefined || (v !== null && !outsideProject(v))
    ? []
    : [risk(optionName(typed), `${at.where} ${typed} reads a path outside the project`, v)];

/** An option handler for a folder or file the program writes into: keyed when it leaves the project (or is known only at run time). */
export const writesOutside: OptionHandler = (v, typed, at) =>
  v === undefined || (v !== null && !outsideProject(v))
    ? []
    : [write(optionName(typed), v, `${at.where} ${typed} writes outside the project`)];

export const argvOf = (argv: readonly Arg[]): Inner => (argv.length ? { kind: 'argv', argv: [...argv] } : { kind: 'none' });

export const isShort = (it: OptItem, letters: string): it is Extract<OptItem, { kind: 'short' }> =>
  it.kind === 'short' && letters.includes(it.name);
export const isLong = (it: OptItem, names: readonly string[], safe: readonly string[] = []): it is Extract<OptItem, { kind: 'long' }> =>
  it.kind === 'long' && matchDangerousLong(it.name, names, safe) !== undefined;
export const valueOf = (it: OptItem): Arg => ('value' in it && it.value !== undefined ? it.value : null);
/**
 * Reads argv[from..] with the program's table (optionTable.ts's one reader): each option and
 * operand as read, and `effects` starting with the unknown option's, if one was met.
 */
export const itemsOf = (table: OptionTable, argv: readonly Arg[], from = 1): ItemReading => readItems(table, argv, from, String(argv[0]));

/** `-o`/`--output` writes the file it names; every option is read with the program's table. */
export const outputOption =
  (name: string, table: OptionTable): Check =>
  (argv) => {
    const { items, effects } = itemsOf(table, argv);
    for (const it of items)
      if (isShort(it, 'o') || isLong(it, ['output'])) effects.push(write(it.name, valueOf(it), `${name} writes a file it names`));
    return effects;
  };

/**
 * `<tool> run|exec <command…>`: runners whose subcommand runs an arbitrary program. `options` are
 * the run subcommand's own (compact spec, optionTable.ts), up to the command; one it does not
 * list is unknown, and the command after it cannot be told.
 */
export function subcommandRunner(subs: readonly string[], options = ''): Check {
  const table = optionTable({ options: [options, 'h|help'], stopAtOperand: true });
  return (argv, sub) => {
    if (sub.subcommand === undefined || sub.index === undefined || !subs.includes(sub.subcommand)) return [];
    const r = readItems(table, argv, sub.index + 1, `${String(argv[0])} ${sub.subcommand}`);
    if (r.unknown) return r.effects;
    const runs: Inner = r.rest === undefined || r.rest >= argv.length ? { kind: 'none' } : argvOf(argv.slice(r.rest));
    return [exec(sub.subcommand, runs, `${String(argv[0])} ${sub.subcommand} runs a program`)];
  };
}

export const HELP = ['-h', '--help', '-v', '--version', '-V'];

export const table =
  (aliases: Readonly<Record<string, string>>): Resolver =>
  (word) =>
    Object.prototype.hasOwnProperty.call(aliases, word) ? aliases[word] : undefined;

/**
 * Runners whose `run`/`exec` subcommand runs a program (their check reads what follows it): without
 * a subcommand table the subcommand would never be found and `pipenv run rm -rf x` would be simple.
 */
export const RUN_TOOL: SubcommandSpec = { grammar: { noAbbrev: true }, flags: [...HELP, '-q', '--quiet', '--verbose'] };

/** What an option does with its value: writes the file, names a program to run, or loads code. */
export type OptionUse = 'write' | 'exec' | 'load';
/** [spelling, use, attached]: `attached` also reads a value joined to a short option (`-o/tmp/x`). */
export type WordOption = readonly [spelling: string, use: OptionUse, attached?: boolean];

/**
 * Options read word by word: `--opt VALUE`, `--opt=VALUE`, and for `attached` spellings `-oVALUE`.
 * `abbrev` also matches a long option shortened to a unique-looking prefix of at least 4 characters
 * (optparse and getopt_long accept those), erring towards matching.
 */
export function wordOptions(name: string, table: readonly WordOption[], abbrev = false): Check {
  return (argv) => {
    const out: Effect[] = [];
    for (let i = 1; i < argv.length; i++) {
      const w = argv[i];
      if (w === null || w === undefined || !w.startsWith('-')) continue;
      if (w === '--') break;
      for (const [opt, use, attached] of table) {
        const eq = w.indexOf('=');
        const head = eq >= 0 ? w.slice(0, eq) : w;
        const same = head === opt || (abbrev && opt.startsWith('--') && head.length >= 4 && opt.startsWith(head));
        let value: Arg | undefined;
        if (same) value = eq >= 0 ? w.slice(eq + 1) : (argv[i + 1] ?? null);
        else if (attached && w.startsWith(opt) && w.length > opt.length) value = w.slice(opt.length);
        if (value === undefined) continue;
        const flag = opt.replace(/^-+/, '');
        if (use === 'write') out.push(write(flag, value, `${name} ${opt} writes the file it names`));
        else
          out.push(
            exec(flag, opaque(value), `${name} ${opt} ${use === 'exec' ? 'names a program to run' : 'loads code into the program'}`),
          );
        break;
      }
    }
    return out;
  };
}

/** Both checks' effects. */
export const also =
  (...checks: readonly Check[]): Check =>
  (argv, sub, program) =>
    checks.flatMap((c) => c(argv, sub, program));

/**
 * For a program that reads whole option words with one or two dashes and never clusters letters
 * (Go's flag package, the sqlite3 and duckdb shells, Kakoune): `-c` is the option `c` of its table,
 * written `--c` so that optionTable.ts reads it as that long option, not as a cluster of letters.
 */
export const wholeWords = (table: OptionTable, argv: readonly Arg[]): Arg[] =>
  argv.map((w) => (w !== null && /^-[A-Za-z0-9]$/.test(w) && table.long.has(w.slice(1)) ? `-${w}` : w));

/** A command of `commandTable`: its own options (compact spec), or those and its own commands. */
export type CommandOptions = string | { options: string; subs: Readonly<Record<string, CommandOptions>> };

/**
 * A program read whole with one table (optionTable.ts): `global` options before the command, and
 * each command's own (with the global ones after it too). A command the table does not list is
 * unknown, unless `fallback` (the word is a script the program runs by name: `pdm test`; what
 * follows it is the script's). `runs` maps the commands whose first operand starts a program
 * (`pdm run X …`, `conda run -n env X`) to the flag keyed for it; their options end there.
 */
export function commandTable(
  global: string,
  commands: Readonly<Record<string, CommandOptions>>,
  runs: Readonly<Record<string, string>> = {},
  fallback = false,
): Check {
  const sub = (path: string, c: CommandOptions): TableSpec => {
    const out: TableSpec = {
      options: [typeof c === 'string' ? c : c.options, global],
      stopAtOperand: Object.prototype.hasOwnProperty.call(runs, path),
    };
    if (typeof c !== 'string') {
      out.subs = Object.fromEntries(Object.entries(c.subs).map(([k, v]) => [k, sub(`${path} ${k}`, v)]));
      out.subsOnly = true;
    }
    return out;
  };
  const t = optionTable({
    options: global,
    subs: Object.fromEntries(Object.entries(commands).map(([k, v]) => [k, sub(k, v)])),
    subsOnly: !fallback,
    stopAtOperand: fallback,
  });
  return (argv) => {
    const name = String(argv[0]);
    const r = readOptions(t, argv, 1, name);
    const path = r.path.join(' ');
    if (r.unknown || !Object.prototype.hasOwnProperty.call(runs, path) || r.rest === undefined) return r.effects;
    return [...r.effects, exec(runs[path]!, argvOf(argv.slice(r.rest)), `${name} ${path} runs a program`)];
  };
}
