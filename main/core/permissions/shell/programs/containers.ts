/**
 * Container CLIs: docker, podman, docker-compose, kubectl, helm. Host access (`--privileged`, host namespaces, mounts of /) and `exec`/`run` of a command.
 * Rules: rule.ts; lookup: index.ts.
 */
import { exec, write, type Effect } from '../effects.js';
import { kubectlConfigEffects } from './kubectlConfig.js';
import { globalsTable } from './globals.js';
import { optionTable, readItems, readOptions } from './optionTable.js';
import { COMPOSE_EXEC, COMPOSE_RUN, DOCKER_RUN, buildEffects, copyEffects, runOptionEffects } from './containerOptions.js';
import type { Arg } from '../options.js';
import { opaque, argvOf, isLong, isShort, valueOf, HELP, also } from './kit.js';
import { rules, type Check, type SubcommandSpec, type ProgramRule, type Examples } from './rule.js';

/**
 * The values of a pflag long option anywhere before `--` (`--name V`, `--name=V`; pflag takes no
 * prefixes): a search of the words, not an option reader, so a value word that looks like the
 * option matches too, erring toward a match. kubectl's and helm's other options are left to the
 * default (noSpec.ts): their names and paths.
 */
function longValues(argv: readonly Arg[], name: string): Arg[] {
  const out: Arg[] = [];
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i];
    if (w === '--') break;
    if (w === `--${name}`) out.push(argv[i + 1] ?? null);
    else if (typeof w === 'string' && w.startsWith(`--${name}=`)) out.push(w.slice(name.length + 3));
  }
  return out;
}

function kubectl(argv: readonly Arg[]): Effect[] {
  return longValues(argv, 'kubeconfig').map(() => exec('kubeconfig', opaque(), 'a kubeconfig file can name credential plugins to run'));
}

/** `docker save`/`export` (docker 27 `--help`): the archive they write. */
const SAVE = optionTable({ options: 'o|output= platform= help' });

/** The global options of `docker compose` before its subcommand (compose v2 cmd/compose/compose.go). */
const COMPOSE_GLOBAL = optionTable({
  options:
    'f|file= p|project-name= profile= env-file= project-directory= ansi= progress= parallel= compatibility dry-run all-resources h|help',
  stopAtOperand: true,
  equalsShort: true,
});

/** `docker compose [globals] run|exec …`: the words after `compose`. */
function composeEffects(name: string, args: readonly Arg[]): Effect[] {
  const r = readOptions(COMPOSE_GLOBAL, args, 0, `${name} compose`);
  if (r.unknown) return r.effects;
  const i = r.rest ?? args.length;
  // `compose -- run …`: which word cobra takes for the subcommand after `--` is not read here.
  if (r.ended) return [exec('unknown_option', opaque('--'), `${name} compose option -- is not known to the classifier`)];
  const sub = args[i];
  const rest = args.slice(i + 1);
  if (sub === 'run') return runOptionEffects(`${name} compose run`, rest, COMPOSE_RUN);
  if (sub === 'exec') return runOptionEffects(`${name} compose exec`, rest, COMPOSE_EXEC);
  if (sub === 'cp') return copyEffects(`${name} compose cp`, rest);
  return [];
}

/** `docker volume create -o device=/ -o o=bind …`: a later plain `docker run -v NAME:/x` mounts that host path. */
function volumeCreate(name: string, args: readonly Arg[]): Effect[] {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === null) return [exec('unknown_option', opaque(), `${name} volume create: a word known only at run time`)];
    if (!a.startsWith('-')) continue;
    const long = a.startsWith('--');
    const opt = long ? a.slice(2).split('=')[0]! : a.slice(1, 2);
    const attached = long
      ? a.includes('=')
        ? a.slice(a.indexOf('=') + 1)
        : undefined
      : a.length > 2
        ? a.slice(2).replace(/^=/, '')
        : undefined;
    const value = attached ?? args[++i] ?? null;
    if (opt === 'label' || opt === 'name') continue;
    if ((opt === 'd' || opt === 'driver') && value === 'local') continue;
    return [exec('volume', opaque(a), `${name} volume create ${a}: driver options can bind a host path that a later run mounts`)];
  }
  return [];
}

/** `docker context create|update --docker host=ssh://…`: later plain docker commands run ssh to that host. */
function contextCreate(name: string, args: readonly Arg[]): Effect[] {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === null) return [exec('unknown_option', opaque(), `${name} context: a word known only at run time`)];
    if (!a.startsWith('--')) continue;
    const opt = a.slice(2).split('=')[0]!;
    const value = a.includes('=') ? a.slice(a.indexOf('=') + 1) : (args[++i] ?? null);
    if (opt === 'description' || opt === 'from') continue;
    if (opt === 'docker' && value !== null && /(^|,)host=(unix|tcp|npipe):\/\//.test(value) && !/(^|,)host=[^,]*,.*host=/.test(value))
      continue;
    if (opt === 'docker' && value !== null && !/(^|,)host=/.test(value)) continue;
    return [exec('context', opaque(a), `${name} context ${a}: later ${name} commands connect through it (ssh:// runs ssh)`)];
  }
  return [];
}

/** `docker buildx [--builder X] [--debug] build|b …` (buildx's root options may come first). */
function buildxEffects(name: string, args: readonly Arg[]): Effect[] {
  let i = 0;
  while (args[i] === '--debug' || args[i] === '-D' || (typeof args[i] === 'string' && /^--builder(=|$)/.test(args[i]!)))
    i += args[i] === '--builder' ? 2 : 1;
  const next = args[i];
  if (next === null) return [exec('unknown_option', opaque(), `${name} buildx: a word known only at run time`)];
  return next === 'build' || next === 'b' ? buildEffects(`${name} buildx build`, args.slice(i + 1)) : [];
}

/**
 * The subcommands of docker and podman that reach the host: run/create/exec options, cp, save and
 * export files, volume and context setup read by later commands, plugins (run as root), `podman
 * unshare` (a command on the host), and `compose` run/exec/cp.
 */
function containerHostAccess(argv: readonly Arg[], sub: { subcommand?: string; index?: number }): Effect[] {
  if (sub.index === undefined) return [];
  const name = String(argv[0]);
  let args = argv.slice(sub.index + 1);
  let subcommand = sub.subcommand ?? '';
  // Management commands: `docker container run` is `docker run`, `docker image save` is `docker save`.
  if ((subcommand === 'container' || subcommand === 'image') && typeof args[0] === 'string') {
    subcommand = args[0];
    args = args.slice(1);
  }
  const next = args[0];
  switch (subcommand) {
    case 'run':
    case 'create':
    case 'exec':
      return runOptionEffects(`${name} ${subcommand}`, args, DOCKER_RUN);
    case 'cp':
      return copyEffects(`${name} cp`, args);
    case 'build':
      return buildEffects(`${name} build`, args);
    case 'buildx':
    case 'builder':
      return buildxEffects(name, args);
    case 'save':
    case 'export': {
      const r = readItems(SAVE, args, 0, `${name} ${subcommand}`);
      return [
        ...r.effects,
        ...r.items
          .filter((it) => isShort(it, 'o') || isLong(it, ['output']))
          .map((it) => write('output', valueOf(it), `${name} ${subcommand} writes the file it names`)),
      ];
    }
    case 'volume':
      return next === 'create'
        ? volumeCreate(name, args.slice(1))
        : next === null
          ? [exec('volume', opaque(), `${name} volume: a word known only at run time`)]
          : [];
    case 'context':
      return next === 'create' || next === 'update' ? contextCreate(name, args.slice(1)) : [];
    case 'plugin':
      return next === null || ['install', 'upgrade', 'enable', 'create', 'set'].includes(next ?? '')
        ? [exec('plugin', opaque(), `${name} plugin ${next ?? '?'}: a plugin runs as root with the privileges it asks for`)]
        : [];
    case 'compose':
      return composeEffects(name, args);
    case 'runlabel':
      // podman container runlabel LABEL IMAGE: runs the command the image's label holds, on the host.
      return [exec('runlabel', opaque(), `${name} runlabel runs the command an image label holds, on the host`)];
    case 'unshare':
      // podman unshare [--rootless-netns] [CMD…]: CMD (or $SHELL) runs on the host in a user namespace.
      if (name !== 'podman') return [];
      return [exec('unshare', argsAfterFlags(args), 'podman unshare runs a command on the host')];
    default:
      return [];
  }
}

/** The command after leading flags (`--rootless-netns`), or the login shell when none is given. */
function argsAfterFlags(args: readonly Arg[]): ReturnType<typeof argvOf> {
  const i = args.findIndex((a) => a === null || !a.startsWith('-'));
  if (i < 0) return opaque();
  return args[i] === null ? opaque() : argvOf(args.slice(i));
}

function container(argv: readonly Arg[], sub: { subcommand?: string; index?: number }): Effect[] {
  const end = sub.index ?? argv.length;
  return containerHostAccess(argv, sub).concat(
    // --config DIR: its config.json names credential helper programs (docker-credential-*) to run.
    readItems(globalsTable(dockerLike), argv.slice(0, end), 1, String(argv[0]))
      .items.filter((it) => isLong(it, ['runtime', 'conmon', 'network-cmd-path', 'hooks-dir', 'config']))
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
  for (const v of longValues(argv, 'post-renderer')) out.push(exec('post_renderer', argvOf([v]), 'helm --post-renderer runs a program'));
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

/** `kubectl config …`: configuration a later plain kubectl reads (kubectlConfig.ts). */
const laterConfig: Check = (argv, sub) =>
  sub.subcommand === 'config' && sub.index !== undefined ? kubectlConfigEffects(argv.slice(sub.index + 1)) : [];

/** `docker-compose run …`, `podman-compose exec …`: the compose subcommands read as under `docker compose`. */
const composeProgram: Check = (argv, sub) => (sub.index === undefined ? [] : composeEffects(String(argv[0]), argv.slice(sub.index)));

/** `buildah unshare [CMD…]` runs CMD (or $SHELL) on the host in a user namespace (buildah-unshare(1)). */
const buildah: Check = (argv, sub) =>
  sub.subcommand === 'unshare' && sub.index !== undefined
    ? [exec('unshare', argsAfterFlags(argv.slice(sub.index + 1)), 'buildah unshare runs a command on the host')]
    : [];

const effects: Readonly<Record<string, Check>> = {
  kubectl: also(kubectl, laterConfig),
  'docker-compose': composeProgram,
  'podman-compose': composeProgram,
  buildah,
  helm,
  docker: container,
  podman: container,
  nerdctl: container,
};

/** The subcommand finder's view of the compose globals: the same table. */
const composeGlobal = [...COMPOSE_GLOBAL.long.values(), ...COMPOSE_GLOBAL.short.values()];
const COMPOSE_GLOBALS: SubcommandSpec = {
  grammar: {
    shortValue: [...COMPOSE_GLOBAL.short.keys()].filter((k) => COMPOSE_GLOBAL.short.get(k)!.arity === 'value').join(''),
    longValue: composeGlobal.filter((d) => d.arity === 'value' && d.long !== undefined).map((d) => d.long!),
    noAbbrev: true,
  },
  flags: [...HELP, ...composeGlobal.filter((d) => d.arity === 'none' && d.long !== undefined).map((d) => `--${d.long!}`)],
};

const subcommands: Readonly<Record<string, SubcommandSpec>> = {
  docker: dockerLike,
  podman: dockerLike,
  nerdctl: dockerLike,
  'docker-compose': COMPOSE_GLOBALS,
  'podman-compose': COMPOSE_GLOBALS,
  buildah: {
    grammar: {
      longValue: [
        'cgroup-manager',
        'registries-conf',
        'registries-conf-dir',
        'root',
        'runroot',
        'storage-driver',
        'storage-opt',
        'userns-uid-map',
        'userns-gid-map',
        'log-level',
        'short-name-alias-conf',
        'default-mounts-file',
        'cpu-profile',
        'memory-profile',
      ],
      noAbbrev: true,
    },
    flags: [...HELP, '--debug'],
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
      ['docker run -v ./..:/h alpine', '#volume'],
      ['docker compose run -v /:/h app', '#volume'],
      ['docker cp web:/x /root/.bashrc', '#cp'],
      ['docker volume create -o device=/ v', '#volume'],
    ],
    notMatch: ['docker ps', 'docker run -v ./src:/src alpine', 'docker compose run --rm app npm test'],
  },
  podman: { match: [['podman unshare id', '#unshare-[-id-]']], notMatch: ['podman ps'] },
  buildah: { match: [['buildah unshare id', '#unshare-[-id-]']] },
  'docker-compose': { match: [['docker-compose exec --privileged app sh', '#host']], notMatch: ['docker-compose up -d'] },
  kubectl: {
    match: [['kubectl config set-credentials u --exec-command=x', '#config']],
    notMatch: ['kubectl config use-context dev', 'kubectl config set-context --current --namespace dev'],
  },
};

export const RULES: readonly ProgramRule[] = rules(
  'containers',
  { effects, subcommands, allowlist: ['docker', 'podman', 'nerdctl'] },
  EXAMPLES,
);
