import { z } from 'zod';
import { startPty } from '../../env/pty.js';
import { defineTool, ToolFailure } from '../output.js';
import type { Tool } from '../types.js';
import { childEnv } from './childEnv.js';
import type { ExecuteDeps } from './deps.js';
import { runResult } from './format.js';
import { commandToolPermission } from './keys.js';
import { newLogPath } from './logs.js';
import type { ProcessTable } from './processTable.js';
import { workdir } from './workdir.js';

export const DEFAULT_TIMEOUT_MS = 120_000;
export const MAX_TIMEOUT_MS = 60 * 60_000;

export const runCommandArgs = z
  .object({
    command: z.string().min(1, 'command must not be empty').describe('A shell command line, run with `bash -c` in the project folder.'),
    cwd: z.string().optional().describe('A folder inside the project to run in (default: the project root).'),
    timeout_ms: z
      .number()
      .int()
      .positive()
      .max(MAX_TIMEOUT_MS)
      .optional()
      .describe('Kill the command (its whole process group) after this many milliseconds. Default 120000.'),
    background: z
      .boolean()
      .optional()
      .describe('Start it and return at once with a process id; read its output with process_output, stop it with process_kill.'),
  })
  .strict();
export type RunCommandArgs = z.infer<typeof runCommandArgs>;

export function runCommandTool(deps: ExecuteDeps, table: ProcessTable): Tool<RunCommandArgs> {
  const s = deps.execute ?? {};
  return defineTool<RunCommandArgs>({
    name: 'run_command',
    description:
      'Run a shell command in the project folder on a pseudo-terminal and return its exit code and output (head and tail; the full log path is given when output is long). ' +
      "Use `background: true` for servers and watchers. Each program needs the user's approval (key run_command:<program>), which lasts at most for this session.",
    category: 'execute',
    environment: 'shell',
    parameters: runCommandArgs,
    keyTemplate: 'run_command:<program>',
    permission: (args) => commandToolPermission('run_command', args.command),
    async execute(args, ctx) {
      const cwd = await workdir(ctx.projectRoot, args.cwd);
      const logPath = await newLogPath(ctx.logDir, 'run_command');
      const timeoutMs = args.timeout_ms ?? (args.background ? undefined : (s.defaultTimeoutMs ?? DEFAULT_TIMEOUT_MS));
      const handle = startPty({
        command: args.command,
        shell: s.shell,
        cwd,
        env: childEnv(deps),
        timeoutMs,
        // A background process outlives the tool call: the call's signal must not end it.
        signal: args.background ? undefined : ctx.signal,
        onText: args.background ? undefined : ctx.output,
        logPath,
        headChars: s.headChars,
        tailChars: s.tailChars,
        killGraceMs: s.killGraceMs,
      });
      if (args.background) {
        let p;
        try {
          p = table.add(args.command, handle, logPath);
        } catch (err) {
          handle.kill('killed');
          throw new ToolFailure((err as Error).message);
        }
        return {
          content: `run_command: started in the background as ${p.id} (pid ${p.pid}). Read its output with process_output { "id": "${p.id}" }; stop it with process_kill.`,
          data: { id: p.id, pid: p.pid, logPath },
          fullLogPath: logPath,
        };
      }
      return runResult('run_command', await handle.done);
    },
  });
}
