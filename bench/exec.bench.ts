/**
 * run_command streaming 200 MB vs a raw child_process.spawn pipe of the same command, in the same
 * run: throughput ratio (goal ≥ 0.5×) and the main process's RSS growth while streaming (goal
 * < 64 MB). The tool's path is the real one: the default output FIFO (or the pty with `tty: true`),
 * UTF-8 decoding, batching to ctx.output, the full log on disk, head + tail for the model.
 *
 * Two throughput rows: the default (stdout/stderr on a pipe) against the raw spawn pipe — the goal —
 * and `tty: true` (stdout/stderr on the pty) against node-pty's bare read loop, the ceiling a pty
 * sets (a pty read on Linux returns at most about 4 KB).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawn as ptySpawn } from 'node-pty';
import { executeTools } from '../main/core/tools/index.js';
import type { BenchRow } from './types.js';

const BYTES = 200_000_000;
const COMMAND = `head -c ${BYTES} /dev/zero | tr '\\0' 'a'`;

function rawSpawn(): Promise<{ ms: number; bytes: number }> {
  const t0 = performance.now();
  let bytes = 0;
  return new Promise((resolve, reject) => {
    const c = spawn('/bin/bash', ['-c', COMMAND], { stdio: ['ignore', 'pipe', 'inherit'] });
    c.stdout.on('data', (d: Buffer) => (bytes += d.length));
    c.on('error', reject);
    c.on('close', () => resolve({ ms: performance.now() - t0, bytes }));
  });
}

/** The ceiling a pty sets: node-pty's own read loop with no processing of ours (about 4 KB a read). */
function rawPty(): Promise<{ ms: number; bytes: number }> {
  const t0 = performance.now();
  let bytes = 0;
  return new Promise((resolve) => {
    const p = ptySpawn('/bin/bash', ['-c', COMMAND], { encoding: null, cols: 200, rows: 50 });
    p.onData((d: Buffer | string) => (bytes += d.length));
    p.onExit(() => resolve({ ms: performance.now() - t0, bytes }));
  });
}

type RunCommand = ReturnType<typeof executeTools>[number];

/** One run_command call streaming COMMAND: its time, the bytes it counted and the RSS it grew by. */
async function viaTool(tool: RunCommand, base: string, tty: boolean): Promise<{ ms: number; bytes: number; rssGrowthMb: number }> {
  global.gc?.();
  const rss0 = process.memoryUsage().rss;
  let peak = rss0;
  let streamed = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const t0 = performance.now();
  const r = await tool.execute(
    { command: COMMAND, timeout_ms: 600_000, tty },
    {
      projectRoot: path.join(base, 'project'),
      signal: new AbortController().signal,
      output: (c) => (streamed += c.length),
      agentId: 'bench',
      conversationId: 'bench',
      depth: 0,
      logDir: path.join(base, 'data', 'logs'),
    },
  );
  const ms = performance.now() - t0;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  const bytes = (r.data as { bytes: number }).bytes;
  if (bytes !== BYTES || streamed !== BYTES)
    throw new Error(`run_command (tty: ${tty}) delivered ${bytes} bytes (${streamed} streamed), expected ${BYTES}`);
  // Each run's log is 200 MB: drop it before the next run.
  rmSync(path.join(base, 'data', 'logs'), { recursive: true, force: true });
  return { ms, bytes, rssGrowthMb: (peak - rss0) / 1024 / 1024 };
}

const mbps = (b: number, t: number) => b / 1e6 / (t / 1000);

export default async function (report: (row: BenchRow) => void): Promise<void> {
  const base = realpathSync(mkdtempSync(path.join(tmpdir(), 'cc-bench-exec-')));
  mkdirSync(path.join(base, 'project'));
  try {
    const tool = executeTools({ projectRoot: path.join(base, 'project'), dataDir: path.join(base, 'data'), secretsToScrub: () => [] }).find(
      (t) => t.name === 'run_command',
    )!;
    // Warm each path once (node-pty load, page cache), then measure.
    await rawSpawn();
    const raw = await rawSpawn();
    await viaTool(tool, base, false);
    const piped = await viaTool(tool, base, false);
    const ratio = mbps(piped.bytes, piped.ms) / mbps(raw.bytes, raw.ms);
    report({
      name: 'run_command 200 MB throughput (default: output on a pipe)',
      value: mbps(piped.bytes, piped.ms).toFixed(0),
      unit: 'MB/s',
      baseline: `raw spawn pipe ${mbps(raw.bytes, raw.ms).toFixed(0)} MB/s`,
      ratio,
      goal: '≥ 0.5×',
      met: ratio >= 0.5,
    });
    report({
      name: 'run_command 200 MB main-process RSS growth (default)',
      value: piped.rssGrowthMb.toFixed(1),
      unit: 'MB',
      goal: '< 64 MB',
      met: piped.rssGrowthMb < 64,
    });

    // tty: true compares with a pty, not a pipe: how much of the pty's own ceiling we keep.
    await rawPty();
    const pty = await rawPty();
    const onPty = await viaTool(tool, base, true);
    report({
      name: 'run_command 200 MB throughput with tty: true (output on the pty)',
      value: mbps(onPty.bytes, onPty.ms).toFixed(0),
      unit: 'MB/s',
      baseline: `node-pty read loop alone ${mbps(pty.bytes, pty.ms).toFixed(0)} MB/s (itself ${(mbps(pty.bytes, pty.ms) / mbps(raw.bytes, raw.ms)).toFixed(2)}× the raw pipe)`,
      ratio: mbps(onPty.bytes, onPty.ms) / mbps(pty.bytes, pty.ms),
    });
    report({
      name: 'run_command 200 MB main-process RSS growth (tty: true)',
      value: onPty.rssGrowthMb.toFixed(1),
      unit: 'MB',
      goal: '< 64 MB',
      met: onPty.rssGrowthMb < 64,
    });
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}
