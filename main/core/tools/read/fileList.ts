import { rgBaseArgs } from './args.js';

/**
 * ripgrep's arguments for the glob tool's listing: files only, .gitignore/.ignore honoured, hidden
 * files skipped unless asked for, .git never. The glob tool and the message box's @-mentions
 * (projects/mentionFiles.ts) list through this one place, so both see the same files.
 */
export function fileListArgs(opts: { pattern?: string; exclude?: readonly string[]; hidden?: boolean; dirRel?: string }): string[] {
  const args = [...rgBaseArgs({ hidden: opts.hidden ?? false }), '--files'];
  if (opts.pattern !== undefined) args.push('--glob', opts.pattern);
  for (const ex of opts.exclude ?? []) args.push('--glob', `!${ex}`);
  if (opts.dirRel !== undefined && opts.dirRel !== '.') args.push('--', opts.dirRel);
  return args;
}
