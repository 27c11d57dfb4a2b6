import { z } from 'zod';
import { containerName, containerUser, DEFAULT_IMAGE, detectEngineCached, runInContainer, ProtectedEntryRefused } from '../../env/index.js';
import { defineTool, ToolFailure } from '../output.js';
import type { Tool } from '../types.js';
import type { ExecuteDeps } from './deps.js';
import { runResult } from './format.js';
import { commandToolPermission } from './keys.js';
import { newLogPath } from './logs.js';
import { DEFAULT_TIMEOUT_MS, MAX_TIMEOUT_MS } from './runCommand.js';

export const runContainerArgs = z
  .object({
    command: z
      .string()
      .min(1, 'command must not be empty')
      .describe('A shell command line, run with /bin/sh -c in a container; the project is mounted at /work.'),
    timeout_ms: z
      .number()
      .int()
      .positive()
      .max(MAX_TIMEOUT_MS)
      .optional()
      .describe('Kill it (and remove the container) after this many milliseconds. Default 120000.'),
  })
  .strict();
export type RunContainerArgs = z.infer<typeof runContainerArgs>;

export function runContainerTool(deps: ExecuteDeps): Tool<RunContainerArgs> {
  const s = deps.execute ?? {};
  const image = s.containerImage ?? DEFAULT_IMAGE;
  return defineTool<RunContainerArgs>({
    name: 'run_container',
    description:
      `Run a shell command in a throw-away container (docker or podman, image ${image}) with the project mounted at /work, no network, and memory, CPU and process limits. ` +
      'Its approval (key run_container:<program>) may be kept for the project.',
    category: 'execute',
    environment: 'docker',
    parameters: runContainerArgs,
    keyTemplate: 'run_container:<program>',
    permission: (args) => commandToolPermission('run_container', args.command),
    async execute(args, ctx) {
      const found = await detectEngineCached(image);
      if (!found.ok) throw new ToolFailure(`no container engine can run here: ${found.reason}`);
      const logPath = await newLogPath(ctx.logDir, 'run_container');
      const name = containerName();
      const engine = found.engine;
      try {
        const r = await runInContainer(
          {
            engine,
            image,
            projectRoot: ctx.projectRoot,
            command: args.command,
            name,
            limits: s.containerLimits,
            user: containerUser(engine),
          },
          {
            // The CLI needs PATH and HOME (its config); the container gets none of the host's variables.
            env: {
              PATH: process.env.PATH ?? '/usr/bin:/bin',
              HOME: process.env.HOME ?? '/',
              ...(process.env.XDG_RUNTIME_DIR ? { XDG_RUNTIME_DIR: process.env.XDG_RUNTIME_DIR } : {}),
            },
            timeoutMs: args.timeout_ms ?? s.defaultTimeoutMs ?? DEFAULT_TIMEOUT_MS,
            signal: ctx.signal,
            onText: ctx.output,
            logPath,
            headChars: s.headChars,
            tailChars: s.tailChars,
            killGraceMs: s.killGraceMs,
          },
        );
        return runResult('run_container', r, { engine: engine.name, image, container: name });
      } catch (err) {
        if (err instanceof ProtectedEntryRefused) throw new ToolFailure(err.message);
        throw err;
      }
    },
  });
}
