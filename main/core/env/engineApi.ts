/**
 * The container engine through its API: the Docker Engine API, which Podman serves too
 * (`podman system service`), with one kept dockerode client per endpoint — no CLI process per call.
 *
 * `containerCreateOptions` is the one translation of the confinement every container gets
 * (container.ts `hardeningArgs` is the same list for the CLI): no network, memory/CPU/process caps,
 * explicit rlimits, every capability dropped, no new privileges, a read-only root with a scratch
 * /tmp, the project at /work — bind-mounted with the protected entries read-only over it and key
 * files masked on a local engine; a volume holding a copy (remoteCopy.ts) on a remote one.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import Docker from 'dockerode';
import path from 'node:path';
import { CONTAINER_WORKDIR, DEFAULT_IMAGE, DEFAULT_LIMITS, type ContainerLimits, type EngineName, busyboxRootfsTar } from './container.js';
import { configuredEngine, defaultSockets, EngineHostRefused, type EngineEndpoint, type EngineHostInputs, type EngineSource } from './engineHost.js';
import { knownHostsVerifier } from './sshKnownHosts.js';

export interface ApiContainerSpec {
  image: string;
  command: string;
  name: string;
  limits?: Partial<ContainerLimits>;
  user?: string;
  env?: Record<string, string>;
  /** Local engine: the project bind-mounted, protected entries read-only, masked files. */
  bind?: { projectRoot: string; readOnly: readonly string[]; masked: readonly string[] };
  /** Remote engine: the volume the project copy is put in. */
  volume?: string;
  /** Where the command starts: /work or a folder under it (containerWorkdir). */
  workdir?: string;
}

/** "512m", "1g", "1048576" → bytes, as the docker CLI reads `--memory`. */
export function memoryBytes(v: string): number {
  const m = /^(\d+(?:\.\d+)?)\s*([bkmg]?)b?$/i.exec(v.trim());
  if (!m) throw new Error(`memory limit not understood: ${JSON.stringify(v)}`);
  const unit = { '': 1, b: 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[m[2]!.toLowerCase() as '' | 'b' | 'k' | 'm' | 'g'];
  return Math.floor(Number(m[1]) * unit);
}

/** The create request, pure: the same confinement as the CLI's `run` flags (hardeningArgs), field by field. */
export function containerCreateOptions(spec: ApiContainerSpec): Docker.ContainerCreateOptions {
  const limits = { ...DEFAULT_LIMITS, ...spec.limits };
  const cpus = Number(limits.cpus);
  if (!Number.isFinite(cpus) || cpus <= 0) throw new Error(`cpu limit not understood: ${JSON.stringify(limits.cpus)}`);
  const binds: string[] = [];
  const mounts: Docker.MountSettings[] = [];
  if (spec.bind) {
    binds.push(`${spec.bind.projectRoot}:${CONTAINER_WORKDIR}:rw`);
    // After the project's mount, so they land on top of it.
    for (const name of spec.bind.readOnly) binds.push(`${path.join(spec.bind.projectRoot, name)}:${CONTAINER_WORKDIR}/${name}:ro`);
    for (const rel of spec.bind.masked) binds.push(`/dev/null:${path.posix.join(CONTAINER_WORKDIR, rel.split(path.sep).join('/'))}:ro`);
  } else if (spec.volume) {
    mounts.push({ Type: 'volume', Source: spec.volume, Target: CONTAINER_WORKDIR });
  } else {
    throw new Error('a container needs the project: a bind mount (local engine) or a volume (remote engine)');
  }
  return {
    name: spec.name,
    Image: spec.image,
    Cmd: ['/bin/sh', '-c', spec.command],
    WorkingDir: spec.workdir ?? CONTAINER_WORKDIR,
    ...(spec.user ? { User: spec.user } : {}),
    Env: Object.entries(spec.env ?? {}).map(([k, v]) => `${k}=${v}`),
    AttachStdin: false,
    AttachStdout: true,
    AttachStderr: true,
    OpenStdin: false,
    Tty: false,
    NetworkDisabled: true,
    HostConfig: {
      NetworkMode: 'none',
      Memory: memoryBytes(limits.memory),
      NanoCpus: Math.round(cpus * 1e9),
      PidsLimit: limits.pids,
      // Explicit rlimits at or below the host's: engines otherwise ask for higher ones, which fails
      // where the caller lacks CAP_SYS_RESOURCE (as in nested containers).
      Ulimits: [
        { Name: 'nofile', Soft: 4096, Hard: 4096 },
        { Name: 'nproc', Soft: 4096, Hard: 4096 },
      ],
      CapDrop: ['ALL'],
      SecurityOpt: ['no-new-privileges'],
      ReadonlyRootfs: true,
      Tmpfs: { '/tmp': '' },
      Privileged: false,
      ...(binds.length ? { Binds: binds } : {}),
      ...(mounts.length ? { Mounts: mounts } : {}),
    },
  };
}

/** What tells endpoints apart: the address and the TLS material (new certificates, a new client). */
function endpointKey(endpoint: EngineEndpoint): string {
  const c = endpoint.connection;
  const tls = c.ca || c.cert || c.key ? createHash('sha256').update(c.ca ?? '').update('\0').update(c.cert ?? '').update('\0').update(c.key ?? '').digest('hex') : '';
  return `${endpoint.source} ${endpoint.label} ${tls}`;
}

/** One client per endpoint, kept for the process: the engine connection is reused across calls. */
const clients = new Map<string, Docker>();
export function engineClient(endpoint: EngineEndpoint): Docker {
  const key = endpointKey(endpoint);
  let d = clients.get(key);
  if (!d) {
    const c = endpoint.connection;
    // Every field given, even when undefined: docker-modem fills what is missing from DOCKER_HOST
    // and friends, which must not mix with the endpoint chosen here.
    d = new Docker({
      socketPath: c.socketPath,
      host: c.host,
      port: c.port,
      protocol: c.protocol,
      username: c.username,
      ca: c.ca,
      cert: c.cert,
      key: c.key,
      sshOptions: c.sshOptions,
      timeout: undefined,
    } as Docker.DockerOptions);
    clients.set(key, d);
  }
  return d;
}

export interface EngineSelection extends EngineHostInputs {
  /** Override of the default sockets (tests). */
  sockets?: readonly string[];
}

/**
 * The API endpoint to use: the configured one (a refusal throws), else the first default socket
 * that answers a ping, else undefined (the CLI runs it, container.ts).
 */
export async function findApiEngine(sel: EngineSelection): Promise<EngineEndpoint | undefined> {
  const configured = configuredEngine(sel);
  if (configured) return configured;
  for (const socketPath of sel.sockets ?? defaultSockets(sel.env)) {
    if (!existsSync(socketPath) || !(await socketAnswers(socketPath))) continue;
    return { label: `unix://${socketPath}`, source: 'default socket', remote: false, connection: { socketPath } };
  }
  return undefined;
}

/** What runs containers now, as Settings shows it: the endpoint and what chose it, the CLI, or why nothing can. */
export type EngineInUse =
  | { via: 'api'; address: string; source: EngineSource; copyProject: boolean }
  | { via: 'cli' }
  | { via: 'refused'; reason: string };

/** The same choice run_container makes (findApiEngine), without running anything on the engine. */
export async function engineInUse(sel: Omit<EngineSelection, 'sshHostVerifier'>): Promise<EngineInUse> {
  try {
    const endpoint = await findApiEngine({ ...sel, sshHostVerifier: (host, port) => knownHostsVerifier(host, port, sel.env) });
    if (!endpoint) return { via: 'cli' };
    return { via: 'api', address: endpoint.label, source: endpoint.source, copyProject: endpoint.remote };
  } catch (err) {
    if (err instanceof EngineHostRefused) return { via: 'refused', reason: err.message };
    throw err;
  }
}

/** A socket file left by a stopped service refuses connections: try it before choosing it. */
function socketAnswers(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect(socketPath);
    const done = (ok: boolean) => {
      s.destroy();
      resolve(ok);
    };
    s.setTimeout(1_000, () => done(false));
    s.once('connect', () => done(true));
    s.once('error', () => done(false));
  });
}

export type ApiDetection =
  | { ok: true; endpoint: EngineEndpoint; engine: EngineName; version: string; image: string }
  | { ok: false; reason: string };

/**
 * The engine answers (`_ping`, `version`), and the image is there — the default one is imported
 * from a busybox rootfs when missing (no registry is needed, so a remote engine gets it too).
 */
export async function detectApiEngine(endpoint: EngineEndpoint, image: string): Promise<ApiDetection> {
  const docker = engineClient(endpoint);
  const at = `${endpoint.label} (${endpoint.source})`;
  let version: Docker.DockerVersion;
  try {
    await withTimeout(docker.ping(), 15_000, 'no answer');
    version = await withTimeout(docker.version(), 15_000, 'no answer');
  } catch (err) {
    return { ok: false, reason: `the engine at ${at} does not answer: ${messageOf(err)}` };
  }
  const engine: EngineName = version.Components?.some((c) => /podman/i.test(c.Name)) ? 'podman' : 'docker';
  try {
    await docker.getImage(image).inspect();
  } catch (err) {
    if (statusOf(err) !== 404) return { ok: false, reason: `the engine at ${at} cannot inspect ${image}: ${messageOf(err)}` };
    if (image !== DEFAULT_IMAGE) return { ok: false, reason: `image ${image} is not on the engine at ${at}, and nothing is pulled` };
    const made = await importDefaultImage(docker, image);
    if (made) return { ok: false, reason: `the engine at ${at} could not get ${image}: ${made}` };
  }
  return { ok: true, endpoint, engine, version: version.Version, image };
}

async function importDefaultImage(docker: Docker, image: string): Promise<string | undefined> {
  const tar = await busyboxRootfsTar();
  if (!tar.ok) return tar.reason;
  try {
    const [repo, tag] = splitImage(image);
    const stream = await docker.importImage(tar.stream(), { repo, tag });
    await new Promise<void>((resolve, reject) =>
      docker.modem.followProgress(stream, (err: Error | null, out: { error?: string }[]) => {
        const failed = out?.find((o) => o.error);
        if (err || failed) reject(err ?? new Error(failed!.error));
        else resolve();
      }),
    );
    return undefined;
  } catch (err) {
    return messageOf(err);
  } finally {
    await tar.release();
  }
}

function splitImage(image: string): [string, string] {
  const slash = image.lastIndexOf('/');
  const colon = image.lastIndexOf(':');
  return colon > slash ? [image.slice(0, colon), image.slice(colon + 1)] : [image, 'latest'];
}

const detections = new Map<string, Promise<ApiDetection>>();
/** Once per endpoint and image per process; a failure is not kept (the engine may come up). */
export function detectApiEngineCached(endpoint: EngineEndpoint, image: string): Promise<ApiDetection> {
  const key = `${endpointKey(endpoint)} ${image}`;
  let p = detections.get(key);
  if (!p) {
    p = detectApiEngine(endpoint, image).then((d) => {
      if (!d.ok) detections.delete(key);
      return d;
    });
    detections.set(key, p);
  }
  return p;
}

export function statusOf(err: unknown): number | undefined {
  const s = (err as { statusCode?: unknown } | null)?.statusCode;
  return typeof s === 'number' ? s : undefined;
}

export function messageOf(err: unknown): string {
  if (err instanceof EngineHostRefused) return err.message;
  const e = err as { json?: { message?: string }; message?: string; code?: string } | null;
  return (e?.json?.message ?? e?.message ?? String(err)).trim().split('\n')[0]!;
}

function withTimeout<T>(p: Promise<T>, ms: number, why: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    p.finally(() => clearTimeout(timer)),
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${why} in ${ms / 1000} s`)), ms);
    }),
  ]);
}
