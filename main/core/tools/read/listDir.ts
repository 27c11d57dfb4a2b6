import { lstat, readdir, readlink, stat } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { ToolFailure, defineTool, formatBytes } from '../output.js';
import type { Tool } from '../types.js';
import { confine } from '../kit/confine.js';

const params = z
  .object({
    path: z.string().min(1).default('.').describe('Directory to list, relative to the project root. Default: the root.'),
    max_entries: z.number().int().min(1).max(5000).default(500).describe('Cap on entries returned. Default 500.'),
  })
  .strict();
export type ListDirArgs = z.infer<typeof params>;

export function listDirTool(): Tool<ListDirArgs> {
  return defineTool<ListDirArgs>({
    name: 'list_dir',
    description:
      'List one directory of the project (not recursive): sub-directories first with a trailing "/", then files with ' +
      'their size; symlinks show their target. Lists everything, including ignored files; use glob for recursive, ' +
      '.gitignore-aware listings.',
    category: 'read',
    environment: 'host',
    touches: { changesFiles: false, fileAccess: 'none', keyFromCommand: false },
    parameters: params,
    permission: () => ({ kind: 'none' }),
    async execute(args, ctx) {
      const { abs, rel } = await confine(ctx.projectRoot, args.path);
      const st = await stat(abs).catch(() => undefined);
      if (!st) throw new ToolFailure(`${rel} does not exist`);
      if (!st.isDirectory()) throw new ToolFailure(`${rel} is not a directory; use read_file`);
      const entries = await readdir(abs, { withFileTypes: true });
      entries.sort((a, b) => Number(b.isDirectory()) - Number(a.isDirectory()) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      const shown = entries.slice(0, args.max_entries);
      const lines: string[] = [];
      const data: { name: string; type: string; size?: number; target?: string }[] = [];
      for (const e of shown) {
        if (ctx.signal.aborted) throw Object.assign(new Error('cancelled'), { name: 'AbortError' });
        const full = path.join(abs, e.name);
        if (e.isDirectory()) {
          lines.push(`${e.name}/`);
          data.push({ name: e.name, type: 'dir' });
        } else if (e.isSymbolicLink()) {
          const target = await readlink(full).catch(() => '?');
          lines.push(`${e.name}@ -> ${target}`);
          data.push({ name: e.name, type: 'symlink', target });
        } else if (e.isFile()) {
          const size = (await lstat(full).catch(() => undefined))?.size ?? 0;
          lines.push(`${e.name}  ${formatBytes(size)}`);
          data.push({ name: e.name, type: 'file', size });
        } else {
          lines.push(`${e.name}  (special file)`);
          data.push({ name: e.name, type: 'other' });
        }
      }
      const omitted = entries.length - shown.length;
      const header = `${rel === '.' ? '(project root)' : `${rel}/`}: ${entries.length} entries`;
      const footer = omitted > 0 ? [`[${omitted} more entries not shown; raise max_entries]`] : [];
      return { content: [header, ...lines, ...footer].join('\n'), data: { path: rel, entries: data, omitted } };
    },
  });
}
