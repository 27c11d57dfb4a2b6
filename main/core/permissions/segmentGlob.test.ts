import fc from 'fast-check';
import picomatch from 'picomatch';
import { describe, expect, it } from 'vitest';
import { SegmentGlob } from './segmentGlob.js';

/** The options match.ts compiles with (allow, deny). */
const OPTIONS = [
  { dot: false, debug: true },
  { dot: true, nocase: true, debug: true },
] as const;

const globChars = fc.constantFrom('a', 'b', 'A', '.', '-', '_', '1', '*', '?', '/', '**', '[ab]', '{a,b}', '\\');
const pathChars = fc.constantFrom('a', 'b', 'A', 'B', '.', '-', '_', '1', '/', '\n', 'K', 'ſ');

describe('SegmentGlob', () => {
  it('reads the one-segment globs of literals, * and ?, and nothing else', () => {
    for (const o of OPTIONS) {
      for (const g of ['*a*a*a*c', 'a?b*', '*', '?', '.a*', '*.js', 'ab', '*-_1.x'])
        expect(SegmentGlob.of(picomatch.makeRe(g, o)), g).toBeDefined();
      for (const g of ['**', 'a/*c', '**/x', '[ab]*', '{a,b}*', '+(a)', 'a\\*'])
        expect(SegmentGlob.of(picomatch.makeRe(g, o)), g).toBeUndefined();
    }
  });

  it('answers what picomatch’s RegExp answers, on random globs and paths', () => {
    let read = 0;
    fc.assert(
      fc.property(
        fc.array(globChars, { minLength: 1, maxLength: 8 }),
        fc.array(pathChars, { maxLength: 10 }),
        fc.constantFrom(0, 1),
        (globParts, pathParts, which) => {
          const glob = globParts.join('');
          // match.ts refuses a glob ending in a backslash before picomatch sees it (picomatch can
          // loop forever on some: match.test.ts).
          if (glob.endsWith('\\')) return;
          let re: RegExp;
          try {
            re = picomatch.makeRe(glob, OPTIONS[which]);
          } catch {
            return; // picomatch refuses it; match.ts reports it and never builds a matcher
          }
          const seg = SegmentGlob.of(re);
          if (!seg) return;
          read++;
          const path = pathParts.join('');
          expect(seg.test(path), `${glob} vs ${JSON.stringify(path)} (${JSON.stringify(OPTIONS[which])})`).toBe(re.test(path));
        },
      ),
      { numRuns: 20_000 },
    );
    // The comparison is only worth something if the fast path was actually taken often.
    expect(read).toBeGreaterThan(2_000);
  });

  it('answers like the RegExp on paths built from the glob’s own text (near misses)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('a', 'c', '.', '*', '?'), { minLength: 1, maxLength: 10 }),
        fc.array(fc.constantFrom('a', 'A', 'c', 'C', '.', '/', 'x'), { maxLength: 16 }),
        fc.constantFrom(0, 1),
        (globParts, pathParts, which) => {
          const re = picomatch.makeRe(globParts.join(''), OPTIONS[which]);
          const seg = SegmentGlob.of(re);
          if (!seg) return;
          const path = pathParts.join('');
          expect(seg.test(path), `${globParts.join('')} vs ${JSON.stringify(path)}`).toBe(re.test(path));
        },
      ),
      { numRuns: 20_000 },
    );
  });
});
