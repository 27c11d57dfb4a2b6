import { stat } from 'node:fs/promises';
import { AppError } from '../../../shared/contract/index.js';
import { resolveInProject } from '../fs/index.js';

/** A path a message names, resolved — symlinks followed — to a regular file inside the project, or why not. */
async function attachable(projectRoot: string, p: string): Promise<{ rel: string } | { reason: string }> {
  const r = await resolveInProject(projectRoot, p);
  if (!r.inside) return { reason: r.reason };
  const st = await stat(r.abs).catch(() => undefined);
  if (!st) return { reason: 'there is no such file in the project' };
  if (!st.isFile()) return { reason: 'it is not a file' };
  return { rel: r.rel };
}

/**
 * The files a message attaches (@-mentions), checked before the run starts: each must resolve —
 * symlinks followed — to a regular file inside the project. Anything else refuses the whole send with
 * the path and the reason, so nothing the user meant to attach is silently dropped. Returns the
 * project-relative paths, each once, in order. Reading them still goes through the permission gate.
 */
export async function checkAttachments(projectRoot: string, paths: readonly string[]): Promise<string[]> {
  const out: string[] = [];
  for (const p of paths) {
    const a = await attachable(projectRoot, p);
    if ('reason' in a) throw new AppError('invalid_input', `Cannot attach ${p}: ${a.reason}.`);
    if (!out.includes(a.rel)) out.push(a.rel);
  }
  return out;
}

/**
 * Which typed `@words` name a file the message can attach (the same check as `checkAttachments`):
 * a typed mention is only a guess at a path, so one that names nothing, a folder or a place outside
 * the project stays text. Returns `{ typed, file }` for each that does, in order.
 */
export async function attachableMentions(projectRoot: string, typed: readonly string[]): Promise<{ typed: string; file: string }[]> {
  const out: { typed: string; file: string }[] = [];
  for (const t of typed) {
    // A path the file system refuses to resolve (permissions, a loop) is no file to attach either.
    const a = await attachable(projectRoot, t).catch(() => ({ reason: 'unreadable' }));
    if ('rel' in a) out.push({ typed: t, file: a.rel });
  }
  return out;
}
