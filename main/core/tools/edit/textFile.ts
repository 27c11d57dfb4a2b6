import { readRegularIn, type AnchoredDir } from '../../fs/index.js';
import { sha256Hex } from '../../permissions/index.js';
import { formatBytes } from '../output.js';
import { decodeFile } from '../kit/decode.js';
import { unifiedDiff } from '../kit/unified.js';

export const MAX_DIFF_SOURCE_BYTES = 2 * 1024 * 1024;

export interface CurrentText {
  exists: boolean;
  /** '' when absent; undefined when there is no text to diff (then `why`). */
  text?: string;
  why?: string;
  /** The mode of the regular file there, kept by a rewrite. */
  mode?: number;
  /** What is there when it is not a regular file ('a folder', 'a FIFO (named pipe)', 'a symlink'…). */
  other?: string;
  /** SHA-256 of the regular file's bytes, when they were read: what a partial accept checks is still there. */
  digest?: string;
}

/**
 * Current text of an entry of an anchored folder, for a diff. Never follows a symlink and never
 * blocks on a FIFO or device (readRegularIn).
 */
export async function currentTextIn(dir: AnchoredDir, name: string): Promise<CurrentText> {
  const r = await readRegularIn(dir, name, MAX_DIFF_SOURCE_BYTES);
  if (r.kind === 'missing') return { exists: false, text: '' };
  if (r.kind === 'other') return { exists: true, why: `not a regular file (${r.what})`, other: r.what };
  const mode = r.stat.mode;
  if (!r.data) return { exists: true, why: `${formatBytes(r.stat.size)}, too large to diff`, mode };
  const digest = sha256Hex(r.data);
  const d = decodeFile(r.data);
  if (d.kind === 'binary') return { exists: true, why: `binary (${d.what})`, mode, digest };
  if (d.kind === 'not-utf8') return { exists: true, why: 'not UTF-8', mode, digest };
  return { exists: true, text: d.text, mode, digest };
}

/** The diff for the UI, or a reason there is none. */
export function diffFor(
  rel: string,
  before: string | undefined,
  after: string | undefined,
  why?: string,
): { diff?: string; diffOmitted?: string } {
  if (before === undefined || after === undefined) return { diffOmitted: why ?? 'no text to compare' };
  const d = unifiedDiff(rel, rel, before, after);
  if (!d) return { diffOmitted: 'too large to diff' };
  return { diff: d.text };
}

/** "+3 -1" from a unified diff. */
export function diffStat(diff: string | undefined): string {
  if (!diff) return '';
  let add = 0;
  let del = 0;
  for (const line of diff.split('\n')) {
    if (line.startsWith('+') && !line.startsWith('+++')) add++;
    else if (line.startsWith('-') && !line.startsWith('---')) del++;
  }
  return `+${add} -${del}`;
}
