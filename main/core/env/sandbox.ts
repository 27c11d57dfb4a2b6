/**
 * The `sandbox` environment: a command wrapped by @anthropic-ai/sandbox-runtime (bubblewrap + socat
 * on Linux, Seatbelt on macOS). Writes are limited to the project (plus the library's own scratch
 * paths), the app's data folder cannot be read, and the network is off unless the call names hosts,
 * which are allowed for that one command only. `.git`, `codecoder.json` and the other entries of
 * READ_ONLY_PROJECT_ENTRIES stay read-only, whether they exist or not: a sandboxed command must not
 * plant a hook or an allow entry that runs on the host later. The wrapped argv then runs on the same pty runner
 * as `shell`, so streaming, logs and process-group kills are shared. The runtime keeps an
 * in-process proxy: everything here is async (a sync spawn would block that proxy).
 */
import { randomBytes } from 'node:crypto';
import { rgPath } from '@vscode/ripgrep';
import path from 'node:path';
import { SandboxManager, type SandboxRuntimeConfig } from '@anthropic-ai/sandbox-runtime';
import { afterEnvironments, holdEnvironment, READ_ONLY_PROJECT_ENTRIES } from './protectedEntries.js';

export interface SandboxPolicy {
  projectRoot: string;
  /** Paths the command must not read (the app data folder, …). */
  denyRead?: string[];
  /** Hosts (`example.com`, `*.npmjs.org`, `host:443`) this command may reach. Empty: no network. */
  allowedDomains?: string[];
  /** Absolute paths the command may write; default the whole project. An MCP server gets only what its entry declares. */
  allowWrite?: string[];
}

export interface SandboxedArgv {
  argv: string[];
  env: Record<string, string>;
  /** Unregisters the command's network list and, when it was the last one, the mount points. */
  release(): void;
}

const BASE_CONFIG: SandboxRuntimeConfig = {
  network: { allowedDomains: [], deniedDomains: [] },
  filesystem: { denyRead: [], allowWrite: [], denyWrite: [] },
  // The packaged rg, so Debian's ripgrep is not a runtime requirement.
  ripgrep: { command: rgPath },
} as SandboxRuntimeConfig;

let init: Promise<void> | undefined;
let teardown: Promise<void> | undefined;
/** Wraps in flight plus commands not yet released. */
let running = 0;
let idleTimer: NodeJS.Timeout | undefined;
/**
 * The runtime's proxies and its socat bridge (a child process) keep the event loop alive, so a CLI
 * run that used the sandbox once would never exit. They are stopped once no sandboxed command has
 * run for this long, and started again (a few ms) by the next one.
 */
export const SANDBOX_IDLE_RESET_MS = 1_000;

export class SandboxUnavailable extends Error {
  override name = 'SandboxUnavailable';
}

/** Why the sandbox cannot run here, or undefined when its dependencies are present. */
export async function sandboxProblem(): Promise<string | undefined> {
  if (!SandboxManager.isSupportedPlatform()) return `the OS sandbox does not support ${process.platform}`;
  const deps = await SandboxManager.checkDependenciesAsync({ command: rgPath });
  if (deps.errors.length > 0) return deps.errors.join('; ');
  return undefined;
}

async function ensureInitialized(): Promise<void> {
  if (teardown) await teardown;
  init ??= (async () => {
    const problem = await sandboxProblem();
    if (problem) throw new SandboxUnavailable(problem);
    await SandboxManager.initialize(BASE_CONFIG);
  })();
  try {
    await init;
  } catch (err) {
    init = undefined;
    throw err instanceof SandboxUnavailable ? err : new SandboxUnavailable((err as Error).message);
  }
}

export async function wrapSandboxed(
  command: string,
  policy: SandboxPolicy,
  env: Record<string, string>,
  signal?: AbortSignal,
): Promise<SandboxedArgv> {
  running++;
  clearTimeout(idleTimer);
  const endHold = holdEnvironment();
  let released = false;
  let wrappedOk = false;
  const release = () => {
    if (released) return;
    released = true;
    running--;
    // The runtime counts its wraps and removes its placeholders at the last clean-up; each
    // wrap that succeeded gives one back, once no sandbox and no container runs any more (a
    // container may have mounted one of them; see protectedEntries.ts).
    if (wrappedOk) pendingCleanups++;
    endHold();
    afterEnvironments(cleanupRuntimeMountPoints);
    if (running > 0) return;
    idleTimer = setTimeout(() => {
      if (running === 0) void resetSandbox();
    }, SANDBOX_IDLE_RESET_MS);
    // Only the runtime's own handles may keep the process up until then, never this timer.
    idleTimer.unref();
  };
  try {
    await ensureInitialized();
    // Unguessable, ≥ 22 characters: the proxy binds a connection to a command's list by this id.
    const commandId = randomBytes(16).toString('base64url');
    const custom: Partial<SandboxRuntimeConfig> = {
      filesystem: {
        denyRead: policy.denyRead ?? [],
        allowWrite: policy.allowWrite ?? [policy.projectRoot],
        // Literal paths (bubblewrap binds them read-only); one that does not exist yet gets a
        // read-only placeholder, removed once no sandbox and no container runs.
        denyWrite: READ_ONLY_PROJECT_ENTRIES.map((e) => path.join(policy.projectRoot, e)),
      },
    } as Partial<SandboxRuntimeConfig>;
    const wrapped = await SandboxManager.wrapWithSandboxArgv(command, '/bin/bash', custom, signal, policy.projectRoot, {
      commandId,
      commandText: command,
    });
    wrappedOk = true;
    if (policy.allowedDomains && policy.allowedDomains.length > 0) {
      SandboxManager.registerCommandNetworkLists(commandId, { allowedDomains: policy.allowedDomains });
    }
    const merged: Record<string, string> = { ...env };
    // The wrap's own variables (proxy settings) on top of the scrubbed base; nothing else of ours.
    for (const [k, v] of Object.entries(wrapped.env)) if (v !== undefined && (k in env || !(k in process.env))) merged[k] = v;
    return {
      argv: wrapped.argv,
      env: merged,
      release() {
        if (!released) SandboxManager.unregisterCommandNetworkLists(commandId);
        release();
      },
    };
  } catch (err) {
    release();
    throw err;
  }
}

let pendingCleanups = 0;
function cleanupRuntimeMountPoints(): void {
  for (; pendingCleanups > 0; pendingCleanups--) SandboxManager.cleanupAfterCommand();
}

/** For tests and shutdown: stops the proxies. */
export async function resetSandbox(): Promise<void> {
  clearTimeout(idleTimer);
  if (init) {
    const started = init;
    init = undefined;
    teardown = (async () => {
      await started.catch(() => undefined);
      await SandboxManager.reset();
    })().finally(() => {
      teardown = undefined;
    });
  }
  await teardown;
}
