import { stat } from 'node:fs/promises';
import { AppError } from '../../../shared/contract/index.js';
import { resolveInProject } from '../fs/index.js';

/**
 * The files a message attaches (@-mentions), checked before the run starts: each must resolve —
 * symlinks followed — to a regular file inside the project. Anything else refuses the whole send with
 * the path and the reason, so nothing the user meant to attach is silently dropped. Returns the
 * project-relative paths, each once, in order. Reading them still goes through the permission gate.
 */
export async function checkAttachments(projectRoot: string, paths: readonly string[]): Promise<string[]> {
  const out: string[] = [];
  for (const p of paths) {
    const r = await resolveInProject(projectRoot, p);
    if (!r.inside) throw new AppError('invalid_input', `Cannot attach ${p}: ${r.reason}.`);
    const st = await stat(r.abs).catch(() => undefined);
    if (!st) throw new AppError('invalid_input', `Cannot attach ${p}: there is no such file in the project.`);
    if (!st.isFile()) throw new AppError('invalid_input', `Cannot attach ${p}: it is not a file.`);
    if (!out.includes(r.rel)) out.push(r.rel);
  }
  return out;
}
