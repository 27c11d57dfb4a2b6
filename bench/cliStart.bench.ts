/**
 * `npm run bench`: issue 24, the CLI's cold start — `node bin/codecoder.mjs key 'git status'` (the
 * bundle `npm install` builds, scripts/build-cli.mjs) against `node -e 0`, both started the same
 * way in the same run. Goal: ≤ 3× `node -e 0`. Informational rows: a compound command (it loads
 * the shell parser) and the same start from the TypeScript sources through tsx (what every start
 * cost before the bundle, and what a start costs while the bundle is stale).
 *
 * The bundle is built first when it is missing or stale, so a fresh clone measures what it ships.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildCli } from '../scripts/build-cli.mjs';
import { freshBundle } from '../scripts/cliBundle.mjs';
import type { BenchRow } from './types.js';

const root = path.resolve(import.meta.dirname, '..');
const bin = path.join(root, 'bin', 'codecoder.mjs');
const ROUNDS = 15;

/** Wall time of one start, in ms; the command must succeed (a fast failure is no start). */
function start(args: string[], env: NodeJS.ProcessEnv = process.env): number {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, args, { cwd: root, env, encoding: 'utf8' });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr.split('\n')[0]}`);
  return ms;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

export default async function cliStart(report: (row: BenchRow) => void): Promise<void> {
  if (!freshBundle()) await buildCli();
  const sources = { ...process.env, CODECODER_CLI_SOURCES: '1' };
  const key = (command: string) => [bin, 'key', command];
  // Every case once before measuring (the file system's cache), then rounds that alternate the
  // cases, so a burst of load from other processes on this 2-core machine falls on all of them.
  const cases = {
    base: () => start(['-e', '0']),
    simple: () => start(key('git status')),
    compound: () => start(key('git status && git push origin main')),
    tsx: () => start(key('git status'), sources),
  };
  const times: Record<keyof typeof cases, number[]> = { base: [], simple: [], compound: [], tsx: [] };
  for (const run of Object.values(cases)) run();
  for (let r = 0; r < ROUNDS; r++)
    for (const [name, run] of Object.entries(cases)) if (name !== 'tsx' || r % 3 === 0) times[name as keyof typeof cases].push(run());
  const base = median(times.base);
  const baseline = `node -e 0 ${base.toFixed(0)} ms`;
  const row = (name: string, ms: number, goal?: boolean): BenchRow => ({
    name,
    value: ms.toFixed(0),
    unit: 'ms (median)',
    baseline,
    ratio: ms / base,
    ...(goal ? { goal: '≤ 3× node -e 0', met: ms / base <= 3 } : {}),
  });
  report(row("CLI cold start: codecoder key 'git status' (bundle)", median(times.simple), true));
  report(row("CLI cold start: codecoder key 'git status && git push origin main' (bundle, shell parser)", median(times.compound)));
  report(row("CLI cold start: codecoder key 'git status' from the sources (tsx)", median(times.tsx)));
}
