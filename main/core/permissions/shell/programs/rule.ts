/**
 * What the classifier knows about one program, in one place (docs/permissions.md, "Shell classifier").
 *
 * A family file (git.ts, node.ts, containers.ts …) holds the rules of related programs: the
 * subcommand table (global options before the subcommand), the subcommand aliases the program
 * resolves by itself, the package-manager fallback (a word that is no script runs as a program),
 * the wrapper behaviour (what it runs), and the argument checks (options that run another program,
 * load code or write a file the command names). index.ts looks a rule up by name: `programRule`.
 *
 * Each rule carries examples: `match` commands the rule catches (compound, their key holding the
 * given fragment) and `notMatch` commands it lets through as one simple call. programs.test.ts
 * checks every example, so they are the documentation of what each rule catches.
 */
import type { Effect } from '../effects.js';
import type { Arg, OptionGrammar } from '../options.js';
import type { PrefixResult } from './node/yarnWorkspaces.js';
import type { Runner } from './node/scriptRunners.js';

/** Where the subcommand is: its canonical name and the index of its word in argv. */
export interface SubcommandAt {
  subcommand?: string;
  index?: number;
}

/** The arguments' effects: `program` is the name the rule was looked up under (canonical: `pn` is pnpm). */
export type Check = (argv: readonly Arg[], sub: SubcommandAt, program: string) => Effect[];

/** The subcommand the program really runs for `word` (at argv[index]), or undefined for the word as typed. */
export type Resolver = (word: string, argv: readonly Arg[], index: number) => string | undefined;

/** What a wrapper runs (usually one effect; none when it runs nothing, as `env` alone). */
export interface WrapperUse {
  effects: Effect[];
}
export type WrapperFn = (argv: readonly Arg[]) => WrapperUse;

export interface SubcommandSpec {
  grammar: OptionGrammar;
  /** Known global flags (no value), spelled as typed: "-v", "--verbose". */
  flags: readonly string[];
  /** A leading `+toolchain` word (cargo, rustup proxies) is skipped. */
  plusToolchain?: boolean;
  /** Words that only qualify the subcommand after them (pnpm `recursive publish`). */
  qualifiers?: readonly string[];
  /** Words that only name a folder to run the rest in (yarn 4 `yarn ./pkg build`). */
  folderWord?: (word: string) => boolean;
  /** Words that run the rest of the line as another command of the program (yarn `workspace a …`). */
  front?: (argv: readonly Arg[], index: number) => PrefixResult;
}

/**
 * An example command: as a string (`notMatch`: classified simple), or with the fragment its key
 * must hold (`match`: `['git -c core.pager=sh log', '#c']`).
 */
export type Example = string | readonly [command: string, keyHolds: string];
export interface Examples {
  match?: readonly Example[];
  notMatch?: readonly Example[];
}

/**
 * How a rule reads the program's options (docs/permissions.md, "Policies"):
 *   allowlist — every option is read with an option table; one the table does not know is compound;
 *               with `defaults`, the default's path and remote-code checks (noSpec.ts rules 1 and 2)
 *               apply on top, for programs whose operands are files the checks do not otherwise
 *               follow (sort, tee, rg); the table says what each option does, so the default's
 *               reading of option names (rule 3) does not — but with `byName`, for a table that
 *               knows arity only (the help layer's, from `--help`), where it does;
 *   default   — the rule's own checks, plus the default for a program without a spec (noSpec.ts);
 *   spec      — the base layer's table from the CLI spec library (specs/specRules.ts): an option it does
 *               not define is compound, and the default's checks apply on top, since a spec marks
 *               paths, commands and modules only where its authors did (`swift build --scratch-path ../b`);
 *               with `checks`, a hand rule of a program the library has a table for: the spec's table
 *               is its options' allowlist and the rule's own checks stay on top (specs/specRules.ts
 *               `withSpec`; index.ts gives it to every such rule that would otherwise have `default`);
 *   exception — the rule's own checks alone, for the reason given (sed's first operand is a script, not a path).
 */
export type OptionPolicy =
  | { kind: 'allowlist'; defaults?: true; byName?: true }
  | { kind: 'spec'; checks?: true } | { kind: 'default' } | { kind: 'exception'; why: string };

export interface ProgramRule extends Examples {
  /** The canonical name rules are looked up under (spellings: programNames.ts). */
  name: string;
  /** The family file that holds the rule. */
  family: string;
  policy: OptionPolicy;
  subcommands?: SubcommandSpec;
  alias?: Resolver;
  runner?: Runner;
  wrapper?: WrapperFn;
  /** The effects of the arguments: the option tables' (`options`) and the rule's own checks. */
  effects?: Check;
  /**
   * The allowlist of the options after the subcommand (optionTable.ts: `subcommandOptions`): an
   * option it does not know makes the command compound. Also part of `effects`.
   */
  options?: Check;
  /**
   * Every option only selects what is read or how it is printed (helpRules.ts): a wildcard or a
   * run-time word that turns into option words cannot make it write or run anything.
   */
  readsOnly?: true;
  /**
   * The call runs another program's command line in this process (`python -m pytest -q`: pytest
   * reads `-q`): that program and its words, which its own rule reads (commandVisitor.ts).
   */
  module?: ModuleRun;
}

/**
 * What a call hands to a module it runs as a program (argv[0] its name): the program whose rule
 * reads its words, or a module no rule knows (its words meet the no-spec default).
 */
export type ModuleRun = (argv: readonly Arg[]) => { program: string; argv: Arg[] } | { module: string; argv: Arg[] } | undefined;

export interface FamilyTables {
  effects?: Readonly<Record<string, Check>>;
  /** Option tables per program (optionTable.ts), read before the program's own checks. */
  options?: Readonly<Record<string, Check>>;
  subcommands?: Readonly<Record<string, SubcommandSpec>>;
  aliases?: Readonly<Record<string, Resolver>>;
  runners?: Readonly<Record<string, Runner>>;
  wrappers?: Readonly<Record<string, WrapperFn>>;
  /** Programs whose checks read every option with a table (an unknown option is compound); `options` implies it. */
  allowlist?: readonly string[];
  /** Allowlisted programs whose arguments also meet the default's checks (OptionPolicy `defaults`). */
  withDefaults?: readonly string[];
  /** Programs that run a module as a program (python -m): rule.ts `ModuleRun`. */
  modules?: Readonly<Record<string, ModuleRun>>;
  /** Programs the no-spec default does not apply to, each with the reason. */
  exceptions?: Readonly<Record<string, string>>;
}

const own = <T>(o: Readonly<Record<string, T>> | undefined, k: string): T | undefined =>
  o !== undefined && Object.prototype.hasOwnProperty.call(o, k) ? o[k] : undefined;

/** A wrapper's options and the command it runs are read by its wrapper function (wrappers.ts), never by the default. */
const WRAPPER = 'a wrapper: its wrapper function reads its options and the command it runs';

/** One rule per program named in any of a family's tables, with its examples. */
export function rules(family: string, t: FamilyTables, examples: Readonly<Record<string, Examples>> = {}): ProgramRule[] {
  const names = new Set<string>();
  for (const table of [t.effects, t.options, t.subcommands, t.aliases, t.runners, t.wrappers, t.exceptions])
    for (const k of Object.keys(table ?? {})) names.add(k);
  for (const k of t.allowlist ?? []) if (!names.has(k)) throw new Error(`${k} is listed as an allowlist in ${family} but has no checks`);
  for (const k of t.withDefaults ?? [])
    if (!(t.allowlist ?? []).includes(k)) throw new Error(`${k} has defaults in ${family} but is no allowlist`);
  for (const k of Object.keys(examples)) if (!names.has(k)) throw new Error(`examples for ${k}, which has no rule in ${family}`);
  return [...names].map((name) => {
    const why = own(t.exceptions, name);
    const allowlist = own(t.options, name) !== undefined || (t.allowlist ?? []).includes(name);
    if (allowlist && why !== undefined) throw new Error(`${name} in ${family} is both an allowlist and an exception`);
    const policy: OptionPolicy = allowlist
      ? (t.withDefaults ?? []).includes(name)
        ? { kind: 'allowlist', defaults: true }
        : { kind: 'allowlist' }
      : why !== undefined
        ? { kind: 'exception', why }
        : own(t.wrappers, name) !== undefined
          ? { kind: 'exception', why: WRAPPER }
          : { kind: 'default' };
    const r: ProgramRule = { name, family, policy };
    const checks = own(t.effects, name);
    const options = own(t.options, name);
    if (options) r.options = options;
    const effects =
      options && checks
        ? (argv: Parameters<Check>[0], sub: Parameters<Check>[1], p: string) => [...options(argv, sub, p), ...checks(argv, sub, p)]
        : (options ?? checks);
    if (effects) r.effects = effects;
    const subcommands = own(t.subcommands, name);
    if (subcommands) r.subcommands = subcommands;
    const alias = own(t.aliases, name);
    if (alias) r.alias = alias;
    const runner = own(t.runners, name);
    if (runner) r.runner = runner;
    const wrapper = own(t.wrappers, name);
    if (wrapper) r.wrapper = wrapper;
    const module = own(t.modules, name);
    if (module) r.module = module;
    const ex = own(examples, name);
    if (ex?.match) r.match = ex.match;
    if (ex?.notMatch) r.notMatch = ex.notMatch;
    return r;
  });
}
