import { z } from 'zod';
import { defineTool } from '../output.js';
import type { Tool } from '../types.js';
import type { ExecuteDeps } from './deps.js';
import { runResult } from '../kit/format.js';
import { commandPreview, commandToolPermission } from './keys.js';
import { hostKeys } from '../../permissions/index.js';
import { newLogPath } from '../kit/logs.js';
import { commandArgFields, DEFAULT_TIMEOUT_MS } from './commandArgs.js';
import { startRun } from './startRun.js';
import { workdir } from './workdir.js';

const HOST = /^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*\.?(:\d{1,5})?$/;

export const runSandboxedArgs = z
  .object({
    ...commandArgFields({ runs: 'A shell command line, run with bash inside the OS sandbox in the project folder.', kills: 'Kill it' }),
    allow_hosts: z
      .array(z.string().regex(HOST, 'a host name such as registry.npmjs.org or host:443 (no wildcard: name each host)'))
      .max(32)
      .optional()
      .describe(
        'Hosts this command may reach through the sandbox proxy, each approved on its own (key net:<host>). Default: no network at all.',
      ),
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
    touches: { changesFiles: true, fileAccess: 'none', keyFromCommand: true },
    parameters: runSandboxedArgs,
    keyTemplate: 'run_sandboxed:<program>',
    permission: async (args, { projectRoot }) => {
      const p = await commandToolPermission('run_sandboxed', args.command, projectRoot, args.cwd);
      if (p.kind !== 'ask' || !args.allow_hosts?.length) return p;
      // Each host is a key of its own (net:<host>), decided after the program's: a grant of the
      // program never opens the network.
      const hosts = hostKeys(args.allow_hosts);
      if ('problem' in hosts) return { kind: 'invalid', reason: `allow_hosts: ${hosts.problem}` };
      const note = `network: asks for each host in its own right (${hosts.hosts.join(', ')})`;
      return { ...p, flags: { ...p.flags, notes: [...(p.flags?.notes ?? []), note] }, also: hosts.keys };
    },
    preview: (args, { permission }) => commandPreview(args.command, permission),
    async execute(args, ctx) {
      const cwd = await workdir(ctx.projectRoot, args.cwd);
      // The hosts as approved: their keys' normal form (the permission refused any that has none).
      const named = hostKeys(args.allow_hosts ?? []);
      if ('problem' in named) throw new Error(`allow_hosts: ${named.problem}`);
      const logPath = await newLogPath(ctx.logDir, 'run_sandboxed');
      const handle = await startRun('sandbox', args.command, deps, {
        projectRoot: ctx.projectRoot,
        cwd,
        allowedDomains: [...(s.sandboxAllowedDomains ?? []), ...named.hosts],
        timeoutMs: args.timeout_ms ?? s.defaultTimeoutMs ?? DEFAULT_TIMEOUT_MS,
        signal: ctx.signal,
        onText: ctx.output,
        logPath,
      });
      return runResult('run_sandboxed', await handle.done, { network: named.hosts });
    },
  });
}
