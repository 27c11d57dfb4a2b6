/**
 * The options of the container commands that start a container or copy into and out of one, as
 * option tables (optionTable.ts): `docker|podman|nerdctl run|create|exec` (docker/cli's cobra flags,
 * cli/command/container/opts.go, exec.go); Compose's `run|exec` tables are built with `containerTable`
 * (composeOptions.ts). pflag rules: no abbreviations, `--opt=v`, `--opt v`, `-v=x`
 * (`equalsShort`), clustered `-itv x`. Options stop at the first operand (the image, service or
 * container): what follows is the container's command. An option not listed makes the command compound.
 *
 * What reaches the host is read from the values, by the handlers below: a bind mount of anything
 * but a project path, a mount spec this file cannot read completely, host namespaces, capabilities,
 * devices, security options, `--privileged`. containers.ts applies these to each program and subcommand.
 */
import { exec, risk, write, type Effect } from '../effects.js';
import type { Arg } from '../options.js';
import { argvOf, opaque } from './kit.js';
import { optionTable, readOptions, type OptionHandler, type OptionTable } from './optionTable.js';

/** Values that reach the host: namespaces shared with it. */
const HOST_NAMESPACES = ['pid', 'ipc', 'uts', 'userns', 'cgroupns', 'network', 'net'] as const;

/**
 * A host path that stays in the project: relative, no `..` segment, no home, no drive letter or
 * backslash (Windows paths), not the docker socket. A name without a slash is a named volume.
 */
export function projectPath(src: string): boolean {
  return !/^([/~]|[A-Za-z]:)/.test(src) && !src.includes('\\') && !src.split('/').includes('..') && !src.includes('docker.sock');
}

/**
 * An option naming host files (`kubectl -f`, `compose --env-file`, `--from-file=key=path`, comma
 * lists): one outside the project, or known only at run time, is keyed. `-` (stdin) and a web
 * address (a manifest kubectl fetches, never runs) are not host paths.
 */
export const hostPath: OptionHandler = (v, typed, at) => {
  if (v === undefined) return [];
  const outside =
    v === null ||
    v.split(',').some((p) => {
      const path = p.slice(p.indexOf('=') + 1);
      return path !== '' && path !== '-' && !/^https?:\/\//i.test(path) && !projectPath(path);
    });
  return outside ? [risk('outside', `${at.where} ${typed} names a host path outside the project`, v)] : [];
};

const words = (s: string): ReadonlySet<string> => new Set(s.split(' '));

/** `--mount` fields this file reads; `volume-opt` is not here (the local driver binds any host path through it). */
const MOUNT_KEYS = words(
  'type source src target destination dst readonly ro consistency bind-propagation bind-nonrecursive bind-recursive ' +
    'bind-create-src volume-nocopy volume-label volume-subpath tmpfs-size tmpfs-mode image-subpath',
);
const MOUNT_TYPES = words('bind volume tmpfs image');

/**
 * Whether a `--mount` spec keeps to the project: every field known, the type known, the source a
 * project path. docker reads the spec as CSV with keys in any case (opts/mount.go), so a quote or
 * a key this file does not know makes it unreadable here: not plain.
 */
export function mountInProject(spec: string): boolean {
  if (/["'\s]/.test(spec)) return false;
  for (const field of spec.split(',')) {
    const eq = field.indexOf('=');
    const key = (eq < 0 ? field : field.slice(0, eq)).toLowerCase();
    const value = eq < 0 ? '' : field.slice(eq + 1);
    if (!MOUNT_KEYS.has(key)) return false;
    if (key === 'type' && !MOUNT_TYPES.has(value.toLowerCase())) return false;
    if ((key === 'source' || key === 'src') && !projectPath(value)) return false;
  }
  return true;
}

const mounts = (at: { where: string }, value: Arg): Effect => write('volume', value, `${at.where} mounts a host folder into the container`);
const host: OptionHandler = (_v, typed, at) => [exec('host', opaque(typed), `${at.where} ${typed} gives the container access to the host`)];
const namespace =
  (name: string): OptionHandler =>
  (v, _typed, at) => {
    const value = v ?? null;
    return value === null || /^(host|container:|ns:|\/)/.test(value)
      ? [exec('host', opaque(`--${name}=${value ?? '?'}`), `${at.where} --${name} ${value ?? ''} shares a namespace with the host`)]
      : [];
  };

/** What each option that reaches the host does with its value; a table takes those it lists. */
const HOST_ACCESS: Readonly<Record<string, OptionHandler>> = {
  // `-v C:/:/h` (Docker Desktop on Windows): the drive letter's colon does not end the source.
  volume: (v, _typed, at) => {
    const value = v ?? null;
    return value === null || !projectPath(/^[A-Za-z]:[\\/]/.test(value) ? value : value.split(':')[0]!) ? [mounts(at, value)] : [];
  },
  mount: (v, _typed, at) => (v == null || !mountInProject(v) ? [mounts(at, v ?? null)] : []),
  privileged: host,
  'cap-add': host,
  device: host,
  'security-opt': host,
  'volumes-from': host,
  cidfile: (v, _typed, at) => [write('cidfile', v ?? null, `${at.where} --cidfile writes the file it names`)],
  runtime: (v, _typed, at) => [exec('runtime', argvOf([v ?? null]), `${at.where} --runtime names the program that runs the container`)],
  ...Object.fromEntries(HOST_NAMESPACES.map((n) => [n, namespace(n)])),
};

/**
 * A pflag table of a container-starting command, the host-reaching options handled: by default it
 * stops at the image (service, container), whose command the rest is; `stopAtOperand: false` for a
 * command whose options may follow its operands (`buildah from IMAGE --name x`); `more`, handlers of its own.
 */
export function containerTable(
  options: string | readonly string[],
  stopAtOperand = true,
  more: Readonly<Record<string, OptionHandler>> = {},
): OptionTable {
  const listed = optionTable({ options });
  const handlers = { ...more, ...Object.fromEntries(Object.entries(HOST_ACCESS).filter(([k]) => listed.long.has(k))) };
  return optionTable({ options, stopAtOperand, equalsShort: true, handlers });
}

/** `docker|podman|nerdctl run|create|exec` (docker/cli cli/command/container/opts.go, run.go, create.go, exec.go). */
export const DOCKER_RUN: OptionTable = containerTable(
  'add-host= annotation= a|attach= blkio-weight= blkio-weight-device= cap-add= cap-drop= cgroup-parent= cgroupns= cidfile= ' +
    'cpu-count= cpu-percent= cpu-period= cpu-quota= cpu-rt-period= cpu-rt-runtime= c|cpu-shares= cpus= cpuset-cpus= cpuset-mems= ' +
    'detach-keys= device= device-cgroup-rule= device-read-bps= device-read-iops= device-write-bps= device-write-iops= dns= ' +
    'dns-option= dns-search= domainname= entrypoint= e|env= env-file= expose= gpus= group-add= health-cmd= health-interval= ' +
    'health-retries= health-start-interval= health-start-period= health-timeout= h|hostname= io-maxbandwidth= io-maxiops= ip= ip6= ' +
    'ipc= isolation= kernel-memory= l|label= label-file= link= link-local-ip= log-driver= log-opt= mac-address= m|memory= ' +
    'memory-reservation= memory-swap= memory-swappiness= mount= name= network= net= network-alias= net-alias= oom-score-adj= pid= ' +
    'pids-limit= platform= p|publish= pull= restart= runtime= security-opt= shm-size= stop-signal= stop-timeout= storage-opt= ' +
    'sysctl= tmpfs= ulimit= u|user= userns= uts= v|volume= volume-driver= volumes-from= w|workdir= ' +
    'd|detach disable-content-trust help i|interactive init no-healthcheck oom-kill-disable privileged P|publish-all q|quiet ' +
    'read-only rm sig-proxy t|tty use-api-socket',
);

/**
 * The effects of the options of a container-starting command (`args`: the words after the
 * subcommand). `what` names the command in notes ("docker run").
 */
export function runOptionEffects(what: string, args: readonly Arg[], t: OptionTable): Effect[] {
  return readOptions(t, args, 0, what).effects;
}

/**
 * `docker cp SRC DEST`: an operand starting with `/` or `.`, or without a colon, is a host path
 * (docker/cli cli/command/container/cp.go splitCpArg). A host destination outside the project is
 * a file the command writes; a host source outside it is a host file handed to the container.
 */
export function copyEffects(what: string, args: readonly Arg[]): Effect[] {
  const ops: Arg[] = [];
  for (const a of args) {
    if (a !== null && /^-(a|L|q|-archive|-follow-link|-quiet)$/.test(a)) continue;
    if (a !== null && a.startsWith('-') && a !== '-')
      return [exec('unknown_option', opaque(a), `${what} option ${a} is not known to the classifier`)];
    ops.push(a);
  }
  // cp.go: an absolute path is local even with a colon (`C:\\x`, `C:/x` on Windows).
  const host = (a: Arg): boolean => a === null || a === '-' || /^([/.]|[A-Za-z]:[\\/])/.test(a) || !a.includes(':');
  const out: Effect[] = [];
  const [src, dest] = ops;
  if (dest !== undefined && host(dest) && dest !== '-' && (dest === null || !projectPath(dest)))
    out.push(write('cp', dest, `${what} writes a host path outside the project`));
  if (src !== undefined && host(src) && src !== '-' && (src === null || !projectPath(src)))
    out.push(risk('cp', `${what} hands a host path outside the project to the container`, src));
  if (ops.length !== 2) out.push(risk('cp', `${what} takes a source and a destination`));
  return out;
}

/** A CSV-ish `k=v,k=v` value's fields (`--secret id=x,src=PATH`), keys lower-cased; undefined if quoted. */
function fields(v: string): Map<string, string> | undefined {
  if (/["'\s]/.test(v)) return undefined;
  return new Map(
    v.split(',').map((f) => {
      const eq = f.indexOf('=');
      return [(eq < 0 ? f : f.slice(0, eq)).toLowerCase(), eq < 0 ? '' : f.slice(eq + 1)];
    }),
  );
}

const buildWrites =
  (name: string): OptionHandler =>
  (v, _typed, at) => [write(name, v ?? null, `${at.where} --${name} writes to the host`)];

/** A build context that is not a host folder: an image, another stage, a remote. */
const REMOTE_CONTEXT = /^(docker-image:\/\/|target:|https?:\/\/|git:\/\/|git@)/;

/**
 * `--build-context NAME=VALUE`: an image (`docker-image://`), another stage (`target:`) or a
 * remote (https, git) stays off the host; anything else is a local folder, plain only as a project path.
 */
const buildContext: OptionHandler = (v, typed, at) => {
  const value = v == null ? null : v.slice(v.indexOf('=') + 1);
  if (value !== null && v!.includes('=') && REMOTE_CONTEXT.test(value)) return [];
  if (value !== null && v!.includes('=') && !value.includes(':') && projectPath(value)) return [];
  return [risk('build-context', `${at.where} ${typed} hands a host folder to the build`, value)];
};

/** `--secret id=x,src=PATH|env=VAR`: a file outside the project is a host secret handed to the build's RUN steps. */
const buildSecret: OptionHandler = (v, typed, at) => {
  const f = v == null ? undefined : fields(v);
  const known = f !== undefined && [...f.keys()].every((k) => ['id', 'type', 'src', 'source', 'env', 'required'].includes(k));
  const src = f?.get('src') ?? f?.get('source');
  if (known && (src === undefined || projectPath(src))) return [];
  return [risk('secret', `${at.where} ${typed} hands a host file to the build`, v ?? null)];
};

/**
 * `docker build|buildx build|builder build|image build` (docker/buildx commands/build.go, with the
 * classic builder's flags it still accepts, cli/command/image/build.go). Options may follow the
 * context (cobra intersperses). What reaches the host: the outputs it writes (`-o`, `--iidfile`,
 * `--metadata-file`, `--cache-to`), entitlements (`--allow network.host|security.insecure|fs=…`),
 * `--network host`, `--security-opt`, the SSH agent or keys (`--ssh`), host secrets and local
 * build contexts outside the project.
 */
export const BUILD: OptionTable = optionTable({
  options:
    'add-host= allow= annotation= attest= build-arg= build-context= builder= cache-from= cache-to=:write call= cgroup-parent= ' +
    'f|file= iidfile=:write label= metadata-file=:write network= no-cache-filter= o|output=:write platform= progress= provenance= ' +
    'sbom= secret= shm-size= ssh= t|tag= target= ulimit= check load no-cache pull push q|quiet help ' +
    // The classic builder's (cli/command/image/build.go), still accepted.
    'c|cpu-shares= cpu-period= cpu-quota= cpuset-cpus= cpuset-mems= isolation= m|memory= memory-swap= security-opt= ' +
    'compress disable-content-trust force-rm rm squash stream',
  equalsShort: true,
  handlers: {
    output: buildWrites('output'),
    iidfile: buildWrites('iidfile'),
    'metadata-file': buildWrites('metadata-file'),
    'cache-to': buildWrites('cache-to'),
    allow: (_v, typed, at) => [exec('host', opaque(typed), `${at.where} ${typed} grants the build an entitlement on the host`)],
    'security-opt': host,
    ssh: (_v, typed, at) => [exec('host', opaque(typed), `${at.where} ${typed} hands the SSH agent or keys to the build`)],
    network: namespace('network'),
    'build-context': buildContext,
    secret: buildSecret,
  },
});

/** `docker build …` and friends: the words after `build`; a context folder outside the project is handed to the build too. */
export function buildEffects(what: string, args: readonly Arg[]): Effect[] {
  const r = readOptions(BUILD, args, 0, what);
  for (const i of r.operands) {
    const c = args[i] ?? null;
    if (c === '-' || (c !== null && (REMOTE_CONTEXT.test(c) || projectPath(c)))) continue;
    r.effects.push(risk('build-context', `${what} sends a host folder outside the project to the build`, c));
  }
  return r.effects;
}
