import { z } from 'zod';
import { defineTool, ToolFailure } from '../output.js';
import type { Tool } from '../types.js';
import type { ExecuteDeps } from './deps.js';
import { runResult } from '../kit/format.js';
import { commandPreview, commandToolPermission } from './keys.js';
import { newLogPath } from '../kit/logs.js';
import type { ProcessTable } from './processTable.js';
import { startRun } from './startRun.js';
import { containerWhere, withCopyChanges } from './copyChanges.js';
import { workdir } from './workdir.js';
import { commandArgFields, DEFAULT_TIMEOUT_MS } from './commandArgs.js';

export const runCommandArgs = z
  .object({
    ...commandArgFields({
      runs: 'A shell command line, run with `bash -c` in the project folder.',
      kills: 'Kill the command (its whole process group)',
    }),
    background: z
      .boolean()
      .optional()
      .describe('Start it and return at once with a process id; read its output with process_output, stop it with process_kill.'),
    tty: z
      .boolean()
      .optional()
      .describe(
        'Give the command a terminal on its output. Default false: stdout and stderr go, merged in order, to a pipe, so programs print ' +
          'plain text (no colours, pagers or progress-bar redraws) and large output is fast; stdin is still a terminal, so prompts and ' +
          '`test -t 0` work. Set true only for a program that needs a terminal on its output: to show colours, or one that refuses ' +
          'to run or behaves differently without one. Output is slower then.',
      ),
  })
  .strict();
export type RunCommandArgs = z.infer<typeof runCommandArgs>;

export function runCommandTool(deps: ExecuteDeps, table: ProcessTable): Tool<RunCommandArgs> {
  const s = deps.execute ?? {};
  return defineTool<RunCommandArgs>({
    name: 'run_command',
    description:
      'Run a shell command (bash -c) in the project folder and return its exit code and output (head and tail; the full log path is given when output is long). ' +
      'Its stdout and stderr are merged, in order, into a pipe, so programs print plain output; its stdin is a terminal. ' +
      'Pass `tty: true` when a program needs a terminal on its output (colours, or it refuses to run without one). ' +
      "Use `background: true` for servers and watchers. Each program needs the user's approval (key run_command:<program>), which lasts at most for this session.",
    category: 'execute',
    environment: 'shell',
    touches: { changesFiles: true, fileAccess: 'none', keyFromCommand: true },
    parameters: runCommandArgs,
    keyTemplate: 'run_command:<program>',
    permission: (args, { projectRoot }) => commandToolPermission('run_command', args.command, projectRoot, args.cwd),
    preview: (args, { permission }) => commandPreview(args.command, permission),
    async execute(args, ctx) {
      const cwd = await workdir(ctx.projectRoot, args.cwd);
      const logPath = await newLogPath(ctx.logDir, 'run_command');
      const timeoutMs = args.timeout_ms ?? (args.background ? undefined : (s.defaultTimeoutMs ?? DEFAULT_TIMEOUT_MS));
      // An agent in a container: the same call, run in the container environment (no pty there).
      const inContainer = deps.commandsInContainer?.(ctx.conversationId) === true;
      const handle = await startRun(inContainer ? 'docker' : 'shell', args.command, deps, {
        projectRoot: ctx.projectRoot,
        // The default is a pipe: plain output for the model, and several times faster than a pty.
        outputVia: args.tty ? 'pty' : 'pipe',
        cwd,
        timeoutMs,
        // A background process outlives the tool call: the call's signal must not end it.
        signal: args.background ? undefined : ctx.signal,
        onText: args.background ? undefined : ctx.output,
        logPath,
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
      const done = await handle.done;
      const c = handle.container;
      const result = runResult(
        'run_command',
        done,
        {
          pid: done.pid,
          tty: args.tty === true && !inContainer,
          ...(c ? { container: { engine: c.engine, endpoint: c.endpoint, remote: c.remote, image: c.image, name: c.name } } : {}),
        },
        containerWhere(c),
      );
      return done.changes ? withCopyChanges(result, done.changes) : result;
    },
  });
}
