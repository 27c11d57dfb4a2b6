import { readFile, stat } from 'node:fs/promises';
import { z } from 'zod';
import { ToolFailure, defineTool, headTail } from '../output.js';
import type { Tool } from '../types.js';
import { gitOk } from '../vcs/git.js';
import { confine } from '../kit/confine.js';
import { unifiedDiff } from '../kit/unified.js';
import { decodeFile } from '../kit/decode.js';

const MAX_DIFF_CHARS = 100_000;
const MAX_INPUT_BYTES = 5 * 1024 * 1024;

const params = z
  .object({
    path: z.string().min(1).optional().describe('The file to compare (or, for a working-tree diff, a path to limit it to).'),
    other_path: z.string().min(1).optional().describe('A second file: diff path → other_path.'),
    content: z.string().optional().describe('Proposed new content for path: diff the file as it is → this content.'),
    staged: z.boolean().default(false).describe('Working-tree mode only: show staged changes (git diff --cached).'),
    context: z.number().int().min(0).max(50).default(3).describe('Lines of context around each change.'),
  })
  .strict()
  .refine((a) => !(a.other_path !== undefined && a.content !== undefined), {
    message: 'give either other_path or content, not both',
    path: ['content'],
  })
  .refine((a) => a.path !== undefined || (a.other_path === undefined && a.content === undefined), {
    message: 'path is required with other_path or content',
    path: ['path'],
  });
export type DiffArgs = z.infer<typeof params>;

export function diffTool(): Tool<DiffArgs> {
  return defineTool<DiffArgs>({
    name: 'diff',
    description:
      'Unified diff, in one of three modes: two files (path + other_path); a file against proposed content ' +
      '(path + content, a preview before write_file); or, with neither, the working tree against git (optionally ' +
      'limited to path; staged=true for the index). Read-only.',
    category: 'read',
    environment: 'host',
    touches: { changesFiles: false, fileAccess: 'none', keyFromCommand: false },
    parameters: params,
    permission: () => ({ kind: 'none' }),
    async execute(args, ctx) {
      if (args.other_path !== undefined || args.content !== undefined) {
        const a = await confine(ctx.projectRoot, args.path!, 'path');
        const oldText = await readText(a.abs, a.rel, args.content !== undefined);
        let newText: string;
        let newName = a.rel;
        if (args.other_path !== undefined) {
          const b = await confine(ctx.projectRoot, args.other_path, 'other_path');
          newText = await readText(b.abs, b.rel, false);
          newName = b.rel;
        } else {
          newText = args.content!;
        }
        const patch = unifiedDiff(a.rel, newName, oldText, newText, args.context);
        if (patch === undefined) throw new ToolFailure('the files are too different to diff within the time cap');
        if (!patch.changed) return { content: 'no differences', data: { diff: '' } };
        return { content: headTail(patch.text, MAX_DIFF_CHARS).text, data: { diff: patch.text } };
      }
      const root = await confine(ctx.projectRoot, '.');
      const gitArgs = ['diff', '--no-ext-diff', '--no-textconv', '--ignore-submodules=all', '--relative', `--unified=${args.context}`];
      if (args.staged) gitArgs.push('--cached');
      gitArgs.push('--');
      if (args.path !== undefined) gitArgs.push((await confine(ctx.projectRoot, args.path)).rel);
      const out = await gitOk(gitArgs, { cwd: root.abs, signal: ctx.signal });
      if (out.trim() === '') return { content: args.staged ? 'no staged changes' : 'no unstaged changes', data: { diff: '' } };
      return { content: headTail(out, MAX_DIFF_CHARS).text, data: { diff: out } };
    },
  });
}

async function readText(abs: string, rel: string, mayBeMissing: boolean): Promise<string> {
  const st = await stat(abs).catch(() => undefined);
  if (!st) {
    if (mayBeMissing) return '';
    throw new ToolFailure(`${rel} does not exist`);
  }
  if (!st.isFile()) throw new ToolFailure(`${rel} is not a regular file`);
  if (st.size > MAX_INPUT_BYTES) throw new ToolFailure(`${rel} is too large to diff here (over 5 MB)`);
  const d = decodeFile(await readFile(abs));
  if (d.kind === 'binary') throw new ToolFailure(`${rel} is a binary file (${d.what}); diff compares text only`);
  return d.text;
}
