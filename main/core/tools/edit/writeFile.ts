import { lstat } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { replaceFileIn, type AnchoredDir } from '../../fs/index.js';
import { pathPermission } from '../../permissions/index.js';
import { ToolFailure, defineTool } from '../output.js';
import { confine } from '../kit/confine.js';
import type { Tool, ToolPreview } from '../types.js';
import { approvedOr, asFailure, holdToApproval, openTarget } from './target.js';
import { approvedHunks } from '../approved.js';
import { partialResult, previewChange, takenText } from './partial.js';
import { currentTextIn, diffFor, diffStat, type CurrentText } from './textFile.js';

const params = z
  .object({
    path: z.string().min(1).describe('File to create or overwrite, relative to the project root. Parent folders are created.'),
    content: z.string().describe('The complete new content of the file (UTF-8).'),
  })
  .strict();
export type WriteFileArgs = z.infer<typeof params>;

export function writeFileTool(): Tool<WriteFileArgs> {
  return defineTool<WriteFileArgs>({
    name: 'write_file',
    description:
      'Create a file or replace its whole content (written atomically, UTF-8). For a small change to an existing file ' +
      'prefer edit_file. Asks the user for each path unless allowed; paths outside the project are refused.',
    category: 'edit',
    environment: 'host',
    touches: { changesFiles: true, fileAccess: 'write', keyFromCommand: false },
    keyTemplate: 'write_file:<project-relative path>',
    parameters: params,
    permission: (args, { projectRoot }) => pathPermission('write_file', projectRoot, args.path),
    preview: (args, { projectRoot }) => previewWrite(args, projectRoot),
    appliesHunks: true,
    async execute(args, ctx) {
      const { rel } = await confine(ctx.projectRoot, args.path);
      if (rel === '.') throw new ToolFailure('"path" is the project root itself, not a file');
      holdToApproval(await approvedOr(args, () => pathPermission('write_file', ctx.projectRoot, args.path)), rel, args.path);
      const t = await openTarget(ctx.projectRoot, rel, { create: true });
      try {
        const before = await replaceable(t.dir, t.name, rel);
        ctx.signal.throwIfAborted();
        const choice = approvedHunks(args);
        if (choice) {
          // Part of the change: the previewed text with the hunks the user took, only if the file is still what was shown.
          const { text, change } = takenText(args, rel, choice, before.exists ? (before.digest ?? 'unread') : null);
          await replaceFileIn(t.dir, t.name, text, before.mode).catch(asFailure);
          return partialResult(rel, change, choice, text);
        }
        await replaceFileIn(t.dir, t.name, args.content, before.mode).catch(asFailure);
        const d = diffFor(rel, before.text, args.content, before.why);
        const lines = args.content === '' ? 0 : args.content.split('\n').length - (args.content.endsWith('\n') ? 1 : 0);
        const summary = before.exists
          ? `overwrote ${rel} (${lines} lines${d.diff ? `, ${diffStat(d.diff)}` : ''})`
          : `created ${rel} (${lines} lines)`;
        return { content: summary, data: { path: rel, created: !before.exists, ...d } };
      } finally {
        await t.dir.close();
      }
    },
  });
}

/** The text a write replaces ('' when new), or a ToolFailure when the entry there is not a regular file. */
async function replaceable(dir: AnchoredDir, name: string, rel: string): Promise<CurrentText> {
  const before = await currentTextIn(dir, name);
  if (before.other === 'a folder') throw new ToolFailure(`${rel} is a directory`);
  // A FIFO, a device, a socket, or a symlink put there since the check: never replaced unseen.
  if (before.other) throw new ToolFailure(`${rel} is ${before.other}, not a regular file; nothing was written`);
  return before;
}

/** The diff execute() would report, from the same reading; nothing is created (a missing folder is a new file). */
async function previewWrite(args: WriteFileArgs, projectRoot: string): Promise<ToolPreview> {
  try {
    const { abs, rel } = await confine(projectRoot, args.path);
    if (rel === '.') return { path: args.path };
    let t;
    try {
      t = await openTarget(projectRoot, rel);
    } catch (err) {
      // Its folder does not exist yet: execute() creates it, and the file is new.
      const parentMissing = err instanceof ToolFailure && !(await lstat(path.dirname(abs)).catch(() => undefined));
      if (parentMissing) return previewChange(args, args.path, rel, { digest: null, before: '' }, args.content);
      throw err;
    }
    try {
      const before = await replaceable(t.dir, t.name, rel);
      if (before.text === undefined) return { path: args.path };
      return previewChange(args, args.path, rel, { digest: before.exists ? (before.digest ?? 'unread') : null, before: before.text }, args.content);
    } finally {
      await t.dir.close();
    }
  } catch (err) {
    if (err instanceof ToolFailure) return { path: args.path };
    throw err;
  }
}
