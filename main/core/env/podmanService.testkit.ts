/**
 * Podman's Engine API service for tests (`podman system service`), on a unix socket or a loopback
 * TCP port, started and stopped by the test. `isolated` gives it its own image and container
 * store in the temp folder, so it stands in for another machine: no image there until the client
 * imports one.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { get } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { exec } from './container.js';

export interface PodmanService {
  /** The engine address, as DOCKER_HOST would say it. */
  url: string;
  stop(): Promise<void>;
}

/** Why podman's service cannot run here (undefined: it can). */
export async function podmanServiceProblem(): Promise<string | undefined> {
  const info = await exec('podman', ['info', '--format', '{{.Host.OCIRuntime.Name}}'], 15_000);
  if (info.code !== 0) return `podman cannot run here: ${info.stderr.trim().split('\n').pop() || `exit ${info.code}`}`;
  return undefined;
}

function answers(url: string): Promise<boolean> {
  const [host, port] = url.slice('tcp://'.length).split(':');
  const target = url.startsWith('unix://') ? { socketPath: url.slice('unix://'.length) } : { host, port: Number(port) };
  return new Promise((resolve) => {
    const req = get({ ...target, path: '/_ping', timeout: 2_000 }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    req.on('error', () => resolve(false));
    req.on('timeout', () => req.destroy());
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const p of running) p.kill('SIGKILL');
});

/** Starts the service in `dir` (a test's temp folder) and waits until it answers. */
export async function startPodmanService(dir: string, where: 'unix' | 'tcp', opts: { isolated?: boolean } = {}): Promise<PodmanService> {
  const url = where === 'unix' ? `unix://${path.join(dir, 'podman.sock')}` : `tcp://127.0.0.1:${await freePort()}`;
  // Podman wants a run root under 50 characters, shorter than a test's temp folder: its own, removed at stop.
  const runRoot = opts.isolated ? mkdtempSync('/tmp/ccpr-') : undefined;
  // vfs: plain folders, no overlay mount left behind in the temp folder.
  const store = runRoot ? ['--root', path.join(dir, 'storage'), '--runroot', runRoot, '--storage-driver', 'vfs'] : [];
  const child = spawn('podman', [...store, 'system', 'service', '--time=0', url], { stdio: ['ignore', 'ignore', 'pipe'] });
  running.add(child);
  let stderr = '';
  child.stderr!.on('data', (b: Buffer) => (stderr = (stderr + b.toString()).slice(-2000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(killer);
    running.delete(child);
    if (runRoot) rmSync(runRoot, { recursive: true, force: true });
  };
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    if (await answers(url)) return { url, stop };
    await new Promise((r) => setTimeout(r, 200));
  }
  await stop();
  throw new Error(`podman system service did not answer at ${url}: ${stderr.trim()}`);
}
