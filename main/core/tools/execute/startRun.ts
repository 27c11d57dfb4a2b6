/**
 * How a tool starts a command in an environment — the execute tools and capabilities alike: the
 * one runner (env/run.ts) with the app's child environment (kit/childEnv.ts) and the execute
 * settings' limits. An environment that cannot run here becomes a failure the model reads.
 */
import { RunRefused, runIn, type RunEnvironment, type RunHandle } from '../../env/index.js';
import { childEnv } from '../kit/childEnv.js';
import { ToolFailure } from '../output.js';
import type { ExecuteDeps } from './deps.js';

export interface StartRunOptions {
  projectRoot: string;
  cwd?: string;
  timeoutMs?: number;
  signal?: AbortSignal;
  onText?: (text: string) => void;
  logPath: string;
  /** Variables added to the child environment (host side: shell, sandbox). */
  env?: Record<string, string>;
  /** shell: words after the command ($0, $1, …). */
  args?: string[];
  /** shell: 'pty' when the program needs a terminal on its output (default: one pipe). */
  outputVia?: 'pipe' | 'pty';
  /** sandbox: the hosts this run may reach (none by default). */
  allowedDomains?: string[];
  /** docker: the variables set inside the container. */
  containerEnv?: Record<string, string>;
}

export async function startRun(environment: RunEnvironment, command: string, deps: ExecuteDeps, o: StartRunOptions): Promise<RunHandle> {
  const s = deps.execute ?? {};
  const hidden = deps.hiddenFiles?.() ?? [];
  const engine = environment === 'docker' ? deps.containerEngine?.() : undefined;
  try {
    return await runIn(environment, command, {
      projectRoot: o.projectRoot,
      cwd: o.cwd,
      env: { ...childEnv(deps), ...o.env },
      args: o.args,
      timeoutMs: o.timeoutMs,
      signal: o.signal,
      onText: o.onText,
      logPath: o.logPath,
      headChars: s.headChars,
      tailChars: s.tailChars,
      killGraceMs: s.killGraceMs,
      outputVia: o.outputVia,
      shell: s.shell,
      // The app's data folder (conversations, logs, keys' store) and a key file are never readable
      // from the sandbox; a key file inside the project is masked in a container.
      sandbox: { denyRead: [deps.dataDir, ...hidden], allowedDomains: o.allowedDomains ?? [] },
      container: {
        image: s.containerImage,
        limits: s.containerLimits,
        env: o.containerEnv,
        hidden,
        engineHost: engine?.host,
        copyProject: engine?.copyProject,
      },
    });
  } catch (err) {
    if (err instanceof RunRefused) throw new ToolFailure(err.message);
    throw err;
  }
}
