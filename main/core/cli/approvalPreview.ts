/**
 * What a terminal approval shows for a file change: the diff of the file as it is now against what
 * the call would leave (write_file, edit_file), bounded, so the user approves what they have read.
 * A path outside the project, a binary or a huge file shows no diff and says why.
 */
import { diffFor, diffStat, currentText } from '../tools/edit/textFile.js';
import { confine } from '../tools/read/confine.js';

const MAX_LINES = 80;

export async function changePreview(projectRoot: string, tool: string, args: unknown): Promise<string | undefined> {
  const a = (args ?? {}) as Record<string, unknown>;
  if (typeof a.path !== 'string') return undefined;
  let after: (before: string) => string | undefined;
  if (tool === 'write_file' && typeof a.content === 'string') {
    const content = a.content;
    after = () => content;
  } else if (tool === 'edit_file' && typeof a.old_text === 'string' && typeof a.new_text === 'string') {
    const { old_text: from, new_text: to } = a as { old_text: string; new_text: string };
    after = (before) =>
      !before.includes(from) ? undefined : a.replace_all === true ? before.split(from).join(to) : before.replace(from, () => to);
  } else return undefined;
  let rel: string;
  let cur: Awaited<ReturnType<typeof currentText>>;
  try {
    const c = await confine(projectRoot, a.path);
    rel = c.rel;
    cur = await currentText(c.abs);
  } catch (err) {
    return `  (no diff: ${(err as Error).message})`;
  }
  const next = cur.text === undefined ? undefined : after(cur.text);
  if (cur.text !== undefined && next === undefined) return '  (no diff: the text to replace is not in the file now)';
  const d = diffFor(rel, cur.text, next, cur.why);
  if (!d.diff) return `  (no diff: ${d.diffOmitted ?? 'no change'})`;
  const lines = d.diff.replace(/\n$/, '').split('\n');
  const shown = lines.length > MAX_LINES ? [...lines.slice(0, MAX_LINES), `… ${lines.length - MAX_LINES} more diff lines`] : lines;
  return `  ${cur.exists ? 'change' : 'new file'} ${rel} (${diffStat(d.diff)})\n${shown.map((l) => `  ${l}`).join('\n')}`;
}
