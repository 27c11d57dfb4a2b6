import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PRIVATE_FILE_MODE, ensurePrivateDirs } from '../fs/index.js';
import { headTail, type ToolResult } from '../tools/index.js';

/**
 * Long tool outputs reach the model as head + tail with a note saying where the full text is
 * (a log in the app data folder, never the project). A tool that already kept a full log names it.
 */
export async function fitForModel(result: ToolResult, opts: { maxChars: number; logDir: string; name: string }): Promise<ToolResult> {
  if (result.content.length <= opts.maxChars) return result;
  let fullLogPath = result.fullLogPath;
  if (!fullLogPath) {
    fullLogPath = path.join(opts.logDir, `${opts.name.replace(/[^A-Za-z0-9._-]/g, '_')}.log`);
    await ensurePrivateDirs(opts.logDir);
    await writeFile(fullLogPath, result.content, { encoding: 'utf8', mode: PRIVATE_FILE_MODE });
  }
  const cut = headTail(result.content, opts.maxChars);
  const note = `\n[output cut to its first and last parts: ${cut.omittedChars} of ${result.content.length} characters omitted; the full output is in ${fullLogPath}]`;
  return { ...result, content: cut.text + note, fullLogPath };
}
