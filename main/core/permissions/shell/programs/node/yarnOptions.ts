/**
 * yarn's options after the command: an allowlist per command, the union of what yarn 1.22
 * (commander: src/cli/commands/NAME.js `setFlags`, and the global flags of src/cli/index.js, which
 * every command accepts) and yarn 4 (clipanion: each command's `Option.*` in
 * packages/plugin-NAME/sources/commands) read, since the version cannot be known from the command.
 * Both read `--x=v`, `--x v`, `-abc` clusters of switches and `--no-x`; neither takes prefixes.
 * An option not listed makes the command compound. Left out on purpose (so compound): yarn 1's
 * `--use-yarnrc` (loads a yarnrc, whose `yarn-path` names a program), `--cache-folder`,
 * `--global-folder`, `--link-folder` and `--preferred-cache-folder` (write outside the project),
 * `--scripts-prepend-node-path`, `--har` (writes a file), `--mutex` (`file:PATH` writes a lock file
 * anywhere, `network:PORT` listens on a port); yarn 4 `init -i` (downloads and runs a
 * yarn release).
 *
 * `yarn run`: options end at the script name (what follows is the script's); yarn 4 run's
 * `--require` loads a module into node (`:load`). `test`, `start` and a word that is no yarn
 * command (the run fallback) hand every word to the script. exec, dlx, node and create are read by
 * node.ts and packageExec.ts; `workspace`/`workspaces foreach|run` fronts are skipped before this.
 */
import type { Effect } from '../../effects.js';
import type { Arg } from '../../options.js';
import { exec } from '../../effects.js';
import { readOptions, type OptionTable, type TableSpec } from '../optionTable.js';
import { YARN_OWN } from './scriptRunners.js';
import { withFolderOptions } from './folderOption.js';

/** yarn 1's global flags (harmless ones), accepted after any command. */
const GLOBAL =
  'verbose offline prefer-offline json silent progress non-interactive ignore-engines ignore-optional ' +
  'ignore-platform ignore-scripts cwd= registry= network-concurrency= network-timeout= emoji= ' +
  'frozen-lockfile pure-lockfile production prod strict-semver skip-integrity-check update-checksums ' +
  'check-files flat focus force link-duplicates bin-links lockfile default-rc otp= https-proxy= proxy= ' +
  'h|help';

const PIN = 'E|exact T|tilde C|caret';
const MODE = 'mode=';

const SPECS: Readonly<Record<string, TableSpec>> = {
  install: {
    options: `audit modules-folder=:write immutable immutable-cache refresh-lockfile check-cache check-resolutions inline-builds ${MODE}`,
  },
  add: {
    options: `D|dev P|peer O|optional ${PIN} W|ignore-workspace-root-check audit prefer-dev i|interactive cached ${MODE}`,
  },
  remove: { options: `W|ignore-workspace-root-check A|all ${MODE}` },
  up: { options: `i|interactive ${PIN} R|recursive fixed ${MODE}` },
  upgrade: { options: `S|scope= L|latest ${PIN} P|pattern= audit` },
  why: { options: 'R|recursive peers' },
  list: { options: 'depth= pattern=' },
  outdated: { options: '' },
  audit: { options: 'level= groups= summary' },
  publish: {
    options:
      'tag= access= new-version= message= git-tag-version commit-hooks major minor patch premajor preminor prepatch prerelease preid=',
  },
  pack: { options: 'f|filename=:write o|out=:write n|dry-run install-if-needed' },
  link: { options: 'A|all p|private r|relative' },
  unlink: { options: 'A|all' },
  init: { options: 'y|yes p|private w|workspace n|name=' },
  info: { options: 'A|all R|recursive X|extra= cache dependents manifest name-only virtuals' },
  bin: { options: 'v|verbose' },
  help: { options: '' },
  dedupe: { options: `s|strategy= c|check ${MODE}` },
  cache: {
    options: 'mirror all pattern=',
    subs: { list: { options: 'pattern=' }, dir: { options: '' }, clean: { options: 'mirror all' } },
  },
  config: {
    options: 'g|global why H|home',
    subs: { get: { options: 'g|global why' }, set: { options: 'g|global H|home' }, list: { options: 'why' } },
  },
  workspaces: {
    options: '',
    subs: {
      list: { options: 'v|verbose R|recursive since=? no-private' },
      info: { options: '' },
      // Only without a command (yarn fails): with one, yarnWorkspaces.ts reads the front.
      foreach: {
        options:
          'A|all R|recursive W|worktree v|verbose p|parallel i|interlaced t|topological topological-dev no-private since=? n|dry-run from= j|jobs= include= exclude=',
      },
    },
  },
  npm: {
    options: '',
    subsOnly: true,
    subs: {
      audit: { options: 'A|all R|recursive environment= no-deprecations severity= exclude= ignore=' },
      publish: { options: 'access= tag= tolerate-republish otp= provenance' },
      info: { options: 'f|fields=' },
    },
  },
  // Options before the script name: yarn 4 run's (plugin-essentials run.ts). `--require` makes node load a
  // module; `--inspect[-brk]` opens a debugger port, and whoever connects to it runs code in node.
  run: { options: 'T|top-level B|binaries-only inspect=?:load inspect-brk=?:load require=:load', stopAtOperand: true },
};

/** Commands whose options are read elsewhere, or which hand every word to a script. */
const EXEMPT = new Set(['exec', 'dlx', 'node', 'create', 'test', 'start', 'workspace']);

function withGlobals(s: TableSpec): TableSpec {
  const subs = s.subs ? Object.fromEntries(Object.entries(s.subs).map(([k, v]) => [k, withGlobals(v)])) : undefined;
  const out: TableSpec = { ...s, options: [...(typeof s.options === 'string' ? [s.options] : s.options), GLOBAL], negate: true };
  if (subs) out.subs = subs;
  return out;
}

const TABLES: ReadonlyMap<string, OptionTable> = new Map(
  Object.entries(SPECS).map(([k, v]) => [k, withFolderOptions(withGlobals(v), ['cwd'])]),
);

/** The effects of the words after yarn's command `sub` at argv[index]. */
export function yarnOptionEffects(argv: readonly Arg[], index: number, sub: string): Effect[] {
  if (EXEMPT.has(sub) || (!YARN_OWN.has(sub) && !TABLES.has(sub))) return [];
  const where = `yarn ${sub}`;
  const t = TABLES.get(sub);
  if (!t) return [exec('unknown_option', { kind: 'opaque', text: null }, `${where}: the classifier has no table of its options`)];
  return readOptions(t, argv, index + 1, where).effects;
}
