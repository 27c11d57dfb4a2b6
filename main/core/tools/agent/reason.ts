import { z } from 'zod';
import { defineTool } from '../output.js';
import type { Tool } from '../types.js';

const params = z
  .object({
    thought: z.string().min(1).max(50_000).describe('Your reasoning: a plan, a hypothesis, the trade-offs of a decision.'),
  })
  .strict();
export type ReasonArgs = z.infer<typeof params>;

/** A scratchpad: the thought goes into the transcript and comes back unchanged. No effects at all. */
export function reasonTool(): Tool<ReasonArgs> {
  return defineTool<ReasonArgs>({
    name: 'reason',
    description:
      'Think step by step before acting: write down a plan, weigh options or check a result. Changes nothing; the thought is returned as is.',
    category: 'agent',
    environment: 'host',
    touches: { changesFiles: false, fileAccess: 'none', keyFromCommand: false },
    parameters: params,
    permission: () => ({ kind: 'none' }),
    execute: async (args) => ({ content: args.thought, data: { thought: args.thought } }),
  });
}
