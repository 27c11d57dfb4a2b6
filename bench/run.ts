/**
 * `npm run bench`: runs every `bench/*.bench.ts` and prints one row per figure, each as a ratio
 * against a raw baseline measured in the same run. Goals are printed, not asserted: speed belongs
 * in benchmarks, not in timed tests.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchModule, BenchRow } from './types.js';

const dir = path.dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

const rows: BenchRow[] = [];
for (const f of files) {
  const mod = (await import(path.join(dir, f))) as BenchModule;
  process.stderr.write(`# ${f}\n`);
  await mod.default((row) => {
    rows.push(row);
    console.log(formatRow(row));
  });
}
if (rows.length === 0) console.log('no benchmarks found');

function formatRow(r: BenchRow): string {
  const ratio = r.ratio === undefined ? '' : ` | ratio ${r.ratio.toFixed(2)}× vs ${r.baseline}`;
  const goal = r.goal ? ` | goal ${r.goal} ${r.met === undefined ? '' : r.met ? '✓' : '✗'}` : '';
  return `| ${r.name} | ${r.value} ${r.unit}${ratio}${goal} |`;
}
