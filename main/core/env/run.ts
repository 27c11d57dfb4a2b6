/**
 * One runner per environment: a command in the shell, in the OS sandbox or in a container, for the
 * execute tools and capabilities alike — so both get the same child environment, the same output
 * limits (head + tail, the full log), the same output mode and the same clean-up, and cannot drift.
 *
 * - shell: `bash -c` on a pty, stdout and stderr through one pipe by default (plain output, several
 *   times faster than the pty; `outputVia: 'pty'` when a program needs a terminal).
 * - sandbox: the same command wrapped by the sandbox runtime, on the pty.
 * - docker: a throw-away container through the Engine API (engineApi.ts, apiRun.ts) when an
 *   endpoint is configured (Settings, CONTAINER_HOST, DOCKER_HOST) or a local engine socket
 *   answers, else through the docker/podman CLI. Locally the project is bind-mounted with the
 *   protected entries read-only (placeholders for absent ones, held until the container is gone);
 *   a remote engine gets a copy and gives back a diff (remoteCopy.ts). A cancelled or timed-out
 *   run's container is killed and removed by the engine.
 */
import { realpathSync } from 'node:fs';
import path from 'node:path';
import {
  buildRemoveArgv,
  buildRunArgv,
  containerName,
  containerUser,
  containerWorkdir,
  DEFAULT_IMAGE,
  detectEngineCached,
  exec,
  type ContainerLimits,
  type EngineName,
} from './container.js';
import { startApiRun, type ApiRunHandle, type ApiRunResult } from './apiRun.js';
import { detectApiEngineCached, engineClient, findApiEngine } from './engineApi.js';
import { EngineHostRefused, type EngineEndpoint } from './engineHost.js';
import { ensureProtectedEntries, holdEnvironment, ProtectedEntryRefused } from './protectedEntries.js';
import { CopyRefused, planCopy, type ProjectCopy } from './remoteCopy.js';
import { knownHostsVerifier } from './sshKnownHosts.js';
import { defaultShell, startCommand, startPty, type EndReason, type PtyHandle, type PtyRunResult } from './pty.js';
import { SandboxUnavailable, wrapSandboxed } from './sandbox.js';

export type RunEnvironment = 'shell' | 'sandbox' | 'docker';

/** The environment cannot run this here (no sandbox, no container engine, a protected entry is a symlink): nothing started. */
export class RunRefused extends Error {
  override readonly name = 'RunRefused';
}

export interface RunInOptions {
  projectRoot: string;
  /** Where the command runs (default: the project). In a container: the same folder under /work (the project's mount or copy). */
  cwd?: string;
  /** The child's environment on the host (shell, sandbox): the scrubbed one of tools/kit/childEnv.ts. */
  env: Record<string, string>;
  /** Words after the command in the shell: bash's $0, $1, … */
  args?: string[];
  timeoutMs?: number;
  /** Ends the run (the whole process group). A background run passes none. */
  signal?: AbortSignal;
  onText?: (text: string) => void;
  logPath: string;
  headChars?: number;
  tailChars?: number;
  killGraceMs?: number;
  /** shell only: where stdout and stderr go (default 'pipe'). */
  outputVia?: 'pipe' | 'pty';
  /** shell only: the shell (default bash; see pty.ts defaultShell). */
  shell?: string;
  /** sandbox: what the command may read and reach. */
  sandbox?: { denyRead?: string[]; allowedDomains?: string[] };
  /** docker: the image, limits, and the variables set inside (none of the host's reach the container). */
  /** `hidden`: files (absolute) masked with an empty file in the container when they are inside the project. */
  /** `engineHost`: the Settings' engine address (over CONTAINER_HOST / DOCKER_HOST; engineHost.ts). */
  container?: {
    image?: string;
    limits?: Partial<ContainerLimits>;
    env?: Record<string, string>;
    hidden?: readonly string[];
    engineHost?: string;
    /** The Settings' "copy the project to the engine" (a tunnel to a remote engine on loopback). */
    copyProject?: boolean;
  };
}

/** A run's end; a run on a remote engine also says what it changed in its copy (not applied). */
export interface RunResult extends PtyRunResult {
  changes?: ApiRunResult['changes'];
}

export interface RunHandle {
  /** The local process; 0 for a container run through the Engine API (no process here). */
  pid: number;
  /** Resolves once the run has ended and its environment is cleaned up. */
  done: Promise<RunResult>;
  kill(reason?: EndReason): void;
  readonly running: boolean;
  readonly bytes: number;
  /** docker: which engine (and where: an API endpoint, or the CLI), image and container ran it. */
  container?: { engine: EngineName; image: string; name: string; endpoint: string; remote: boolean };
}

/** Starts `command` in `environment`. Throws RunRefused (nothing started) when the environment cannot run it. */
export async function runIn(environment: RunEnvironment, command: string, opts: RunInOptions): Promise<RunHandle> {
  const pty = {
    cwd: opts.cwd ?? opts.projectRoot,
    timeoutMs: opts.timeoutMs,
    signal: opts.signal,
    onText: opts.onText,
    logPath: opts.logPath,
    headChars: opts.headChars,
    tailChars: opts.tailChars,
    killGraceMs: opts.killGraceMs,
  };
  if (environment === 'shell') {
    const shell = opts.shell ?? defaultShell();
    const argv = opts.args?.length ? [shell, '-c', command, ...opts.args] : undefined;
    return startCommand({
      ...pty,
      ...(argv ? { argv } : { command, shell: opts.shell }),
      env: opts.env,
      outputVia: opts.outputVia ?? 'pipe',
    });
  }
  if (environment === 'sandbox') return runSandboxed(command, opts, pty);
  return runInContainer(command, opts, pty);
}

/** A command ready to spawn: its argv, its environment, and what to release once it has ended. */
export interface PreparedCommand {
  argv: string[];
  env: Record<string, string>;
  /** docker: removes the container when the caller ends the run early (killing its CLI does not stop it). */
  end?(): void;
  /** Once the command has ended: after the container is gone, when there is one. */
  release(): void | Promise<void>;
}

/**
 * The argv and environment `runIn` would run `command` with, for a caller that must spawn it itself
 * (a hook: JSON on stdin, stdout apart from stderr). The same shell, the same sandbox policy
 * (protected entries read-only, the data folder unreadable, no network) and the same hardened
 * container (`run -i`: stdin is kept open) as runIn. Throws RunRefused when the environment cannot
 * run here.
 */
export async function prepareCommand(
  environment: RunEnvironment,
  command: string,
  opts: Pick<RunInOptions, 'projectRoot' | 'env' | 'shell' | 'sandbox' | 'signal' | 'container'>,
): Promise<PreparedCommand> {
  if (environment === 'shell') return { argv: [opts.shell ?? defaultShell(), '-c', command], env: opts.env, release: () => {} };
  if (environment === 'docker') {
    const c = await prepareContainer(command, opts, true);
    let removal: Promise<unknown> | undefined;
    return {
      argv: c.argv,
      env: containerCliEnv(),
      end: () => {
        removal ??= c.remove();
      },
      release: async () => {
        await removal;
        c.endHold();
      },
    };
  }
  try {
    return await wrapSandboxed(
      command,
      { projectRoot: opts.projectRoot, denyRead: opts.sandbox?.denyRead ?? [], allowedDomains: opts.sandbox?.allowedDomains ?? [] },
      opts.env,
      opts.signal,
    );
  } catch (err) {
    if (err instanceof SandboxUnavailable) throw new RunRefused(`the OS sandbox cannot run on this machine: ${err.message}`);
    throw err;
  }
}

type PtyCommon = Omit<Parameters<typeof startPty>[0], 'env' | 'argv' | 'command'>;

async function runSandboxed(command: string, opts: RunInOptions, pty: PtyCommon): Promise<RunHandle> {
  const wrapped = await prepareCommand('sandbox', command, opts);
  try {
    return withCleanup(startPty({ ...pty, argv: wrapped.argv, env: wrapped.env }), () => wrapped.release());
  } catch (err) {
    await wrapped.release();
    throw err;
  }
}

/** A hardened container's argv (run_container's), its placeholders held until `endHold`. Throws RunRefused. */
async function prepareContainer(
  command: string,
  opts: Pick<RunInOptions, 'projectRoot' | 'container' | 'cwd'>,
  interactive: boolean,
): Promise<{ argv: string[]; engine: EngineName; image: string; name: string; endHold: () => void; remove: () => Promise<unknown> }> {
  const image = opts.container?.image ?? DEFAULT_IMAGE;
  const found = await detectEngineCached(image);
  if (!found.ok) throw new RunRefused(`no container engine can run here: ${found.reason}`);
  const engine = found.engine;
  const name = containerName();
  const endHold = holdEnvironment();
  try {
    const argv = buildRunArgv({
      engine,
      image,
      projectRoot: opts.projectRoot,
      command,
      name,
      limits: opts.container?.limits,
      user: containerUser(engine),
      env: opts.container?.env,
      readOnly: ensureProtectedEntries(opts.projectRoot),
      masked: insideProject(opts.projectRoot, opts.container?.hidden ?? []),
      interactive,
      workdir: workdirOrRefuse(opts),
    });
    const remove = () => {
      const rm = buildRemoveArgv(engine, name);
      return exec(rm[0]!, rm.slice(1), 30_000);
    };
    return { argv, engine: engine.name, image, name, endHold, remove };
  } catch (err) {
    endHold();
    if (err instanceof ProtectedEntryRefused) throw new RunRefused(err.message);
    throw err;
  }
}

async function runInContainer(command: string, opts: RunInOptions, pty: PtyCommon): Promise<RunHandle> {
  const image = opts.container?.image ?? DEFAULT_IMAGE;
  let endpoint: EngineEndpoint | undefined;
  try {
    endpoint = await findApiEngine({
      setting: opts.container?.engineHost,
      copyProject: opts.container?.copyProject,
      env: process.env,
      sshHostVerifier: (host, port) => knownHostsVerifier(host, port),
    });
  } catch (err) {
    if (err instanceof EngineHostRefused) throw new RunRefused(err.message);
    throw err;
  }
  if (!endpoint) return runInContainerCli(command, opts, pty);
  const found = await detectApiEngineCached(endpoint, image);
  if (!found.ok) throw new RunRefused(`no container engine can run here: ${found.reason}`);
  const docker = engineClient(endpoint);
  const name = containerName();
  const common = { docker, ...pty };
  const workdir = workdirOrRefuse(opts);
  const spec = { image, command, name, limits: opts.container?.limits, env: opts.container?.env, workdir };
  const about = { engine: found.engine, image, name, endpoint: endpoint.label, remote: endpoint.remote };
  const started = (h: ApiRunHandle, cleanup: () => void = () => {}): RunHandle => withCleanup(h, cleanup, { container: about });
  if (endpoint.remote) {
    // A remote engine cannot bind-mount this folder: it gets a copy without the protected entries
    // and key files, and its changes come back as a diff for review (remoteCopy.ts).
    let copy: ProjectCopy;
    try {
      copy = planCopy(opts.projectRoot, insideProject(opts.projectRoot, opts.container?.hidden ?? []));
    } catch (err) {
      if (err instanceof CopyRefused) throw new RunRefused(err.message);
      throw err;
    }
    return started(await startOrRefuse(() => startApiRun({ ...common, spec, copy: { projectRoot: opts.projectRoot, copy } })));
  }
  const endHold = holdEnvironment();
  try {
    const bind = {
      projectRoot: opts.projectRoot,
      readOnly: ensureProtectedEntries(opts.projectRoot),
      masked: insideProject(opts.projectRoot, opts.container?.hidden ?? []),
    };
    const h = await startOrRefuse(() => startApiRun({ ...common, spec: { ...spec, bind, user: containerUser({ name: found.engine }) } }));
    // The container is gone (exited, or killed and removed) before its placeholders are.
    return started(h, endHold);
  } catch (err) {
    endHold();
    if (err instanceof ProtectedEntryRefused) throw new RunRefused(err.message);
    throw err;
  }
}

async function startOrRefuse<T>(start: () => Promise<T>): Promise<T> {
  try {
    return await start();
  } catch (err) {
    if (err instanceof RunRefused || err instanceof ProtectedEntryRefused) throw err;
    throw new RunRefused((err as Error).message);
  }
}

/** A container runs in /work, or in the folder under it that `cwd` names (run_command of an agent in a container). */
function workdirOrRefuse(opts: Pick<RunInOptions, 'projectRoot' | 'cwd'>): string {
  const w = containerWorkdir(opts.projectRoot, opts.cwd);
  if (!w) throw new RunRefused(`the folder ${opts.cwd} is not inside the project, so it is not in the container`);
  return w;
}

/** No Engine API endpoint is configured or answers: the docker/podman CLI runs the container, as before. */
async function runInContainerCli(command: string, opts: RunInOptions, pty: PtyCommon): Promise<RunHandle> {
  const c = await prepareContainer(command, opts, false);
  let removal: Promise<unknown> | undefined;
  let handle: PtyHandle;
  try {
    handle = startPty({
      ...pty,
      argv: c.argv,
      cwd: opts.projectRoot,
      env: containerCliEnv(),
      onKill: async () => {
        removal = c.remove();
        await removal;
      },
    });
  } catch (err) {
    c.endHold();
    throw err;
  }
  // The container is gone (exited, or removed by the engine) before its placeholders are.
  return withCleanup(
    handle,
    async () => {
      await removal;
      c.endHold();
    },
    { container: { engine: c.engine, image: c.image, name: c.name, endpoint: `${c.engine} CLI`, remote: false } },
  );
}

/**
 * The container CLI's own environment: PATH and HOME (its config), and XDG_RUNTIME_DIR (rootless
 * podman finds its socket there). The container itself gets none of the host's variables.
 */
export function containerCliEnv(base: NodeJS.ProcessEnv = process.env): Record<string, string> {
  return {
    PATH: base.PATH ?? '/usr/bin:/bin',
    HOME: base.HOME ?? '/',
    ...(base.XDG_RUNTIME_DIR ? { XDG_RUNTIME_DIR: base.XDG_RUNTIME_DIR } : {}),
  };
}

/**
 * The files among `files` that a container of the project could read: each one's path relative to
 * the project, as named and once links are followed (a key file reached through either is masked).
 */
export function insideProject(projectRoot: string, files: readonly string[]): string[] {
  const real = (p: string) => {
    try {
      return realpathSync(p);
    } catch {
      return undefined;
    }
  };
  const roots = [...new Set([path.resolve(projectRoot), real(projectRoot) ?? path.resolve(projectRoot)])];
  const out = new Set<string>();
  for (const f of files) {
    // A file that is not there needs no mask (and a mount over it would create it in the project).
    const target = real(f);
    if (target === undefined) continue;
    for (const p of new Set([path.resolve(f), target])) {
      for (const root of roots) {
        const rel = path.relative(root, p);
        if (rel && !rel.startsWith('..') && !path.isAbsolute(rel)) out.add(rel);
      }
    }
  }
  return [...out];
}

function withCleanup(h: PtyHandle | ApiRunHandle, cleanup: () => unknown, extra: Pick<RunHandle, 'container'> = {}): RunHandle {
  return {
    pid: h.pid,
    done: h.done.finally(cleanup),
    kill: (reason) => h.kill(reason),
    get running() {
      return h.running;
    },
    get bytes() {
      return h.bytes;
    },
    ...extra,
  };
}
