import { readFile, stat } from 'node:fs/promises';
import { formatBytes } from '../output.js';
import { decodeFile } from '../read/decode.js';
import { unifiedDiff } from '../read/unified.js';

const MAX_DIFF_SOURCE_BYTES = 2 * 1024 * 1024;

/** Current text of a file for a diff: '' when absent, undefined when binary, huge or not UTF-8. */
export async function currentText(abs: string): Promise<{ exists: boolean; text?: string; why?: string }> {
  const st = await stat(abs).catch(() => undefined);
  if (!st) return { exists: false, text: '' };
  if (!st.isFile()) return { exists: true, why: 'not a regular file' };
  if (st.size > MAX_DIFF_SOURCE_BYTES) return { exists: true, why: `${formatBytes(st.size)}, too large to diff` };
  const d = decodeFile(await readFile(abs));
  if (d.kind === 'binary') return { exists: true, why: `binary (${d.what})` };
  if (d.kind === 'not-utf8') return { exists: true, why: 'not UTF-8' };
  return { exists: true, text: d.text };
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
