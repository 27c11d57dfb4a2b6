import { stat } from 'node:fs/promises';
import { z } from 'zod';
import { ToolFailure, defineTool } from '../output.js';
import type { Tool } from '../types.js';
import { fileListArgs } from './fileList.js';
import { confine } from '../kit/confine.js';
import { runRg } from './rg.js';

/** Paths kept in memory for sorting; past this the rest are only counted. */
const SORT_LIMIT = 200_000;

const params = z
  .object({
    pattern: z.string().min(1).describe('Glob matched against paths, e.g. "**/*.ts", "src/**/test_*.py", "*.md".'),
    path: z.string().min(1).default('.').describe('Directory to search in, relative to the project root. Default: the root.'),
    exclude: z.array(z.string().min(1)).max(50).optional().describe('Globs of paths to leave out, e.g. ["**/*.test.ts"].'),
    hidden: z.boolean().default(false).describe('Include hidden files and folders (names starting with "."); .git is never listed.'),
    max_results: z.number().int().min(1).max(20_000).default(500).describe('Cap on paths returned. Default 500.'),
  })
  .strict();
export type GlobArgs = z.infer<typeof params>;

export function globTool(): Tool<GlobArgs> {
  return defineTool<GlobArgs>({
    name: 'glob',
    description:
      'Find files by glob pattern (ripgrep --files): recursive, sorted, project-relative paths. Files ignored by ' +
      '.gitignore/.ignore and hidden files are skipped unless hidden=true. Says how many matches were left out past max_results.',
    category: 'read',
    environment: 'host',
    touches: { changesFiles: false, fileAccess: 'none', keyFromCommand: false },
    parameters: params,
    permission: () => ({ kind: 'none' }),
    async execute(args, ctx) {
      const root = await confine(ctx.projectRoot, '.');
      const dir = await confine(ctx.projectRoot, args.path);
      const st = await stat(dir.abs).catch(() => undefined);
      if (!st) throw new ToolFailure(`"path" ${dir.rel} does not exist`);
      const rgArgs = fileListArgs({
        pattern: args.pattern,
        hidden: args.hidden,
        dirRel: dir.rel,
        ...(args.exclude ? { exclude: args.exclude } : {}),
      });
      const paths: string[] = [];
      let total = 0;
      const run = await runRg(rgArgs, {
        cwd: root.abs,
        signal: ctx.signal,
        onLine: (line) => {
          total++;
          if (paths.length < SORT_LIMIT) paths.push(line);
        },
      });
      if (run.code === 2 && total === 0) throw new ToolFailure(`ripgrep failed: ${run.stderr.trim()}`);
      if (total === 0) return { content: `no files match ${args.pattern} in ${dir.rel}`, data: { paths: [], total: 0 } };
      paths.sort();
      const shown = paths.slice(0, args.max_results);
      const lines = [...shown];
      if (total > shown.length) {
        lines.push(
          `[${total - shown.length} more paths not shown (${total} in all)${total > SORT_LIMIT ? '; over 200000 matches, so the list is not the first alphabetically' : ''}; narrow the pattern or raise max_results]`,
        );
      }
      if (run.code === 2) lines.push(`[ripgrep reported errors: ${run.stderr.trim().split('\n')[0]}]`);
      return { content: lines.join('\n'), data: { paths: shown, total } };
    },
  });
}
