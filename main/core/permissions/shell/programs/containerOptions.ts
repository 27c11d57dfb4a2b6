/**
 * The options of the container commands that start a container or copy into and out of one, as
 * option tables (optionTable.ts): `docker|podman|nerdctl run|create|exec` (docker/cli's cobra flags,
 * cli/command/container/opts.go, exec.go) and `docker compose run|exec` (docker/compose
 * cmd/compose/run.go, exec.go). pflag rules: no abbreviations, `--opt=v`, `--opt v`, `-v=x`
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

/** A pflag table of a container-starting command: stops at the image; the host-reaching options handled. */
function containerTable(options: string): OptionTable {
  const listed = optionTable({ options });
  const handlers = Object.fromEntries(Object.entries(HOST_ACCESS).filter(([k]) => listed.long.has(k)));
  return optionTable({ options, stopAtOperand: true, equalsShort: true, handlers });
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

/** `docker compose run` (compose v2 cmd/compose/run.go). */
export const COMPOSE_RUN: OptionTable = containerTable(
  'name= entrypoint= e|env= env-from-file= l|label= u|user= w|workdir= v|volume= p|publish= cap-add= cap-drop= pull= ' +
    'd|detach rm no-deps service-ports use-aliases i|interactive t|tty T|no-TTY build q|quiet quiet-pull quiet-build remove-orphans help',
);

/** `docker compose exec` (compose v2 cmd/compose/exec.go). */
export const COMPOSE_EXEC: OptionTable = containerTable(
  'e|env= u|user= w|workdir= index= d|detach privileged T|no-TTY i|interactive t|tty help',
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

/** Build options that write files on the host: the build result, the image id, the metadata, the cache. */
const BUILD_WRITES = ['output', 'iidfile', 'metadata-file', 'cache-to'];

/**
 * `docker build|buildx build -o DEST`: the build's result is written to the host (`type=local,dest=…`
 * or a folder), anywhere the command names; `--iidfile`, `--metadata-file`, `--cache-to` write too.
 * Not yet an allowlist of build options: only these writes are read.
 */
export function buildEffects(what: string, args: readonly Arg[]): Effect[] {
  const out: Effect[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === null) continue;
    const long = /^--([a-z-]+)(=(.*))?$/.exec(a);
    const opt = long ? long[1]! : /^-o/.test(a) ? 'output' : undefined;
    if (opt === undefined || !BUILD_WRITES.includes(opt)) continue;
    const value = long
      ? long[2] !== undefined
        ? long[3]!
        : (args[++i] ?? null)
      : a.length > 2
        ? a.slice(2).replace(/^=/, '')
        : (args[++i] ?? null);
    out.push(write(opt, value, `${what} --${opt} writes to the host`));
  }
  return out;
}
