import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { z } from 'zod';
import { pathPermission } from '../../permissions/keys.js';
import { ToolFailure, defineTool } from '../output.js';
import { confine } from '../read/confine.js';
import type { Tool } from '../types.js';
import { currentText, diffFor, diffStat } from './textFile.js';

const params = z
  .object({
    path: z.string().min(1).describe('File to create or overwrite, relative to the project root. Parent folders are created.'),
    content: z.string().describe('The complete new content of the file (UTF-8).'),
  })
  .strict();
export type WriteFileArgs = z.infer<typeof params>;

export function writeFileTool(): Tool<WriteFileArgs> {
  return defineTool<WriteFileArgs>({
    name: 'write_file',
    description:
      'Create a file or replace its whole content (written atomically, UTF-8). For a small change to an existing file ' +
      'prefer edit_file. Asks the user for each path unless allowed; paths outside the project are refused.',
    category: 'edit',
    environment: 'host',
    keyTemplate: 'write_file:<project-relative path>',
    parameters: params,
    permission: (args, { projectRoot }) => pathPermission('write_file', projectRoot, args.path),
    async execute(args, ctx) {
      const { abs, rel } = await confine(ctx.projectRoot, args.path);
      if (rel === '.') throw new ToolFailure('"path" is the project root itself, not a file');
      const st = await stat(abs).catch(() => undefined);
      if (st?.isDirectory()) throw new ToolFailure(`${rel} is a directory`);
      const before = await currentText(abs);
      await mkdir(path.dirname(abs), { recursive: true });
      ctx.signal.throwIfAborted();
      await writeFileAtomic(abs, args.content, { encoding: 'utf8' });
      const d = diffFor(rel, before.text, args.content, before.why);
      const lines = args.content === '' ? 0 : args.content.split('\n').length - (args.content.endsWith('\n') ? 1 : 0);
      const summary = before.exists
        ? `overwrote ${rel} (${lines} lines${d.diff ? `, ${diffStat(d.diff)}` : ''})`
        : `created ${rel} (${lines} lines)`;
      return { content: summary, data: { path: rel, created: !before.exists, ...d } };
    },
  });
}
