/**
 * What a terminal approval shows for a file change: the same diff the app's prompt shows
 * (the tool's own preview — the plan its execute() follows), bounded to a screenful,
 * escaped, so the user approves what they have read.
 */
import type { AskRequest } from '../permissions/index.js';
import { diffStat } from '../tools/index.js';
import { shownText } from './output.js';

const MAX_LINES = 80;

export async function changePreview(request: AskRequest): Promise<string | undefined> {
  // A diff for the tools that change a file's text; the key already says what a delete or move does.
  if (request.tool !== 'write_file' && request.tool !== 'edit_file') return undefined;
  let preview;
  try {
    preview = await request.preview?.();
  } catch (err) {
    return `  (no diff: ${shownText((err as Error).message)})`;
  }
  if (preview?.diff === '') return '  (no changes: the file already has this content)';
  if (!preview?.diff) return '  (no diff: the file cannot be shown as text, or nothing would change)';
  const lines = preview.diff.replace(/\n$/, '').split('\n');
  const cut = lines.length > MAX_LINES ? [...lines.slice(0, MAX_LINES), `… ${lines.length - MAX_LINES} more diff lines`] : lines;
  return `  change ${shownText(preview.path ?? '')} (${diffStat(preview.diff)})\n${cut.map((l) => `  ${shownText(l)}`).join('\n')}`;
}
