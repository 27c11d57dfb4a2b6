/**
 * `npm run bench`: runs every `bench/*.bench.ts` and prints one row per figure, each as a ratio
 * against a raw baseline measured in the same run. Goals are printed, not asserted: speed belongs
 * in benchmarks, not in timed tests. A bench that fails is a FAILED row; the others still run, and
 * the command exits 1 at the end if any failed.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runBenches } from './runner.js';
import type { BenchModule } from './types.js';

const dir = path.dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
  .sort();

const { rows, failed } = await runBenches(
  files.map((f) => ({ name: f, load: async () => (await import(path.join(dir, f))) as BenchModule })),
  (line) => console.log(line),
  (line) => process.stderr.write(line),
);
if (rows.length === 0 && failed.length === 0) console.log('no benchmarks found');
if (failed.length > 0) {
  process.stderr.write(`${failed.length} benchmark(s) failed: ${failed.map((f) => f.name).join(', ')}\n`);
  process.exitCode = 1;
}
