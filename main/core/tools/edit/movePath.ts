import { lstat } from 'node:fs/promises';
import { z } from 'zod';
import { lstatIn, renameBetween, isProtectedPath } from '../../fs/index.js';
import type { KeyFlags, Permission } from '../../permissions/index.js';
import { ToolFailure, defineTool } from '../output.js';
import type { Tool } from '../types.js';
import { confineEntry, entryPermission } from './entry.js';
import { approvedOr, asFailure, holdToApproval, openTarget } from './target.js';

const params = z
  .object({
    from: z.string().min(1).describe('File, symlink or directory to move or rename, relative to the project root.'),
    to: z.string().min(1).describe('Its new path (the full path, not a folder to move into). Parent folders are created.'),
    overwrite: z.boolean().default(false).describe('Replace an existing file at "to".'),
  })
  .strict();
export type MovePathArgs = z.infer<typeof params>;

/**
 * Keyed on the source (`move_path:<from>`), like the other edit tools; the destination is checked
 * too: outside the project → outsideProject, protected (e.g. `.git/hooks/…`) → protectedPath, so a
 * grant for a source never lets a move land somewhere that always asks. The prompt names it.
 */
async function movePermission(args: MovePathArgs, projectRoot: string): Promise<Permission> {
  const src = await entryPermission('move_path', projectRoot, args.from);
  if (src.kind !== 'ask') return src;
  const flags: KeyFlags = { ...src.flags, notes: [...(src.flags?.notes ?? [])] };
  let dest;
  try {
    dest = await confineEntry(projectRoot, args.to, 'to');
  } catch (err) {
    flags.outsideProject = true;
    flags.notes!.push(`destination: ${(err as Error).message}`);
    return { kind: 'ask', key: src.key, flags };
  }
  flags.notes!.push(`moves to ${dest.rel}`);
  if (isProtectedPath(dest.rel)) {
    flags.protectedPath = true;
    flags.notes!.push(`the destination ${dest.rel} is protected`);
  }
  if (args.overwrite && (await lstat(dest.abs).catch(() => undefined))) flags.notes!.push(`replaces the existing ${dest.rel}`);
  return { kind: 'ask', key: src.key, flags };
}

export function movePathTool(): Tool<MovePathArgs> {
  return defineTool<MovePathArgs>({
    name: 'move_path',
    description:
      'Move or rename a file, symlink or directory inside the project. Refuses to replace an existing path unless ' +
      'overwrite=true (never a directory). Asks the user, keyed on the source path; the prompt shows the destination.',
    category: 'edit',
    environment: 'host',
    touches: { changesFiles: true, fileAccess: 'move', keyFromCommand: false },
    keyTemplate: 'move_path:<project-relative source path>',
    parameters: params,
    permission: (args, { projectRoot }) => movePermission(args, projectRoot),
    // The destination is in the key's notes ("moves to …"), which the prompt shows.
    preview: async (args) => ({ path: args.from }),
    async execute(args, ctx) {
      const src = await confineEntry(ctx.projectRoot, args.from, 'from');
      const dest = await confineEntry(ctx.projectRoot, args.to, 'to');
      const approved = await approvedOr(args, () => movePermission(args, ctx.projectRoot));
      holdToApproval(approved, src.rel, args.from);
      // The destination approved is the one the prompt named (movePermission's note).
      if (approved.kind !== 'ask' || !approved.flags?.notes?.includes(`moves to ${dest.rel}`)) {
        throw new ToolFailure(
          `${args.to} now resolves to ${dest.rel}, not the destination approved (it was changed after the check); nothing was moved`,
        );
      }
      if (isProtectedPath(dest.rel) && !approved.flags.protectedPath) {
        throw new ToolFailure(`${dest.rel} is protected and was not approved as such; nothing was moved`);
      }
      if (src.rel === dest.rel) throw new ToolFailure('"from" and "to" are the same path');
      const from = await openTarget(ctx.projectRoot, src.rel);
      try {
        const sst = await lstatIn(from.dir, from.name);
        if (!sst) throw new ToolFailure(`${src.rel} does not exist`);
        if (sst.isDirectory() && `${dest.rel}/`.startsWith(`${src.rel}/`)) {
          throw new ToolFailure(`cannot move ${src.rel} into itself (${dest.rel})`);
        }
        ctx.signal.throwIfAborted();
        const to = await openTarget(ctx.projectRoot, dest.rel, { create: true });
        try {
          const dst = await lstatIn(to.dir, to.name);
          if (dst?.isDirectory()) throw new ToolFailure(`${dest.rel} is an existing directory; give the full new path in "to"`);
          if (dst && !args.overwrite) throw new ToolFailure(`${dest.rel} already exists; set overwrite=true to replace it`);
          await renameBetween(from.dir, from.name, to.dir, to.name).catch((err: NodeJS.ErrnoException) => {
            // A copy across a mount point would walk the tree by path again; refused rather than raced.
            if (err.code === 'EXDEV')
              throw new ToolFailure(`${src.rel} and ${dest.rel} are on different file systems; move_path does not copy across them`);
            asFailure(err);
          });
        } finally {
          await to.dir.close();
        }
      } finally {
        await from.dir.close();
      }
      return { content: `moved ${src.rel} to ${dest.rel}`, data: { from: src.rel, to: dest.rel } };
    },
  });
}
