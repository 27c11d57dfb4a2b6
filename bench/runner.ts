/**
 * Runs benchmarks one after another. A bench that throws (or fails to load) is reported as a
 * FAILED row of its own and the rest still run; the caller exits non-zero if any failed.
 */
import type { BenchModule, BenchRow } from './types.js';

export interface BenchFile {
  name: string;
  load(): Promise<BenchModule>;
}

export interface BenchOutcome {
  rows: BenchRow[];
  /** The benches that threw, each with its message. */
  failed: { name: string; error: string }[];
}

export async function runBenches(
  files: BenchFile[],
  print: (line: string) => void,
  progress: (line: string) => void = () => {},
): Promise<BenchOutcome> {
  const rows: BenchRow[] = [];
  const failed: BenchOutcome['failed'] = [];
  for (const f of files) {
    progress(`# ${f.name}\n`);
    try {
      const mod = await f.load();
      await mod.default((row) => {
        rows.push(row);
        print(formatRow(row));
      });
    } catch (e) {
      const error = e instanceof Error ? e.message : String(e);
      failed.push({ name: f.name, error });
      print(`| ${f.name} | FAILED: ${error.split('\n')[0]} |`);
    }
  }
  return { rows, failed };
}

export function formatRow(r: BenchRow): string {
  const ratio = r.ratio === undefined ? '' : ` | ratio ${r.ratio.toFixed(2)}× vs ${r.baseline}`;
  const goal = r.goal ? ` | goal ${r.goal} ${r.met === undefined ? '' : r.met ? '✓' : '✗'}` : '';
  return `| ${r.name} | ${r.value} ${r.unit}${ratio}${goal} |`;
}
