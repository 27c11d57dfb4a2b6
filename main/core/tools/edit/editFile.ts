import { z } from 'zod';
import { readRegularIn, replaceFileIn, type AnchoredDir } from '../../fs/index.js';
import { pathPermission, sha256Hex } from '../../permissions/index.js';
import { ToolFailure, defineTool } from '../output.js';
import { confine } from '../kit/confine.js';
import { decodeFile } from '../kit/decode.js';
import type { Tool, ToolPreview, ToolResult } from '../types.js';
import { approvedOr, asFailure, holdToApproval, openTarget } from './target.js';
import { approvedHunks } from '../approved.js';
import { partialResult, previewChange, takenText } from './partial.js';
import { MAX_DIFF_SOURCE_BYTES, diffFor, diffStat } from './textFile.js';

const params = z
  .object({
    path: z.string().min(1).describe('File to change, relative to the project root.'),
    old_text: z.string().min(1).describe('Exact text to replace, including whitespace and indentation (no line-number prefixes).'),
    new_text: z.string().describe('Replacement text.'),
    replace_all: z.boolean().default(false).describe('Replace every occurrence instead of requiring exactly one.'),
  })
  .strict()
  .refine((a) => a.old_text !== a.new_text, { message: 'new_text is identical to old_text', path: ['new_text'] });
export type EditFileArgs = z.infer<typeof params>;

export function editFileTool(): Tool<EditFileArgs> {
  return defineTool<EditFileArgs>({
    name: 'edit_file',
    description:
      'Replace an exact piece of text in a UTF-8 file. old_text must occur exactly once (include enough surrounding ' +
      'lines to make it unique) unless replace_all=true; the call fails, saying why, when it is missing or ambiguous. ' +
      'Asks the user for each path unless allowed.',
    category: 'edit',
    environment: 'host',
    touches: { changesFiles: true, fileAccess: 'write', keyFromCommand: false },
    keyTemplate: 'edit_file:<project-relative path>',
    parameters: params,
    permission: (args, { projectRoot }) => pathPermission('edit_file', projectRoot, args.path),
    preview: (args, { projectRoot }) => previewEdit(args, projectRoot),
    appliesHunks: true,
    async execute(args, ctx) {
      const { rel } = await confine(ctx.projectRoot, args.path);
      holdToApproval(await approvedOr(args, () => pathPermission('edit_file', ctx.projectRoot, args.path)), rel, args.path);
      const t = await openTarget(ctx.projectRoot, rel);
      try {
        return await editIn(t.dir, t.name, rel, args, ctx.signal);
      } finally {
        await t.dir.close();
      }
    },
  });
}

/** What the prompt shows: the diff execute() would apply, from the same reading and the same plan. */
async function previewEdit(args: EditFileArgs, projectRoot: string): Promise<ToolPreview> {
  try {
    const { rel } = await confine(projectRoot, args.path);
    const t = await openTarget(projectRoot, rel);
    try {
      // Capped: a huge file is not read into memory for a prompt (execute() reads it whole).
      const f = await readEditable(t.dir, t.name, rel, MAX_DIFF_SOURCE_BYTES);
      if (!f) return { path: args.path };
      return previewChange(args, args.path, rel, { digest: f.digest, before: f.text }, planEdit(f.text, args, rel).updated);
    } finally {
      await t.dir.close();
    }
  } catch (err) {
    // What execute() would refuse (missing text, not a file, outside the project) shows no diff.
    if (err instanceof ToolFailure) return { path: args.path };
    throw err;
  }
}

/** Reads the file through the anchored folder and replaces the entry: never through a symlink. */
async function editIn(dir: AnchoredDir, name: string, rel: string, args: EditFileArgs, signal: AbortSignal): Promise<ToolResult> {
  const f = (await readEditable(dir, name, rel))!;
  const choice = approvedHunks(args);
  if (choice) {
    // Part of the change: the previewed text with the hunks the user took, only if the file is still what was shown.
    const { text, change } = takenText(args, rel, choice, f.digest);
    signal.throwIfAborted();
    await replaceFileIn(dir, name, f.bom ? `\ufeff${text}` : text, f.mode).catch(asFailure);
    return partialResult(rel, change, choice, text);
  }
  const { updated, count } = planEdit(f.text, args, rel);
  signal.throwIfAborted();
  const out = f.bom ? `\ufeff${updated}` : updated;
  await replaceFileIn(dir, name, out, f.mode).catch(asFailure);
  const d = diffFor(rel, f.text, updated);
  return {
    content: `edited ${rel}: replaced ${count} occurrence${count === 1 ? '' : 's'}${d.diff ? ` (${diffStat(d.diff)})` : ''}`,
    data: { path: rel, replacements: count, ...d },
  };
}

/**
 * The file's text as edit_file may change it, or a ToolFailure saying why not. With `max`, a file
 * larger than that gives undefined (not read).
 */
async function readEditable(
  dir: AnchoredDir,
  name: string,
  rel: string,
  max?: number,
): Promise<{ text: string; bom: boolean; mode: number; digest: string } | undefined> {
  const cur = await readRegularIn(dir, name, max).catch(asFailure);
  if (cur.kind === 'missing') throw new ToolFailure(`${rel} does not exist; use write_file to create it`);
  if (cur.kind === 'other') throw new ToolFailure(`${rel} is not a regular file (${cur.what})`);
  if (!cur.data) return undefined;
  const decoded = decodeFile(cur.data);
  if (decoded.kind === 'binary') throw new ToolFailure(`${rel} is a binary file (${decoded.what})`);
  if (decoded.kind === 'not-utf8') {
    throw new ToolFailure(
      `${rel} is not valid UTF-8 (first invalid byte at offset ${decoded.firstInvalidByte}); editing it would corrupt it`,
    );
  }
  if (decoded.encoding !== 'utf-8' && decoded.encoding !== 'utf-8-bom') {
    throw new ToolFailure(`${rel} is ${decoded.encoding.toUpperCase()}; edit_file edits UTF-8 files only`);
  }
  return { text: decoded.text, bom: decoded.encoding === 'utf-8-bom', mode: cur.stat.mode, digest: sha256Hex(cur.data) };
}

/**
 * What the edit does to `text` (the decoded file, without its BOM): the one plan preview() and
 * execute() share, so the prompt's diff is the change that lands. Throws a ToolFailure when
 * old_text is missing or, without replace_all, ambiguous.
 */
export function planEdit(text: string, args: EditFileArgs, rel: string): { updated: string; count: number } {
  let oldText = args.old_text;
  let newText = args.new_text;
  let count = countOf(text, oldText);
  // A file with CRLF line ends and old_text typed with LF: match on the file's own line ends.
  if (count === 0 && text.includes('\r\n') && oldText.includes('\n') && !oldText.includes('\r\n')) {
    oldText = oldText.replace(/\n/g, '\r\n');
    newText = newText.replace(/\r?\n/g, '\r\n');
    count = countOf(text, oldText);
  }
  if (count === 0) {
    const trimmed = args.old_text.trim();
    const hint =
      trimmed !== args.old_text && trimmed.length > 0 && countOf(text, trimmed) > 0
        ? ' (it does occur with different leading/trailing whitespace)'
        : '';
    throw new ToolFailure(`old_text was not found in ${rel}${hint}; read the file again and copy the text exactly`);
  }
  if (count > 1 && !args.replace_all) {
    const lines = lineNumbersOf(text, oldText).slice(0, 10).join(', ');
    throw new ToolFailure(
      `old_text occurs ${count} times in ${rel} (at lines ${lines}${count > 10 ? ', …' : ''}); include more surrounding text to make it unique, or set replace_all`,
    );
  }
  return { updated: text.split(oldText).join(newText), count };
}

function countOf(haystack: string, needle: string): number {
  let n = 0;
  for (let i = haystack.indexOf(needle); i !== -1; i = haystack.indexOf(needle, i + needle.length)) n++;
  return n;
}

function lineNumbersOf(haystack: string, needle: string): number[] {
  const out: number[] = [];
  let line = 1;
  let scanned = 0;
  for (let i = haystack.indexOf(needle); i !== -1; i = haystack.indexOf(needle, i + needle.length)) {
    for (let j = scanned; j < i; j++) if (haystack.charCodeAt(j) === 10) line++;
    scanned = i;
    out.push(line);
  }
  return out;
}
