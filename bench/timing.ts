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
