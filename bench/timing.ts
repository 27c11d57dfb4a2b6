/** Timing helpers shared by the benches (the machine is shared: the best of several runs). */

/** The fastest of `runs` runs of `body`, in ms. */
export function best(runs: number, body: () => unknown): number {
  let b = Infinity;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    body();
    b = Math.min(b, performance.now() - t0);
  }
  return b;
}

export interface Percentiles {
  p50: number;
  p95: number;
}

/** Nearest-rank percentile of an ascending array. */
const percentile = (sorted: readonly number[], q: number): number => sorted[Math.ceil(q * sorted.length) - 1]!;

/** The p50 and p95 of some samples (nearest rank). */
export function percentiles(values: readonly number[]): Percentiles {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95) };
}
