/**
 * What the diff view needs from the contract's unified diff (`preview.diff`, an edit's `diff`)
 * before the library parses it: the file's name (for the language) and the text with hidden
 * characters escaped. Plain functions, no library: the fallback and the lazy view share them.
 */
import { escapeInvisible, hasHiddenCharacters } from '../../ui/escapeInvisible.js';

const KEEP = { keepNewlines: true, keepTabs: true } as const;

/** The file a diff is about: `path` when the caller knows it, else the `+++`/`---` header's name (not /dev/null). */
export function diffFileName(diff: string, path?: string): string {
  if (path) return path;
  let old = '';
  for (const line of diff.split('\n')) {
    if (line.startsWith('@@')) break;
    const m = /^(\+\+\+|---) (.*?)(\t.*)?$/.exec(line);
    if (!m || m[2] === '/dev/null') continue;
    const name = m[2]!.replace(/^[ab]\//, '');
    if (m[1] === '+++') return name;
    old = name;
  }
  return old;
}

/** Whether the diff holds hidden or control characters (besides line ends and tabs): the view says so above it. */
export function diffHasHidden(diff: string): boolean {
  return hasHiddenCharacters(diff, KEEP);
}

/**
 * The diff as the view draws it: every hidden character escaped (`\u202e`, `\x1b`), so a bidi trick
 * cannot make a line read differently from what is written; a CRLF file's `\r` shows as `\x0d`.
 */
export function displayDiff(diff: string): string {
  return escapeInvisible(diff, KEEP);
}
