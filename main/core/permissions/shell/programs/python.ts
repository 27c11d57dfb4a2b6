/**
 * Python tooling: pip, pipx, uv, poetry, pipenv, pdm, rye, pixi, conda/mamba, hatch, pytest. `run`/`exec` subcommands run a program.
 * Rules: rule.ts; lookup: index.ts.
 */
import { exec, write, type Effect } from '../effects.js';
import { scanOptions, type Arg } from '../options.js';
import { argvOf, isLong, valueOf, subcommandRunner, HELP, RUN_TOOL, also, wordOptions } from './kit.js';
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
    if (isLong(it, reports, ['durations', 'durations-min']))
      out.push(write(it.kind === 'long' ? it.name : 'report', valueOf(it), 'pytest writes a report file it names'));
  }
  return out;
}

/** pip's options (optparse: abbreviations accepted) that run another interpreter, an editor, or write a log. */
const PIP = wordOptions(
  'pip',
  [
    ['--python', 'exec'],
    ['--editor', 'exec'],
    ['--log', 'write'],
    ['--log-file', 'write'],
    ['--report', 'write'],
  ],
  true,
);

const effects: Readonly<Record<string, Check>> = {
  uv: subcommandRunner(['run', 'tool'], {
    shortValue: 'p',
    longValue: ['with', 'python', 'package', 'extra', 'group', 'env-file', 'directory', 'project', 'index', 'from'],
  }),
  uvx: (argv) => [exec('run', argvOf(argv.slice(1)), 'uvx runs a tool')],
  poetry: subcommandRunner(['run']),
  pipenv: subcommandRunner(['run']),
  pdm: subcommandRunner(['run']),
  pipx: subcommandRunner(['run']),
  rye: subcommandRunner(['run']),
  pixi: subcommandRunner(['run', 'exec']),
  micromamba: subcommandRunner(['run'], { shortValue: 'np', longValue: ['name', 'prefix', 'cwd'] }),
  hatch: subcommandRunner(['run']),
  conda: subcommandRunner(['run'], { shortValue: 'np', longValue: ['name', 'prefix', 'cwd'] }),
  mamba: subcommandRunner(['run'], { shortValue: 'np', longValue: ['name', 'prefix', 'cwd'] }),
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
  pip: { notMatch: ['pip install -r req.txt'] },
};

export const RULES: readonly ProgramRule[] = rules(
  'python',
  { effects, subcommands: { ...subcommands, pip3: subcommands['pip']! } },
  EXAMPLES,
);
