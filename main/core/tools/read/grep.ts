import { stat } from 'node:fs/promises';
import { z } from 'zod';
import { ToolFailure, defineTool } from '../output.js';
import type { Tool } from '../types.js';
import { rgBaseArgs } from './args.js';
import { confine } from '../kit/confine.js';
import { runRg } from './rg.js';

const MAX_OUTPUT_CHARS = 100_000;
const MAX_COLUMNS = 500;

const params = z
  .object({
    pattern: z.string().min(1).describe('Regular expression (Rust regex syntax, as ripgrep), or a literal with fixed_strings=true.'),
    path: z.string().min(1).default('.').describe('File or directory to search, relative to the project root. Default: the root.'),
    glob: z
      .union([z.string().min(1), z.array(z.string().min(1)).max(50)])
      .optional()
      .describe('Only search files matching this glob (or any of these), e.g. "*.ts"; prefix with ! to exclude.'),
    case_insensitive: z.boolean().default(false),
    fixed_strings: z.boolean().default(false).describe('Treat pattern as a literal string.'),
    context: z.number().int().min(0).max(20).default(0).describe('Lines of context before and after each match.'),
    hidden: z.boolean().default(false).describe('Also search hidden files; .git is never searched.'),
    max_results: z.number().int().min(1).max(10_000).default(200).describe('Cap on matching lines returned. Default 200.'),
  })
  .strict();
export type GrepArgs = z.infer<typeof params>;

export interface GrepMatch {
  path: string;
  line: number;
  text: string;
}

export function grepTool(): Tool<GrepArgs> {
  return defineTool<GrepArgs>({
    name: 'grep',
    description:
      'Search file contents with ripgrep. Output lines are "path:line:text" for matches and "path-line-text" for context, ' +
      'with "--" between groups. Respects .gitignore; skips binary and hidden files (hidden=true to include them). ' +
      'Returns at most max_results matching lines and says how many more there were.',
    category: 'read',
    environment: 'host',
    touches: { changesFiles: false, fileAccess: 'none', keyFromCommand: false },
    parameters: params,
    permission: () => ({ kind: 'none' }),
    async execute(args, ctx) {
      const root = await confine(ctx.projectRoot, '.');
      const target = await confine(ctx.projectRoot, args.path);
      if (!(await stat(target.abs).catch(() => undefined))) throw new ToolFailure(`"path" ${target.rel} does not exist`);
      const rgArgs = [
        ...rgBaseArgs({ hidden: args.hidden }),
        '--line-number',
        '--no-heading',
        '--with-filename',
        // NUL after the path: file names may contain ':' or '-', so the line is parsed without guessing.
        '--null',
        '--max-columns',
        String(MAX_COLUMNS),
        '--max-columns-preview',
      ];
      if (args.case_insensitive) rgArgs.push('--ignore-case');
      if (args.fixed_strings) rgArgs.push('--fixed-strings');
      if (args.context > 0) rgArgs.push('--context', String(args.context));
      for (const g of typeof args.glob === 'string' ? [args.glob] : (args.glob ?? [])) rgArgs.push('--glob', g);
      rgArgs.push('--regexp', args.pattern);
      if (target.rel !== '.') rgArgs.push('--', target.rel);

      const out: string[] = [];
      const matches: GrepMatch[] = [];
      let chars = 0;
      let full = false;
      let omittedMatches = 0;
      const omittedFiles = new Set<string>();
      const shownFiles = new Set<string>();
      const run = await runRg(rgArgs, {
        cwd: root.abs,
        signal: ctx.signal,
        onLine: (line) => {
          const nul = line.indexOf('\0');
          if (nul === -1) {
            // The "--" separator between context groups.
            if (!full && out.length > 0) out.push(line);
            return;
          }
          const file = line.slice(0, nul);
          let i = nul + 1;
          while (i < line.length && line.charCodeAt(i) >= 48 && line.charCodeAt(i) <= 57) i++;
          const isMatch = line[i] === ':';
          if (full) {
            if (isMatch) {
              omittedMatches++;
              if (!shownFiles.has(file)) omittedFiles.add(file);
            }
            return;
          }
          const lineNo = line.slice(nul + 1, i);
          const text = line.slice(i + 1);
          const rendered = `${file}${isMatch ? ':' : '-'}${lineNo}${isMatch ? ':' : '-'}${text}`;
          if (isMatch && (matches.length >= args.max_results || chars + rendered.length > MAX_OUTPUT_CHARS)) {
            full = true;
            omittedMatches++;
            if (!shownFiles.has(file)) omittedFiles.add(file);
            return;
          }
          out.push(rendered);
          chars += rendered.length + 1;
          if (isMatch) {
            matches.push({ path: file, line: Number(lineNo), text });
            shownFiles.add(file);
          }
        },
      });
      if (run.code === 2 && matches.length === 0) {
        throw new ToolFailure(`ripgrep failed: ${run.stderr.trim().replace(/^rg: /, '') || 'exit code 2'}`);
      }
      if (matches.length === 0) {
        return { content: `no matches for ${args.pattern} in ${target.rel}`, data: { matches: [], omittedMatches: 0 } };
      }
      while (out.length > 0 && out[out.length - 1] === '--') out.pop();
      // Trailing context lines after the last shown match are kept: they belong to it.
      if (omittedMatches > 0) {
        out.push(
          `[${omittedMatches} more matching lines in ${omittedFiles.size} more files not shown (cap: ${args.max_results} matches, ` +
            `${MAX_OUTPUT_CHARS} characters); narrow the pattern, path or glob]`,
        );
      }
      if (run.code === 2) out.push(`[ripgrep reported errors: ${run.stderr.trim().split('\n')[0]}]`);
      return { content: out.join('\n'), data: { matches, omittedMatches, omittedFiles: omittedFiles.size } };
    },
  });
}
