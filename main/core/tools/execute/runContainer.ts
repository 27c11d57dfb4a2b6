import { z } from 'zod';
import { DEFAULT_IMAGE } from '../../env/index.js';
import { defineTool } from '../output.js';
import type { Tool } from '../types.js';
import type { ExecuteDeps } from './deps.js';
import { runResult } from '../kit/format.js';
import { commandPreview, commandToolPermission } from './keys.js';
import { newLogPath } from '../kit/logs.js';
import { DEFAULT_TIMEOUT_MS, MAX_TIMEOUT_MS } from './runCommand.js';
import { startRun } from './startRun.js';

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
    permission: (args, { projectRoot }) => commandToolPermission('run_container', args.command, projectRoot),
    preview: (args) => commandPreview(args.command),
    async execute(args, ctx) {
      const logPath = await newLogPath(ctx.logDir, 'run_container');
      const handle = await startRun('docker', args.command, deps, {
        projectRoot: ctx.projectRoot,
        timeoutMs: args.timeout_ms ?? s.defaultTimeoutMs ?? DEFAULT_TIMEOUT_MS,
        signal: ctx.signal,
        onText: ctx.output,
        logPath,
      });
      const r = await handle.done;
      return runResult('run_container', r, { engine: handle.container?.engine, image, container: handle.container?.name });
    },
  });
}
