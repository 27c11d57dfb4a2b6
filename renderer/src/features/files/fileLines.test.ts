import { describe, expect, it } from 'vitest';
import { linesToShow, rangeWords } from './fileLines.js';

describe('linesToShow', () => {
  it('numbers every line of a short file and marks the highlighted ones', () => {
    const s = linesToShow('a\nb\nc\nd\n', [{ from: 2, to: 3 }]);
    expect(s.rows.map((r) => [r.n, r.text, r.hit])).toEqual([
      [1, 'a', false],
      [2, 'b', true],
      [3, 'c', true],
      [4, 'd', false],
    ]);
    expect(s.cut).toBe(false);
  });

  it('a long file: a window around the first highlight, inside the file', () => {
    const text = Array.from({ length: 100 }, (_, i) => `line ${i + 1}`).join('\n');
    const mid = linesToShow(text, [{ from: 50, to: 50 }], 10);
    expect([mid.first, mid.last, mid.cut]).toEqual([45, 54, true]);
    expect(mid.rows.find((r) => r.hit)?.text).toBe('line 50');
    expect([linesToShow(text, [{ from: 99, to: 99 }], 10).first, linesToShow(text, [], 10).first]).toEqual([91, 1]);
  });
});

describe('rangeWords', () => {
  it('says which lines', () => {
    expect(rangeWords([])).toBe('');
    expect(rangeWords([{ from: 12, to: 12 }])).toBe('line 12');
    expect(rangeWords([{ from: 12, to: 20 }])).toBe('lines 12–20');
    expect(
      rangeWords([
        { from: 3, to: 4 },
        { from: 9, to: 9 },
        { from: 11, to: 12 },
      ]),
    ).toBe('lines 3–4, 9 and 11–12');
  });
});
