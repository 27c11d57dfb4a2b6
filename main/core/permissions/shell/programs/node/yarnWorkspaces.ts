/**
 * yarn's workspace fronts, which run the rest of the line as another yarn command:
 * - `yarn workspace <name> <command…>` (yarn 1.22.22: spawns `yarn <command…>` in the workspace;
 *   yarn 4.18.1: `cli.run([commandName, ...args])` there);
 * - `yarn workspaces foreach [options] <command…>` (yarn 4: the same, in each workspace);
 * - `yarn workspaces run <command…>` (yarn 1: spawns `yarn run <command…>` in each workspace).
 * subcommands.ts skips the front, so the command after it is the subcommand (`yarn workspace a
 * exec bash` is yarn exec; a deny rule on bash and on `yarn:exec` both see it).
 */
import type { Arg } from '../../options.js';

/**
 * `yarn workspaces foreach` options in @yarnpkg/cli-dist 4.18.1 (clipanion). `--since` has
 * tolerateBoolean (arity 0): a value only with `=`. `--from`/`--include`/`--exclude` are arrays (one
 * value each time). Anything else before the command is unknown (fail closed).
 */
const FOREACH_SWITCHES = new Set([
  '-A', '--all', '-R', '--recursive', '-W', '--worktree', '-v', '--verbose', '-p', '--parallel',
  '-i', '--interlaced', '-t', '--topological', '--topological-dev', '--no-private', '--since',
  '-n', '--dry-run',
]); // prettier-ignore
const FOREACH_VALUES = new Set(['--from', '-j', '--jobs', '--include', '--exclude', '--since']);
const FOREACH_SHORT_SWITCHES = 'ARWvpitn';

/** yarn 4: a first word with a slash that is no package name (`@scope/name`) is a folder. */
export function isYarnFolderWord(w: string): boolean {
  return /[\\/]/.test(w) && !/^(?:@[^/]+\/)?[^@/]+$/.test(w);
}

export type PrefixResult =
  /** Not a workspace front (or one without a command): the word itself is the subcommand. */
  | undefined
  /** The command starts at argv[next]. */
  | { next: number }
  | { unknownOption: string }
  | { dynamic: true };

/** Reads a workspace front whose first word is argv[index]. */
export function yarnWorkspacePrefix(argv: readonly Arg[], index: number): PrefixResult {
  const word = argv[index];
  if (word === 'workspace') {
    const name = argv[index + 1];
    if (name === null) return { dynamic: true };
    if (name === undefined || argv[index + 2] === undefined) return undefined; // yarn: missing workspace / command
    if (name.startsWith('-')) return { unknownOption: name };
    return { next: index + 2 };
  }
  if (word !== 'workspaces') return undefined;
  const sub = argv[index + 1];
  if (sub === null) return { dynamic: true };
  // yarn 1 runs `yarn run <rest>`: `run` is then the subcommand.
  if (sub === 'run') return { next: index + 1 };
  if (sub !== 'foreach') return undefined; // list, info, focus…: yarn's own commands
  for (let i = index + 2; i < argv.length; i++) {
    const w = argv[i];
    if (w === null || w === undefined) return { dynamic: true };
    if (!w.startsWith('-') || w === '-') return { next: i };
    const eq = w.indexOf('=');
    const name = eq < 0 ? w : w.slice(0, eq);
    if (w.startsWith('--') && eq >= 0) {
      if (!FOREACH_VALUES.has(name)) return { unknownOption: w };
      continue;
    }
    if (FOREACH_SWITCHES.has(w)) continue;
    if (FOREACH_VALUES.has(w)) {
      const v = argv[i + 1];
      if (v === undefined) return undefined; // no command: yarn fails
      if (v === null) return { dynamic: true };
      if (v.startsWith('-')) return { unknownOption: w };
      i++;
      continue;
    }
    // A batch of short switches (`-Apt`), as clipanion reads it.
    if (/^-[A-Za-z]{2,}$/.test(w) && [...w.slice(1)].every((c) => FOREACH_SHORT_SWITCHES.includes(c))) continue;
    return { unknownOption: w };
  }
  return undefined; // `yarn workspaces foreach -A` alone: no command, yarn fails
}
