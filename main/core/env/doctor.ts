/**
 * Which execution environments work on this machine, and why not: each is probed by really running
 * something in it (a command on a pty, a QuickJS and a WASI module, a sandboxed command, a container).
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { containerName, DEFAULT_IMAGE, detectEngine } from './container.js';
import { startApiRun } from './apiRun.js';
import { detectApiEngine, engineClient, findApiEngine } from './engineApi.js';
import { planCopy } from './remoteCopy.js';
import { knownHostsVerifier } from './sshKnownHosts.js';
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

/**
 * The engine through its API, when one is configured or a local socket answers: which engine, where
 * (the endpoint and what chose it), whether the project travels as a copy, and a container really
 * run. Undefined when there is no endpoint (the CLI is tried); throws what stops a configured one.
 */
async function probeApiEngine(dir: string, opts: EngineChoice): Promise<string | undefined> {
  const endpoint = await findApiEngine({
    setting: opts.engineHost,
    copyProject: opts.copyProject,
    env: process.env,
    sshHostVerifier: (host, port) => knownHostsVerifier(host, port),
  });
  if (!endpoint) return undefined;
  const image = opts.image ?? DEFAULT_IMAGE;
  const d = await detectApiEngine(endpoint, image);
  if (!d.ok) throw new Error(d.reason);
  const project = path.join(dir, 'project');
  await mkdir(project);
  const h = await startApiRun({
    docker: engineClient(endpoint),
    spec: { image, command: 'exit 3', name: containerName(), ...(endpoint.remote ? {} : { bind: { projectRoot: project, readOnly: [], masked: [] } }) },
    ...(endpoint.remote ? { copy: { projectRoot: project, copy: planCopy(project) } } : {}),
    timeoutMs: 60_000,
  });
  const r = await h.done;
  if (r.exitCode !== 3) throw new Error(`${d.engine} at ${endpoint.label}: a container ended with ${r.exitCode ?? r.reason}: ${r.text.trim().slice(0, 300)}`);
  const copy = endpoint.remote ? '; the project is sent as a copy, changes come back as a diff' : '';
  return `${d.engine} ${d.version} through the Engine API at ${endpoint.label} (${endpoint.source})${copy}, image ${image}`;
}

export interface EngineChoice {
  image?: string;
  /** An engine address (the Settings' or `doctor --engine`), over CONTAINER_HOST / DOCKER_HOST. */
  engineHost?: string;
  copyProject?: boolean;
}

export async function checkEnvironments(opts: EngineChoice = {}): Promise<EnvironmentReport[]> {
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
      const api = await probeApiEngine(dir, opts);
      if (api) return api;
      const d = await detectEngine(opts.image ? { image: opts.image } : {});
      if (!d.ok) throw new Error(`${d.reason}; and no Engine API endpoint (set DOCKER_HOST, or start \`podman system service\`)`);
      const runtime = d.engine.globalArgs.length ? ` (${d.engine.globalArgs.join(' ')})` : '';
      return `${d.engine.name}${runtime} through its CLI (no Engine API endpoint: set DOCKER_HOST, or start \`podman system service\`), image ${d.image}${d.notes.length ? `; also: ${d.notes.join('; ')}` : ''}`;
    });
    return [shell, wasm, sandbox, docker];
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
