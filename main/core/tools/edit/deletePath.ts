import { readdir } from 'node:fs/promises';
import { z } from 'zod';
import { checkStillInPlace, lstatIn, openChild, removeTreeIn, unlinkIn, type AnchoredDir } from '../../fs/index.js';
import { ToolFailure, defineTool } from '../output.js';
import type { Tool, ToolResult } from '../types.js';
import { deletePreview } from './deletePreview.js';
import { confineEntry, entryPermission } from './entry.js';
import { approvedOr, asFailure, holdToApproval, openTarget } from './target.js';
import { currentTextIn, diffFor } from './textFile.js';

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
    touches: { changesFiles: true, fileAccess: 'delete', keyFromCommand: false },
    keyTemplate: 'delete_path:<project-relative path>',
    parameters: params,
    permission: (args, { projectRoot }) => entryPermission('delete_path', projectRoot, args.path),
    async preview(args, { projectRoot }) {
      const entry = await deletePreview(projectRoot, args.path);
      return { path: args.path, ...(entry ? { entry } : {}) };
    },
    async execute(args, ctx) {
      const e = await confineEntry(ctx.projectRoot, args.path, 'path');
      holdToApproval(await approvedOr(args, () => entryPermission('delete_path', ctx.projectRoot, args.path)), e.rel, args.path);
      const t = await openTarget(ctx.projectRoot, e.rel);
      try {
        return await deleteIn(t.dir, t.name, e.rel, args.recursive, ctx.signal);
      } finally {
        await t.dir.close();
      }
    },
  });
}

/**
 * Removes the entry itself through its anchored folder: a symlink is unlinked (its target kept), a
 * folder is emptied without ever following a symlink found inside it.
 */
async function deleteIn(dir: AnchoredDir, name: string, rel: string, recursive: boolean, signal: AbortSignal): Promise<ToolResult> {
  const st = await lstatIn(dir, name);
  if (!st) throw new ToolFailure(`${rel} does not exist`);
  if (st.isDirectory()) {
    const sub = await openChild(dir, name).catch(asFailure);
    const n = await readdir(sub.self)
      .then((l) => l.length)
      .finally(() => sub.close());
    if (n > 0 && !recursive) throw new ToolFailure(`${rel} is a directory with ${n} entries; set recursive=true to delete it`);
    signal.throwIfAborted();
    await removeTreeIn(dir, name).catch(asFailure);
    return { content: `deleted directory ${rel}${n ? ` and its ${n} entries` : ''}`, data: { path: rel, kind: 'dir' } };
  }
  const symlink = st.isSymbolicLink();
  const before = st.isFile() ? await currentTextIn(dir, name) : { exists: true, why: 'not a regular file' };
  signal.throwIfAborted();
  await unlinkIn(dir, name);
  await checkStillInPlace(dir).catch(asFailure);
  const d = diffFor(rel, before.text, '', before.why);
  return { content: `deleted ${symlink ? 'symlink ' : ''}${rel}`, data: { path: rel, kind: symlink ? 'symlink' : 'file', ...d } };
}
