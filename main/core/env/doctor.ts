/**
 * Which execution environments work on this machine, and why not: each is probed by really running
 * something in it (a command on a pty, a QuickJS and a WASI module, a sandboxed command, a container).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { detectEngine } from './container.js';
import { runPty } from './pty.js';
import { resetSandbox, sandboxProblem, wrapSandboxed } from './sandbox.js';
import { runQuickJs } from './wasm/quickjs.js';
import { runWasi } from './wasm/wasi.js';
import { WASI_RIGHT_FD_READ, wasiProbeModule } from './wasm/wasiProbe.js';

export type EnvironmentName = 'shell' | 'wasm' | 'sandbox' | 'docker';

export interface EnvironmentReport {
  environment: EnvironmentName;
  ok: boolean;
  /** What works (engine, runtime…) or why it does not. */
  detail: string;
}

const baseEnv = () => ({ PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/', LANG: 'C.UTF-8' });

async function probe(environment: EnvironmentName, f: () => Promise<string>): Promise<EnvironmentReport> {
  try {
    return { environment, ok: true, detail: await f() };
  } catch (err) {
    return { environment, ok: false, detail: (err as Error).message };
  }
}

export async function checkEnvironments(opts: { image?: string } = {}): Promise<EnvironmentReport[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'codecoder-doctor-'));
  try {
    const shell = await probe('shell', async () => {
      const r = await runPty({ command: 'echo ok; exit 3', cwd: dir, env: baseEnv(), timeoutMs: 10_000 });
      if (r.exitCode !== 3 || !r.text.includes('ok'))
        throw new Error(`node-pty ran, but exit ${r.exitCode} and output ${JSON.stringify(r.text)}`);
      return 'node-pty: bash -c runs, output and exit codes pass through';
    });
    const wasm = await probe('wasm', async () => {
      const q = await runQuickJs({ code: 'export default (a) => a.x + 1', args: { x: 1 }, timeoutMs: 5_000 });
      if (!q.ok || q.value !== 2) throw new Error(`QuickJS: ${q.ok ? `unexpected ${JSON.stringify(q.value)}` : q.error}`);
      await writeFile(path.join(dir, 'in.txt'), 'x');
      const wasmPath = path.join(dir, 'probe.wasm');
      await writeFile(wasmPath, wasiProbeModule({ path: 'in.txt', oflags: 0, rights: WASI_RIGHT_FD_READ }));
      const w = await runWasi({ wasmPath, projectRoot: dir, logPath: path.join(dir, 'wasi.log'), timeoutMs: 10_000 });
      if (!w.ok || w.exitCode !== 0) throw new Error(`node:wasi: ${w.ok ? `exit ${w.exitCode}` : w.error}`);
      return 'QuickJS (quickjs-emscripten) and node:wasi run';
    });
    const sandbox = await probe('sandbox', async () => {
      const problem = await sandboxProblem();
      if (problem) throw new Error(problem);
      const wrapped = await wrapSandboxed('echo ok > inside.txt; exit 4', { projectRoot: dir }, baseEnv());
      try {
        const r = await runPty({ argv: wrapped.argv, env: wrapped.env, cwd: dir, timeoutMs: 30_000 });
        if (r.exitCode !== 4) throw new Error(`a sandboxed command ended with ${r.exitCode}: ${r.text.trim().slice(0, 300)}`);
      } finally {
        wrapped.release();
        await resetSandbox();
      }
      return process.platform === 'darwin' ? 'sandbox-runtime (Seatbelt)' : 'sandbox-runtime (bubblewrap + socat)';
    });
    const docker = await probe('docker', async () => {
      const d = await detectEngine(opts.image ? { image: opts.image } : {});
      if (!d.ok) throw new Error(d.reason);
      const runtime = d.engine.globalArgs.length ? ` (${d.engine.globalArgs.join(' ')})` : '';
      return `${d.engine.name}${runtime}, image ${d.image}${d.notes.length ? `; also: ${d.notes.join('; ')}` : ''}`;
    });
    return [shell, wasm, sandbox, docker];
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
