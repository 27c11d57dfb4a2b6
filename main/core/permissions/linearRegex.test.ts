/**
 * Globs run in linear time. V8's RegExp backtracks: the deny rule `*a*a*a*a*a*a*a*a*a*c` took 0.3 s
 * against 30 characters, 7 s against 40 and 25 s against 45, and a cloned repository's deny rules
 * count before it is trusted. Work is counted in matcher steps here (no clock); speed is
 * bench/globs.bench.ts.
 */
import fc from 'fast-check';
import picomatch from 'picomatch';
import { describe, expect, it } from 'vitest';
import { parseKey } from './keyGrammar.js';
import { DEFAULT_BUDGET, LinearMatcher, MatchBudgetExceeded, matcherWork } from './linearRegex.js';
import { AllowSet, DenySet, patternProblem } from './match.js';

const ISSUE_GLOB = '*a*a*a*a*a*a*a*a*a*c';

function stepsOf(body: () => unknown): number {
  const before = matcherWork.steps;
  body();
  return matcherWork.steps - before;
}

describe('the glob that froze the engine', () => {
  for (const options of [{ dot: false }, { dot: true, nocase: true }]) {
    it(`${ISSUE_GLOB} (${JSON.stringify(options)}): steps grow linearly with the path, not exponentially`, () => {
      const re = picomatch.makeRe(ISSUE_GLOB, options);
      const steps = [45, 450, 4500].map((n) => {
        const m = LinearMatcher.of(re); // a fresh matcher: no cache carried from a shorter run
        let hit = true;
        const s = stepsOf(() => (hit = m.test('a'.repeat(n))));
        expect(hit).toBe(false);
        expect(s).toBeLessThanOrEqual(4 * n * m.size);
        return s;
      });
      // 10× the path, at most ~10× the work.
      expect(steps[1]!).toBeLessThanOrEqual(steps[0]! * 12);
      expect(steps[2]!).toBeLessThanOrEqual(steps[1]! * 12);
    });
  }

  it('as a deny rule, a 4 KiB path is decided within the step budget and not refused', () => {
    const deny = new DenySet([`write_file:${ISSUE_GLOB}`]);
    const s = stepsOf(() => expect(deny.match({ key: parseKey(`write_file:${'a'.repeat(4096)}`) })).toBeUndefined());
    expect(s).toBeLessThan(DEFAULT_BUDGET);
    expect(deny.match({ key: parseKey(`write_file:${'a'.repeat(4095)}c`) })).toBe(`write_file:${ISSUE_GLOB}`);
  });
});

describe('the same answers as the RegExp picomatch makes', () => {
  const piece = fc.constantFrom('a', 'b', 'A', '.', '*', '**', '?', '/', '[ab]', '[!a]', '[^a]', '[a-c]', '{a,b}', '{a,}', '.*', '*.a', 'a{b,c/d}', '\\*', '[.]', '+(a)', '@(a|b)', '!(a)');
  const glob = fc.array(piece, { minLength: 1, maxLength: 6 }).map((p) => p.join(''));
  const text = fc.array(fc.constantFrom('a', 'b', 'A', 'c', '.', '/', '*', '-'), { maxLength: 10 }).map((p) => p.join(''));
  for (const options of [{ dot: false }, { dot: true, nocase: true }]) {
    it(`property (${JSON.stringify(options)}): test() agrees with RegExp.test on short texts`, () => {
      fc.assert(
        fc.property(glob, fc.array(text, { minLength: 1, maxLength: 6 }), (g, texts) => {
          let re: RegExp;
          try {
            re = picomatch.makeRe(g, { ...options, debug: true });
          } catch {
            return; // picomatch cannot compile it: reported at load, never matched
          }
          const m = LinearMatcher.of(re);
          for (const t of texts) expect(m.test(t), `${g} ${re.source} on ${JSON.stringify(t)}`).toBe(re.test(t));
        }),
        { numRuns: 400 },
      );
    });
  }

  it('a union answers the least member that matches', () => {
    const res = ['x*', '*.ts', 'src/**'].map((g) => picomatch.makeRe(g));
    const u = LinearMatcher.all(res.map((r) => LinearMatcher.of(r)));
    expect(u.which('src/a.ts')).toBe(2);
    expect(u.which('a.ts')).toBe(1);
    expect(u.which('x.ts')).toBe(0);
    expect(u.which('lib/a.md')).toBe(-1);
  });
});

describe('what a linear matcher cannot do is refused with a reason', () => {
  it.each([
    ['(b)\\1', /backreference/],
    ['x(?<=a)', /lookbehind/],
    ['x(?=a*)', /lookahead of unbounded width/],
  ])('%s', (glob, why) => {
    const problem = patternProblem(parseKey(`write_file:${glob}`), 'deny');
    expect(problem).toMatch(/not a glob the engine matches in linear time/);
    expect(problem).toMatch(why);
  });
});

describe('a decision has a step budget, and running out of it fails closed', () => {
  // Plain globs whose letters the path holds, in order (no cheap way to rule one out), that still
  // do not match: each wants two folders above `q`, the path has one.
  const letters = 'abcdefghij';
  const globs = Array.from({ length: 400 }, (_, i) => `write_file:**/*a*b*${letters[i % 10]}*/*${letters[(i >> 2) % 10]}*/q`);
  const path = Array.from({ length: 4096 }, (_, i) => letters[(i * 7 + (i >> 3)) % letters.length]).join('') + '/q';

  it('a deny set refuses (naming its first glob), within the budget', () => {
    const deny = new DenySet(globs);
    const s = stepsOf(() => expect(deny.match({ key: parseKey(`write_file:${path}`) })).toBe(globs[0]));
    expect(s).toBeGreaterThanOrEqual(DEFAULT_BUDGET); // it ran out (no glob matches this path)
    expect(s).toBeLessThan(DEFAULT_BUDGET * 1.1);
  });

  it('an allow set does not match (the call asks), within the budget', () => {
    const allow = new AllowSet(globs.map((g) => ({ key: parseKey(g), meta: g })));
    const s = stepsOf(() => expect(allow.match({ key: parseKey(`write_file:${path}`) })).toBeUndefined());
    expect(s).toBeGreaterThanOrEqual(DEFAULT_BUDGET);
    expect(s).toBeLessThan(DEFAULT_BUDGET * 2.2); // allow globs sit in two buckets (last segment `q`, the rest)
  });

  it('a single run past its budget throws rather than answering', () => {
    const m = LinearMatcher.of(picomatch.makeRe(ISSUE_GLOB));
    expect(() => m.test('a'.repeat(4096), { left: 100 })).toThrow(MatchBudgetExceeded);
  });
});
