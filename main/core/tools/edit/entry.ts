import { lstat, stat } from 'node:fs/promises';
import path from 'node:path';
import { isProtectedPath, protectedInside, resolveInProject } from '../../fs/index.js';
import { formatKey, pathPermission, type KeyFlags, type Permission } from '../../permissions/index.js';
import { ToolFailure } from '../output.js';

export interface Entry {
  /** The entry itself: its parent is realpath'd, its last component is not followed. */
  abs: string;
  rel: string;
  isSymlink: boolean;
}

/**
 * delete_path and move_path act on a directory entry, not on what it points to: removing a symlink
 * must remove the link, never its target. The parent is resolved (so `dir-link/../x` and symlinked
 * parents are still confined); the last component is taken as is.
 */
export async function confineEntry(projectRoot: string, p: string, field: string): Promise<Entry> {
  const root = await resolveInProject(projectRoot, '.');
  const lexical = path.resolve(root.abs, p);
  const name = path.basename(lexical);
  if (lexical === root.abs || name === '' || name === '.' || name === '..') {
    throw new ToolFailure(`"${field}" is the project root itself`);
  }
  const parent = await resolveInProject(projectRoot, path.dirname(lexical));
  if (!parent.inside) throw new ToolFailure(`"${field}" is outside the project: ${parent.reason}`);
  const abs = path.join(parent.abs, name);
  const rel = parent.rel === '.' ? name : `${parent.rel}/${name}`;
  const st = await lstat(abs).catch(() => undefined);
  return { abs, rel, isSymlink: st?.isSymbolicLink() ?? false };
}

/**
 * The key of an entry operation. For a symlink, the link's own path (what is removed or moved);
 * otherwise the permission engine's pathPermission (realpath, outside and protected flags).
 */
export async function entryPermission(tool: string, projectRoot: string, p: string): Promise<Permission> {
  let entry: Entry;
  try {
    entry = await confineEntry(projectRoot, p, 'path');
  } catch {
    return pathPermission(tool, projectRoot, p);
  }
  if (!entry.isSymlink) return withProtectedInside(await pathPermission(tool, projectRoot, p), entry);
  const key = formatKey(tool, entry.rel);
  const notes = [`${entry.rel} is a symlink: the link itself is affected, not its target`];
  if (isProtectedPath(entry.rel)) {
    return { kind: 'ask', key, flags: { protectedPath: true, notes: [`${entry.rel} is protected`, ...notes] } };
  }
  return { kind: 'ask', key, flags: { notes } };
}

/**
 * A folder removed or moved takes what it holds along: one holding a protected entry (`sub/.git`,
 * `stage/.mcp.json`) is flagged as protected itself, and so is one too big to look through.
 */
async function withProtectedInside(permission: Permission, entry: Entry): Promise<Permission> {
  if (permission.kind !== 'ask' || permission.flags?.protectedPath || permission.flags?.outsideProject) return permission;
  const st = await stat(entry.abs).catch(() => undefined);
  if (!st?.isDirectory()) return permission;
  const inside = await protectedInside(entry.abs, entry.rel);
  if (!inside) return permission;
  const note =
    'found' in inside
      ? `${entry.rel} holds ${inside.found}, which is protected`
      : `${entry.rel} holds more than ${inside.tooMany} entries: whether it holds a protected one was not looked through`;
  const flags: KeyFlags = { ...permission.flags, protectedPath: true, notes: [note, ...(permission.flags?.notes ?? [])] };
  return { ...permission, flags };
}
