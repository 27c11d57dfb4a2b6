/**
 * Text from the model or the project reaches the prompt: a key, a command, a diff. Control,
 * invisible and confusable characters (ESC sequences, zero-width, bidi overrides, NBSP, line
 * separators…) could make what the user reads differ from what runs, so they are shown ESCAPED —
 * `\x1b`, `\u200b`, `\u{e0041}` — and never rendered raw.
 */

export interface TextPart {
  text: string;
  /** True when `text` is the escaped spelling of one hidden character. */
  escaped: boolean;
}

export interface EscapeOptions {
  /** Keep `\n` as a real line break (multi-line commands, diffs). Default false: keys are one line. */
  keepNewlines?: boolean;
  /** Keep `\t` as a real tab (diffs of indented code). Default false. */
  keepTabs?: boolean;
}

// Cc: C0/C1 controls and DEL. Cf: format characters (zero-width, bidi controls, soft hyphen, tags).
// Zl/Zp: U+2028/2029. Zs other than the plain space (NBSP, en/em spaces, ideographic space…).
// Plus the invisible characters Unicode files elsewhere: combining grapheme joiner, Hangul fillers,
// Khmer inherent vowels, Mongolian selectors, variation selectors, braille blank, lone surrogates.
const HIDDEN = new RegExp(
  [
    '[\\p{Cc}\\p{Cf}\\p{Zl}\\p{Zp}\\u00a0\\u1680\\u2000-\\u200a\\u202f\\u205f\\u3000\\u115f\\u1160\\u2800\\u3164\\uffa0\\ufff9-\\ufffc]',
    // Combining marks that draw nothing, each on its own (inside one class they would combine).
    '\\u034f',
    '\\u17b4',
    '\\u17b5',
    '[\\u180b-\\u180f]',
    '[\\ufe00-\\ufe0f]',
    '[\\u{e0100}-\\u{e01ef}]',
    // Lone surrogates: half of a character, which would render as garbage.
    '[\\ud800-\\udbff](?![\\udc00-\\udfff])',
    '(?<![\\ud800-\\udbff])[\\udc00-\\udfff]',
  ].join('|'),
  'gu',
);

/** `\x1b` for Latin-1 code points, `\u200b` in the BMP, `\u{e0041}` beyond it. */
export function escapeCodePoint(cp: number): string {
  if (cp <= 0xff) return `\\x${cp.toString(16).padStart(2, '0')}`;
  if (cp <= 0xffff) return `\\u${cp.toString(16).padStart(4, '0')}`;
  return `\\u{${cp.toString(16)}}`;
}

/** Splits text into plain runs and escaped hidden characters, so the UI can style the escapes. */
export function escapeInvisibleParts(text: string, opts: EscapeOptions = {}): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  const push = (t: string, escaped: boolean) => {
    if (t === '') return;
    const prev = parts[parts.length - 1];
    if (prev && prev.escaped === escaped && !escaped) prev.text += t;
    else parts.push({ text: t, escaped });
  };
  for (const m of text.matchAll(HIDDEN)) {
    const ch = m[0];
    const at = m.index;
    if ((ch === '\n' && opts.keepNewlines) || (ch === '\t' && opts.keepTabs)) continue;
    push(text.slice(last, at), false);
    push(escapeCodePoint(ch.codePointAt(0)!), true);
    last = at + ch.length;
  }
  push(text.slice(last), false);
  return parts;
}

/** The escaped text as one string (a notification body, a title, an aria-label). */
export function escapeInvisible(text: string, opts: EscapeOptions = {}): string {
  return escapeInvisibleParts(text, opts)
    .map((p) => p.text)
    .join('');
}

/** Whether the text holds anything that would be escaped (the prompt warns about it). */
export function hasHiddenCharacters(text: string, opts: EscapeOptions = {}): boolean {
  return escapeInvisibleParts(text, opts).some((p) => p.escaped);
}
