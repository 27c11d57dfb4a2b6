import { z } from 'zod';
import type { ToolDeps } from '../deps.js';
import { ToolFailure, defineTool } from '../output.js';
import type { Tool } from '../types.js';

/** Sub-agents may not spawn sub-agents: depth is locked at 1. */
export const MAX_AGENT_DEPTH = 1;
export const DEPTH_LIMIT_MESSAGE = `sub-agent depth limit (${MAX_AGENT_DEPTH}) reached`;

const params = z
  .object({
    prompt: z
      .string()
      .trim()
      .min(1)
      .max(100_000)
      .describe('The whole task for the sub-agent: it sees nothing of this conversation, only this prompt.'),
  })
  .strict();
export type AgentArgs = z.infer<typeof params>;

export function agentTool(deps: Pick<ToolDeps, 'runSubAgent'>): Tool<AgentArgs> {
  return defineTool<AgentArgs>({
    name: 'agent',
    description:
      'Start a read-only sub-agent on a self-contained task (research, review, analysis) and get its final answer. ' +
      'It can read, search and fetch (read_file, glob, grep, diff, web_search, web_fetch, github_search, reason) ' +
      'but never write, run commands or commit. A sub-agent cannot start further sub-agents.',
    category: 'agent',
    environment: 'host',
    touches: { changesFiles: false, fileAccess: 'none', keyFromCommand: false }, // a read-only sub-agent
    parameters: params,
    permission: () => ({ kind: 'none' }),
    async execute(args, ctx) {
      if (ctx.depth >= MAX_AGENT_DEPTH) return { content: DEPTH_LIMIT_MESSAGE, isError: true };
      if (!deps.runSubAgent) throw new ToolFailure('sub-agents are not available in this session');
      const answer = await deps.runSubAgent({ prompt: args.prompt, parentCtx: ctx });
      ctx.signal.throwIfAborted();
      return { content: answer, data: { depth: ctx.depth + 1 } };
    },
  });
}
