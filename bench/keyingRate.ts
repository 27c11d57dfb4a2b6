/**
 * Keying throughput and latency of a command mix through `classifyCommand`, against the raw
 * mvdan-sh parse of the same mix in the same run: shared by keying.bench.ts and specs.bench.ts.
 */
import { performance } from 'node:perf_hooks';
import { classifyCommand, rawParse } from '../main/core/permissions/index.js';
import type { BenchRow } from './types.js';

export interface Rate {
  perSecond: number;
  p50: number;
  p99: number;
}

function measure(mix: readonly string[], fn: (c: string) => unknown): Rate {
  const lat = new Float64Array(mix.length);
  const t0 = performance.now();
  for (let i = 0; i < mix.length; i++) {
    const s = performance.now();
    fn(mix[i]!);
    lat[i] = performance.now() - s;
  }
  const total = performance.now() - t0;
  const sorted = Array.from(lat).sort((a, b) => a - b);
  return {
    perSecond: mix.length / (total / 1000),
    p50: sorted[Math.floor(sorted.length * 0.5)]!,
    p99: sorted[Math.floor(sorted.length * 0.99)]!,
  };
}

/**
 * Warms both paths on `warm` (the GopherJS parser is several times slower until the JIT has seen
 * it), then alternates 3 rounds of baseline and classifier; the best round of each is kept, so a
 * burst of load from other processes on a small machine penalises neither side alone.
 */
export function keyingRates(mix: readonly string[], warm: readonly string[]): { base: Rate; ours: Rate } {
  for (const c of warm) {
    classifyCommand(c);
    rawParse(c);
  }
  const rounds = { base: [] as Rate[], ours: [] as Rate[] };
  for (let r = 0; r < 3; r++) {
    rounds.base.push(measure(mix, (c) => rawParse(c)));
    rounds.ours.push(measure(mix, (c) => classifyCommand(c)));
  }
  const best = (xs: Rate[]): Rate => ({
    perSecond: Math.max(...xs.map((x) => x.perSecond)),
    p50: Math.min(...xs.map((x) => x.p50)),
    p99: Math.min(...xs.map((x) => x.p99)),
  });
  return { base: best(rounds.base), ours: best(rounds.ours) };
}

/** The throughput row (goal ≥ 10k/s) and the p99 row (goal < 1 ms), named after `label`. */
export function reportKeying(report: (row: BenchRow) => void, label: string, count: string, r: { base: Rate; ours: Rate }): void {
  report({
    name: `${label}: ${count}`,
    value: Math.round(r.ours.perSecond),
    unit: 'commands/s',
    baseline: `raw mvdan-sh parse ${Math.round(r.base.perSecond)}/s`,
    ratio: r.ours.perSecond / r.base.perSecond,
    goal: '≥ 10000/s',
    met: r.ours.perSecond >= 10_000,
  });
  report({
    name: `${label}: p99 latency`,
    value: r.ours.p99.toFixed(3),
    unit: 'ms',
    baseline: `raw parse p99 ${r.base.p99.toFixed(3)} ms`,
    ratio: r.ours.p99 / r.base.p99,
    goal: '< 1 ms',
    met: r.ours.p99 < 1,
  });
}
