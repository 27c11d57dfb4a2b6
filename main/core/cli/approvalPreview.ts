/**
 * What a terminal approval shows for a file change: the same diff the app's prompt shows
 * (the tool's own preview — the plan its execute() follows), bounded to a screenful,
 * escaped, so the user approves what they have read.
 */
import { buildPreview } from '../approvals/index.js';
import { diffStat, type Tool } from '../tools/index.js';
import { shownText } from './output.js';

const MAX_LINES = 80;

export async function changePreview(projectRoot: string, tool: Tool | undefined, args: unknown): Promise<string | undefined> {
  // A diff for the tools that change a file's text; the key already says what a delete or move does.
  if (tool?.name !== 'write_file' && tool?.name !== 'edit_file') return undefined;
  let preview;
  try {
    preview = await buildPreview(tool, args, projectRoot);
  } catch (err) {
    return `  (no diff: ${shownText((err as Error).message)})`;
  }
  if (!preview?.diff) return '  (no diff: the file cannot be shown as text, or nothing would change)';
  const lines = preview.diff.replace(/\n$/, '').split('\n');
  const cut = lines.length > MAX_LINES ? [...lines.slice(0, MAX_LINES), `… ${lines.length - MAX_LINES} more diff lines`] : lines;
  return `  change ${shownText(preview.path ?? '')} (${diffStat(preview.diff)})\n${cut.map((l) => `  ${shownText(l)}`).join('\n')}`;
}
