import { lstat, readdir, rm } from 'node:fs/promises';
import { z } from 'zod';
import { ToolFailure, defineTool } from '../output.js';
import type { Tool } from '../types.js';
import { confineEntry, entryPermission } from './entry.js';
import { currentText, diffFor } from './textFile.js';

const params = z
  .object({
    path: z.string().min(1).describe('File, symlink or directory to delete, relative to the project root.'),
    recursive: z.boolean().default(false).describe('Required to delete a non-empty directory.'),
  })
  .strict();
export type DeletePathArgs = z.infer<typeof params>;

export function deletePathTool(): Tool<DeletePathArgs> {
  return defineTool<DeletePathArgs>({
    name: 'delete_path',
    description:
      'Delete a file, a symlink (the link, never its target) or a directory (recursive=true when not empty). ' +
      'Asks the user for each path unless allowed; paths outside the project are refused.',
    category: 'edit',
    environment: 'host',
    keyTemplate: 'delete_path:<project-relative path>',
    parameters: params,
    permission: (args, { projectRoot }) => entryPermission('delete_path', projectRoot, args.path),
    async execute(args, ctx) {
      const e = await confineEntry(ctx.projectRoot, args.path, 'path');
      const st = await lstat(e.abs).catch(() => undefined);
      if (!st) throw new ToolFailure(`${e.rel} does not exist`);
      if (st.isDirectory()) {
        const n = (await readdir(e.abs)).length;
        if (n > 0 && !args.recursive) throw new ToolFailure(`${e.rel} is a directory with ${n} entries; set recursive=true to delete it`);
        ctx.signal.throwIfAborted();
        await rm(e.abs, { recursive: true });
        return { content: `deleted directory ${e.rel}${n ? ` and its ${n} entries` : ''}`, data: { path: e.rel, kind: 'dir' } };
      }
      const before = st.isFile() ? await currentText(e.abs) : { exists: true, why: 'not a regular file' };
      ctx.signal.throwIfAborted();
      await rm(e.abs);
      const d = diffFor(e.rel, before.text, '', before.why);
      return {
        content: `deleted ${e.isSymlink ? 'symlink ' : ''}${e.rel}`,
        data: { path: e.rel, kind: e.isSymlink ? 'symlink' : 'file', ...d },
      };
    },
  });
}
