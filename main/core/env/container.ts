/**
 * The `docker` environment: a command in a throw-away container through the docker or podman CLI,
 * whichever has a working engine. The project is mounted at /work, the network is `none`, memory,
 * CPU and process counts are capped, capabilities dropped, the root file system read-only. The
 * protected entries (`.git`, `codecoder.json`, …; protectedEntries.ts) are mounted read-only over
 * the writable project, so a container cannot plant what the host runs later.
 *
 * No image can be pulled on an offline machine, so the default image is built locally from a
 * busybox rootfs (`<engine> import` of a tarball) the first time it is needed.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createReadStream, existsSync, realpathSync } from 'node:fs';
import { mkdir, mkdtemp, rm, symlink, copyFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';

export type EngineName = 'docker' | 'podman';

export interface Engine {
  name: EngineName;
  /** The CLI binary. */
  bin: string;
  /** Global flags placed before the subcommand (`--runtime runc` for podman on hybrid cgroups). */
  globalArgs: string[];
}

export interface ContainerLimits {
  /** `--memory`, e.g. "512m". */
  memory: string;
  /** `--cpus`, e.g. "1". */
  cpus: string;
  /** `--pids-limit`. */
  pids: number;
}

export const DEFAULT_IMAGE = 'localhost/codecoder-busybox:latest';
export const DEFAULT_LIMITS: ContainerLimits = { memory: '512m', cpus: '1', pids: 256 };
/** Where the project appears inside the container. */
export const CONTAINER_WORKDIR = '/work';

export interface ContainerRunSpec {
  engine: Engine;
  image: string;
  projectRoot: string;
  command: string;
  name: string;
  limits?: Partial<ContainerLimits>;
  /** Host uid:gid to run as (docker rootful with a non-root user, so files stay the user's). */
  user?: string;
  env?: Record<string, string>;
  /** Project entries mounted read-only over the project (they must exist: ensureProtectedEntries). */
  readOnly?: readonly string[];
  /** Project files (relative) the container must not read: an empty /dev/null is mounted over each. */
  masked?: readonly string[];
  /** Keep stdin open (`run -i`): a hook reads its JSON there. */
  interactive?: boolean;
  /** Where the command starts (default /work): containerWorkdir of a folder in the project. */
  workdir?: string;
}

/**
 * The container path of `cwd`, a folder inside the project (as the tools resolved it): /work or a
 * folder under it. Undefined when it is not inside the project (the caller refuses).
 */
export function containerWorkdir(projectRoot: string, cwd: string | undefined): string | undefined {
  if (cwd === undefined) return CONTAINER_WORKDIR;
  for (const root of new Set([path.resolve(projectRoot), realOrSame(projectRoot)])) {
    const rel = path.relative(root, realOrSame(cwd));
    if (rel === '') return CONTAINER_WORKDIR;
    if (!rel.startsWith('..') && !path.isAbsolute(rel)) return path.posix.join(CONTAINER_WORKDIR, ...rel.split(path.sep));
  }
  return undefined;
}

function realOrSame(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    return path.resolve(p);
  }
}

/** A container name no other run can collide with; also how a cancelled run is removed. */
export function containerName(): string {
  return `codecoder-${randomBytes(6).toString('hex')}`;
}

/**
 * The confinement every container gets (commands and MCP servers alike): no network, limits, no
 * capabilities, a read-only root with a scratch /tmp.
 */
export function hardeningArgs(partial?: Partial<ContainerLimits>): string[] {
  const limits = { ...DEFAULT_LIMITS, ...partial };
  return [
    '--network',
    'none',
    '--memory',
    limits.memory,
    '--cpus',
    limits.cpus,
    '--pids-limit',
    String(limits.pids),
    // Explicit rlimits at or below the host's: engines otherwise ask for higher ones, which fails
    // where the caller lacks CAP_SYS_RESOURCE (as in nested containers).
    '--ulimit',
    'nofile=4096:4096',
    '--ulimit',
    'nproc=4096:4096',
    '--cap-drop',
    'ALL',
    '--security-opt',
    'no-new-privileges',
    '--read-only',
    '--tmpfs',
    '/tmp',
  ];
}

/** The full argv of `<engine> run …` — pure, so both engines' forms are unit-tested here. */
export function buildRunArgv(spec: ContainerRunSpec): string[] {
  const argv = [spec.engine.bin, ...spec.engine.globalArgs, 'run', '--rm', '--name', spec.name];
  if (spec.interactive) argv.push('-i');
  argv.push(...hardeningArgs(spec.limits));
  argv.push('-v', `${spec.projectRoot}:${CONTAINER_WORKDIR}:rw`, '-w', spec.workdir ?? CONTAINER_WORKDIR);
  // After the project's mount, so they land on top of it.
  for (const name of spec.readOnly ?? []) argv.push('-v', `${path.join(spec.projectRoot, name)}:${CONTAINER_WORKDIR}/${name}:ro`);
  for (const rel of spec.masked ?? []) argv.push('-v', `/dev/null:${path.posix.join(CONTAINER_WORKDIR, rel.split(path.sep).join('/'))}:ro`);
  if (spec.user) argv.push('--user', spec.user);
  for (const [k, v] of Object.entries(spec.env ?? {})) argv.push('-e', `${k}=${v}`);
  argv.push(spec.image, '/bin/sh', '-c', spec.command);
  return argv;
}

/** `<engine> rm -f <name>`: a killed CLI leaves its container running under the engine. */
export function buildRemoveArgv(engine: Engine, name: string): string[] {
  return [engine.bin, ...engine.globalArgs, 'rm', '-f', '--time', '0', name];
}

/** Whom to run as: docker (rootful daemon) gets the caller's ids; podman maps them itself. */
export function containerUser(engine: Pick<Engine, 'name'>): string | undefined {
  if (engine.name !== 'docker' || typeof process.getuid !== 'function') return undefined;
  const uid = process.getuid();
  return uid === 0 ? undefined : `${uid}:${process.getgid!()}`;
}

export interface ExecResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function exec(file: string, args: string[], timeoutMs: number, env?: NodeJS.ProcessEnv): Promise<ExecResult> {
  return new Promise((resolve) => {
    execFile(file, args, { timeout: timeoutMs, maxBuffer: 4 * 1024 * 1024, env: env ?? process.env }, (err, stdout, stderr) => {
      const e = err as (NodeJS.ErrnoException & { code?: number | string; killed?: boolean }) | null;
      let code: number | null = 0;
      if (e) code = typeof e.code === 'number' ? e.code : null;
      const why = e && e.code === 'ENOENT' ? `${file}: not found` : e?.killed ? `${file}: timed out after ${timeoutMs} ms` : '';
      resolve({ code, stdout: String(stdout), stderr: why ? `${why}\n${stderr}` : String(stderr) });
    });
  });
}

export type Detection = { ok: true; engine: Engine; image: string; notes: string[] } | { ok: false; reason: string; notes: string[] };

function firstLine(s: string): string {
  return s.trim().split('\n').filter(Boolean).slice(-1)[0] ?? '';
}

/**
 * Finds an engine that can really run a container: `info` answers, the image exists (or is built),
 * and `true` runs in it. Podman on a host with hybrid cgroups (v1 + a v2 mount) fails under crun;
 * runc copes, so it is tried next when installed.
 */
export async function detectEngine(opts: { image?: string; timeoutMs?: number } = {}): Promise<Detection> {
  const image = opts.image ?? DEFAULT_IMAGE;
  const t = opts.timeoutMs ?? 10_000;
  const notes: string[] = [];
  for (const name of ['docker', 'podman'] as const) {
    const info = await exec(name, ['info', '--format', '{{json .}}'], t);
    if (info.code !== 0) {
      notes.push(`${name}: no working engine (${firstLine(info.stderr) || `exit ${info.code}`})`);
      continue;
    }
    const runtimes: string[][] = [[]];
    if (name === 'podman' && existsSync('/usr/sbin/runc')) runtimes.push(['--runtime', '/usr/sbin/runc']);
    else if (name === 'podman' && existsSync('/usr/bin/runc')) runtimes.push(['--runtime', '/usr/bin/runc']);
    for (const globalArgs of runtimes) {
      const engine: Engine = { name, bin: name, globalArgs };
      const label = globalArgs.length ? `${name} ${globalArgs.join(' ')}` : name;
      const img = await ensureImage(engine, image, t);
      if (!img.ok) {
        notes.push(`${label}: ${img.reason}`);
        break;
      }
      const probe = buildRunArgv({
        engine,
        image,
        projectRoot: tmpdir(),
        command: 'true',
        name: containerName(),
        user: containerUser(engine),
      });
      const r = await exec(probe[0]!, probe.slice(1), t * 3);
      if (r.code === 0) return { ok: true, engine, image, notes };
      notes.push(`${label}: cannot run a container (${firstLine(r.stderr) || `exit ${r.code}`})`);
    }
  }
  return { ok: false, reason: notes.join('; ') || 'no container engine found', notes };
}

let cached: Promise<Detection> | undefined;
/** Detection is slow (it starts a container): once per process and image. */
export function detectEngineCached(image = DEFAULT_IMAGE): Promise<Detection> {
  cached ??= detectEngine({ image });
  return cached;
}

/** The default image is made here from busybox; any other image must already exist. */
export async function ensureImage(engine: Engine, image: string, timeoutMs: number): Promise<{ ok: true } | { ok: false; reason: string }> {
  const exists = await exec(engine.bin, [...engine.globalArgs, 'image', 'inspect', image], timeoutMs);
  if (exists.code === 0) return { ok: true };
  if (image !== DEFAULT_IMAGE) return { ok: false, reason: `image ${image} is not present and cannot be pulled offline` };
  const tar = await busyboxRootfsTar(timeoutMs);
  if (!tar.ok) return tar;
  try {
    const imp = await exec(engine.bin, [...engine.globalArgs, 'import', tar.file, image], timeoutMs * 6);
    if (imp.code !== 0) return { ok: false, reason: `${engine.name} import failed: ${firstLine(imp.stderr)}` };
    return { ok: true };
  } finally {
    await tar.release();
  }
}

export type RootfsTar = { ok: true; file: string; stream(): Readable; release(): Promise<void> } | { ok: false; reason: string };

/**
 * The default image's root file system as a tarball: static busybox and its applets, the folders a
 * shell expects. Imported by the CLI (`<engine> import`) or through the API (a remote engine too).
 */
export async function busyboxRootfsTar(timeoutMs = 10_000): Promise<RootfsTar> {
  const busybox = ['/usr/bin/busybox', '/bin/busybox'].find((p) => existsSync(p));
  if (!busybox) return { ok: false, reason: `image ${DEFAULT_IMAGE} is missing and no static busybox to build it (apt-get install busybox-static)` };
  const dir = await mkdtemp(path.join(tmpdir(), 'codecoder-rootfs-'));
  const release = () => rm(dir, { recursive: true, force: true });
  try {
    const root = path.join(dir, 'rootfs');
    for (const d of ['bin', 'tmp', 'work', 'etc', 'proc', 'sys', 'dev']) await mkdir(path.join(root, d), { recursive: true });
    await copyFile(busybox, path.join(root, 'bin', 'busybox'));
    const list = await exec(busybox, ['--list'], timeoutMs);
    for (const applet of list.stdout
      .split('\n')
      .map((s) => s.trim())
      .filter((s) => /^[a-z0-9_.[-]+$/.test(s) && s !== 'busybox')) {
      await symlink('busybox', path.join(root, 'bin', applet)).catch(() => undefined);
    }
    const file = path.join(dir, 'rootfs.tar');
    const t = await exec('tar', ['-C', root, '-cf', file, '.'], timeoutMs);
    if (t.code !== 0) {
      await release();
      return { ok: false, reason: `tar failed: ${firstLine(t.stderr)}` };
    }
    return { ok: true, file, stream: () => createReadStream(file), release };
  } catch (err) {
    await release();
    return { ok: false, reason: `could not build the image's root file system: ${(err as Error).message}` };
  }
}
