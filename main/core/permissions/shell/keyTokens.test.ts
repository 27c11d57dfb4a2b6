/** Escaping of names in compound keys: reversible, separator-free, never structural. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeName, PLAIN_PROGRAM, STRUCTURAL_CHARS } from './keyTokens.js';

function unescape(s: string): string {
  if (s === "''") return '';
  return decodeURIComponent(s);
}

describe('escapeName', () => {
  it('keeps plain names readable and escapes the separator', () => {
    expect(escapeName('git')).toBe('git');
    expect(escapeName('out.txt')).toBe('out.txt');
    expect(escapeName('~/.bashrc')).toBe('~/.bashrc');
    expect(escapeName('git-lfs')).toBe('git%2Dlfs');
    expect(escapeName('a b')).toBe('a%20b');
    expect(escapeName('')).toBe("''");
    expect(escapeName('é')).toBe('%C3%A9');
  });

  it('is reversible and never yields "-" or a structural character', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 20 }), (s) => {
        const e = escapeName(s);
        expect(e.includes('-')).toBe(false);
        if (s !== '') expect(STRUCTURAL_CHARS.test(e)).toBe(false);
        expect(unescape(e)).toBe(s);
      }),
      { numRuns: 2000 },
    );
  });

  it('plain program names never contain structural characters', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), (s) => {
        if (PLAIN_PROGRAM.test(s)) expect(STRUCTURAL_CHARS.test(s)).toBe(false);
      }),
    );
  });
});
