/**
 * Taking some hunks of a change: the prompt's list matches the diff's `@@` headers, and the text
 * written is the old text with exactly the hunks taken (jsdiff applies them) — every hunk gives the
 * new text, none the old, and any subset applies to the text the patch was made from.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { hunkText, hunkViews, withHunks } from './hunks.js';
import { formatUnified, structuredDiff } from './unified.js';

const lines = (n: number, f: (i: number) => string) => Array.from({ length: n }, (_, i) => f(i + 1)).join('\n') + '\n';
const BEFORE = lines(30, (i) => `line ${i}`);
/** Lines 2, 15 and 28 changed: far enough apart for three hunks at 3 lines of context. */
const AFTER = BEFORE.replace('line 2\n', 'line two\n').replace('line 15\n', 'line fifteen\nline 15b\n').replace('line 28\n', '');

const lineCount = (s: string) => (s === '' ? 0 : s.split('\n').length - (s.endsWith('\n') ? 1 : 0));

function patchOf(before: string, after: string) {
  const p = structuredDiff('f.txt', 'f.txt', before, after);
  if (!p) throw new Error('no diff');
  return p;
}

describe('hunks of a change', () => {
  it('lists each hunk as its @@ header says, with its counts and first changed line', () => {
    const p = patchOf(BEFORE, AFTER);
    const views = hunkViews(p);
    const headers = formatUnified(p)
      .split('\n')
      .filter((l) => l.startsWith('@@'));
    expect(views).toHaveLength(3);
    expect(headers).toEqual(views.map((v) => `@@ -${v.oldStart},${v.oldLines} +${v.newStart},${v.newLines} @@`));
    expect(views.map((v) => [v.added, v.removed, v.firstChange])).toEqual([
      [1, 1, 'line 2'],
      [2, 1, 'line 15'],
      [0, 1, 'line 28'],
    ]);
  });

  it('rejecting the middle hunk writes exactly hunks 1 and 3', () => {
    const p = patchOf(BEFORE, AFTER);
    expect(withHunks(BEFORE, p, [0, 2])).toBe(BEFORE.replace('line 2\n', 'line two\n').replace('line 28\n', ''));
    expect(withHunks(BEFORE, p, [1])).toBe(BEFORE.replace('line 15\n', 'line fifteen\nline 15b\n'));
  });

  it('formatting the diff leaves the patch as it was (its quirk is applied to a copy)', () => {
    const p = patchOf('', 'a\nb\n');
    const before = structuredClone(p);
    formatUnified(p);
    formatUnified(p);
    expect(p).toEqual(before);
    expect(hunkViews(p)[0]).toMatchObject({ oldStart: 0, oldLines: 0, newStart: 1, newLines: 2, added: 2 });
    expect(withHunks('', p, [0])).toBe('a\nb\n');
  });

  it('keeps the end-of-file newline as each hunk says, and CRLF line ends', () => {
    const noEol = 'a\nb\nc\nd\ne\nf\ng\nh\ni\nj';
    const p = patchOf(noEol, noEol.replace('a\n', 'A\n').replace(/j$/, 'J\n'));
    expect(p.hunks).toHaveLength(2);
    expect(withHunks(noEol, p, [0])).toBe(noEol.replace('a\n', 'A\n'));
    expect(withHunks(noEol, p, [1])).toBe(noEol.replace(/j$/, 'J\n'));
    const crlf = lines(20, (i) => `r${i}`).replace(/\n/g, '\r\n');
    const q = patchOf(crlf, crlf.replace('r1\r\n', 'R1\r\n').replace('r20\r\n', 'R20\r\n'));
    expect(withHunks(crlf, q, [1])).toBe(crlf.replace('r20\r\n', 'R20\r\n'));
    expect(hunkViews(q).map((v) => v.firstChange)).toEqual(['r1', 'r20']);
  });

  it('refuses a hunk the change does not have', () => {
    expect(() => withHunks(BEFORE, patchOf(BEFORE, AFTER), [3])).toThrow(/no hunk 3/);
  });

  it('quotes a rejected hunk with its header, cut when long', () => {
    const p = patchOf(BEFORE, AFTER);
    expect(hunkText(p, 1, 2000)).toBe(
      '@@ -12,7 +12,8 @@\n line 12\n line 13\n line 14\n-line 15\n+line fifteen\n+line 15b\n line 16\n line 17\n line 18',
    );
    expect(hunkText(p, 1, 20)).toMatch(/^@@ -12,7 \+12,8 @@\n l\n… \(\d+ more characters of this hunk not shown\)$/);
  });

  it('any subset applies; all hunks give the new text, none the old (random texts)', () => {
    const text = fc
      .array(fc.constantFrom('a', 'b', 'c', 'x', ''), { maxLength: 40 })
      .chain((ls) => fc.constantFrom(ls.join('\n'), ls.join('\n') + '\n', ls.join('\r\n')));
    fc.assert(
      fc.property(text, text, fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }), (before, after, pick) => {
        const p = patchOf(before, after);
        const all = p.hunks.map((_, i) => i);
        expect(withHunks(before, p, all)).toBe(after);
        expect(withHunks(before, p, [])).toBe(before);
        const some = all.filter((i) => pick[i]);
        // Exactly the hunks taken: the line count moves by theirs alone.
        const delta = some.reduce((n, i) => n + p.hunks[i]!.newLines - p.hunks[i]!.oldLines, 0);
        expect(lineCount(withHunks(before, p, some))).toBe(lineCount(before) + delta);
      }),
      { numRuns: 300 },
    );
  });
});
