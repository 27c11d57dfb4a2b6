import { z } from 'zod';
import { plainText } from '../../env/index.js';
import { defineTool, ToolFailure } from '../output.js';
import type { Tool } from '../types.js';
import { readLogSlice, type ProcessTable } from './processTable.js';

export const processOutputArgs = z
  .object({
    id: z.string().min(1).describe('The id run_command returned (e.g. "bg1").'),
    offset: z
      .number()
      .int()
      .min(0)
      .optional()
      .describe("Byte offset to read from: pass the previous call's next_offset to get only new output. Default 0."),
    max_bytes: z.number().int().positive().max(1_000_000).optional().describe('At most this many bytes (default 32000).'),
  })
  .strict();
export type ProcessOutputArgs = z.infer<typeof processOutputArgs>;

export function processOutputTool(table: ProcessTable): Tool<ProcessOutputArgs> {
  return defineTool<ProcessOutputArgs>({
    name: 'process_output',
    description:
      'Read the output of a background process started by run_command, from a byte offset, with its state (running, exited with a code, killed).',
    category: 'execute',
    environment: 'host',
    touches: { changesFiles: false, fileAccess: 'none', keyFromCommand: false },
    parameters: processOutputArgs,
    permission: () => ({ kind: 'none' }),
    async execute(args) {
      const p = table.get(args.id);
      if (!p) {
        const ids = table.list().map((x) => x.id);
        throw new ToolFailure(
          `"id": no background process ${JSON.stringify(args.id)}${ids.length ? ` (known: ${ids.join(', ')})` : ' (none started)'}`,
        );
      }
      const slice = await readLogSlice(p.logPath, args.offset ?? 0, args.max_bytes ?? 32_000);
      const state = p.state === 'exited' ? `exited with code ${p.exitCode}` : p.state;
      return {
        content: `process_output ${p.id} (${state}; bytes ${args.offset ?? 0}–${slice.nextOffset} of ${slice.available}${slice.more ? ', more to read' : ''}):\n${plainText(slice.text)}`,
        data: {
          id: p.id,
          pid: p.pid,
          state: p.state,
          exitCode: p.exitCode,
          next_offset: slice.nextOffset,
          available: slice.available,
          more: slice.more,
        },
        fullLogPath: p.logPath,
      };
    },
  });
}
