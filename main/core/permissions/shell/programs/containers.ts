/**
 * Container CLIs: docker, podman, docker-compose, kubectl, helm. Host access (`--privileged`, host namespaces, mounts of /) and `exec`/`run` of a command.
 * Rules: rule.ts; lookup: index.ts.
 */
import { exec, write, type Effect } from '../effects.js';
import { scanOptions, type Arg } from '../options.js';
import { opaque, argvOf, isLong, valueOf, HELP, also } from './kit.js';
import { optionTable, readOptions, type OptionHandler, type TableSpec } from './optionTable.js';
import { rules, type Check, type SubcommandSpec, type ProgramRule, type Examples } from './rule.js';

function kubectl(argv: readonly Arg[]): Effect[] {
  return scanOptions(argv, 1, { longValue: ['kubeconfig'] })
    .filter((it) => isLong(it, ['kubeconfig']))
    .map(() => exec('kubeconfig', opaque(), 'a kubeconfig file can name credential plugins to run'));
}

const RUN_VALUE_LONG =
  'add-host annotation attach blkio-weight blkio-weight-device cap-add cap-drop cgroup-parent cgroupns cidfile cpu-count ' +
  'cpu-percent cpu-period cpu-quota cpu-rt-period cpu-rt-runtime cpu-shares cpus cpuset-cpus cpuset-mems detach-keys device ' +
  'device-cgroup-rule device-read-bps device-read-iops device-write-bps device-write-iops dns dns-option dns-search domainname ' +
  'entrypoint env env-file expose gpus group-add health-cmd health-interval health-retries health-start-interval ' +
  'health-start-period health-timeout hostname io-maxbandwidth io-maxiops ip ip6 ipc isolation kernel-memory label label-file ' +
  'link link-local-ip log-driver log-opt mac-address memory memory-reservation memory-swap memory-swappiness mount name network ' +
  'net network-alias net-alias oom-score-adj pid pids-limit platform publish pull restart runtime security-opt shm-size ' +
  'stop-signal stop-timeout storage-opt sysctl tmpfs ulimit user userns uts volume volume-driver volumes-from workdir';
const RUN_FLAG_LONG =
  'detach disable-content-trust help init interactive no-healthcheck oom-kill-disable privileged publish-all quiet read-only rm sig-proxy tty use-api-socket';
/** Short letters and the long option each is (-v is --volume …); `a` attach, `h` hostname, `l` label, `m` memory. */
const RUN_SHORT =
  'v|volume= c|cpu-shares= e|env= u|user= w|workdir= p|publish= a|attach= h|hostname= l|label= m|memory= d|detach P|publish-all i|interactive t|tty q|quiet';
/** Values that reach the host: namespaces shared with it, capabilities, devices, host folders. */
const HOST_VALUE = ['pid', 'ipc', 'uts', 'userns', 'cgroupns', 'network', 'net'];

const hostPath = (src: string) => /^(\/|~|\.\.(\/|$))/.test(src) || src.includes('docker.sock');
const mount =
  (opt: 'volume' | 'mount'): OptionHandler =>
  (value, _typed, at) => {
    const v = value ?? null;
    const src = v === null ? null : opt === 'mount' ? (/(?:^|,)(?:source|src)=([^,]*)/.exec(v)?.[1] ?? '') : v.split(':')[0]!;
    return src === null || hostPath(src) ? [write('volume', v, `${at.where} mounts a host folder into the container`)] : [];
  };
const hostAccess: OptionHandler = (_value, typed, at) => [
  exec('host', opaque(typed), `${at.where} ${typed} gives the container access to the host`),
];
const namespace =
  (opt: string): OptionHandler =>
  (value, _typed, at) => {
    const v = value ?? null;
    return v === null || /^(host|container:|ns:|\/)/.test(v)
      ? [exec('host', opaque(`--${opt}=${v ?? '?'}`), `${at.where} --${opt} ${v ?? ''} shares a namespace with the host`)]
      : [];
  };

/**
 * `docker|podman run|create|exec` options, an allowlist with arity from docker/cli's cobra flags
 * (cli/command/container/opts.go, exec.go; pflag: no abbreviations, `-v=x` and `-itv x` forms).
 * Options stop at the first operand (the image or container): what follows is the container's
 * command (`docker run IMAGE node -v`). An option not listed makes the command compound.
 */
const RUN_TABLE: TableSpec = {
  options: [
    RUN_SHORT,
    RUN_VALUE_LONG.split(' ')
      .filter((o) => !RUN_SHORT.includes(`|${o}=`))
      .map((o) => (o === 'cidfile' ? 'cidfile=:write' : o === 'runtime' ? 'runtime=:prog' : `${o}=`))
      .join(' '),
    RUN_FLAG_LONG.split(' ')
      .filter((o) => !RUN_SHORT.includes(`|${o} `) && !RUN_SHORT.endsWith(`|${o}`))
      .join(' '),
  ],
  stopAtOperand: true,
  equalsShort: true,
  handlers: {
    volume: mount('volume'),
    mount: mount('mount'),
    privileged: hostAccess,
    'cap-add': hostAccess,
    device: hostAccess,
    'security-opt': hostAccess,
    'volumes-from': hostAccess,
    ...Object.fromEntries(HOST_VALUE.map((o) => [o, namespace(o)])),
  },
};
const RUN = optionTable(RUN_TABLE);
const CONTAINER = optionTable({ options: '', subs: { run: RUN_TABLE, create: RUN_TABLE, exec: RUN_TABLE }, subsOnly: true });

/**
 * `docker run -v /:/host`, `--privileged`, `--pid=host`, the docker socket: a container that sees
 * the host's files or kernel is the host. A bind mount of a host path given absolute, from home or
 * climbing out (`/`, `~`, `..`) and the host-namespace options are reported; relative mounts of
 * the project (`-v .:/app`) stay ordinary.
 */
function containerHostAccess(argv: readonly Arg[], sub: { subcommand?: string; index?: number }): Effect[] {
  if (sub.index === undefined) return [];
  const where = `${String(argv[0])} ${sub.subcommand ?? ''}`;
  if (sub.subcommand === 'container') {
    if (!['run', 'create', 'exec'].includes(argv[sub.index + 1] ?? '')) return [];
    return readOptions(CONTAINER, argv, sub.index + 1, where).effects;
  }
  if (!['run', 'create', 'exec'].includes(sub.subcommand ?? '')) return [];
  return readOptions(RUN, argv, sub.index + 1, where).effects;
}

function container(argv: readonly Arg[], sub: { subcommand?: string; index?: number }): Effect[] {
  const end = sub.index ?? argv.length;
  return containerHostAccess(argv, sub).concat(
    // --config DIR: its config.json names credential helper programs (docker-credential-*) to run.
    scanOptions(argv.slice(0, end), 1, { longValue: ['runtime', 'conmon', 'network-cmd-path', 'hooks-dir', 'config'] })
      .filter((it) => isLong(it, ['runtime', 'conmon', 'network-cmd-path', 'hooks-dir', 'config']))
      .map((it) =>
        exec(
          it.kind === 'long' ? it.name : 'runtime',
          it.kind === 'long' && it.name === 'config' ? opaque() : argvOf([valueOf(it)]),
          `${String(argv[0])} --runtime/--conmon/--hooks-dir names programs to run`,
        ),
      ),
  );
}

function helm(argv: readonly Arg[]): Effect[] {
  const out = kubectl(argv);
  for (const it of scanOptions(argv, 1, { longValue: ['post-renderer', 'kubeconfig'] }))
    if (isLong(it, ['post-renderer'])) out.push(exec('post_renderer', argvOf([valueOf(it)]), 'helm --post-renderer runs a program'));
  return out;
}

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

/**
 * Configuration written now that a later plain `kubectl` runs: an exec credential plugin
 * (`config set-credentials --exec-command=`) or a property path into one (`config set users.u.exec.command`).
 */
const laterConfig: Check = (argv) => {
  const i = argv.indexOf('config');
  if (i < 0) return [];
  const rest = argv.slice(i + 1);
  const names = rest.some((a) => a === null || /^--(exec-|auth-provider)/.test(a) || /(^|\.)(exec|auth-provider)(\.|$)/.test(a));
  return names ? [exec('config', opaque(), 'kubectl config sets a credential program a later kubectl runs')] : [];
};

const effects: Readonly<Record<string, Check>> = {
  kubectl: also(kubectl, laterConfig),
  helm,
  docker: container,
  podman: container,
};

const subcommands: Readonly<Record<string, SubcommandSpec>> = {
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
};

/** What these rules catch (match: compound, key holding the fragment) and let through (notMatch: simple). */
const EXAMPLES: Readonly<Record<string, Examples>> = {
  docker: {
    match: [
      ['docker run --privileged alpine', '#host'],
      ['docker run --pid host alpine', '#host'],
      ['docker run -itv /:/h alpine', '#volume'],
      ['docker run --frobnicate alpine', '#unknown_option'],
    ],
    notMatch: ['docker ps', 'docker run --rm -it alpine node -v', 'docker run -v ./src:/app -e A=1 node:20 npm test'],
  },
};

export const RULES: readonly ProgramRule[] = rules('containers', { effects, subcommands }, EXAMPLES);
