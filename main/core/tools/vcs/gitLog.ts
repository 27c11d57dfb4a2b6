import { z } from 'zod';
import { defineTool, headTail } from '../output.js';
import { confine } from '../kit/confine.js';
import type { Tool } from '../types.js';
import { gitOk } from './git.js';

const params = z
  .object({
    max_count: z.number().int().min(1).max(500).default(20).describe('How many commits. Default 20.'),
    ref: z
      .string()
      .min(1)
      .max(200)
      // A ref never starts with '-': that would be read as an option.
      .regex(/^[A-Za-z0-9_./@^~{}:+-]+$/)
      .refine((r) => !r.startsWith('-'), { message: 'must not start with "-"' })
      .optional()
      .describe('Branch, tag, commit or range (e.g. "main", "HEAD~5..HEAD"). Default: HEAD.'),
    path: z.string().min(1).optional().describe('Only commits touching this path.'),
    stat: z.boolean().default(false).describe('Include the files changed by each commit.'),
  })
  .strict();
export type GitLogArgs = z.infer<typeof params>;

export function gitLogTool(): Tool<GitLogArgs> {
  return defineTool<GitLogArgs>({
    name: 'git_log',
    description:
      'Show commit history: one line per commit "hash date author: subject" (optionally with changed files), newest first. Read-only.',
    category: 'vcs',
    environment: 'host',
    touches: { changesFiles: false, fileAccess: 'none', keyFromCommand: false },
    parameters: params,
    permission: () => ({ kind: 'none' }),
    async execute(args, ctx) {
      const root = await confine(ctx.projectRoot, '.');
      const gitArgs = ['log', `--max-count=${args.max_count}`, '--date=short', '--format=%h %ad %an: %s', '--no-ext-diff', '--no-textconv'];
      if (args.stat) gitArgs.push('--name-status');
      gitArgs.push('--end-of-options');
      if (args.ref) gitArgs.push(args.ref);
      gitArgs.push('--');
      if (args.path) gitArgs.push((await confine(ctx.projectRoot, args.path)).rel);
      const r = await gitOk(gitArgs, { cwd: root.abs, signal: ctx.signal }).catch((err: Error) => {
        if (/does not have any commits yet/.test(err.message)) return '';
        throw err;
      });
      const out = r.trim();
      return { content: out === '' ? 'no commits' : headTail(out, 50_000).text, data: { log: out } };
    },
  });
}
