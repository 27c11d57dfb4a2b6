/* eslint-disable no-misleading-character-class -- combining and variation characters are listed on purpose: they are what is looked for */
/**
 * Characters that must never reach a shell unseen. A command shown in an approval prompt has to
 * read exactly as it runs: control characters rewrite the terminal (ESC sequences, CR, backspace),
 * invisible and bidi characters hide or reorder text (Trojan Source), odd spaces and line
 * separators look like whitespace to a person but are word characters to bash.
 */

/**
 * Never allowed anywhere, even inside quotes: NUL, ESC, C1 controls and bidi controls spoof the
 * prompt itself; lone surrogates have no UTF-8 form, so the parser's view and bash's would differ.
 */
const ALWAYS_INVALID =
  /[\u0000\u001B\u0080-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Allowed only inside quoted argument text (and then the command is never simple): other C0
 * controls except TAB and LF, DEL, invisible or zero-width characters, unusual spaces, line and
 * paragraph separators, byte-order mark, tag characters, lone surrogates.
 */
const SUSPICIOUS =
  /[\u0001-\u0008\u000B-\u001F\u007F\u00A0\u00AD\u034F\u115F\u1160\u17B4\u17B5\u180E\u2000-\u200D\u2028\u2029\u202F\u205F-\u2065\u3000\u3164\uFE00-\uFE0F\uFEFF\uFFA0\uFFF9-\uFFFB]|\uDB40[\uDC00-\uDC7F]/;

/** Emoji glue inside quoted text (variation selectors, zero-width joiner) is common in commit messages. */
const EMOJI_GLUE = /^[\u200D\uFE0E\uFE0F]$/;

export function hasAlwaysInvalid(s: string): boolean {
  return ALWAYS_INVALID.test(s);
}

export function hasSuspicious(s: string): boolean {
  return SUSPICIOUS.test(s);
}

/** Every suspicious character with its UTF-16 index. */
export function suspiciousAt(s: string): { index: number; char: string }[] {
  const found: { index: number; char: string }[] = [];
  const re = new RegExp(SUSPICIOUS.source, 'g');
  for (let m = re.exec(s); m !== null; m = re.exec(s)) found.push({ index: m.index, char: m[0] });
  return found;
}

export function isEmojiGlue(ch: string): boolean {
  return EMOJI_GLUE.test(ch);
}

export function describeChar(ch: string): string {
  const names: Record<string, string> = {
    '\r': 'carriage return',
    '\u000B': 'vertical tab',
    '\f': 'form feed',
    '\b': 'backspace',
    '\u007F': 'DEL',
    '\u001B': 'escape (terminal control sequence)',
    '\u0000': 'NUL',
    '\u00A0': 'no-break space',
    '\u2028': 'line separator',
    '\u2029': 'paragraph separator',
    '\uFEFF': 'byte-order mark / zero-width no-break space',
    '\u200B': 'zero-width space',
  };
  const cp = ch.codePointAt(0) ?? 0;
  const hex = 'U+' + cp.toString(16).toUpperCase().padStart(4, '0');
  return names[ch] ? `${names[ch]} (${hex})` : hex;
}

/** Non-ASCII characters in a program name: confusables like Cyrillic "ѕudo" or fullwidth letters. */
export function hasNonAscii(s: string): boolean {
  return /[^\u0000-\u007F]/.test(s);
}

/** Maps UTF-8 byte offsets (what the parser reports) to UTF-16 string indices. */
export function byteToIndexMap(s: string): (byteOffset: number) => number {
  const starts: number[] = [];
  let byte = 0;
  for (let i = 0; i < s.length; i++) {
    starts[byte] = i;
    const c = s.charCodeAt(i);
    if (c < 0x80) byte += 1;
    else if (c < 0x800) byte += 2;
    else if (c >= 0xd800 && c <= 0xdbff && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      byte += 4;
      i++;
    } else byte += 3;
  }
  starts[byte] = s.length;
  return (off) => {
    for (let b = off; b >= 0; b--) {
      const v = starts[b];
      if (v !== undefined) return v;
    }
    return 0;
  };
}
