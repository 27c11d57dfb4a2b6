/**
 * The subcommand a program really runs for the word typed: its built-in aliases and abbreviations
 * (`npm publ` → publish, `pnpm rm` → remove, `cargo b` → build). Keys and deny rules name the
 * canonical subcommand, so `run_command:npm:publish` cannot be dodged by spelling.
 *
 * Only resolution the program does by itself, confirmed from its source, is listed. A word the
 * program would not resolve (unknown, ambiguous prefix) stays as typed: it is an error, a script
 * name or an external command — not the aliased one. Resolution that needs I/O (git aliases, gh
 * aliases, cargo [alias] in config files, pnpm/yarn scripts) is out of reach; docs/permissions.md
 * lists those limits.
 */
import { npmDeref } from './npmCommands.js';
import type { Arg } from './options.js';

type Resolver = (word: string, argv: readonly Arg[], index: number) => string | undefined;

const table =
  (aliases: Readonly<Record<string, string>>): Resolver =>
  (word) =>
    Object.prototype.hasOwnProperty.call(aliases, word) ? aliases[word] : undefined;

/**
 * pnpm: `commandNames` of each command (exact words, no abbreviation), the aliases that pnpm
 * 10.34.9 and 11.28.13 (the published dist bundles) both resolve to the same command. Left out
 * because the two disagree: purge, rt, ss, owners, dist-tags, adduser (11 only or different), and
 * the words pnpm 10 hands to npm (info, show, v, s, se, find, home, issues). `r` was remove before
 * pnpm 6 and is a script name since. `t`/`tst` reach test through pnpm's run fallback.
 */
const PNPM_ALIASES: Readonly<Record<string, string>> = {
  i: 'install',
  it: 'install-test',
  'clean-install': 'ci',
  ic: 'ci',
  'install-clean': 'ci',
  c: 'config',
  ln: 'link',
  ls: 'list',
  la: 'll',
  rb: 'rebuild',
  uninstall: 'remove',
  rm: 'remove',
  un: 'remove',
  uni: 'remove',
  'run-script': 'run',
  dislink: 'unlink',
  up: 'update',
  upgrade: 'update',
  t: 'test',
  tst: 'test',
  multi: 'recursive',
  m: 'recursive',
};

/** pnpm's `recursive` command and its aliases only mark what follows as recursive. */
export const PNPM_RECURSIVE_WORDS: readonly string[] = ['recursive', 'multi', 'm'];

function pnpm(word: string, argv: readonly Arg[], index: number): string | undefined {
  const name = table(PNPM_ALIASES)(word, argv, index) ?? word;
  // parse-cli-args: `install` with any parameter is `add` (`pnpm i lodash` adds lodash). Options
  // are not told from their values here, so every further word counts: a deny rule on pnpm:add
  // over-matches rather than misses.
  if (name === 'install' && argv.slice(index + 1).some((a) => a === null || !a.startsWith('-'))) return 'add';
  return name === word ? undefined : name;
}

/**
 * bun: src/cli.zig `Command.which` (RootCommandMatcher, exact words). `i`/`install` with -g or
 * --global anywhere on the line is bun's add. Versions differ on `update` (add before 1.1, its own
 * command since), `b`/`d` (gone) and `bun bun` (bundle, now build): those stay literal.
 */
const BUN_ALIASES: Readonly<Record<string, string>> = {
  i: 'install',
  a: 'add',
  c: 'create',
  r: 'remove',
  rm: 'remove',
  uninstall: 'remove',
};

function bun(word: string, argv: readonly Arg[], index: number): string | undefined {
  const name = table(BUN_ALIASES)(word, argv, index) ?? word;
  if (name === 'install' && argv.some((a) => a === '-g' || a === '--global')) return 'add';
  return name === word ? undefined : name;
}

/**
 * cargo: the built-in aliases `cargo --list` prints (cargo 1.95.0). A `[alias]` table in a
 * .cargo/config.toml can redefine these (not built-in commands); that needs I/O and is a known limit.
 */
const CARGO_ALIASES: Readonly<Record<string, string>> = {
  b: 'build',
  c: 'check',
  d: 'doc',
  r: 'run',
  rm: 'remove',
  t: 'test',
};

/**
 * Bundler: `COMMAND_ALIASES` of bundler/lib/bundler/cli.rb (`map aliases_for(…)`). Thor also runs
 * any unique prefix of a command (`bundle inst`); the command list varies by version and plugin, so
 * only these are resolved. Every prefix of `exec` is among them, so `bundle e x` is seen as exec.
 */
const BUNDLE_ALIASES: Readonly<Record<string, string>> = {
  c: 'check',
  i: 'install',
  ls: 'list',
  e: 'exec',
  ex: 'exec',
  exe: 'exec',
  package: 'cache',
  pack: 'cache',
};

/**
 * Composer (Symfony Console) runs any unambiguous prefix of a command, case-insensitively since
 * Symfony 3.4, and composer.json scripts are commands too, so the full table needs I/O. Only the
 * runner matters here: a prefix of `exec` is exec or an error (ambiguous with a script), never
 * another command that could run without the exec check.
 */
function composer(word: string): string | undefined {
  const w = word.toLowerCase();
  return w.length > 0 && 'exec'.startsWith(w) && word !== 'exec' ? 'exec' : undefined;
}

const RESOLVERS: Readonly<Record<string, Resolver>> = {
  npm: (word) => {
    const c = npmDeref(word);
    return c === word ? undefined : c;
  },
  pnpm,
  bun,
  cargo: table(CARGO_ALIASES),
  bundle: table(BUNDLE_ALIASES),
  composer,
};

/** The canonical subcommand for `word` (at argv[index]) of `program`, or the word as typed. */
export function canonicalSubcommand(program: string, word: string, argv: readonly Arg[], index: number): string {
  const r = Object.prototype.hasOwnProperty.call(RESOLVERS, program) ? RESOLVERS[program] : undefined;
  return r?.(word, argv, index) ?? word;
}
