import path from 'node:path';
import { AppError } from '../../../shared/contract/index.js';
import { isProtectedPath, openProjectDir, readRegularIn, resolveInProject } from '../fs/index.js';
import { decodeFile, formatBytes } from '../tools/index.js';

/** A file bigger than this is not shown (read_file's own cap is for the model's ranges). */
export const VIEW_MAX_BYTES = 2 * 1024 * 1024;

export interface ViewedFile {
  /** Project-relative, after symlinks: the file actually shown. */
  path: string;
  text: string;
  totalLines: number;
  /** Said when the text is not plain UTF-8 (decoded as read_file decodes it). */
  note?: string;
}

/** A name starting with a dot (`.env`, `.ssh/`, `.github/`): hidden from the viewer, as from the @-mention list. */
function hiddenSegment(rel: string): string | undefined {
  return rel.split('/').find((s) => s.startsWith('.') && s !== '.' && s !== '..');
}

/**
 * The read-only file view behind a clickable path in a tool card or an answer: the text of a
 * regular file inside the project, read by main with read_file's rules (realpath confinement, the
 * same decoding, binary refused) and stricter ones, since the path comes from the model's words:
 * a protected entry (.git, codecoder.json, …) or a hidden one (a dot-name anywhere in the path,
 * as written or as resolved) is refused, and the file is opened from the project root without
 * following a symlink, so one swapped in after the check reads nothing.
 */
export async function viewFile(projectRoot: string, requested: string): Promise<ViewedFile> {
  const refuse = (why: string) => new AppError('invalid_input', `Cannot show ${requested}: ${why}.`);
  const r = await resolveInProject(projectRoot, requested);
  if (!r.inside) throw refuse('it is outside the project');
  const written = path.isAbsolute(requested) ? path.relative(projectRoot, requested).split(path.sep).join('/') : requested;
  for (const rel of [written, r.rel]) {
    if (isProtectedPath(rel)) throw refuse('it is a protected entry of the project');
    const hidden = hiddenSegment(rel);
    if (hidden !== undefined) throw refuse(`${hidden} is hidden (a name starting with a dot)`);
  }
  if (r.rel === '.') throw refuse('it is the project folder, not a file');
  const dir = await openProjectDir(projectRoot, path.posix.dirname(r.rel)).catch(() => {
    throw new AppError('not_found', `Cannot show ${requested}: there is no such file in the project.`);
  });
  try {
    const read = await readRegularIn(dir, path.posix.basename(r.rel), VIEW_MAX_BYTES);
    if (read.kind === 'missing') throw new AppError('not_found', `Cannot show ${requested}: there is no such file in the project.`);
    if (read.kind === 'other') throw refuse(`it is ${read.what}, not a regular file`);
    if (!read.data) throw refuse(`it is ${formatBytes(read.stat.size)}, over the viewer's ${formatBytes(VIEW_MAX_BYTES)}`);
    const decoded = decodeFile(read.data);
    if (decoded.kind === 'binary') throw refuse(`it is a binary file (${decoded.what})`);
    const lines = decoded.text.split(/\r?\n/);
    if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
    const note =
      decoded.kind === 'not-utf8'
        ? 'Not valid UTF-8: shown decoded as windows-1252.'
        : decoded.encoding === 'utf-16le' || decoded.encoding === 'utf-16be'
          ? `${decoded.encoding.toUpperCase()} (with a BOM): shown decoded.`
          : undefined;
    return { path: r.rel, text: decoded.text, totalLines: decoded.text === '' ? 0 : lines.length, ...(note ? { note } : {}) };
  } finally {
    await dir.close();
  }
}
