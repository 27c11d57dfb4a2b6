/**
 * Container CLIs: docker, podman, nerdctl, docker-compose, podman-compose, buildah, kubectl, helm,
 * each read whole with its tables (containerOptions.ts, composeOptions.ts, buildahOptions.ts,
 * kubectlOptions.ts; helm with the spec library's). Host access (`--privileged`, host namespaces,
 * mounts of /), `exec`/`run` of a command on the host, plugins, and host files outside the project.
 * Rules: rule.ts; lookup: index.ts.
 */
import { exec, risk, write, type Effect } from '../effects.js';
import { kubectlConfigEffects } from './kubectlConfig.js';
import { globalsTable } from './globals.js';
import { optionTable, readItems, readOptions, type OptionTable } from './optionTable.js';
import { DOCKER_RUN, buildEffects, copyEffects, projectPath, runOptionEffects } from './containerOptions.js';
import { BUILDAH_GLOBAL, buildahCommand, buildahTable } from './buildahOptions.js';
import { KUBECTL } from './kubectlOptions.js';
import { specRule } from './specs/specRules.js';
import { DOCKER_COMPOSE, PODMAN_COMPOSE, type ComposeTables } from './composeOptions.js';
import type { Arg } from '../options.js';
import { opaque, argvOf, isLong, isShort, valueOf, HELP, also } from './kit.js';
import { rules, type Check, type SubcommandAt, type SubcommandSpec, type ProgramRule, type Examples } from './rule.js';

/**
 * The values of a pflag long option anywhere before `--` (`--name V`, `--name=V`; pflag takes no
 * prefixes): a search of the words on top of helm's spec table, erring toward a match.
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

/**
 * kubectl: every word read with its table (kubectlOptions.ts). A command the table does not list is
 * a plugin: kubectl runs the program `kubectl-NAME` from PATH with the rest of the words.
 */
function kubectl(argv: readonly Arg[]): Effect[] {
  const r = readOptions(KUBECTL, argv, 1, 'kubectl');
  // `kubectl cp SRC DEST`: a word without `POD:` is a host path (the same rule as docker cp).
  if (r.path[0] === 'cp' && !r.unknown)
    r.effects.push(
      ...copyEffects(
        'kubectl cp',
        r.operands.map((i) => argv[i] ?? null),
      ),
    );
  // `kubectl exec|run|debug … -- CMD`: the command runs in the cluster's container, shown as what it runs.
  if (['exec', 'run', 'debug'].includes(r.path[0] ?? '') && r.ended && r.rest !== undefined && r.rest < argv.length)
    r.effects.push(exec('', argvOf(argv.slice(r.rest)), `kubectl ${r.path[0]} runs the command in a container`));
  const at = r.unknownAt;
  const word = at === undefined ? undefined : argv[at];
  if (r.path.length > 0 || at === undefined || word === null || word === undefined || word.startsWith('-')) return r.effects;
  return [
    ...r.effects.slice(0, -1),
    exec('plugin', argvOf([`kubectl-${word}`, ...argv.slice(at + 1)]), `kubectl ${word} runs the plugin program kubectl-${word}`),
  ];
}

/** `docker save`/`export` (docker 27 `--help`): the archive they write. */
const SAVE = optionTable({ options: 'o|output= platform= help' });

/**
 * `[docker] compose [globals] SUB …`: the words after `compose` (or the program's name), every one
 * read with the flavour's tables (composeOptions.ts): `run`/`exec` with the container options'
 * handlers, `cp` with copyEffects, the rest with their subcommand's table. A subcommand the tables
 * do not list is compound.
 */
function composeEffects(name: string, args: readonly Arg[], t: ComposeTables = DOCKER_COMPOSE): Effect[] {
  const r = readOptions(t.global, args, 0, `${name} compose`);
  if (r.unknown) return r.effects;
  const i = r.rest ?? args.length;
  // `compose -- run …`: which word cobra takes for the subcommand after `--` is not read here.
  if (r.ended) return [exec('unknown_option', opaque('--'), `${name} compose option -- is not known to the classifier`)];
  const sub = args[i];
  if (sub === undefined) return r.effects;
  const rest = args.slice(i + 1);
  if (sub === 'cp') return [...r.effects, ...copyEffects(`${name} compose cp`, rest)];
  const table = sub !== null && Object.prototype.hasOwnProperty.call(t.subs, sub) ? t.subs[sub] : undefined;
  if (!table)
    return [
      ...r.effects,
      exec('unknown_option', opaque(sub), `${name} compose ${sub ?? '?'}: a subcommand the classifier has no table for`),
    ];
  return [...r.effects, ...readOptions(table, rest, 0, `${name} compose ${sub}`).effects];
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

/** helm's own commands and their aliases (helm/helm pkg/cmd/root.go); any other word runs a plugin. */
const HELM_COMMANDS = new Set(
  (
    'completion create dependency dep dependencies env get help history hist install lint list ls package plugin pull fetch ' +
    'push registry repo rollback search show inspect status template test uninstall un delete del upgrade verify version'
  ).split(' '),
);

/**
 * helm: every option read with the spec library's table (specs/specRules.ts: an option it does not
 * define is compound, and the default's path checks apply), and on top what the spec does not say:
 * `--kubeconfig` names a kubeconfig, which can name credential programs to run; `--post-renderer`
 * runs a program on the rendered manifests; a word that is no helm command runs a plugin (a
 * program its plugin.yaml names), and `plugin install|update` fetch and run a plugin's hooks. A
 * chart named by URL is rendered, not run here: a web or OCI address is not code this machine runs.
 */
const helmSpec = (): Check => specRule('helm')!.effects!;
function helm(argv: readonly Arg[], sub: SubcommandAt, program: string): Effect[] {
  const out = helmSpec()(argv, sub, program).filter(
    (e) => !(e.flag === 'remote' && e.runs?.kind === 'opaque' && /^https?:\/\//i.test(e.runs.text ?? '')),
  );
  for (const _ of longValues(argv, 'kubeconfig'))
    out.push(exec('kubeconfig', opaque(), 'a kubeconfig file can name credential plugins to run'));
  for (const v of longValues(argv, 'post-renderer')) out.push(exec('post_renderer', argvOf([v]), 'helm --post-renderer runs a program'));
  const word = sub.index === undefined ? undefined : argv[sub.index];
  if (word === null || (word !== undefined && !HELM_COMMANDS.has(word)))
    out.push(exec('plugin', opaque(word ?? null), `helm ${word ?? '?'} runs a helm plugin, a program its plugin.yaml names`));
  else if (word === 'plugin' && sub.index !== undefined && ['install', 'update', 'add', 'up'].includes(String(argv[sub.index + 1])))
    out.push(exec('plugin', opaque(argv[sub.index + 2] ?? null), 'helm plugin install|update fetches a plugin and runs its hooks'));
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

/** `docker-compose run …`, `podman-compose exec …`: the words after the program, read as under `docker compose`. */
const composeProgram =
  (t: ComposeTables): Check =>
  (argv) =>
    composeEffects(String(argv[0]), argv.slice(1), t);

/**
 * buildah: the global options, then the command's (buildahOptions.ts). `buildah unshare [CMD…]`
 * runs CMD (or $SHELL) on the host in a user namespace (buildah-unshare(1)).
 */
const buildah: Check = (argv) => {
  const g = readOptions(BUILDAH_GLOBAL, argv, 1, 'buildah');
  if (g.unknown || g.rest === undefined) return g.effects;
  if (g.ended) return [exec('unknown_option', opaque('--'), 'buildah option -- is not known to the classifier')];
  const word = argv[g.rest] ?? null;
  const name = word === null ? undefined : buildahCommand(word);
  if (name === undefined)
    return [...g.effects, exec('unknown_option', opaque(word), `buildah ${word ?? '?'}: a command the classifier has no table for`)];
  const r = readOptions(buildahTable(name), argv, g.rest + 1, `buildah ${name}`);
  const out = [...g.effects, ...r.effects];
  // `buildah build [CONTEXT]`: a context folder outside the project is handed to the build.
  if (name === 'build' && !r.unknown)
    for (const i of r.operands) {
      const c = argv[i] ?? null;
      if (c === null || (!/^(https?|git):\/\//.test(c) && !projectPath(c)))
        out.push(risk('build-context', 'buildah build sends a host folder outside the project to the build', c));
    }
  if (name === 'unshare' && !r.unknown)
    out.push(exec('unshare', r.rest === undefined ? opaque() : argvOf(argv.slice(r.rest)), 'buildah unshare runs a command on the host'));
  return out;
};

const effects: Readonly<Record<string, Check>> = {
  kubectl: also(kubectl, laterConfig),
  'docker-compose': composeProgram(DOCKER_COMPOSE),
  'podman-compose': composeProgram(PODMAN_COMPOSE),
  buildah,
  helm,
  docker: container,
  podman: container,
  nerdctl: container,
};

/** The subcommand finder's view of a table's global options: the same table. */
function globalsOf(table: OptionTable, noAbbrev = true): SubcommandSpec {
  const defs = [...table.long.values(), ...table.short.values()];
  return {
    grammar: {
      shortValue: [...table.short.keys()].filter((k) => table.short.get(k)!.arity === 'value').join(''),
      longValue: defs.filter((d) => d.arity === 'value' && d.long !== undefined).map((d) => d.long!),
      noAbbrev,
    },
    flags: [...HELP, ...defs.filter((d) => d.arity === 'none' && d.long !== undefined).map((d) => `--${d.long!}`)],
  };
}

const subcommands: Readonly<Record<string, SubcommandSpec>> = {
  docker: dockerLike,
  podman: dockerLike,
  nerdctl: dockerLike,
  'docker-compose': globalsOf(DOCKER_COMPOSE.global),
  'podman-compose': globalsOf(PODMAN_COMPOSE.global, false),
  buildah: globalsOf(BUILDAH_GLOBAL),
  kubectl: globalsOf(KUBECTL),
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
  nerdctl: {
    match: [
      ['nerdctl run -v /:/host alpine', '#volume'],
      ['nerdctl run --privileged alpine', '#host'],
      ['nerdctl run --evil alpine', '#unknown_option'],
    ],
    notMatch: ['nerdctl ps', 'nerdctl images', 'nerdctl build -t app .'],
  },
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
  buildah: {
    match: [
      ['buildah unshare id', '#unshare-[-id-]'],
      ['buildah run -v /:/h ctr sh', '#volume'],
      ['buildah run --volume=/:/h ctr sh', '#volume'],
      ['buildah from --device /dev/sda alpine', '#host'],
      ['buildah build --iidfile /tmp/i .', '#iidfile'],
      ['buildah build ../other', '#build_context'],
      ['buildah --frob images', '#unknown_option'],
    ],
    notMatch: ['buildah bud -t app .', 'buildah images', 'buildah from alpine', 'buildah run ctr -- make test'],
  },
  'docker-compose': {
    match: [
      ['docker-compose exec --privileged app sh', '#host'],
      ['docker-compose run -v /:/h app sh', '#volume'],
      ['docker-compose run --volume=/:/h app sh', '#volume'],
      ['docker-compose -f ../other/compose.yml up', '#outside'],
      ['docker-compose --file=../other/compose.yml up', '#outside'],
      ['docker-compose config -o /tmp/x', '#output'],
      ['docker-compose up --frob', '#unknown_option'],
    ],
    notMatch: [
      'docker-compose up -d',
      'docker-compose logs -f --tail=100 web',
      'docker-compose run --rm app npm test',
      'docker-compose ps',
    ],
  },
  'podman-compose': {
    match: [
      ['podman-compose --podman-path /tmp/x up', '#podman_path'],
      ['podman-compose --podman-pa=/tmp/x up', '#podman_path'],
      ['podman-compose --podman-run-args=--privileged up', '#podman_args'],
      ['podman-compose run -v /:/h app sh', '#volume'],
      ['podman-compose -f ../x.yml up', '#outside'],
    ],
    notMatch: ['podman-compose up -d', 'podman-compose down', 'podman-compose logs -f web'],
  },
  kubectl: {
    match: [
      ['kubectl config set-credentials u --exec-command=x', '#config'],
      ['kubectl --kubeconfig ../x get pods', '#kubeconfig'],
      ['kubectl --kubeconfig=./kc get pods', '#kubeconfig'],
      ['kubectl get pods --as admin', '#as-admin'],
      ['kubectl --as=system:admin get pods', '#as-system'],
      ['kubectl foo bar', '#plugin-[-kubectl%2Dfoo'],
      ['kubectl apply -f ../x.yaml', '#outside'],
      ['kubectl cp pod:/x ../y', '#cp'],
      ['kubectl kustomize --enable-helm --helm-command=./h .', '#helm_command'],
      ['kubectl kustomize . --enable-alpha-plugins', '#enable_alpha_plugins'],
      ['kubectl get pods --frob', '#unknown_option'],
      ['kubectl exec -it web -- sh -c "rm -rf x"', '[-sh-[-rm-]-]'],
    ],
    notMatch: [
      'kubectl config use-context dev',
      'kubectl config set-context --current --namespace dev',
      'kubectl get pods -n dev -o wide',
      'kubectl logs -f deploy/api --tail=100',
      'kubectl apply -f k8s/',
      'kubectl create cm app --from-file=config/app.yaml',
      'kubectl apply --dry-run=client -f k8s/app.yaml',
    ],
  },
  helm: {
    match: [
      ['helm template x ./c --post-renderer ./pr.sh', '#post_renderer'],
      ['helm template x ./c --post-renderer=./pr.sh', '#post_renderer'],
      ['helm diff upgrade x ./c', '#plugin'],
      ['helm plugin install https://example.com/p', '#plugin'],
      ['helm --kubeconfig k get values x', '#kubeconfig'],
      ['helm install x ./c -f ../v.yaml', '#outside'],
      ['helm install x ./c --frob', '#unknown_option'],
    ],
    notMatch: [
      'helm install web ./chart -f values.yaml --set image.tag=1 -n dev',
      'helm upgrade --install web ./chart --wait --timeout 5m',
      'helm repo add bitnami https://charts.bitnami.com/bitnami',
      'helm list -A',
    ],
  },
};

export const RULES: readonly ProgramRule[] = rules(
  'containers',
  {
    effects,
    subcommands,
    allowlist: ['docker', 'podman', 'nerdctl', 'kubectl', 'helm', 'docker-compose', 'podman-compose', 'buildah'],
  },
  EXAMPLES,
);
