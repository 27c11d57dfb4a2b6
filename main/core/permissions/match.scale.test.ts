/**
 * A hostile codecoder.json with tens of thousands of globs must load in linear time:
 * the deny alternation was rebuilt on every add, so compiling n globs compiled O(n²) RegExp source.
 * Timing belongs in `npm run bench` (bench/configLoad.bench.ts); here the work is counted.
 */
import fc from 'fast-check';
import picomatch from 'picomatch';
import { afterEach, describe, expect, it } from 'vitest';
import { parseKey } from './keyGrammar.js';
import { AllowSet, DenySet } from './match.js';
import { compileProject } from './projectLevel.js';

const RealRegExp = globalThis.RegExp;
afterEach(() => {
  globalThis.RegExp = RealRegExp;
});

/** Counts every `new RegExp(...)` (picomatch's and ours) and the source characters compiled. */
function countingRegExps<T>(body: () => T): { compilations: number; sourceChars: number } {
  let compilations = 0;
  let sourceChars = 0;
  globalThis.RegExp = new Proxy(RealRegExp, {
    construct(target, args: [string | RegExp, string?]) {
      compilations++;
      sourceChars += typeof args[0] === 'string' ? args[0].length : args[0].source.length;
      return Reflect.construct(target, args) as object;
    },
  });
  try {
    body();
  } finally {
    globalThis.RegExp = RealRegExp;
  }
  return { compilations, sourceChars };
}

let run = 0;
function loadGlobs(n: number, list: 'deny' | 'allowlist') {
  // Distinct globs per call: compiled globs are shared within a load, and must not be across calls here.
  const tag = `r${run++}`;
  const keys = Array.from({ length: n }, (_, i) => `write_file:**/${tag}x${i}*.txt`);
  const doc =
    list === 'deny'
      ? { allowlist: [], deny: keys.map((key) => ({ key, line: 1, column: 1 })) }
      : { allowlist: keys.map((key) => ({ key, value: 'AlwaysThisProject' as const, line: 1, column: 1 })), deny: [] };
  return countingRegExps(() => compileProject(doc, () => 'host'));
}

describe('loading many globs is linear', () => {
  for (const list of ['deny', 'allowlist'] as const) {
    it(`${list}: 10× the globs compile at most ~10× the RegExps and RegExp source`, () => {
      const small = loadGlobs(300, list);
      const large = loadGlobs(3000, list);
      expect(large.compilations).toBeLessThanOrEqual(small.compilations * 11);
      expect(large.sourceChars).toBeLessThanOrEqual(small.sourceChars * 11);
      // And the absolute count: one compilation per glob, plus one per alternation chunk.
      expect(large.compilations).toBeLessThan(3000 * 1.2);
    });
  }
});

describe('globs tested through shared alternations still match exactly as each glob does', () => {
  const target = (raw: string) => ({ key: parseKey(raw) });

  it('every one of 2,000 deny globs (one union program) is found, and the first in file order is named', () => {
    const raws = Array.from({ length: 2000 }, (_, i) => `write_file:**/d${i}-*.txt`);
    const deny = new DenySet([...raws, 'write_file:**/*.txt']);
    for (const i of [0, 1, 777, 1999]) expect(deny.match(target(`write_file:a/b/D${i}-x.TXT`))).toBe(raws[i]);
    expect(deny.match(target('write_file:a/other.txt'))).toBe('write_file:**/*.txt');
    expect(deny.match(target('write_file:a/other.md'))).toBeUndefined();
  });

  it('every one of 2,000 allow globs without a literal first or last segment is found', () => {
    const raws = Array.from({ length: 2000 }, (_, i) => `write_file:**/a${i}-*.ts`);
    const set = new AllowSet(raws.map((r) => ({ key: parseKey(r), meta: r })));
    for (const i of [0, 999, 1999]) expect(set.match(target(`write_file:src/a${i}-x.ts`))?.meta).toBe(raws[i]);
    expect(set.match(target('write_file:src/A1-x.ts'))).toBeUndefined();
  });

  it('groups and named groups share one union program; a backreference (never linear) is refused with a reason', () => {
    const deny = new DenySet(['write_file:(q)*', 'write_file:(b)\\1', 'write_file:(?<n>c)', 'write_file:(?<n>d)']);
    expect(deny.patterns).not.toContain('write_file:(b)\\1');
    expect(deny.match(target('write_file:bb'))).toBeUndefined();
    expect(deny.match(target('write_file:d'))).toBe('write_file:(?<n>d)');
    expect(deny.match(target('write_file:c'))).toBe('write_file:(?<n>c)');
    expect(deny.match(target('write_file:qq'))).toBe('write_file:(q)*');
    const c = compileProject({ allowlist: [], deny: [{ key: 'write_file:(b)\\1', line: 1, column: 1 }] }, () => 'host');
    expect(c.report.issues.map((i) => i.message)).toEqual([expect.stringMatching(/not a glob the engine matches in linear time \(a backreference\).*the deny rule is ignored/)]);
  });

  it('a glob picomatch cannot compile is reported, not silently matching nothing', () => {
    const c = compileProject({ allowlist: [], deny: [{ key: 'write_file:[z-a]', line: 1, column: 1 }] }, () => 'host');
    expect(c.report.issues.map((i) => i.message)).toEqual([expect.stringMatching(/not a valid glob.*the deny rule is ignored/)]);
  });

  it('with hundreds of globs (trigram index + union program) the answer is the first glob that matches, as picomatch says', () => {
    const piece = fc.constantFrom(
      'ab',
      'abc',
      'Bcd',
      'x.t',
      '*',
      '?',
      '/',
      '**/',
      '[ab]',
      '[!a]',
      '{a,bc}',
      '{abc,d}x',
      'cd-e',
      '[a-c]bcd',
      '{ab}',
      'abc{',
    );
    const glob = fc.array(piece, { minLength: 1, maxLength: 5 }).map((p) => p.join(''));
    const pathArb = fc
      .array(fc.constantFrom('a', 'b', 'c', 'd', 'B', 'C', '.', 't', 'x', '/', '-', 'e'), { minLength: 1, maxLength: 12 })
      .map(
        (p) =>
          p
            .join('')
            .replace(/\/+/g, '/')
            .replace(/^\/|\/$/g, '') || 'a',
      )
      // Paths as tools build them: normalized, inside the project.
      .filter((p) => !p.split('/').some((seg) => seg === '.' || seg === '..'));
    // Filler globs that match nothing generated above push every set past the index threshold.
    const filler = Array.from({ length: 260 }, (_, i) => `write_file:**/zz${i}q*.zz`);
    fc.assert(
      fc.property(fc.array(glob, { minLength: 1, maxLength: 8 }), fc.array(pathArb, { minLength: 1, maxLength: 5 }), (globs, paths) => {
        const valid = globs.filter((g) => !g.startsWith('!') && picomatch.scan(g).isGlob);
        const raws = [...filler.slice(0, 130), ...valid.map((g) => `write_file:${g}`), ...filler.slice(130)];
        const deny = new DenySet(raws);
        const set = new AllowSet(raws.map((r) => ({ key: parseKey(r), meta: r })));
        for (const p of paths) {
          const denyWant = raws.find((r) => picomatch.makeRe(r.slice('write_file:'.length), { dot: true, nocase: true }).test(p));
          expect(deny.match(target(`write_file:${p}`))).toBe(denyWant);
          const allowWant = raws.find((r) => picomatch.makeRe(r.slice('write_file:'.length), { dot: false }).test(p));
          const got = set.match(target(`write_file:${p}`))?.meta;
          // Allow entries are matched by buckets (directory, first, last segment); any matching one may answer.
          if (allowWant === undefined) expect(got).toBeUndefined();
          else expect(got !== undefined && picomatch.makeRe(got.slice('write_file:'.length), { dot: false }).test(p)).toBe(true);
        }
      }),
      { numRuns: 40 },
    );
  }, 60_000);
});
