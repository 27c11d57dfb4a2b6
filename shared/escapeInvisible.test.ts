import { describe, expect, it } from 'vitest';
import { escapeCodePoint, escapeInvisible, escapeInvisibleInJson, escapeInvisibleParts, hasHiddenCharacters } from './escapeInvisible.js';

describe('escapeInvisible', () => {
  it('leaves ordinary text, quotes, backslashes and non-Latin letters alone', () => {
    for (const s of ['git status', 'echo "a && b"', 'path\\with\\backslash', 'café — 日本語', 'emoji 🎉']) {
      expect(escapeInvisible(s)).toBe(s);
      expect(hasHiddenCharacters(s)).toBe(false);
    }
  });

  it('escapes C0 and C1 controls, DEL and ESC sequences', () => {
    expect(escapeInvisible('a\x1b[31mred')).toBe('a\\x1b[31mred');
    expect(escapeInvisible('\x00\x07\x08\x7f\x85\x9b')).toBe('\\x00\\x07\\x08\\x7f\\x85\\x9b');
    expect(escapeInvisible('a\rb\vc\fd')).toBe('a\\x0db\\x0bc\\x0cd');
  });

  it('escapes zero-width, bidi controls, NBSP, line separators and other invisible characters', () => {
    expect(escapeInvisible('git\u200bpush')).toBe('git\\u200bpush');
    expect(escapeInvisible('\u202eevil\u202c')).toBe('\\u202eevil\\u202c');
    expect(escapeInvisible('\u2066\u2067\u2068\u2069\u200e\u200f\u061c')).toBe('\\u2066\\u2067\\u2068\\u2069\\u200e\\u200f\\u061c');
    expect(escapeInvisible('a\u00a0b')).toBe('a\\xa0b');
    expect(escapeInvisible('a\u2028b\u2029c')).toBe('a\\u2028b\\u2029c');
    expect(escapeInvisible('\u17b4\u17b5\u180b\u180e\ufe00')).toBe('\\u17b4\\u17b5\\u180b\\u180e\\ufe00');
    expect(escapeInvisible('\ufeff\u00ad\u034f\u3164\u3000\u2800\ufe0f')).toBe('\\ufeff\\xad\\u034f\\u3164\\u3000\\u2800\\ufe0f');
  });

  it('escapes astral invisibles (tags, variation selectors) and lone surrogates as code points', () => {
    expect(escapeInvisible('x\u{e0041}\u{e007f}')).toBe('x\\u{e0041}\\u{e007f}');
    expect(escapeInvisible('x\u{e0100}')).toBe('x\\u{e0100}');
    expect(escapeInvisible('a\ud800b')).toBe('a\\ud800b');
    expect(escapeInvisible('a\udc00b')).toBe('a\\udc00b');
    expect(escapeCodePoint(0x1b)).toBe('\\x1b');
  });

  it('escapes newlines and tabs in one-line keys, keeps them when asked', () => {
    expect(escapeInvisible('a\nb\tc')).toBe('a\\x0ab\\x09c');
    expect(escapeInvisible('a\nb\tc', { keepNewlines: true, keepTabs: true })).toBe('a\nb\tc');
    expect(escapeInvisible('a\n\x1b', { keepNewlines: true })).toBe('a\n\\x1b');
  });

  it('marks escaped parts so the UI can style them, merging plain runs', () => {
    expect(escapeInvisibleParts('rm\u200b -rf\x1b')).toEqual([
      { text: 'rm', escaped: false },
      { text: '\\u200b', escaped: true },
      { text: ' -rf', escaped: false },
      { text: '\\x1b', escaped: true },
    ]);
    expect(escapeInvisibleParts('')).toEqual([]);
  });

  it('never lets a hidden character through, for every code point in the dangerous ranges', () => {
    const ranges: [number, number][] = [
      [0, 0x1f],
      [0x7f, 0x9f],
      [0x200b, 0x200f],
      [0x202a, 0x202e],
      [0x2060, 0x206f],
      [0xe0000, 0xe007f],
    ];
    for (const [a, b] of ranges) {
      for (let cp = a; cp <= b; cp++) {
        const ch = String.fromCodePoint(cp);
        if (!/\p{Cc}|\p{Cf}/u.test(ch)) continue; // unassigned code points are not format characters
        expect(escapeInvisible(ch), `U+${cp.toString(16)}`).toBe(escapeCodePoint(cp));
      }
    }
  });
});

describe('escapeInvisibleInJson', () => {
  it('escapes what JSON.stringify leaves raw, as \\u escapes of the same value, and keeps the layout', () => {
    const value = { key: 'a\x1b[2J\u009b31m\u202eb\u2028c\u{e0041}', n: 1 };
    const json = escapeInvisibleInJson(JSON.stringify(value, null, 2));
    expect(json).toContain('"a\\u001b[2J\\u009b31m\\u202eb\\u2028c\\udb40\\udc41"');
    expect(json).toContain('\n  "n": 1');
    expect(hasHiddenCharacters(json, { keepNewlines: true })).toBe(false);
    expect(JSON.parse(json)).toEqual(value);
  });
});
