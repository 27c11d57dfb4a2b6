import { z } from 'zod';
import { DEFAULT_IMAGE } from '../../env/index.js';
import { defineTool } from '../output.js';
import type { Tool } from '../types.js';
import type { ExecuteDeps } from './deps.js';
import { runResult } from '../kit/format.js';
import { commandPreview, commandToolPermission } from './keys.js';
import { newLogPath } from '../kit/logs.js';
import { commandArgFields, DEFAULT_TIMEOUT_MS } from './commandArgs.js';
import { startRun } from './startRun.js';
import { containerWhere, withCopyChanges } from './copyChanges.js';

// A container runs at /work, the project's root: no cwd.
const { command, timeout_ms } = commandArgFields({
  runs: 'A shell command line, run with /bin/sh -c in a container; the project is mounted at /work.',
  kills: 'Kill it (and remove the container)',
});
export const runContainerArgs = z.object({ command, timeout_ms }).strict();
export type RunContainerArgs = z.infer<typeof runContainerArgs>;

export function runContainerTool(deps: ExecuteDeps): Tool<RunContainerArgs> {
  const s = deps.execute ?? {};
  const image = s.containerImage ?? DEFAULT_IMAGE;
  return defineTool<RunContainerArgs>({
    name: 'run_container',
    description:
      `Run a shell command in a throw-away container (docker or podman, image ${image}) with the project at /work, no network, and memory, CPU and process limits. ` +
      'On a remote engine /work is a copy without .git and the other protected entries: the changes come back as a diff, not applied; apply what you want with the edit tools. ' +
      'Its approval (key run_container:<program>) may be kept for the project.',
    category: 'execute',
    environment: 'docker',
    touches: { changesFiles: true, fileAccess: 'none', keyFromCommand: true },
    parameters: runContainerArgs,
    keyTemplate: 'run_container:<program>',
    permission: (args, { projectRoot }) => commandToolPermission('run_container', args.command, projectRoot),
    preview: (args, { permission }) => commandPreview(args.command, permission),
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
      const c = handle.container;
      const result = runResult(
        'run_container',
        r,
        { engine: c?.engine, endpoint: c?.endpoint, remote: c?.remote, image, container: c?.name },
        containerWhere(c),
      );
      return r.changes ? withCopyChanges(result, r.changes) : result;
    },
  });
}
