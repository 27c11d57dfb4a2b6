/**
 * pnpm's options after the command: an allowlist per command, read as pnpm's parser (@pnpm/nopt,
 * in @pnpm/parse-cli-args) reads them: any number of dashes, unique prefixes, `--no-x`, `--x=v` or
 * `--x v`, shorthands and their clusters. pnpm itself refuses an option a command does not list
 * ("Unknown option"), except `--config.*` (node.ts keys those); here an option not listed makes the
 * command compound, so an option a later pnpm adds (`--pnpmfile`, which loads hooks) is never
 * taken as harmless.
 *
 * The lists are each command's `cliOptionsTypes` (pnpm 9/10, plugin-commands-*), trimmed to what
 * agents use and with the options that load code or name a program left out (`--pnpmfile`,
 * `--global-pnpmfile`, `--use-node-version`, `--node-options`, `--script-shell`): those are
 * unknown, so compound. A value is a non-Boolean type in pnpm's config types; folder options that
 * write where they name are `:write`.
 *
 * `pnpm run`: options end at the script name (pnpm 7+ passes what follows to the script); `test`,
 * `start` and a word that is no pnpm command (the run fallback: `pnpm build --watch`) take no
 * options of pnpm's at all. exec, dlx and create are read by packageExec.ts.
 */
import type { Effect } from '../../effects.js';
import type { Arg } from '../../options.js';
import { exec } from '../../effects.js';
import { readOptions, type OptionTable } from '../optionTable.js';
import { withFolderOptions } from './folderOption.js';
import { PNPM_OWN } from './scriptRunners.js';

/** Options every command accepts (pnpm's UNIVERSAL_OPTIONS and the filtering options). */
const UNIVERSAL =
  'aggregate-output color= dir= filter= filter-prod= help loglevel= parseable reporter= stream use-stderr ' +
  'workspace-root include-workspace-root fail-if-no-match recursive test-pattern= changed-files-ignore-pattern= ' +
  'workspace-concurrency= json silent';
const UNIVERSAL_SHORT: Readonly<Record<string, string>> = {
  C: '--dir',
  F: '--filter',
  h: '--help',
  r: '--recursive',
  s: '--reporter silent',
  w: '--workspace-root',
};

const INSTALL =
  'frozen-lockfile prefer-frozen-lockfile fix-lockfile force ignore-scripts ignore-pnpmfile lockfile-only ' +
  'offline prefer-offline production dev optional resolution-only shamefully-hoist side-effects-cache ' +
  'side-effects-cache-readonly strict-peer-dependencies ignore-workspace lockfile-dir=:write ' +
  'store-dir=:write virtual-store-dir=:write modules-dir=:write network-concurrency= child-concurrency= ' +
  'registry= node-linker= hoist-pattern= public-hoist-pattern= package-import-method= ' +
  'merge-git-branch-lockfiles frozen-shrinkwrap save-workspace-protocol= prod';
const DEPS = 'dev production prod optional';

/** Each command's own options (pnpm's command names, aliases resolved by node.ts). */
const COMMANDS: Readonly<Record<string, readonly [options: string, shorthands?: Readonly<Record<string, string>>]>> = {
  install: [INSTALL, { D: '--dev', P: '--production' }],
  ci: [INSTALL, { D: '--dev', P: '--production' }],
  'install-test': [INSTALL, { D: '--dev', P: '--production' }],
  add: [
    INSTALL + ' save-dev save-prod save-optional save-exact save-peer save-catalog save-catalog-name= global workspace',
    { D: '--save-dev', P: '--save-prod', O: '--save-optional', E: '--save-exact', g: '--global' },
  ],
  remove: [DEPS + ' save-dev save-prod save-optional global', { D: '--save-dev', P: '--save-prod', O: '--save-optional', g: '--global' }],
  update: [
    DEPS + ' latest interactive depth= global workspace save-exact no-save',
    { L: '--latest', i: '--interactive', g: '--global', D: '--dev', P: '--production', E: '--save-exact' },
  ],
  why: [DEPS + ' depth= long global only-projects exclude-peers find-by=', { g: '--global', D: '--dev', P: '--production' }],
  list: [DEPS + ' depth= long global only-projects exclude-peers find-by=', { g: '--global', D: '--dev', P: '--production' }],
  ll: [DEPS + ' depth= long global only-projects exclude-peers', { g: '--global', D: '--dev', P: '--production' }],
  outdated: [DEPS + ' compatible long format= global sort-by= no-table', { g: '--global', D: '--dev', P: '--production' }],
  audit: [DEPS + ' audit-level= fix ignore-registry-errors ignore-unfixable ignore=', { D: '--dev', P: '--production' }],
  publish: ['access= dry-run force git-checks otp= publish-branch= report-summary tag= provenance ignore-scripts'],
  pack: ['pack-destination=:write out=:write pack-gzip-level='],
  store: ['store-dir=:write force'],
  link: ['global', { g: '--global' }],
  unlink: ['global', { g: '--global' }],
  init: ['init-type= init-package-manager bare'],
  config: ['global location=', { g: '--global' }],
  get: ['global location=', { g: '--global' }],
  help: ['all'],
  // `pnpm recursive` alone (a qualifier with no command after it) lists the workspace's packages.
  recursive: [''],
  run: ['if-present parallel sequential resume-from= report-summary reverse bail sort no-bail'],
  rebuild: ['pending store-dir=:write'],
  prune: ['production dev optional ignore-scripts prod'],
  dedupe: ['check ignore-scripts'],
  root: ['global', { g: '--global' }],
  bin: ['global', { g: '--global' }],
  fetch: ['production dev prod'],
  licenses: [DEPS + ' long', { D: '--dev', P: '--production' }],
};

/** Commands whose options are read elsewhere, or which hand every word to a script. */
const EXEMPT = new Set(['exec', 'dlx', 'create', 'test', 'start']);

/** Each command's table in nopt's dialect (optionTable.ts TableSpec `nopt`); `run` stops at the script name. */
const TABLES: ReadonlyMap<string, OptionTable> = new Map(
  Object.entries(COMMANDS).map(([name, [opts, short]]) => [
    name,
    withFolderOptions({ options: [opts, UNIVERSAL], nopt: { ...UNIVERSAL_SHORT, ...short }, stopAtOperand: name === 'run' }, ['dir']),
  ]),
);

/** The effects of the words after pnpm's command `sub` (canonical) at argv[index]. */
export function pnpmOptionEffects(argv: readonly Arg[], index: number, sub: string, typed: string): Effect[] {
  // The run fallback (`pnpm build --watch`): every word is the script's (or the program's, which
  // scriptRunners.ts reports).
  if (EXEMPT.has(sub) || (!PNPM_OWN.has(typed) && !TABLES.has(sub))) return [];
  const where = `pnpm ${sub}`;
  const t = TABLES.get(sub);
  if (!t) return [exec('unknown_option', { kind: 'opaque', text: null }, `${where}: the classifier has no table of its options`)];
  return readOptions(t, argv, index + 1, where).effects;
}
