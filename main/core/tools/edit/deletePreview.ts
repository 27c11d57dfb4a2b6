import { lstat, readdir } from 'node:fs/promises';
import path from 'node:path';
import { resolveInProject } from '../../fs/index.js';
import type { ToolPreview } from '../types.js';
import { git } from '../vcs/git.js';

export type DeleteEntryPreview = NonNullable<ToolPreview['entry']>;

/** A folder's walk stops here: the prompt must appear quickly; "at least" is said then. */
const MAX_WALK = 5000;
const GIT_TIMEOUT_MS = 3000;

/**
 * What a delete would remove, for its prompt: a file's size, or a folder's files and bytes, and how
 * many of them git tracks (a tracked file can be restored from git, an untracked one is gone). The
 * entry itself is never followed: a symlink is what goes, not its target. Reads only; any failure
 * leaves the field out rather than guessing.
 */
export async function deletePreview(projectRoot: string, p: string): Promise<DeleteEntryPreview | undefined> {
  const parent = await resolveInProject(projectRoot, path.posix.dirname(p.replace(/\\/g, '/'))).catch(() => undefined);
  if (!parent?.inside) return undefined;
  const abs = path.join(parent.abs, path.basename(p));
  const st = await lstat(abs).catch(() => undefined);
  if (!st) return { kind: 'missing' };
  const rel = parent.rel === '.' ? path.basename(p) : `${parent.rel}/${path.basename(p)}`;
  const tracked = await trackedCount(projectRoot, rel);
  if (st.isSymbolicLink()) return { kind: 'symlink', ...tracked };
  if (!st.isDirectory()) return { kind: 'file', bytes: st.size, ...tracked };
  const walk = { files: 0, bytes: 0, complete: true };
  await walkDir(abs, walk);
  return { kind: 'dir', files: walk.files, bytes: walk.bytes, complete: walk.complete, ...tracked };
}

async function walkDir(dir: string, acc: { files: number; bytes: number; complete: boolean }): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const n of names) {
    if (acc.files >= MAX_WALK) {
      acc.complete = false;
      return;
    }
    const st = await lstat(path.join(dir, n)).catch(() => undefined);
    if (!st) continue;
    if (st.isDirectory()) await walkDir(path.join(dir, n), acc);
    else {
      acc.files++;
      acc.bytes += st.isFile() ? st.size : 0;
    }
  }
}

/** How many files under `rel` git tracks; nothing when git is missing or this is not a repository. */
async function trackedCount(projectRoot: string, rel: string): Promise<{ gitTracked?: number }> {
  try {
    const r = await git(['ls-files', '-z', '--', `:(literal)${rel}`], { cwd: projectRoot, signal: AbortSignal.timeout(GIT_TIMEOUT_MS) });
    if (r.code !== 0) return {};
    return { gitTracked: r.stdout.split('\0').filter(Boolean).length };
  } catch {
    return {};
  }
}
