import { readFile, readdir, stat } from 'node:fs/promises';
import { z } from 'zod';
import { resolveInProject } from '../../fs/index.js';
import { ToolFailure, clipLine, defineTool, headTail } from '../output.js';
import type { Tool } from '../types.js';

export const MEMORY_FILE = 'CODECODER.md';
export const MEMORY_DIR = '.codecoder/memory';
const MAX_NOTE_BYTES = 1024 * 1024;
const MAX_CHARS = 40_000;

const params = z
  .object({
    query: z.string().trim().min(1).max(500).optional().describe('Words to search for in the notes (all must appear on a line, any case).'),
    note: z
      .string()
      .min(1)
      .max(200)
      .regex(/^[^/\\\0]+$/, 'a note name, without folders')
      .optional()
      .describe(`One note to read whole: "${MEMORY_FILE}" or a file name in ${MEMORY_DIR}/ (e.g. "decisions.md").`),
  })
  .strict()
  .refine((a) => !(a.query !== undefined && a.note !== undefined), { message: 'give either query or note, not both', path: ['note'] });
export type MemoryArgs = z.infer<typeof params>;

interface Note {
  name: string;
  rel: string;
  text: string;
}

/** CODECODER.md and .codecoder/memory/*.md, each confined to the project (a symlink out is skipped). */
async function loadNotes(projectRoot: string, signal: AbortSignal): Promise<{ notes: Note[]; skipped: string[] }> {
  const names: { name: string; rel: string }[] = [{ name: MEMORY_FILE, rel: MEMORY_FILE }];
  const dir = await resolveInProject(projectRoot, MEMORY_DIR);
  if (dir.inside) {
    const entries = await readdir(dir.abs).catch(() => [] as string[]);
    for (const e of entries.filter((n) => n.toLowerCase().endsWith('.md')).sort()) names.push({ name: e, rel: `${MEMORY_DIR}/${e}` });
  }
  const notes: Note[] = [];
  const skipped: string[] = [];
  for (const n of names) {
    signal.throwIfAborted();
    const r = await resolveInProject(projectRoot, n.rel);
    if (!r.inside) {
      skipped.push(`${n.rel} (points outside the project)`);
      continue;
    }
    const st = await stat(r.abs).catch(() => undefined);
    if (!st?.isFile()) continue;
    if (st.size > MAX_NOTE_BYTES) {
      skipped.push(`${n.rel} (over 1 MB)`);
      continue;
    }
    notes.push({ ...n, text: await readFile(r.abs, 'utf8') });
  }
  return { notes, skipped };
}

export function memoryTool(): Tool<MemoryArgs> {
  return defineTool<MemoryArgs>({
    name: 'memory',
    description:
      `Recall the project's memory notes (${MEMORY_FILE} and ${MEMORY_DIR}/*.md): without arguments, ${MEMORY_FILE} and the list of ` +
      'notes; with note, one note whole; with query, the matching lines of every note. Read-only.',
    category: 'agent',
    environment: 'host',
    touches: { changesFiles: false, fileAccess: 'none', keyFromCommand: false },
    parameters: params,
    permission: () => ({ kind: 'none' }),
    async execute(args, ctx) {
      const { notes, skipped } = await loadNotes(ctx.projectRoot, ctx.signal);
      const skippedLine = skipped.length ? `\n[skipped: ${skipped.join(', ')}]` : '';
      if (args.note !== undefined) {
        const n = notes.find((x) => x.name === args.note);
        if (!n) throw new ToolFailure(`no note named ${args.note}; notes: ${notes.map((x) => x.name).join(', ') || 'none'}`);
        return { content: `${n.rel}:\n${headTail(n.text, MAX_CHARS).text}`, data: { notes: [n.rel] } };
      }
      if (args.query !== undefined) {
        const words = args.query.toLowerCase().split(/\s+/);
        const hits: string[] = [];
        for (const n of notes) {
          n.text.split(/\r?\n/).forEach((line, i) => {
            const l = line.toLowerCase();
            if (words.every((w) => l.includes(w))) hits.push(`${n.rel}:${i + 1}: ${clipLine(line, 500)}`);
          });
        }
        const body = hits.length
          ? hits.join('\n')
          : `no lines match "${args.query}" in ${notes.length} note${notes.length === 1 ? '' : 's'}`;
        return { content: headTail(body, MAX_CHARS).text + skippedLine, data: { hits: hits.length } };
      }
      if (notes.length === 0) {
        return { content: `no memory notes yet (${MEMORY_FILE} or ${MEMORY_DIR}/*.md)${skippedLine}`, data: { notes: [] } };
      }
      const main = notes.find((n) => n.name === MEMORY_FILE && n.rel === MEMORY_FILE);
      const others = notes.filter((n) => n !== main).map((n) => `- ${n.name} (${n.text.split('\n').length} lines)`);
      const parts = [
        main ? `${MEMORY_FILE}:\n${main.text.trim()}` : `no ${MEMORY_FILE}`,
        others.length ? `other notes (read one with note="<name>"):\n${others.join('\n')}` : '',
      ].filter(Boolean);
      return { content: headTail(parts.join('\n\n'), MAX_CHARS).text + skippedLine, data: { notes: notes.map((n) => n.rel) } };
    },
  });
}
