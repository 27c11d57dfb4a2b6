import { describe, expect, it } from 'vitest';
import { runBenches } from './runner.js';

describe('runBenches', () => {
  it('reports a throwing bench as a FAILED row and runs the rest', async () => {
    const lines: string[] = [];
    const out = await runBenches(
      [
        { name: 'a.bench.ts', load: async () => ({ default: async (report) => report({ name: 'a', value: 1, unit: 'ms' }) }) },
        {
          name: 'throws.bench.ts',
          load: async () => ({
            default: async (report) => {
              report({ name: 'before the throw', value: 2, unit: 'ms' });
              throw new Error('approval timed out\nstack…');
            },
          }),
        },
        { name: 'broken.bench.ts', load: async () => Promise.reject(new Error('cannot load')) },
        { name: 'c.bench.ts', load: async () => ({ default: async (report) => report({ name: 'c', value: 3, unit: 'ms' }) }) },
      ],
      (l) => lines.push(l),
    );
    expect(lines).toEqual([
      '| a | 1 ms |',
      '| before the throw | 2 ms |',
      '| throws.bench.ts | FAILED: approval timed out |',
      '| broken.bench.ts | FAILED: cannot load |',
      '| c | 3 ms |',
    ]);
    expect(out.rows.map((r) => r.name)).toEqual(['a', 'before the throw', 'c']);
    expect(out.failed).toEqual([
      { name: 'throws.bench.ts', error: 'approval timed out\nstack…' },
      { name: 'broken.bench.ts', error: 'cannot load' },
    ]);
  });
});
