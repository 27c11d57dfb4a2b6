/**
 * A container call's start latency through the Engine API (dockerode to `podman system service` on
 * a unix socket, the kept client) against the CLI path of the same run (`podman run` spawned per
 * call, the argv env/run.ts prepares for a spawn of its own), in the same run on the same image store: the time from the
 * call to the command's first output, and to the end of the call (container removed). Median of
 * RUNS each, after one warm-up of each path. Skipped with the reason where podman cannot run.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { prepareCommand, runIn } from '../main/core/env/index.js';
import { podmanServiceProblem, startPodmanService } from '../main/core/env/podmanService.testkit.js';
import type { BenchRow } from './types.js';

const RUNS = 7;
const COMMAND = 'echo started';

interface Timing {
  firstOutputMs: number;
  totalMs: number;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

async function viaApi(projectRoot: string, logPath: string, engineHost: string): Promise<Timing> {
  const t0 = performance.now();
  let first = 0;
  const h = await runIn('docker', COMMAND, {
    projectRoot,
    env: {},
    logPath,
    timeoutMs: 60_000,
    onText: () => (first ||= performance.now() - t0),
    container: { engineHost },
  });
  const r = await h.done;
  if (r.exitCode !== 0 || !r.text.includes('started')) throw new Error(`API run: exit ${r.exitCode}: ${r.text.slice(0, 200)}`);
  return { firstOutputMs: first, totalMs: performance.now() - t0 };
}

async function viaCli(projectRoot: string): Promise<Timing> {
  const t0 = performance.now();
  let first = 0;
  let out = '';
  const prepared = await prepareCommand('docker', COMMAND, { projectRoot, env: {} });
  try {
    const code = await new Promise<number | null>((resolve, reject) => {
      const child = spawn(prepared.argv[0]!, prepared.argv.slice(1), { env: prepared.env, cwd: projectRoot, stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout.on('data', (b: Buffer) => {
        first ||= performance.now() - t0;
        out += b.toString();
      });
      child.stderr.on('data', (b: Buffer) => (out += b.toString()));
      child.on('error', reject);
      child.on('close', resolve);
    });
    if (code !== 0 || !out.includes('started')) throw new Error(`CLI run: exit ${code}: ${out.slice(0, 200)}`);
  } finally {
    await prepared.release();
  }
  return { firstOutputMs: first, totalMs: performance.now() - t0 };
}

export default async function (report: (row: BenchRow) => void): Promise<void> {
  const why = await podmanServiceProblem();
  if (why) {
    report({ name: 'container call start latency, Engine API vs CLI', value: 'skipped', unit: why });
    return;
  }
  const base = realpathSync(mkdtempSync(path.join(tmpdir(), 'cc-bench-container-')));
  const service = await startPodmanService(base, 'unix');
  try {
    const project = mkdtempSync(path.join(base, 'project-'));
    const log = path.join(base, 'run.log');
    await viaApi(project, log, service.url);
    await viaCli(project);
    const api: Timing[] = [];
    const cli: Timing[] = [];
    for (let i = 0; i < RUNS; i++) {
      // Interleaved, so a busy moment of the shared machine falls on both.
      api.push(await viaApi(project, log, service.url));
      cli.push(await viaCli(project));
    }
    for (const [what, key] of [
      ['to first output', 'firstOutputMs'],
      ['to the end (container removed)', 'totalMs'],
    ] as const) {
      const a = median(api.map((t) => t[key]));
      const c = median(cli.map((t) => t[key]));
      report({
        name: `container call ${what}, Engine API (podman service, unix socket)`,
        value: Math.round(a),
        unit: 'ms',
        baseline: `the CLI path, podman run per call (${Math.round(c)} ms)`,
        ratio: a / c,
        goal: '≤ 1×',
        met: a <= c,
      });
    }
  } finally {
    await service.stop();
    rmSync(base, { recursive: true, force: true });
  }
}
