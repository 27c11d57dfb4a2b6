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
  insideProject,
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
  /** Files the app reads a secret from (`--api-key-file`): never readable from a sandboxed server. */
  hiddenFiles?: readonly string[];
  /** The entry's env after `${VAR}` expansion. */
  env: Record<string, string>;
  /** The entry comes from the project (codecoder.json, .mcp.json): its paths must stay inside it. */
  fromProject: boolean;
}

/** A POSIX single-quoted word. */
export function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/**
 * A project path, symlinks followed, at the moment of use: it must exist and stay inside the
 * project (a repository could ship `up -> /` and name it). The real path is what gets used, so a
 * link swapped in after this check is never followed.
 */
async function realProjectPath(declared: string, root: string, what: string): Promise<string> {
  let real: string;
  try {
    real = await realpath(path.resolve(root, declared));
  } catch {
    throw new Error(`${what} "${declared}" does not exist in the project`);
  }
  if (real !== root && !real.startsWith(root + path.sep)) throw new Error(`${what} "${declared}" leads outside the project (${real})`);
  return real;
}

/**
 * Where the server starts. A project's entry (codecoder.json, .mcp.json): its `cwd` resolved now,
 * at each launch and restart — not only when the file was loaded — and refused outside the project.
 * The user's own mcp.json may name any folder.
 */
async function serverCwd(entry: StdioEntry, ctx: LaunchContext): Promise<string> {
  if (!ctx.fromProject) return entry.cwd ? path.resolve(ctx.projectRoot, entry.cwd) : ctx.projectRoot;
  const root = await realpath(ctx.projectRoot);
  return entry.cwd ? realProjectPath(entry.cwd, root, 'cwd') : root;
}

/**
 * The entry's writable paths, resolved: each must exist and stay inside the project once symlinks
 * are followed (a repository could ship `out -> ~` and declare "out" writable).
 */
export async function writablePaths(declared: readonly string[], projectRoot: string): Promise<string[]> {
  const root = await realpath(projectRoot);
  const out: string[] = [];
  for (const p of declared) out.push(await realProjectPath(p, root, 'allowWrite'));
  return out;
}

export async function launchStdio(entry: StdioEntry, ctx: LaunchContext): Promise<Launch> {
  const args = entry.args ?? [];
  if (entry.container) return launchContainer(entry, ctx, args);
  const cwd = await serverCwd(entry, ctx);
  const resolved = resolveCommand(entry.command, cwd);
  if (!resolved) throw new Error(`${entry.command}: not found on PATH`);
  const env = serverEnv(ctx.env, resolved);
  if (!entry.sandbox) return { spawn: { command: resolved, args, env, cwd }, release: async () => undefined };
  const opts = entry.sandbox === true ? {} : entry.sandbox;
  const wrapped = await wrapSandboxed(
    [resolved, ...args].map(shellQuote).join(' '),
    {
      projectRoot: ctx.projectRoot,
      denyRead: [ctx.dataDir, ...(ctx.hiddenFiles ?? [])],
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

/** A real path inside the project root, as the container sees it. */
const inContainer = (root: string, real: string) => path.posix.join(CONTAINER_WORKDIR, path.relative(root, real).split(path.sep).join('/'));

/**
 * The `<engine> run -i …` argv of a containerised server — pure, unit-tested. `paths` are real
 * paths resolved at launch (writablePaths, serverCwd): a link swapped in later is never mounted.
 */
export function containerArgv(
  engine: Engine,
  image: string,
  name: string,
  entry: StdioEntry,
  paths: { root: string; writable: readonly string[]; cwd?: string; masked?: readonly string[] },
  env: Record<string, string>,
): string[] {
  const argv = [engine.bin, ...engine.globalArgs, 'run', '--rm', '-i', '--name', name, ...hardeningArgs()];
  argv.push('-v', `${paths.root}:${CONTAINER_WORKDIR}:ro`);
  for (const real of paths.writable) argv.push('-v', `${real}:${inContainer(paths.root, real)}:rw`);
  // A key file inside the project: an empty file in its place.
  for (const rel of paths.masked ?? []) argv.push('-v', `/dev/null:${inContainer(paths.root, path.join(paths.root, rel))}:ro`);
  const cwd = paths.cwd ? inContainer(paths.root, paths.cwd) : CONTAINER_WORKDIR;
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
  const root = await realpath(ctx.projectRoot);
  const writable = await writablePaths(entry.container?.allowWrite ?? [], root);
  const cwd = entry.cwd ? await realProjectPath(entry.cwd, root, 'cwd') : undefined;
  const name = containerName();
  const masked = insideProject(root, ctx.hiddenFiles ?? []);
  const argv = containerArgv(found.engine, image, name, entry, { root, writable, masked, ...(cwd ? { cwd } : {}) }, ctx.env);
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
