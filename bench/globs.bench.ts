/**
 * Hostile globs: 10,000 deny rules of the family `*a*a*a*a*a*a*a*a*a*c` (each a little different),
 * which V8's backtracking RegExp took 25 s to refuse against 45 characters, decided against a 4 KiB
 * path. The baseline is the least any per-glob check costs: one native `indexOf` scan of the path
 * per glob, in the same run. Goal: every decision under 10 ms.
 *
 * Two paths: one of repeated text (the worst case for backtracking) and one of random letters (which
 * defeats a lazy DFA's cache). These one-segment globs are decided by segmentGlob.ts (greedy, linear);
 * a refusal counted here would mean a glob ran out of linearRegex.ts's step budget instead.
 */
import { DenySet, parseKey } from '../main/core/permissions/index.js';
import { best } from './timing.js';
import type { BenchRow } from './types.js';

const GLOBS = 10_000;
const PATH_CHARS = 4096;

export default async function bench(report: (row: BenchRow) => void): Promise<void> {
  await Promise.resolve();
  const globs = Array.from({ length: GLOBS }, (_, i) => `write_file:${'*a'.repeat(5 + (i % 10))}*${i.toString(36)}c`);
  const deny = new DenySet(globs);
  let seed = 7;
  const random = (): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  const paths = {
    'repeated text': 'a'.repeat(PATH_CHARS - 1) + 'b',
    'random letters': Array.from({ length: PATH_CHARS }, () => alphabet[Math.floor(random() * alphabet.length)]).join(''),
  };
  for (const [kind, text] of Object.entries(paths)) {
    // Fresh texts of the same kind each time (a decision never reuses another's answer).
    const variants = Array.from({ length: 5 }, (_, i) => text.slice(0, PATH_CHARS - 1 - i) + 'b'.repeat(i + 1));
    let worst = 0;
    let refused = 0;
    for (const v of variants) {
      const t0 = performance.now();
      if (deny.match({ key: parseKey(`write_file:${v}`) }) !== undefined) refused++;
      worst = Math.max(worst, performance.now() - t0);
    }
    const base = best(5, () => {
      let n = 0;
      for (let g = 0; g < GLOBS; g++) n += text.indexOf('c', g % 7);
      return n;
    });
    report({
      name: `hostile globs: ${GLOBS.toLocaleString('en')} deny globs vs a 4 KiB path of ${kind}, worst of ${variants.length} decisions${refused ? ` (${refused} refused: step budget)` : ''}`,
      value: worst.toFixed(1),
      unit: 'ms',
      baseline: `${GLOBS.toLocaleString('en')} indexOf scans of the path`,
      ratio: worst / base,
      goal: '< 10 ms',
      met: worst < 10,
    });
  }
}
