import { realpath } from 'node:fs/promises';
import path from 'node:path';

export type ProjectPath = { inside: true; abs: string; rel: string } | { inside: false; abs: string; reason: string };

/**
 * Resolves `p` (relative to the project, or absolute) against the project root after following
 * symlinks. A path that does not exist yet is resolved through its deepest existing ancestor, so a
 * new file under a symlinked directory that points outside is still caught.
 * `rel` uses forward slashes and is never empty ('.' for the root itself).
 */
export async function resolveInProject(projectRoot: string, p: string): Promise<ProjectPath> {
  if (p.includes('\0')) return { inside: false, abs: p, reason: 'path contains a NUL byte' };
  const root = await realpath(projectRoot);
  const requested = path.resolve(root, p);
  const real = await realpathDeepest(requested);
  const rel = path.relative(root, real);
  if (rel === '') return { inside: true, abs: real, rel: '.' };
  if (rel.startsWith('..' + path.sep) || rel === '..' || path.isAbsolute(rel)) {
    return { inside: false, abs: real, reason: `${p} resolves to ${real}, outside the project ${root}` };
  }
  return { inside: true, abs: real, rel: rel.split(path.sep).join('/') };
}

async function realpathDeepest(abs: string): Promise<string> {
  const tail: string[] = [];
  let cur = abs;
  for (;;) {
    try {
      const real = await realpath(cur);
      return tail.length ? path.join(real, ...tail.reverse()) : real;
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'ENOTDIR') throw err;
      const parent = path.dirname(cur);
      if (parent === cur) return abs;
      tail.push(path.basename(cur));
      cur = parent;
    }
  }
}
