/**
 * Tokens of compound keys (the grammar itself is documented in classify.ts).
 *
 * A compound key is a list of tokens joined by "-". Names (programs, subcommands, redirection
 * targets, literal values) are escaped so that they never contain "-" nor any character used by a
 * structural token: every byte outside NAME_SAFE is written %XX (UTF-8, upper-case hex). Structural
 * tokens always contain at least one character from STRUCTURAL_CHARS, which neither an escaped name
 * nor a simple command's program name can contain. So the key splits back into tokens without
 * ambiguity, and a compound key can never equal a simple key.
 */

/** Characters a name token keeps as they are. Everything else is %XX-escaped. */
const NAME_SAFE = /^[A-Za-z0-9_.+@,:=/~^]+$/;

/** Characters that only structural tokens carry. */
export const STRUCTURAL_CHARS = /[&|;()<>[\]{}!?$#*']/;

/** Plain program names: what a simple command's first word may be (and hence its key). */
export const PLAIN_PROGRAM = /^[A-Za-z0-9_][A-Za-z0-9_.+@,:-]*$/;

const encoder = new TextEncoder();

export function escapeName(s: string): string {
  if (s === '') return "''";
  if (NAME_SAFE.test(s)) return s;
  let out = '';
  for (const ch of s) {
    if (NAME_SAFE.test(ch)) {
      out += ch;
      continue;
    }
    for (const b of encoder.encode(ch)) out += '%' + b.toString(16).toUpperCase().padStart(2, '0');
  }
  return out;
}

/** A value (program word, target…) the classifier cannot know before the command runs. */
export const UNKNOWN = '?';

export function keyFromTokens(tokens: readonly string[]): string {
  return 'run_command:' + tokens.join('-');
}
