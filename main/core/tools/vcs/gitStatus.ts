import { z } from 'zod';
import { defineTool, headTail } from '../output.js';
import { confine } from '../kit/confine.js';
import type { Tool } from '../types.js';
import { gitOk } from './git.js';

const params = z
  .object({
    path: z.string().min(1).optional().describe('Limit the status to this path (relative to the project root).'),
  })
  .strict();
export type GitStatusArgs = z.infer<typeof params>;

export function gitStatusTool(): Tool<GitStatusArgs> {
  return defineTool<GitStatusArgs>({
    name: 'git_status',
    description:
      "Show the branch and changed files of the project's git working tree (git status --short --branch): " +
      'XY codes per file, "??" for untracked. Read-only; hooks and fsmonitor are never run.',
    category: 'vcs',
    environment: 'host',
    touches: { changesFiles: false, fileAccess: 'none', keyFromCommand: false },
    parameters: params,
    permission: () => ({ kind: 'none' }),
    async execute(args, ctx) {
      const root = await confine(ctx.projectRoot, '.');
      const spec = args.path === undefined ? '.' : (await confine(ctx.projectRoot, args.path)).rel;
      const out = await gitOk(
        [
          '-c',
          'status.relativePaths=true',
          'status',
          '--short',
          '--branch',
          '--untracked-files=normal',
          '--ignore-submodules=all',
          '--',
          spec,
        ],
        {
          cwd: root.abs,
          signal: ctx.signal,
        },
      );
      const lines = out.split('\n').filter((l) => l.length > 0);
      const branch = lines[0]?.startsWith('## ') ? lines.shift()!.slice(3) : undefined;
      const body = lines.length === 0 ? 'working tree clean' : lines.join('\n');
      return {
        content: headTail(`${branch ? `branch: ${branch}\n` : ''}${body}`, 50_000).text,
        data: { branch, changes: lines },
      };
    },
  });
}
