import { z } from 'zod';
import { defineTool } from '../output.js';
import type { Tool } from '../types.js';
import type { ExecuteDeps } from './deps.js';
import { runResult } from '../kit/format.js';
import { commandPreview, commandToolPermission } from './keys.js';
import { newLogPath } from '../kit/logs.js';
import { DEFAULT_TIMEOUT_MS, MAX_TIMEOUT_MS } from './runCommand.js';
import { startRun } from './startRun.js';
import { workdir } from './workdir.js';

const HOST = /^(\*\.)?[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*(:\d{1,5})?$/;

export const runSandboxedArgs = z
  .object({
    command: z
      .string()
      .min(1, 'command must not be empty')
      .describe('A shell command line, run with bash inside the OS sandbox in the project folder.'),
    cwd: z.string().optional().describe('A folder inside the project to run in (default: the project root).'),
    timeout_ms: z
      .number()
      .int()
      .positive()
      .max(MAX_TIMEOUT_MS)
      .optional()
      .describe('Kill it after this many milliseconds. Default 120000.'),
    allow_hosts: z
      .array(z.string().regex(HOST, 'a host name such as registry.npmjs.org, *.example.com or host:443'))
      .max(32)
      .optional()
      .describe('Hosts this command may reach through the sandbox proxy. Default: no network at all.'),
  })
  .strict();
export type RunSandboxedArgs = z.infer<typeof runSandboxedArgs>;

export function runSandboxedTool(deps: ExecuteDeps): Tool<RunSandboxedArgs> {
  const s = deps.execute ?? {};
  return defineTool<RunSandboxedArgs>({
    name: 'run_sandboxed',
    description:
      'Run a shell command inside the OS sandbox (bubblewrap on Linux, Seatbelt on macOS): it can write only inside the project and has no network unless allow_hosts names hosts. ' +
      'Prefer it to run_command for builds and tests: its approval (key run_sandboxed:<program>) may be kept for the project.',
    category: 'execute',
    environment: 'sandbox',
    parameters: runSandboxedArgs,
    keyTemplate: 'run_sandboxed:<program>',
    permission: async (args, { projectRoot }) => {
      const p = await commandToolPermission('run_sandboxed', args.command, projectRoot, args.cwd);
      // Hosts widen what the command can do, so they are part of what the user approves.
      if (p.kind === 'ask' && args.allow_hosts?.length) {
        return { ...p, flags: { ...p.flags, notes: [...(p.flags?.notes ?? []), `network allowed to: ${args.allow_hosts.join(', ')}`] } };
      }
      return p;
    },
    preview: (args) => commandPreview(args.command),
    async execute(args, ctx) {
      const cwd = await workdir(ctx.projectRoot, args.cwd);
      const logPath = await newLogPath(ctx.logDir, 'run_sandboxed');
      const handle = await startRun('sandbox', args.command, deps, {
        projectRoot: ctx.projectRoot,
        cwd,
        allowedDomains: [...(s.sandboxAllowedDomains ?? []), ...(args.allow_hosts ?? [])],
        timeoutMs: args.timeout_ms ?? s.defaultTimeoutMs ?? DEFAULT_TIMEOUT_MS,
        signal: ctx.signal,
        onText: ctx.output,
        logPath,
      });
      return runResult('run_sandboxed', await handle.done, { network: args.allow_hosts ?? [] });
    },
  });
}
