/**
 * Node version managers, read whole with one table each (kit.ts `commandTable`: an option or
 * command not listed is compound):
 * - volta 2 (clap; volta.sh/docs/reference): `volta run [--node V …] <command> …` runs a program;
 * - fnm 1 (clap; github.com/Schniz/fnm docs/commands.md): `fnm exec [--using V] <command> …`;
 * - nvm 0.40 (a shell function; `nvm --help`): `nvm exec [V] <command> …` runs the command with
 *   that version, `nvm run [V] [args]` runs node with the arguments.
 * Clap and nvm read no unique prefixes.
 */
import { exec, type Effect } from '../../effects.js';
import type { Arg } from '../../options.js';
import { argvOf, commandTable } from '../kit.js';
import { optionTable, readItems } from '../optionTable.js';
import type { Check } from '../rule.js';

export const volta: Check = commandTable(
  'verbose quiet h|help v|version',
  {
    completions: 'f|force o|output=:write',
    fetch: '',
    help: '',
    install: '',
    list: 'c|current d|default format=',
    ls: 'c|current d|default format=',
    pin: '',
    run: 'node= npm= no-npm bundled-npm pnpm= no-pnpm yarn= no-yarn env=',
    setup: '',
    uninstall: '',
    use: '',
    which: '',
  },
  { run: 'run' },
);

export const fnm: Check = commandTable(
  'node-dist-mirror= fnm-dir= log-level= arch= version-file-strategy= corepack-enabled resolve-engines=? h|help V|version',
  {
    alias: '',
    completions: 'shell=',
    current: '',
    default: '',
    env: 'json shell= use-on-cd',
    exec: 'using=',
    help: '',
    install: 'lts latest progress= use',
    list: '',
    ls: '',
    'list-remote': 'filter= lts=? sort= latest',
    'ls-remote': 'filter= lts=? sort= latest',
    unalias: '',
    uninstall: '',
    use: 'install-if-missing silent-if-unchanged',
  },
  { exec: 'exec' },
);

const NVM_COMMANDS: Readonly<Record<string, string>> = {
  alias: 'no-colors',
  cache: '',
  current: '',
  deactivate: 'silent',
  exec: 'silent lts=?',
  install: 's| b| reinstall-packages-from= lts=? latest-npm skip-default-packages no-progress default save alias=',
  'install-latest-npm': '',
  list: 'no-colors no-alias',
  ls: 'no-colors no-alias',
  'ls-remote': 'lts=? no-colors',
  'list-remote': 'lts=? no-colors',
  'reinstall-packages': '',
  run: 'silent lts=?',
  'set-colors': '',
  unalias: '',
  uninstall: 'lts=?',
  unload: '',
  use: 'silent lts=? save',
  version: '',
  'version-remote': 'lts=?',
  which: 'silent lts=?',
};
const NVM = optionTable({
  options: 'h|help version',
  subsOnly: true,
  subs: Object.fromEntries(
    Object.entries(NVM_COMMANDS).map(([k, v]) => [k, { options: [v, 'h|help'], stopAtOperand: k === 'exec' || k === 'run' }]),
  ),
});

/** A version word nvm reads before the command (`18`, `v20.1.0`, `lts/iron`, `node`, an alias). */
const VERSION = /^(v?\d+(\.\d+){0,2}|lts\/[\w*-]+|node|stable|unstable|iojs|default|system)$/;

export function nvm(argv: readonly Arg[]): Effect[] {
  const r = readItems(NVM, argv, 1, 'nvm');
  const sub = r.path[0];
  if (r.unknown || (sub !== 'exec' && sub !== 'run') || r.rest === undefined) return r.effects;
  // The version is optional (.nvmrc): a first word that is no version is the command already.
  const first = argv[r.rest];
  const from = typeof first === 'string' && VERSION.test(first) ? r.rest + 1 : r.rest;
  const words = argv.slice(from);
  return sub === 'run'
    ? [exec('run', argvOf(['node', ...words]), 'nvm run runs node with the arguments')]
    : [exec('exec', words[0] === null ? { kind: 'opaque', text: null } : argvOf(words), 'nvm exec runs a program')];
}
