/**
 * The path execute() acts on is the path the user approved. Each edit tool resolves
 * its path once at execute, holds that resolution to the Permission the gate approved (a file
 * swapped since for a symlink to codecoder.json or .git/hooks/… resolves elsewhere and is refused),
 * then opens the folder from the project root without following any symlink (fs/anchored.ts), so a
 * swap after this check cannot redirect the operation either.
 */
import path from 'node:path';
import { AnchorError, openProjectDir, type AnchoredDir, isProtectedPath } from '../../fs/index.js';
import type { Permission } from '../../permissions/index.js';
import { approvedPermission } from '../approved.js';
import { ToolFailure } from '../output.js';

export interface Target {
  /** The folder holding the entry, opened without following symlinks. Close it. */
  dir: AnchoredDir;
  /** The entry's name in that folder. */
  name: string;
  /** Project-relative path, as in the key. */
  rel: string;
}

/**
 * The Permission this call was approved with, or (for an execute() that did not come through the
 * gate) the one it would get now.
 */
export async function approvedOr(args: object, compute: () => Promise<Permission>): Promise<Permission> {
  return approvedPermission(args) ?? compute();
}

/** Refuses unless `rel` is the very path the approval named, and it was approved as protected if it is. */
export function holdToApproval(approved: Permission, rel: string, asked: string): void {
  if (approved.kind === 'invalid') throw new ToolFailure(approved.reason);
  if (approved.kind !== 'ask') throw new ToolFailure('no approval names this path');
  if (approved.key.action !== rel) {
    throw new ToolFailure(
      `${asked} now resolves to ${rel}, not ${approved.key.action} as approved (it was changed after the check); nothing was changed`,
    );
  }
  if (isProtectedPath(rel) && !approved.flags?.protectedPath) {
    throw new ToolFailure(`${rel} is protected and was not approved as such; nothing was changed`);
  }
}

/** Opens the folder of `rel` (creating it when asked) and names the entry; refusals become ToolFailures. */
export async function openTarget(projectRoot: string, rel: string, opts: { create?: boolean } = {}): Promise<Target> {
  const parent = path.posix.dirname(rel);
  const dir = await openProjectDir(projectRoot, parent, opts).catch(asFailure);
  return { dir, name: path.posix.basename(rel), rel };
}

/** An AnchorError's message is for the model; anything else stays an error. */
export function asFailure(err: unknown): never {
  if (err instanceof AnchorError) throw new ToolFailure(err.message);
  throw err;
}
