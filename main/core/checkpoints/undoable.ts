/**
 * Which of a command's write targets a checkpoint cannot undo: those the classifier names (the
 * "writes to X (…)" / "appends to X (…)" notes of shell/classify.ts) that lie outside the project.
 * Only literal targets are judged — a relative path from the project root (where commands start),
 * an absolute path, or `~` — and device files are left out (writing to /dev/null changes no file).
 * A target named at run time is not a known target: the prompt says nothing about it here.
 */
import path from 'node:path';

const WRITE_NOTE = /^(?:writes|appends) to (.+) \([^()]*\)$/;

export function outsideWriteTargets(notes: readonly string[] | undefined, projectRoot: string): string[] {
  const root = path.resolve(projectRoot);
  const out: string[] = [];
  for (const n of notes ?? []) {
    const target = WRITE_NOTE.exec(n)?.[1];
    if (!target || target === 'a file named at run time') continue;
    if (target === '~' || target.startsWith('~/')) {
      out.push(target);
      continue;
    }
    const abs = path.resolve(root, target);
    if (abs === '/dev' || abs.startsWith('/dev/')) continue;
    const rel = path.relative(root, abs);
    if (rel === '..' || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel)) out.push(target);
  }
  return [...new Set(out)];
}

/** The prompt's note for such a command, or undefined when every known target is inside. */
export function cannotUndoNote(notes: readonly string[] | undefined, projectRoot: string): string | undefined {
  const t = outsideWriteTargets(notes, projectRoot);
  if (t.length === 0) return undefined;
  return `writes outside the project (${t.join(', ')}): checkpoints cannot undo this`;
}
