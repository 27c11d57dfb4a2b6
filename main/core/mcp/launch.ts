/**
 * How a stdio server is started, by environment:
 *
 * - host (`shell`): the command itself, with serverEnv's environment.
 * - `"sandbox"`: wrapped by the OS sandbox runtime (env/sandbox.ts); the project is readable, writable
 *   only where the entry's `allowWrite` says, the app's data folder unreadable, no network unless
 *   `allowedDomains` names hosts.
 * - `"container"`: the container runner's engine (env/container.ts) with `-i` for stdio; no network,
 *   all capabilities dropped, the project mounted read-only except the entry's `allowWrite` paths.
 */
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import {
  CONTAINER_WORKDIR,
  DEFAULT_IMAGE,
  buildRemoveArgv,
  containerName,
  containerUser,
  detectEngineCached,
  exec,
  hardeningArgs,
  type Engine,
  wrapSandboxed,
} from '../env/index.js';
import type { StdioEntry } from './config.js';
import { resolveCommand, serverEnv } from './serverEnv.js';
import type { StdioSpawn } from './stdioTransport.js';

export interface Launch {
  spawn: StdioSpawn;
  /** Clean-up after the process ended (sandbox mounts, a container left under the engine). */
  release(): Promise<void>;
}

export interface LaunchContext {
  projectRoot: string;
  /** The app's data folder: never readable from a sandboxed server. */
  dataDir: string;
  /** The entry's env after `${VAR}` expansion. */
  env: Record<string, string>;
}

/** A POSIX single-quoted word. */
export function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

function serverCwd(entry: StdioEntry, root: string): string {
  return entry.cwd ? path.resolve(root, entry.cwd) : root;
}

/**
 * The entry's writable paths, resolved: each must exist and stay inside the project once symlinks
 * are followed (a repository could ship `out -> ~` and declare "out" writable).
 */
export async function writablePaths(declared: readonly string[], projectRoot: string): Promise<string[]> {
  const root = await realpath(projectRoot);
  const out: string[] = [];
  for (const p of declared) {
    let real: string;
    try {
      real = await realpath(path.resolve(root, p));
    } catch {
      throw new Error(`allowWrite "${p}" does not exist in the project`);
    }
    if (real !== root && !real.startsWith(root + path.sep)) throw new Error(`allowWrite "${p}" leads outside the project (${real})`);
    out.push(real);
  }
  return out;
}

export async function launchStdio(entry: StdioEntry, ctx: LaunchContext): Promise<Launch> {
  const cwd = serverCwd(entry, ctx.projectRoot);
  const args = entry.args ?? [];
  if (entry.container) return launchContainer(entry, ctx, args);
  const resolved = resolveCommand(entry.command, cwd);
  if (!resolved) throw new Error(`${entry.command}: not found on PATH`);
  const env = serverEnv(ctx.env, resolved);
  if (!entry.sandbox) return { spawn: { command: resolved, args, env, cwd }, release: async () => undefined };
  const opts = entry.sandbox === true ? {} : entry.sandbox;
  const wrapped = await wrapSandboxed(
    [resolved, ...args].map(shellQuote).join(' '),
    {
      projectRoot: ctx.projectRoot,
      denyRead: [ctx.dataDir],
      allowWrite: await writablePaths(opts.allowWrite ?? [], ctx.projectRoot),
      ...(opts.allowedDomains ? { allowedDomains: opts.allowedDomains } : {}),
    },
    env,
  );
  const [command, ...rest] = wrapped.argv;
  return {
    spawn: { command: command!, args: rest, env: wrapped.env, cwd },
    release: async () => wrapped.release(),
  };
}

/** The `<engine> run -i …` argv of a containerised server — pure, unit-tested. */
export function containerArgv(
  engine: Engine,
  image: string,
  name: string,
  entry: StdioEntry,
  projectRoot: string,
  env: Record<string, string>,
): string[] {
  const argv = [engine.bin, ...engine.globalArgs, 'run', '--rm', '-i', '--name', name, ...hardeningArgs()];
  argv.push('-v', `${projectRoot}:${CONTAINER_WORKDIR}:ro`);
  for (const p of entry.container?.allowWrite ?? []) {
    argv.push('-v', `${path.resolve(projectRoot, p)}:${path.posix.join(CONTAINER_WORKDIR, p.split(path.sep).join('/'))}:rw`);
  }
  const cwd = entry.cwd ? path.posix.join(CONTAINER_WORKDIR, entry.cwd) : CONTAINER_WORKDIR;
  argv.push('-w', cwd);
  const user = containerUser(engine);
  if (user) argv.push('--user', user);
  for (const [k, v] of Object.entries(env)) argv.push('-e', `${k}=${v}`);
  argv.push(image, entry.command, ...(entry.args ?? []));
  return argv;
}

async function launchContainer(entry: StdioEntry, ctx: LaunchContext, _args: string[]): Promise<Launch> {
  const image = entry.container?.image ?? DEFAULT_IMAGE;
  const found = await detectEngineCached(image);
  if (!found.ok) throw new Error(`no container engine: ${found.reason}`);
  await writablePaths(entry.container?.allowWrite ?? [], ctx.projectRoot);
  const name = containerName();
  const argv = containerArgv(found.engine, image, name, entry, ctx.projectRoot, ctx.env);
  const engineBin = resolveCommand(found.engine.bin, ctx.projectRoot) ?? found.engine.bin;
  // The engine CLI needs its own environment (socket, config), not the server's: the server's goes in with -e.
  const env = serverEnv({}, engineBin);
  return {
    spawn: { command: engineBin, args: argv.slice(1), env, cwd: ctx.projectRoot },
    release: async () => {
      const rm = buildRemoveArgv(found.engine, name);
      await exec(rm[0]!, rm.slice(1), 10_000);
    },
  };
}
