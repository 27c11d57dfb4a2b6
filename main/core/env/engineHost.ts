/**
 * Where the container engine is: a setting, or `CONTAINER_HOST` (Podman's name), or `DOCKER_HOST`
 * (Docker's), read as the Docker Engine API endpoint both engines serve. Allowlisted forms only:
 *
 * - `unix:///path/to.sock` — a local engine (bind mounts of the project work);
 * - `ssh://user@host[:port]` — a remote Docker engine through `docker system dial-stdio` over SSH,
 *   the host key checked against ~/.ssh/known_hosts (sshKnownHosts.ts), the agent's keys;
 * - `tcp://host:port` — TLS with the client certificate and CA of `DOCKER_CERT_PATH` (default
 *   ~/.docker), the server always verified. Plain TCP only to a loopback address: anyone on the
 *   path of an unencrypted engine connection can run containers as the engine's user.
 *
 * Anything else (npipe://, http://, a typo) is refused with the reason; nothing falls back silently.
 */
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';
import { isLoopbackHost } from '../host/index.js';

export type EngineSource = 'setting' | 'CONTAINER_HOST' | 'DOCKER_HOST' | 'default socket';

/** The connection options handed to dockerode (docker-modem), every field explicit. */
export interface EngineConnection {
  socketPath?: string;
  host?: string;
  port?: number;
  protocol?: 'http' | 'https' | 'ssh';
  username?: string;
  ca?: Buffer;
  cert?: Buffer;
  key?: Buffer;
  sshOptions?: { agent?: string; hostVerifier?: (key: Buffer) => boolean };
}

export interface EngineEndpoint {
  /** The endpoint as configured, without credentials: what the environment line and doctor show. */
  label: string;
  source: EngineSource;
  /**
   * The project travels as a copy (remoteCopy.ts), not a bind mount: the engine is on another
   * machine (ssh://, TLS to a non-loopback host), or a copy was asked for — a loopback address may
   * be a tunnel to a remote engine (`ssh -L`), which could not see this folder either.
   */
  remote: boolean;
  connection: EngineConnection;
}

/** The configured endpoint cannot be used: nothing runs, and the reason says which setting to fix. */
export class EngineHostRefused extends Error {
  override readonly name = 'EngineHostRefused';
}

export interface EngineHostInputs {
  /** The app's setting (Settings → container engine); wins over the environment. */
  setting?: string;
  env: NodeJS.ProcessEnv;
  /** Always copy the project (the setting, or CODECODER_CONTAINER_COPY=1): for a tunnel to a remote engine. */
  copyProject?: boolean;
  /** Checks an SSH host key (injected so the parser stays pure; sshKnownHosts.ts in the app). */
  sshHostVerifier?: (host: string, port: number) => (key: Buffer) => boolean;
}

/** The endpoint chosen by setting or environment, or undefined when none is configured. Throws EngineHostRefused. */
export function configuredEngine(inputs: EngineHostInputs): EngineEndpoint | undefined {
  const picked = pick(inputs);
  if (!picked) return undefined;
  const endpoint = parseEngineHost(picked.value, picked.source, inputs);
  return copyAsked(inputs) ? { ...endpoint, remote: true } : endpoint;
}

function copyAsked(inputs: EngineHostInputs): boolean {
  return inputs.copyProject === true || /^(1|true|yes)$/i.test(inputs.env.CODECODER_CONTAINER_COPY?.trim() ?? '');
}

function pick(inputs: EngineHostInputs): { value: string; source: EngineSource } | undefined {
  const setting = inputs.setting?.trim();
  if (setting) return { value: setting, source: 'setting' };
  for (const name of ['CONTAINER_HOST', 'DOCKER_HOST'] as const) {
    const v = inputs.env[name]?.trim();
    if (v) return { value: v, source: name };
  }
  return undefined;
}

export function parseEngineHost(value: string, source: EngineSource, inputs: Omit<EngineHostInputs, 'setting'>): EngineEndpoint {
  const where = `${source} ${JSON.stringify(value)}`;
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(value)?.[1]?.toLowerCase();
  if (scheme === 'unix') {
    const socketPath = value.slice('unix://'.length);
    if (!path.isAbsolute(socketPath)) throw new EngineHostRefused(`${where}: a unix socket needs an absolute path (unix:///run/docker.sock)`);
    return { label: `unix://${socketPath}`, source, remote: false, connection: { socketPath: path.normalize(socketPath) } };
  }
  if (scheme !== 'ssh' && scheme !== 'tcp') {
    throw new EngineHostRefused(
      `${where}: ${scheme ? `the scheme ${scheme}:// is not supported` : 'not an engine address'}; use unix:///path/to.sock, ssh://user@host or tcp://host:port (TLS)`,
    );
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new EngineHostRefused(`${where}: not a valid address`);
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!host) throw new EngineHostRefused(`${where}: no host`);
  if (url.password) throw new EngineHostRefused(`${where}: a password in the address is refused; use an SSH agent key`);
  if (url.search || url.hash) throw new EngineHostRefused(`${where}: query or fragment not understood`);
  if (scheme === 'ssh') {
    if (url.pathname && url.pathname !== '/')
      throw new EngineHostRefused(
        `${where}: a socket path after the host (Podman's ssh form) is not supported; the remote host must run \`docker system dial-stdio\``,
      );
    const port = url.port ? Number(url.port) : 22;
    const username = decodeURIComponent(url.username) || inputs.env.USER || undefined;
    const verifier = inputs.sshHostVerifier?.(host, port);
    if (!verifier) throw new EngineHostRefused(`${where}: no way to check the host's SSH key, so no connection is made`);
    return {
      label: `ssh://${username ? `${username}@` : ''}${url.host}`,
      source,
      remote: true,
      connection: {
        protocol: 'ssh',
        host,
        port,
        username,
        sshOptions: { ...(inputs.env.SSH_AUTH_SOCK ? { agent: inputs.env.SSH_AUTH_SOCK } : {}), hostVerifier: verifier },
      },
    };
  }
  if (url.username) throw new EngineHostRefused(`${where}: a user name in a tcp:// address is not understood`);
  if (url.pathname && url.pathname !== '/') throw new EngineHostRefused(`${where}: a path after a tcp:// address is not understood`);
  if (!url.port) throw new EngineHostRefused(`${where}: a tcp:// address needs a port (2376 for TLS)`);
  const port = Number(url.port);
  const tls = tlsFiles(inputs.env);
  const loopback = isLoopbackHost(host);
  if (!tls) {
    if (!loopback)
      throw new EngineHostRefused(
        `${where}: plain TCP to another machine is refused (anyone on the path could run containers); set DOCKER_TLS_VERIFY=1 and DOCKER_CERT_PATH, or use ssh://`,
      );
    return { label: `tcp://${url.host}`, source, remote: false, connection: { protocol: 'http', host, port } };
  }
  return {
    label: `tcp://${url.host} (TLS)`,
    source,
    // A loopback TCP engine is this machine's: the folder it would bind-mount is the same one.
    remote: !loopback,
    connection: { protocol: 'https', host, port, ...readTls(tls, where) },
  };
}

/** The certificate folder when TLS is asked for (DOCKER_TLS_VERIFY, or DOCKER_CERT_PATH set), as the docker CLI reads them. */
function tlsFiles(env: NodeJS.ProcessEnv): string | undefined {
  const verify = env.DOCKER_TLS_VERIFY?.trim();
  const certPath = env.DOCKER_CERT_PATH?.trim();
  if (!verify && !certPath) return undefined;
  if (verify === '0' || verify?.toLowerCase() === 'false') {
    if (!certPath) return undefined;
  }
  return certPath || path.join(env.HOME || homedir(), '.docker');
}

/** ca.pem, cert.pem, key.pem; the server is always verified against ca.pem (never skipped). */
function readTls(dir: string, where: string): { ca: Buffer; cert: Buffer; key: Buffer } {
  const read = (name: string) => {
    try {
      return readFileSync(path.join(dir, name));
    } catch (err) {
      throw new EngineHostRefused(`${where}: TLS needs ${name} in ${dir} (DOCKER_CERT_PATH): ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
    }
  };
  return { ca: read('ca.pem'), cert: read('cert.pem'), key: read('key.pem') };
}

/** The local sockets tried when nothing is configured: Docker's, then rootful and rootless Podman's. */
export function defaultSockets(env: NodeJS.ProcessEnv): string[] {
  const home = env.HOME || homedir();
  return [
    '/var/run/docker.sock',
    path.join(home, '.docker', 'run', 'docker.sock'),
    '/run/podman/podman.sock',
    ...(env.XDG_RUNTIME_DIR ? [path.join(env.XDG_RUNTIME_DIR, 'podman', 'podman.sock'), path.join(env.XDG_RUNTIME_DIR, 'docker.sock')] : []),
  ];
}
