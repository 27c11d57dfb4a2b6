/**
 * The options of the container commands that start a container or copy into and out of one, as
 * allowlists with arity: `docker|podman run|create|exec` (docker/cli's cobra flags,
 * cli/command/container/opts.go, exec.go) and `docker compose run|exec` (docker/compose
 * cmd/compose/run.go, exec.go). pflag rules: no abbreviations, `--opt=v`, `--opt v`, `-v=x`,
 * clustered `-itv x`. Options stop at the first operand (the image, service or container): what
 * follows is the container's command. An option not listed makes the command compound.
 *
 * What reaches the host is read from the values: a bind mount of anything but a project path, a
 * mount spec this file cannot read completely, host namespaces, capabilities, devices, security
 * options, `--privileged`. containers.ts applies these to each program and subcommand.
 */
import { exec, risk, write, type Effect } from '../effects.js';
import type { Arg } from '../options.js';
import { argvOf, opaque } from './kit.js';

export interface RunOptions {
  valueLong: ReadonlySet<string>;
  flagLong: ReadonlySet<string>;
  valueShort: string;
  flagShort: string;
  /** A short letter's long name, where the effect is read by the long name (`-v` is volume). */
  shortLong: Readonly<Record<string, string>>;
}

const words = (s: string): ReadonlySet<string> => new Set(s.split(' '));

export const DOCKER_RUN: RunOptions = {
  valueLong: words(
    'add-host annotation attach blkio-weight blkio-weight-device cap-add cap-drop cgroup-parent cgroupns cidfile cpu-count ' +
      'cpu-percent cpu-period cpu-quota cpu-rt-period cpu-rt-runtime cpu-shares cpus cpuset-cpus cpuset-mems detach-keys device ' +
      'device-cgroup-rule device-read-bps device-read-iops device-write-bps device-write-iops dns dns-option dns-search domainname ' +
      'entrypoint env env-file expose gpus group-add health-cmd health-interval health-retries health-start-interval ' +
      'health-start-period health-timeout hostname io-maxbandwidth io-maxiops ip ip6 ipc isolation kernel-memory label label-file ' +
      'link link-local-ip log-driver log-opt mac-address memory memory-reservation memory-swap memory-swappiness mount name network ' +
      'net network-alias net-alias oom-score-adj pid pids-limit platform publish pull restart runtime security-opt shm-size ' +
      'stop-signal stop-timeout storage-opt sysctl tmpfs ulimit user userns uts volume volume-driver volumes-from workdir',
  ),
  flagLong: words(
    'detach disable-content-trust help init interactive no-healthcheck oom-kill-disable privileged publish-all quiet read-only rm sig-proxy tty use-api-socket',
  ),
  valueShort: 'acehlmpuvw',
  flagShort: 'dPitq',
  shortLong: { v: 'volume', c: 'cpu-shares', e: 'env', u: 'user', w: 'workdir', p: 'publish' },
};

/** `docker compose run` (compose v2 cmd/compose/run.go). */
export const COMPOSE_RUN: RunOptions = {
  valueLong: words('name entrypoint env env-from-file label user workdir volume publish cap-add cap-drop pull'),
  flagLong: words(
    'detach rm no-deps service-ports use-aliases interactive tty no-TTY build quiet quiet-pull quiet-build remove-orphans help',
  ),
  valueShort: 'eluwvp',
  flagShort: 'ditTq',
  shortLong: { v: 'volume', e: 'env', u: 'user', w: 'workdir', p: 'publish', l: 'label' },
};

/** `docker compose exec` (compose v2 cmd/compose/exec.go). */
export const COMPOSE_EXEC: RunOptions = {
  valueLong: words('env user workdir index'),
  flagLong: words('detach privileged no-TTY interactive tty help'),
  valueShort: 'euw',
  flagShort: 'dTit',
  shortLong: { e: 'env', u: 'user', w: 'workdir' },
};

/** Values that reach the host: namespaces shared with it. */
const HOST_NAMESPACE = /^(pid|ipc|uts|userns|cgroupns|network|net)$/;

/**
 * A host path that stays in the project: relative, no `..` segment, no home, no drive letter or
 * backslash (Windows paths), not the docker socket. A name without a slash is a named volume.
 */
export function projectPath(src: string): boolean {
  return !/^([/~]|[A-Za-z]:)/.test(src) && !src.includes('\\') && !src.split('/').includes('..') && !src.includes('docker.sock');
}

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

/**
 * The effects of the options of a container-starting command (`args`: the words after the
 * subcommand). `what` names the command in notes ("docker run").
 */
export function runOptionEffects(what: string, args: readonly Arg[], t: RunOptions): Effect[] {
  const out: Effect[] = [];
  const option = (opt: string, value: Arg, typed: string): void => {
    if (opt === 'volume') {
      // `-v C:/:/h` (Docker Desktop on Windows): the drive letter's colon does not end the source.
      if (value === null || !projectPath(/^[A-Za-z]:[\\/]/.test(value) ? value : value.split(':')[0]!))
        out.push(write('volume', value, `${what} mounts a host folder into the container`));
    } else if (opt === 'mount') {
      if (value === null || !mountInProject(value)) out.push(write('volume', value, `${what} mounts a host folder into the container`));
    } else if (opt === 'privileged' || opt === 'cap-add' || opt === 'device' || opt === 'security-opt' || opt === 'volumes-from')
      out.push(exec('host', opaque(typed), `${what} ${typed} gives the container access to the host`));
    else if (HOST_NAMESPACE.test(opt) && (value === null || /^(host|container:|ns:|\/)/.test(value)))
      out.push(exec('host', opaque(`--${opt}=${value ?? '?'}`), `${what} --${opt} ${value ?? ''} shares a namespace with the host`));
    else if (opt === 'cidfile') out.push(write('cidfile', value, `${what} --cidfile writes the file it names`));
    else if (opt === 'runtime') out.push(exec('runtime', argvOf([value]), `${what} --runtime names the program that runs the container`));
  };
  const unknown = (a: string): void => {
    out.push(exec('unknown_option', opaque(a), `${what} option ${a} is not known to the classifier`));
  };
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === undefined) break;
    if (a === null) {
      out.push(exec('unknown_option', opaque(), `${what}: a word known only at run time`));
      break;
    }
    if (a === '--' || !a.startsWith('-') || a === '-') break; // the image, service or container: the rest is its command
    if (a.startsWith('--')) {
      const eq = a.indexOf('=');
      const opt = a.slice(2, eq >= 0 ? eq : undefined);
      if (t.valueLong.has(opt)) option(opt, eq >= 0 ? a.slice(eq + 1) : (args[++i] ?? null), a);
      else if (t.flagLong.has(opt)) option(opt, null, a);
      else {
        unknown(a);
        break;
      }
      continue;
    }
    // A cluster of short options: flags, then at most one value-taking letter that ends it.
    let known = true;
    for (let k = 1; k < a.length; k++) {
      const l = a[k]!;
      if (t.flagShort.includes(l)) continue;
      if (t.valueShort.includes(l)) {
        let value: Arg = a.slice(k + 1);
        if (value.startsWith('=')) value = value.slice(1);
        if (value === '') value = args[++i] ?? null;
        option(t.shortLong[l] ?? l, value, a);
        break;
      }
      known = false;
      break;
    }
    if (!known) {
      unknown(a);
      break;
    }
  }
  return out;
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
