import { readFile, stat } from 'node:fs/promises';
import { z } from 'zod';
import { ToolFailure, clipLine, defineTool, formatBytes } from '../output.js';
import type { Tool } from '../types.js';
import { confine } from '../kit/confine.js';
import { decodeFile } from '../kit/decode.js';

export const READ_MAX_FILE_BYTES = 20 * 1024 * 1024;
const DEFAULT_LINES = 2000;
const MAX_LINE_CHARS = 2000;
const MAX_OUTPUT_CHARS = 200_000;

const params = z
  .object({
    path: z.string().min(1).describe('File to read, relative to the project root (or absolute inside it).'),
    offset: z.number().int().min(1).optional().describe('First line to return, 1-based. Default 1.'),
    limit: z.number().int().min(1).max(10_000).optional().describe(`How many lines to return. Default ${DEFAULT_LINES}.`),
  })
  .strict();
export type ReadFileArgs = z.infer<typeof params>;

export function readFileTool(): Tool<ReadFileArgs> {
  return defineTool<ReadFileArgs>({
    name: 'read_file',
    description:
      'Read a text file of the project. Lines come numbered ("12\\t…"); the numbers are not part of the file. ' +
      `Returns up to ${DEFAULT_LINES} lines per call: pass offset/limit for other ranges. Binary files are refused; ` +
      'UTF-16 with a BOM is decoded; a file that is not UTF-8 is shown as windows-1252 with a note saying so.',
    category: 'read',
    environment: 'host',
    touches: { changesFiles: false, fileAccess: 'none', keyFromCommand: false },
    parameters: params,
    permission: () => ({ kind: 'none' }),
    preview: async (args) => ({ path: args.path }),
    async execute(args, ctx) {
      const { abs, rel } = await confine(ctx.projectRoot, args.path);
      const st = await stat(abs).catch(() => undefined);
      if (!st) throw new ToolFailure(`${rel} does not exist`);
      if (st.isDirectory()) throw new ToolFailure(`${rel} is a directory; use list_dir or glob`);
      if (!st.isFile()) throw new ToolFailure(`${rel} is not a regular file`);
      if (st.size > READ_MAX_FILE_BYTES) {
        throw new ToolFailure(
          `${rel} is ${formatBytes(st.size)}, over the ${formatBytes(READ_MAX_FILE_BYTES)} cap; use grep to find the lines you need`,
        );
      }
      const buf = await readFile(abs, { signal: ctx.signal });
      const decoded = decodeFile(buf);
      if (decoded.kind === 'binary') {
        throw new ToolFailure(`${rel} is a binary file (${decoded.what}, ${formatBytes(buf.length)}); read_file returns text only`);
      }
      const notes: string[] = [];
      if (decoded.kind === 'not-utf8') {
        notes.push(
          `note: ${rel} is not valid UTF-8 (first invalid byte at offset ${decoded.firstInvalidByte}); shown decoded as windows-1252. ` +
            'edit_file refuses such files; write_file would rewrite it as UTF-8.',
        );
      } else if (decoded.encoding === 'utf-16le' || decoded.encoding === 'utf-16be') {
        notes.push(`note: ${rel} is ${decoded.encoding.toUpperCase()} (with a BOM); shown decoded.`);
      }
      const text = decoded.text;
      if (text.length === 0) return { content: `${rel} is empty`, data: { path: rel, encoding: decoded.encoding, totalLines: 0 } };
      const lines = text.split(/\r?\n/);
      if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
      const total = lines.length;
      const first = args.offset ?? 1;
      if (first > total) throw new ToolFailure(`"offset" ${first} is past the end: ${rel} has ${total} lines`);
      const want = args.limit ?? DEFAULT_LINES;
      const out: string[] = [];
      let chars = 0;
      let last = first - 1;
      for (let n = first; n <= total && n < first + want; n++) {
        const line = `${n}\t${clipLine(lines[n - 1]!, MAX_LINE_CHARS)}`;
        if (chars + line.length > MAX_OUTPUT_CHARS && out.length > 0) break;
        out.push(line);
        chars += line.length + 1;
        last = n;
      }
      if (first > 1 || last < total) {
        notes.push(`[lines ${first}-${last} of ${total}${last < total ? `; call again with offset=${last + 1} for more` : ''}]`);
      }
      return {
        content: [...notes, out.join('\n')].join('\n'),
        data: { path: rel, encoding: decoded.encoding, firstLine: first, lastLine: last, totalLines: total },
      };
    },
  });
}
