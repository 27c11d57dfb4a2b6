/**
 * bun's package-manager commands' options: an allowlist per command, the clap param lists of
 * bun's src/install/PackageManager/CommandLineArguments.zig (`shared_params` and each command's
 * own). clap reads `--x=v`, `--x v`, `-x v`, `-xv` and clusters of switches, options anywhere
 * among the operands; no prefixes, and `--no-x` only where it is its own param. An option not
 * listed makes the command compound. Left out on purpose (so compound): `-c/--config` (a
 * bunfig.toml, whose `preload` loads code into every bun run), `--trust` (bun runs dependencies'
 * lifecycle scripts only for trusted ones: --trust adds them and runs theirs), `--cafile`/`--ca`.
 * `--cache-dir`, `pack --destination/--filename` write where they name.
 *
 * bun's runtime commands (run, test, build, x, exec, the run fallback) are not read here: their
 * options (`--preload`, `--eval`, …) are read by node.ts's own checks where known.
 */
import type { Effect } from '../../effects.js';
import type { Arg } from '../../options.js';
import { readOptions, type OptionTable, type TableSpec } from '../optionTable.js';
import { withFolderOptions } from './folderOption.js';

const SHARED =
  'y|yarn p|production P|prod no-save save dry-run frozen-lockfile f|force cache-dir=:write no-cache silent quiet ' +
  'verbose no-progress no-summary no-verify ignore-scripts g|global cwd= backend= registry= concurrent-scripts= ' +
  'network-concurrency= save-text-lockfile omit= lockfile-only linker= minimum-release-age= cpu= os= h|help';
const ADD = 'd|dev D|development optional peer E|exact a|analyze only-missing';
const PACK: TableSpec = { options: ['destination=:write filename=:write gzip-level=', SHARED] };
const PM: TableSpec = { options: ['a|all json top depth=', SHARED] };

const SPECS: Readonly<Record<string, TableSpec>> = {
  install: { options: [`${ADD} filter=`, SHARED] },
  add: { options: [ADD, SHARED] },
  remove: { options: SHARED },
  link: { options: SHARED },
  unlink: { options: SHARED },
  update: { options: ['latest i|interactive filter= r|recursive', SHARED] },
  outdated: { options: ['F|filter= r|recursive', SHARED] },
  audit: { options: 'json audit-level= ignore=' },
  info: { options: ['json', SHARED] },
  why: { options: ['top depth=', SHARED] },
  pack: PACK,
  publish: { options: ['access= tag= otp= auth-type= gzip-level= tolerate-republish', SHARED] },
  pm: {
    // `bun pm trust` runs the lifecycle scripts of the packages it trusts; version commits and tags.
    ...PM,
    subsOnly: true,
    subs: {
      ...Object.fromEntries(['ls', 'bin', 'cache', 'whoami', 'untrusted', 'hash', 'hash-string', 'hash-print'].map((s) => [s, PM])),
      pack: PACK,
    },
  },
};

const TABLES: ReadonlyMap<string, OptionTable> = new Map(Object.entries(SPECS).map(([k, v]) => [k, withFolderOptions(v, ['cwd'])]));

/** The effects of the words after bun's command `sub` at argv[index] (only the commands with a table). */
export function bunOptionEffects(argv: readonly Arg[], index: number, sub: string): Effect[] {
  const t = TABLES.get(sub);
  return t ? readOptions(t, argv, index + 1, `bun ${sub}`).effects : [];
}
