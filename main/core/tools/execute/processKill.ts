import { z } from 'zod';
import { formatKey } from '../../permissions/index.js';
import { defineTool, ToolFailure } from '../output.js';
import type { Tool } from '../types.js';
import type { ProcessTable } from './processTable.js';

export const processKillArgs = z.object({ id: z.string().min(1).describe('The id run_command returned (e.g. "bg1").') }).strict();
export type ProcessKillArgs = z.infer<typeof processKillArgs>;

/**
 * Key `process_kill:background`, one key for the tool. Ids (`bg1`) are reused by every session, so
 * a key per id would let a project grant for yesterday's bg1 cover today's, a different process;
 * and the tool can only reach processes this agent itself started in the background, so a grant
 * means "may stop its own background processes". Environment host: it signals, it runs nothing.
 */
export const PROCESS_KILL_KEY = formatKey('process_kill', 'background');

export function processKillTool(table: ProcessTable): Tool<ProcessKillArgs> {
  return defineTool<ProcessKillArgs>({
    name: 'process_kill',
    description:
      'Stop a background process started by run_command (everything it started, also what left its process group: SIGTERM, then SIGKILL after a grace period).',
    category: 'execute',
    environment: 'host',
    touches: { changesFiles: false, fileAccess: 'none', keyFromCommand: false },
    parameters: processKillArgs,
    keyTemplate: 'process_kill:background',
    permission: () => ({ kind: 'ask', key: PROCESS_KILL_KEY }),
    async execute(args) {
      const p = table.get(args.id);
      if (!p) throw new ToolFailure(`"id": no background process ${JSON.stringify(args.id)}`);
      if (p.state !== 'running') {
        return {
          content: `process_kill: ${p.id} is not running (${p.state}${p.exitCode !== null ? `, exit code ${p.exitCode}` : ''})`,
          data: { id: p.id, state: p.state },
        };
      }
      p.handle.kill('killed');
      const r = await p.done;
      return {
        content: `process_kill: ${p.id} (pid ${p.pid}) stopped`,
        data: { id: p.id, state: p.state, exitCode: r.exitCode, signal: r.signal },
      };
    },
  });
}
