/**
 * Package managers that run a word which is not one of their own commands: a package.json script
 * of that name if there is one, else a PROGRAM of that name. Scripts cannot be known without reading
 * package.json (the classifier is pure), so for such a word the program it may run is reported
 * (classify.ts lists it, with its own arguments, in the key's programs for deny rules) while the key
 * stays `run_command:pnpm` + subcommand (`pnpm build` is still matched by `run_command:pnpm:*`).
 *
 * What each one runs, confirmed from its source:
 * - pnpm 6–11 (`fallbackCommand: "run"` in parse-cli-args; run's handler calls exec's handler when
 *   no script has the name): `pnpm <word>` runs the program `<word>` from node_modules/.bin or PATH
 *   (`pnpm bash -c …` runs bash), or a path. pnpm 8+ builds that argv from the ORIGINAL words minus
 *   leading options, so `pnpm -C dir bash` runs `dir bash`. pnpm 11 also falls back under -r/--filter.
 * - yarn 1.22 (unknown command → `run`): a script, else a dependency's bin in node_modules/.bin.
 *   yarn 4 (clipanion default command): a script, else a dependency's bin; a first word with a
 *   slash is a folder to run the rest in (subcommands.ts skips it). `yarn run <word>` does the same.
 * - bun (`Command.which` → AutoCommand → RunCommand.exec with bin_dirs_only): a file, a script, or
 *   node_modules/.bin; `bun run <word>` also searches PATH (a system program such as bash).
 * A dependency's bin counts as a program of its name, as a program run by path counts by its base name.
 */
import type { Arg } from '../../options.js';

/**
 * Words every listed version runs as its own command (the intersection, so a word some version
 * runs as a script or program is never left out). pnpm: the `commandNames` of pnpm 9.15.9,
 * 10.34.9 and 11.28.13 (test/t/tst and start are NOT commands in 10 and 11: they go through run;
 * the npm pass-through words of pnpm 10 only pass when they come first, so they are left out).
 */
export const PNPM_OWN = new Set([
  'add', 'audit', 'bin', 'c', 'cache', 'cat-file', 'cat-index', 'ci', 'clean-install', 'completion',
  'completion-server', 'config', 'create', 'dedupe', 'deploy', 'dislink', 'dlx', 'doctor', 'env',
  'exec', 'fetch', 'find-hash', 'get', 'help', 'i', 'ic', 'import', 'init', 'install',
  'install-clean', 'install-test', 'it', 'la', 'licenses', 'link', 'list', 'll', 'ln', 'ls', 'm',
  'multi', 'outdated', 'pack', 'patch', 'patch-commit', 'patch-remove', 'prune', 'publish', 'rb',
  'rebuild', 'recursive', 'remove', 'restart', 'rm', 'root', 'run', 'run-script', 'self-update',
  'set', 'setup', 'store', 'un', 'uni', 'uninstall', 'unlink', 'up', 'update', 'upgrade', 'why',
]); // prettier-ignore

/** yarn: the command table of yarn 1.22.22 ∩ the first words of yarn 4.18.1's command paths. */
export const YARN_OWN = new Set([
  'add', 'bin', 'cache', 'config', 'create', 'dedupe', 'exec', 'help', 'info', 'init', 'install',
  'link', 'node', 'pack', 'remove', 'run', 'unlink', 'unplug', 'upgrade-interactive', 'version',
  'why', 'workspace', 'workspaces',
]); // prettier-ignore

/**
 * bun: `RootCommandMatcher` in src/cli.zig (commands, aliases and the reserved words, which print
 * an error instead of running a script). Words newer versions add run as their command there.
 */
export const BUN_OWN = new Set([
  'init', 'build', 'bun', 'discord', 'upgrade', 'completions', 'getcompletes', 'link', 'unlink', 'x',
  'repl', 'i', 'install', 'c', 'create', 'test', 'pm', 'add', 'a', 'update', 'patch', 'patch-commit',
  'r', 'remove', 'rm', 'uninstall', 'run', 'help', 'exec', 'outdated', 'deploy', 'cloud', 'info',
  'config', 'use', 'auth', 'login', 'logout', 'whoami', 'publish', 'prune', 'list', 'why',
]); // prettier-ignore

export interface Runner {
  own: ReadonlySet<string>;
  /** What the word may be when no script has its name (for the prompt). */
  what: string;
  /** `<runner> run <word>` may run a program too (not only a script). */
  runSubcommand?: string;
  /** pnpm 8+: the fallback argv is the original words minus leading options. */
  firstWordRuns?: boolean;
}

/** A word the runner may run as a program: argv[index] is that program, the words after it its arguments. */
export interface RunnerProgram {
  index: number;
  note: string;
}

/**
 * The words of `argv` (argv[0] is the runner, looked up as `program`) that the runner may run as a
 * program, given the subcommand word at `index` (as typed). Empty when the word is the runner's own
 * command (other than `run`).
 */
export function runnerPrograms(program: string, r: Runner, argv: readonly Arg[], word: string, index: number): RunnerProgram[] {
  const out: RunnerProgram[] = [];
  const add = (i: number, what: string, when: string): void => {
    const w = argv[i];
    if (i > 0 && i < argv.length && !out.some((o) => o.index === i))
      out.push({
        index: i,
        note: `${program} runs ${w === null || w === undefined ? 'a word known only at run time' : JSON.stringify(w)} as ${what} ${when}`,
      });
  };
  if (r.runSubcommand !== undefined && word === 'run') {
    for (const i of runOperands(argv, index + 1)) add(i, r.runSubcommand, 'when no script has that name');
    return out;
  }
  if (r.own.has(word)) return out;
  add(index, r.what, 'when no script has that name');
  if (r.firstWordRuns) {
    // pnpm 8+: the original words, leading options dropped, then one `--`.
    let i = 1;
    while (i < argv.length && typeof argv[i] === 'string' && argv[i]!.startsWith('-') && argv[i] !== '--') i++;
    if (argv[i] === '--') i++;
    const first = argv[i];
    if (i !== index && i < argv.length && !(typeof first === 'string' && r.own.has(first)))
      add(i, r.what, `(pnpm runs the first word after its options when "${word}" is no script)`);
  }
  return out;
}

/**
 * The word `<runner> run [options] <word>` runs. Options are not told from their values here, so a
 * word right after an option given without `=` may be that option's value: the next word is taken
 * too (a deny rule over-matches rather than misses).
 */
function runOperands(argv: readonly Arg[], from: number): number[] {
  const out: number[] = [];
  for (let i = from; i < argv.length && out.length < 2; i++) {
    const w = argv[i];
    if (typeof w === 'string' && w.startsWith('-') && w !== '-') {
      if (w === '--') {
        if (i + 1 < argv.length) out.push(i + 1);
        break;
      }
      continue;
    }
    out.push(i);
    const prev = argv[i - 1];
    const maybeValue = i > from && typeof prev === 'string' && prev.startsWith('-') && !prev.includes('=');
    if (!maybeValue) break;
  }
  return out;
}
