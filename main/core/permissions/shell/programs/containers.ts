/**
 * Container CLIs: docker, podman, docker-compose, kubectl, helm. Host access (`--privileged`, host namespaces, mounts of /) and `exec`/`run` of a command.
 * Rules: rule.ts; lookup: index.ts.
 */
import { exec, write, type Effect } from '../effects.js';
import { scanOptions, type Arg } from '../options.js';
import { opaque, argvOf, isLong, valueOf, HELP } from './kit.js';
import { rules, type Check, type SubcommandSpec, type ProgramRule, type Examples } from './rule.js';

function kubectl(argv: readonly Arg[]): Effect[] {
  return scanOptions(argv, 1, { longValue: ['kubeconfig'] })
    .filter((it) => isLong(it, ['kubeconfig']))
    .map(() => exec('kubeconfig', opaque(), 'a kubeconfig file can name credential plugins to run'));
}

/**
 * `docker run -v /:/host`, `--privileged`, `--pid=host`, the docker socket: a container that sees
 * the host's files or kernel is the host. A bind mount of a host path given absolute, from home or
 * climbing out (`/`, `~`, `..`) and the host-namespace options are reported; relative mounts of
 * the project (`-v .:/app`) stay ordinary.
 */
function containerHostAccess(argv: readonly Arg[], sub: { subcommand?: string; index?: number }): Effect[] {
  if (sub.index === undefined || !['run', 'create', 'exec', 'container'].includes(sub.subcommand ?? '')) return [];
  const out: Effect[] = [];
  const args = argv.slice(sub.index + 1);
  const hostPath = (src: string) => /^(\/|~|\.\.(\/|$))/.test(src) || src.includes('docker.sock');
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === null || a === undefined) continue;
    if (a === '--') break;
    let vol: Arg | undefined;
    if (a === '-v' || a === '--volume' || a === '--mount') vol = args[i + 1] ?? null;
    else if (/^(--volume|--mount)=/.test(a)) vol = a.slice(a.indexOf('=') + 1);
    else if (/^-v./.test(a)) vol = a.slice(2);
    if (vol !== undefined) {
      const src = vol === null ? null : a.includes('mount') ? (/(?:^|,)(?:source|src)=([^,]*)/.exec(vol)?.[1] ?? '') : vol.split(':')[0]!;
      if (src === null || hostPath(src)) out.push(write('volume', vol, `${String(argv[0])} mounts a host folder into the container`));
    }
    if (/^--(privileged|pid=host|ipc=host|uts=host|userns=host|cgroupns=host|cap-add|device|security-opt)(=|$)/.test(a))
      out.push(exec('host', opaque(a), `${String(argv[0])} ${a} gives the container access to the host`));
  }
  return out;
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

const effects: Readonly<Record<string, Check>> = {
  kubectl,
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
  docker: { match: [['docker run --privileged alpine', '#host']], notMatch: ['docker ps'] },
};

export const RULES: readonly ProgramRule[] = rules('containers', { effects, subcommands }, EXAMPLES);
