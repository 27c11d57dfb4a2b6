/**
 * Subcommand detection for programs that have subcommands, with their GLOBAL options skipped
 * correctly: `git -C sub status` → status, `git --no-pager log` → log, `git checkout status` →
 * checkout, `docker --context x ps` → ps.
 *
 * Each table lists the global options that may come before the subcommand: those taking a value
 * (so the value is not mistaken for the subcommand) and known flags. An option the table does not
 * know, before the subcommand, leaves the subcommand unknown and the command compound: guessing
 * wrong would let `npm --unknown-opt value publish` slip past a deny rule on `npm:publish`.
 */
import { scanOptions, type Arg, type OptionGrammar } from './options.js';
import { canonicalSubcommand, PNPM_RECURSIVE_WORDS } from './subcommandAliases.js';
import { isYarnFolderWord, yarnWorkspacePrefix, type PrefixResult } from './yarnWorkspaces.js';

interface SubcommandSpec {
  grammar: OptionGrammar;
  /** Known global flags (no value), spelled as typed: "-v", "--verbose". */
  flags: readonly string[];
  /** A leading `+toolchain` word (cargo, rustup proxies) is skipped. */
  plusToolchain?: boolean;
  /** Words that only qualify the subcommand after them (pnpm `recursive publish`). */
  qualifiers?: readonly string[];
  /** Words that only name a folder to run the rest in (yarn 4 `yarn ./pkg build`). */
  folderWord?: (word: string) => boolean;
  /** Words that run the rest of the line as another command of the program (yarn `workspace a …`). */
  front?: (argv: readonly Arg[], index: number) => PrefixResult;
}

const HELP = ['-h', '--help', '-v', '--version', '-V'];

const npmLike: SubcommandSpec = {
  grammar: {
    shortValue: 'wC',
    longValue: [
      'workspace',
      'prefix',
      'loglevel',
      'registry',
      'cache',
      'userconfig',
      'globalconfig',
      'dir',
      'filter',
      'cwd',
      'reporter',
      'script-shell',
      'node-options',
      'otp',
      'tag',
    ],
    noAbbrev: true,
  },
  flags: [
    ...HELP,
    '-g',
    '--global',
    '--workspaces',
    '-ws',
    '-s',
    '--silent',
    '-q',
    '--quiet',
    '-d',
    '--json',
    '-y',
    '--yes',
    '--offline',
    '--prefer-offline',
    '--dry-run',
    '-f',
    '--force',
    '--if-present',
    '--ignore-scripts',
    '--legacy-peer-deps',
    '--verbose',
    '--no-color',
    '--color',
    '--include-workspace-root',
    '-r',
    '--recursive',
    '--stream',
    '--parallel',
    '--frozen-lockfile',
    '--no-progress',
    '--production',
    '-D',
    '--dev',
    '--workspace-root',
    '--aggregate-output',
    '--no-bail',
  ],
};

const dockerLike: SubcommandSpec = {
  grammar: {
    shortValue: 'cHl',
    longValue: [
      'context',
      'config',
      'host',
      'log-level',
      'tlscacert',
      'tlscert',
      'tlskey',
      'root',
      'runroot',
      'storage-driver',
      'storage-opt',
      'cgroup-manager',
      'connection',
      'url',
      'identity',
      'events-backend',
      'runtime',
      'conmon',
      'network-cmd-path',
      'hooks-dir',
      'module',
      'tmpdir',
      'volumepath',
      'imagestore',
      'cni-config-dir',
      'network-config-dir',
      'ssh',
      'out',
    ],
    noAbbrev: true,
  },
  flags: [...HELP, '-D', '--debug', '--tls', '--tlsverify', '--remote', '-r', '--syslog'],
};

const SPECS: Record<string, SubcommandSpec> = {
  git: {
    // git.c handle_options(): exact names, no abbreviations for global options.
    grammar: {
      shortValue: 'Cc',
      longValue: ['git-dir', 'work-tree', 'namespace', 'super-prefix', 'config-env', 'list-cmds', 'attr-source'],
      noAbbrev: true,
    },
    flags: [
      ...HELP,
      '-p',
      '--paginate',
      '-P',
      '--no-pager',
      '--bare',
      '--no-replace-objects',
      '--literal-pathspecs',
      '--glob-pathspecs',
      '--noglob-pathspecs',
      '--icase-pathspecs',
      '--no-optional-locks',
      '--no-lazy-fetch',
      '--no-advice',
      '--exec-path',
      '--html-path',
      '--man-path',
      '--info-path',
      '--exec-path=',
    ],
  },
  cargo: {
    grammar: { shortValue: 'ZC', longValue: ['color', 'config', 'explain', 'manifest-path'], noAbbrev: true },
    flags: [...HELP, '-vv', '--verbose', '-q', '--quiet', '--locked', '--offline', '--frozen', '--list'],
    plusToolchain: true,
  },
  rustup: { grammar: { noAbbrev: true }, flags: [...HELP, '--verbose', '-q', '--quiet'], plusToolchain: true },
  npm: npmLike,
  // `-c`/`--shell-mode`: a switch of pnpm exec and dlx given before them (`pnpm -c exec 'a | b'`);
  // any other pnpm command reads it as an unknown switch (nopt: no value).
  pnpm: { ...npmLike, flags: [...npmLike.flags, '-c', '--shell-mode'], qualifiers: PNPM_RECURSIVE_WORDS },
  // yarn 4 (the default command of its CLI): a first word with a slash that is not a package name
  // (`@scope/name`, berry's tryParseIdent) is the folder to run the rest of the line in, so
  // `yarn ./pkg exec …` is yarn exec.
  yarn: { ...npmLike, folderWord: isYarnFolderWord, front: yarnWorkspacePrefix },
  bun: npmLike,
  docker: dockerLike,
  podman: dockerLike,
  'docker-compose': {
    grammar: {
      shortValue: 'fp',
      longValue: ['file', 'project-name', 'profile', 'env-file', 'project-directory', 'ansi', 'progress', 'parallel'],
      noAbbrev: true,
    },
    flags: [...HELP, '--compatibility', '--dry-run', '--all-resources'],
  },
  kubectl: {
    grammar: {
      shortValue: 'ns',
      longValue: [
        'context',
        'namespace',
        'kubeconfig',
        'cluster',
        'user',
        'server',
        'token',
        'as',
        'as-group',
        'as-uid',
        'cache-dir',
        'certificate-authority',
        'client-certificate',
        'client-key',
        'request-timeout',
        'tls-server-name',
        'username',
        'password',
        'v',
        'log-file',
        'profile',
        'profile-output',
      ],
      noAbbrev: true,
    },
    flags: [...HELP, '--insecure-skip-tls-verify', '--match-server-version', '--warnings-as-errors'],
  },
  helm: {
    grammar: {
      shortValue: 'n',
      longValue: [
        'namespace',
        'kube-context',
        'kubeconfig',
        'registry-config',
        'repository-cache',
        'repository-config',
        'kube-apiserver',
        'kube-token',
        'burst-limit',
      ],
      noAbbrev: true,
    },
    flags: [...HELP, '--debug'],
  },
  go: { grammar: { shortValue: 'C', noAbbrev: true, singleDashLong: false }, flags: HELP },
  gh: { grammar: { shortValue: 'R', longValue: ['repo', 'hostname'], noAbbrev: true }, flags: HELP },
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
  dotnet: { grammar: { noAbbrev: true }, flags: [...HELP, '-d', '--diagnostics', '--info', '--list-sdks', '--list-runtimes'] },
  systemctl: {
    grammar: {
      shortValue: 'tpHMnos',
      longValue: [
        'type',
        'property',
        'host',
        'machine',
        'lines',
        'output',
        'root',
        'state',
        'signal',
        'kill-whom',
        'kill-value',
        'job-mode',
        'what',
        'timestamp',
        'preset-mode',
        'boot-loader-entry',
        'message',
        'image',
        'reboot-argument',
        'check-inhibitors',
        'drop-in',
        'when',
        'image-policy',
      ],
      noAbbrev: true,
    },
    flags: [
      ...HELP,
      '--user',
      '--system',
      '--global',
      '--runtime',
      '--now',
      '-q',
      '--quiet',
      '--no-pager',
      '-a',
      '--all',
      '-l',
      '--full',
      '--no-block',
      '-f',
      '--force',
      '--failed',
      '-r',
      '--recursive',
      '--dry-run',
      '--no-legend',
      '--no-ask-password',
      '--show-types',
      '--value',
      '--plain',
      '-i',
      '--ignore-inhibitors',
      '--no-wall',
      '--no-reload',
      '--wait',
      '--firmware-setup',
    ],
  },
  brew: { grammar: { noAbbrev: true }, flags: [...HELP, '-d', '--debug', '-q', '--quiet', '--verbose'] },
  apt: {
    grammar: {
      shortValue: 'octa',
      longValue: ['option', 'config-file', 'target-release', 'default-release', 'host-architecture'],
      noAbbrev: true,
    },
    flags: [
      ...HELP,
      '-y',
      '--yes',
      '--assume-yes',
      '--assume-no',
      '-q',
      '-qq',
      '--quiet',
      '-s',
      '--simulate',
      '--dry-run',
      '-d',
      '--download-only',
      '-f',
      '--fix-broken',
      '--no-install-recommends',
      '--install-recommends',
      '--reinstall',
      '--purge',
      '--auto-remove',
      '-u',
      '-m',
      '--allow-downgrades',
      '--allow-unauthenticated',
      '--allow-remove-essential',
      '--allow-change-held-packages',
      '--no-upgrade',
      '--only-upgrade',
      '-V',
    ],
  },
  gem: { grammar: { noAbbrev: true }, flags: HELP },
  bundle: { grammar: { noAbbrev: true }, flags: [...HELP, '--verbose', '--no-color'] },
  composer: {
    grammar: { shortValue: 'd', longValue: ['working-dir'], noAbbrev: true },
    flags: [...HELP, '-q', '--quiet', '-n', '--no-interaction', '--ansi', '--no-ansi', '--no-plugins', '--no-scripts', '--profile'],
  },
  conda: { grammar: { noAbbrev: true }, flags: HELP },
  terraform: { grammar: { singleDashLong: true, noAbbrev: true }, flags: [...HELP, '-help', '-version'] },
  deno: { grammar: { noAbbrev: true }, flags: [...HELP, '-q', '--quiet', '--unstable'] },
  aws: {
    grammar: {
      longValue: ['profile', 'region', 'output', 'endpoint-url', 'query', 'color', 'ca-bundle', 'cli-read-timeout', 'cli-connect-timeout'],
      noAbbrev: true,
    },
    flags: [...HELP, '--debug', '--no-paginate', '--no-verify-ssl', '--no-sign-request', '--no-cli-pager'],
  },
  gcloud: {
    grammar: { longValue: ['project', 'account', 'configuration', 'format', 'verbosity', 'impersonate-service-account'], noAbbrev: true },
    flags: [...HELP, '-q', '--quiet'],
  },
  nix: {
    grammar: { longValue: ['option', 'extra-experimental-features'], noAbbrev: true },
    flags: [...HELP, '-L', '--print-build-logs', '--impure', '--offline', '--refresh'],
  },
};

// Runners whose `run`/`exec` subcommand runs a program (dangerousArgs.ts reads what follows it):
// without a spec the subcommand would never be found and `pipenv run rm -rf x` would be simple.
for (const p of [
  'pipenv',
  'pdm',
  'hatch',
  'direnv',
  'mamba',
  'micromamba',
  'rye',
  'pixi',
  'pyenv',
  'rbenv',
  'nodenv',
  'goenv',
  'jenv',
  'mise',
  'rtx',
  'asdf',
  'devbox',
  'volta',
  'fnm',
  'nvm',
  'lerna',
])
  SPECS[p] ??= { grammar: { noAbbrev: true }, flags: [...HELP, '-q', '--quiet', '--verbose'] };
SPECS['pip3'] = SPECS['pip']!;
SPECS['apt-get'] = SPECS['apt']!;
SPECS['apt-cache'] = SPECS['apt']!;
SPECS['dnf'] = {
  grammar: {
    shortValue: 'cR',
    longValue: ['config', 'releasever', 'installroot', 'setopt', 'repo', 'enablerepo', 'disablerepo'],
    noAbbrev: true,
  },
  flags: [...HELP, '-y', '--assumeyes', '-q', '--quiet', '--refresh', '-C', '--cacheonly', '--nogpgcheck'],
};
SPECS['yum'] = SPECS['dnf']!;

export function hasSubcommands(program: string): boolean {
  return Object.prototype.hasOwnProperty.call(SPECS, program);
}

export interface SubcommandResult {
  /** Canonical: the program's own aliases and abbreviations resolved (subcommandAliases.ts). */
  subcommand?: string;
  /** The subcommand word as typed, when it differs from `subcommand`. */
  typed?: string;
  /** Index of the subcommand word in argv. */
  index?: number;
  /** A global option the table does not know came first: the subcommand cannot be trusted. */
  unknownOption?: string;
  /** A word computed at run time came before the subcommand. */
  dynamic?: boolean;
  /** The unknown option is inside a front that runs another command (`yarn workspaces foreach`). */
  frontUnknown?: boolean;
}

/** argv[0] is the program. */
export function detectSubcommand(program: string, argv: readonly Arg[]): SubcommandResult {
  const spec = SPECS[program];
  if (!spec) return {};
  let from = 1;
  if (spec.plusToolchain && typeof argv[1] === 'string' && argv[1].startsWith('+')) from = 2;
  let qualifier: { word: string; index: number } | undefined;
  // Bounded: each front moves `from` forward, but `yarn workspace a workspace b …` may repeat.
  for (let fronts = 0; ;) {
    const r = firstOperand(spec, argv, from);
    if (r.word === undefined || r.index === undefined) {
      if (r.dynamic || r.unknownOption !== undefined || !qualifier) return r;
      // `pnpm recursive` alone is the recursive command itself.
      return named(program, qualifier.word, argv, qualifier.index);
    }
    if (!qualifier && spec.folderWord?.(r.word)) {
      from = r.index + 1;
      continue;
    }
    const f = qualifier ? undefined : spec.front?.(argv, r.index);
    if (f !== undefined) {
      if ('dynamic' in f) return { dynamic: true };
      if ('unknownOption' in f) return { unknownOption: f.unknownOption, frontUnknown: true };
      if (++fronts > 8) return { unknownOption: r.word };
      from = f.next;
      continue;
    }
    // Only the first operand can qualify (pnpm: remain[0]); the next one is the subcommand.
    if (!qualifier && spec.qualifiers?.includes(r.word)) {
      qualifier = { word: r.word, index: r.index };
      from = r.index + 1;
      continue;
    }
    return named(program, r.word, argv, r.index);
  }
}

function named(program: string, word: string, argv: readonly Arg[], index: number): SubcommandResult {
  const subcommand = canonicalSubcommand(program, word, argv, index);
  return subcommand === word ? { subcommand, index } : { subcommand, typed: word, index };
}

/** The first operand from argv[from], the global options before it checked against the table. */
function firstOperand(
  spec: SubcommandSpec,
  argv: readonly Arg[],
  from: number,
): { word?: string; index?: number; dynamic?: boolean; unknownOption?: string } {
  const items = scanOptions(argv, from, { ...spec.grammar, stopAtOperand: true });
  for (const it of items) {
    if (it.kind === 'dynamic') return { dynamic: true };
    if (it.kind === 'operand') {
      if (it.value === null) return { dynamic: true };
      return { word: it.value, index: it.word };
    }
    if (it.value !== undefined) continue; // a value-taking option: known by construction
    const spelled =
      it.kind === 'long' ? (spec.grammar.singleDashLong && !argv[it.word]!.startsWith('--') ? '-' : '--') + it.name : '-' + it.name;
    const word = argv[it.word]!;
    if (!spec.flags.includes(spelled) && !spec.flags.includes(word)) return { unknownOption: word };
  }
  return {};
}
