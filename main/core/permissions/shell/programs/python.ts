/**
 * Python tooling: pip, pipx, uv, poetry, pipenv, pdm, rye, pixi, conda/mamba, hatch, pytest. `run`/`exec` subcommands run a program.
 * Rules: rule.ts; lookup: index.ts.
 */
import { exec, risk, write, type Effect } from '../effects.js';
import { scanOptions, type Arg } from '../options.js';
import { argvOf, isLong, isShort, opaque, valueOf, subcommandRunner, HELP, RUN_TOOL, also, wordOptions } from './kit.js';
import { optionTable, readOptions, subcommandOptions, type OptionTable, type TableSpec } from './optionTable.js';
import { PIP_COMMANDS, PIP_GENERAL } from './python/pipOptions.js';
import { rules, type Check, type SubcommandSpec, type ProgramRule, type Examples } from './rule.js';

/** pytest --basetemp deletes that folder first; report options write files they name. */
function pytest(argv: readonly Arg[]): Effect[] {
  const out: Effect[] = [];
  const reports = ['junitxml', 'junit-xml', 'result-log', 'resultlog', 'report-log', 'html', 'json-report-file', 'debug'];
  for (const it of scanOptions(argv, 1, {
    shortValue: 'kmpcorW',
    longValue: ['basetemp', 'rootdir', 'confcutdir', ...reports.filter((r) => r !== 'debug')],
    longOptional: ['debug'],
    noAbbrev: false,
  })) {
    if (isLong(it, ['basetemp'])) out.push(write('basetemp', valueOf(it), 'pytest --basetemp deletes and recreates the folder it names'));
    // `-p name` imports a plugin module before the run (`-p no:name` only turns one off).
    if (isShort(it, 'p') && !/^no:/.test(valueOf(it) ?? ''))
      out.push(exec('p', opaque(valueOf(it)), 'pytest -p loads the plugin module it names'));
    if (isLong(it, reports, ['durations', 'durations-min']))
      out.push(write(it.kind === 'long' ? it.name : 'report', valueOf(it), 'pytest writes a report file it names'));
  }
  return out;
}

/**
 * pip config settings a `pip config set` may write and stay one plain call: display only. Any other
 * key can name a program, a file pip writes or an index it installs from (`global.python`, `log`).
 */
const PIP_DISPLAY_CONFIG =
  /^[a-z]+\.(progress[-_]bar|no[-_]color|disable[-_]pip[-_]version[-_]check|quiet|verbose|no[-_]python[-_]version[-_]warning)$/;

function pipTable(own: string, subs?: TableSpec['subs']): TableSpec {
  const spec: TableSpec = { options: [own, PIP_GENERAL], abbrev: true };
  if (subs) spec.subs = subs;
  return spec;
}
const PIP_TABLES: Readonly<Record<string, OptionTable>> = Object.fromEntries(
  Object.entries(PIP_COMMANDS).map(([k, v]) => [k, optionTable(pipTable(v))]),
);

const PIP_GENERAL_TABLE = optionTable(pipTable(''));
const pipOptions = subcommandOptions('pip', { tables: PIP_TABLES });

/** pip: each command's options against its optparse table; `pip config set|edit|unset` changes what later pip runs. */
const PIP: Check = (argv, sub) => {
  // Options before the command are pip's general ones (`pip --log x install y`).
  const out = readOptions(PIP_GENERAL_TABLE, argv.slice(0, sub.index ?? argv.length), 1, 'pip').effects;
  out.push(...pipOptions(argv, sub, 'pip'));
  if (sub.subcommand !== 'config' || sub.index === undefined || out.some((e) => e.flag === 'unknown_option')) return out;
  const r = readOptions(PIP_TABLES.config!, argv, sub.index + 1, 'pip config');
  const ops = r.operands.map((k) => argv[k] ?? null);
  const verb = ops[0];
  if (verb === 'list' || verb === 'get' || verb === 'debug' || verb === undefined) return out;
  if (verb === 'edit') return [...out, exec('edit', opaque(), 'pip config edit runs an editor')];
  const key = ops[1];
  if (verb === 'set' && typeof key === 'string' && PIP_DISPLAY_CONFIG.test(key.toLowerCase())) return out;
  return [...out, risk('config', `pip config ${verb ?? '?'} changes configuration pip reads on every later run`, key ?? null)];
};

/** `conda run` (and mamba's, micromamba's): the spec library's options (figTables.ts). */
const CONDA_RUN = 'n|name= p|prefix= v|verbose dev debug-wrapper-scripts cwd= no-capture-output live-stream';

const effects: Readonly<Record<string, Check>> = {
  // uv run: the spec library's options (figTables.ts) and uv's global ones (`uv run --help`).
  uv: subcommandRunner(
    ['run', 'tool'],
    'extra= all-extras no-extra= no-dev group= no-group= only-group= all-groups m|module only-dev no-editable env-file= ' +
      'no-env-file with= with-editable= with-requirements= isolated no-sync locked frozen s|script all-packages package= ' +
      'no-project p|python= directory= project= index= default-index= i|index-url= extra-index-url= f|find-links= ' +
      'no-index U|upgrade P|upgrade-package= reinstall offline n|no-cache cache-dir= q|quiet v|verbose color= ' +
      'config-file= no-config native-tls preview from= active exact inexact gui-script',
  ),
  uvx: (argv) => [exec('run', argvOf(argv.slice(1)), 'uvx runs a tool')],
  poetry: subcommandRunner(['run'], 'v|verbose q|quiet n|no-interaction no-plugins no-cache directory= P|project= ansi no-ansi'),
  pipenv: subcommandRunner(['run']),
  pdm: subcommandRunner(['run']),
  pipx: subcommandRunner(['run']),
  rye: subcommandRunner(['run']),
  pixi: subcommandRunner(['run', 'exec']),
  micromamba: subcommandRunner(['run'], CONDA_RUN),
  hatch: subcommandRunner(['run']),
  conda: subcommandRunner(['run'], CONDA_RUN),
  mamba: subcommandRunner(['run'], CONDA_RUN),
  pytest: also(
    pytest,
    wordOptions(
      'pytest',
      [
        ['--log-file', 'write'],
        ['--resultlog', 'write'],
        ['--report-log', 'write'],
      ],
      true,
    ),
  ),
  pip: PIP,
  pip3: PIP,
  'py.test': pytest,
};

const subcommands: Readonly<Record<string, SubcommandSpec>> = {
  pipenv: RUN_TOOL,
  pdm: RUN_TOOL,
  hatch: RUN_TOOL,
  mamba: RUN_TOOL,
  micromamba: RUN_TOOL,
  rye: RUN_TOOL,
  pixi: RUN_TOOL,
  pip: {
    grammar: {
      longValue: [
        'log',
        'proxy',
        'retries',
        'timeout',
        'exists-action',
        'trusted-host',
        'cert',
        'client-cert',
        'cache-dir',
        'python',
        'use-feature',
        'use-deprecated',
        'keyring-provider',
        'progress-bar',
        'index-url',
      ],
      noAbbrev: false,
    },
    flags: [
      ...HELP,
      '-q',
      '--quiet',
      '--verbose',
      '--isolated',
      '--require-virtualenv',
      '--no-cache-dir',
      '--disable-pip-version-check',
      '--no-color',
      '--no-input',
      '--debug',
      '--no-python-version-warning',
      '--user',
    ],
  },
  pipx: { grammar: { noAbbrev: true }, flags: [...HELP, '--quiet', '--verbose'] },
  uv: {
    grammar: { longValue: ['directory', 'project', 'cache-dir', 'color', 'config-file', 'python'], noAbbrev: true },
    flags: [
      ...HELP,
      '-q',
      '--quiet',
      '--verbose',
      '--offline',
      '--no-cache',
      '-n',
      '--native-tls',
      '--no-config',
      '--no-progress',
      '--preview',
      '--isolated',
    ],
  },
  poetry: {
    grammar: { shortValue: 'CP', longValue: ['directory', 'project'], noAbbrev: true },
    flags: [
      ...HELP,
      '-q',
      '--quiet',
      '--verbose',
      '-vv',
      '-vvv',
      '-n',
      '--no-interaction',
      '--ansi',
      '--no-ansi',
      '--no-plugins',
      '--no-cache',
    ],
  },
  conda: { grammar: { noAbbrev: true }, flags: HELP },
};

/** What these rules catch (match: compound, key holding the fragment) and let through (notMatch: simple). */
const EXAMPLES: Readonly<Record<string, Examples>> = {
  pipenv: { match: [['pipenv run rm -rf x', '#run-[-rm-]']] },
  uv: { match: [['uv run rm x', '#run-[-rm-]']] },
  pip: {
    match: [
      ['pip install --log /tmp/x requests', '#log'],
      ['pip install --target ../elsewhere x', '#target'],
      ['pip --python /tmp/py install x', '#python'],
      ['pip config set global.index-url https://example.com', '#config'],
      ['pip install --frobnicate x', '#unknown_option'],
    ],
    notMatch: [
      'pip install -r req.txt',
      'pip install -U pip',
      'pip list --outdated',
      'pip config set global.progress_bar off',
      'pip install --group dev',
    ],
  },
};

export const RULES: readonly ProgramRule[] = rules(
  'python',
  { effects, subcommands: { ...subcommands, pip3: subcommands['pip']! } },
  EXAMPLES,
);
