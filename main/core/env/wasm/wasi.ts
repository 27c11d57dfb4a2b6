/**
 * WASI modules on `node:wasi`, each in its own worker thread so a deadline or a cancel can end it
 * (`wasi.start` is synchronous; only `worker.terminate()` stops a busy module).
 *
 * The project is preopened at /project. Read-only unless write is granted — node:wasi has no
 * read-only preopen, so it is enforced at the import layer: the module's `path_open` calls lose
 * every write right (an fd opened for writing gets ENOTCAPABLE on fd_write) and are refused when
 * they ask to create, truncate or append; the calls that change the tree without an fd (unlink,
 * rename, mkdir, symlink, link, set times/size) are refused with ENOTCAPABLE. A copy of the project
 * was the other option; it costs a full copy per run and still lets a module fill the disk.
 * Stdout and stderr go to the run's log file.
 */
import { Worker } from 'node:worker_threads';
import { open } from 'node:fs/promises';

export interface WasiRunOptions {
  /** The .wasm file (already confined by the caller). */
  wasmPath: string;
  projectRoot: string;
  args?: string[];
  env?: Record<string, string>;
  /** Write access to the project (default false: read-only). */
  writable?: boolean;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** stdout + stderr of the module. */
  logPath: string;
}

export type WasiOutcome = { ok: true; exitCode: number } | { ok: false; kind: 'timeout' | 'cancelled' | 'error'; error: string };

export const WASI_PROJECT_DIR = '/project';

// Runs inside the worker; plain JavaScript because workers do not go through the TS loader.
const WORKER_SOURCE = `
const { parentPort, workerData: d } = require('node:worker_threads');
const { WASI } = require('node:wasi');
const fs = require('node:fs');
const NOTCAPABLE = 76;
const O_CREAT = 1, O_TRUNC = 8, FDFLAG_APPEND = 1;
// fd_datasync, fd_write, fd_allocate, path_create_directory, path_create_file, path_link_*,
// path_rename_*, path_filestat_set_size/times, fd_filestat_set_size/times, path_symlink,
// path_remove_directory, path_unlink_file.
const WRITE_RIGHTS = (1n << 0n) | (1n << 6n) | (1n << 8n) | (1n << 9n) | (1n << 10n) | (1n << 11n) | (1n << 12n) |
  (1n << 16n) | (1n << 17n) | (1n << 19n) | (1n << 20n) | (1n << 22n) | (1n << 23n) | (1n << 24n) | (1n << 25n) | (1n << 26n);
(async () => {
  try {
    const wasi = new WASI({ version: 'preview1', args: d.args, env: d.env, preopens: { [d.dir]: d.root },
      returnOnExit: true, stdout: d.fd, stderr: d.fd });
    let imports = wasi.wasiImport;
    if (!d.writable) {
      imports = { ...imports };
      const orig = wasi.wasiImport.path_open;
      imports.path_open = (fd, dirflags, p, plen, oflags, base, inh, fdflags, out) => {
        if ((oflags & (O_CREAT | O_TRUNC)) !== 0 || (fdflags & FDFLAG_APPEND) !== 0) return NOTCAPABLE;
        return orig(fd, dirflags, p, plen, oflags, BigInt(base) & ~WRITE_RIGHTS, BigInt(inh) & ~WRITE_RIGHTS, fdflags, out);
      };
      for (const name of ['path_create_directory', 'path_link', 'path_remove_directory', 'path_rename', 'path_symlink',
        'path_unlink_file', 'path_filestat_set_times', 'fd_allocate'])
        imports[name] = () => NOTCAPABLE;
      for (const name of ['fd_filestat_set_size', 'fd_filestat_set_times']) {
        const f = wasi.wasiImport[name];
        imports[name] = (fd, ...rest) => (fd > 2 ? NOTCAPABLE : f(fd, ...rest));
      }
    }
    const mod = await WebAssembly.compile(fs.readFileSync(d.wasmPath));
    const instance = await WebAssembly.instantiate(mod, { wasi_snapshot_preview1: imports });
    const code = wasi.start(instance);
    parentPort.postMessage({ ok: true, exitCode: code ?? 0 });
  } catch (err) {
    parentPort.postMessage({ ok: false, kind: 'error', error: String(err && err.message || err) });
  }
})();
`;

export async function runWasi(opts: WasiRunOptions): Promise<WasiOutcome> {
  const log = await open(opts.logPath, 'a', 0o600);
  try {
    return await new Promise<WasiOutcome>((resolve) => {
      const worker = new Worker(WORKER_SOURCE, {
        eval: true,
        workerData: {
          wasmPath: opts.wasmPath,
          root: opts.projectRoot,
          dir: WASI_PROJECT_DIR,
          args: ['module', ...(opts.args ?? [])],
          env: opts.env ?? {},
          writable: opts.writable === true,
          fd: log.fd,
        },
        // The JS heap of the worker; the module's own linear memory is bounded by wasm32 (4 GiB).
        resourceLimits: { maxOldGenerationSizeMb: 256 },
        stdout: true,
        stderr: true,
      });
      let settled = false;
      const finish = (o: WasiOutcome) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        opts.signal?.removeEventListener('abort', onAbort);
        void worker.terminate();
        resolve(o);
      };
      const timer = setTimeout(
        () => finish({ ok: false, kind: 'timeout', error: `stopped: the deadline of ${opts.timeoutMs} ms passed` }),
        opts.timeoutMs ?? 10_000,
      );
      const onAbort = () => finish({ ok: false, kind: 'cancelled', error: 'cancelled' });
      if (opts.signal?.aborted) onAbort();
      else opts.signal?.addEventListener('abort', onAbort, { once: true });
      worker.on('message', (m: WasiOutcome) => finish(m));
      worker.on('error', (err) => finish({ ok: false, kind: 'error', error: err.message }));
      worker.on('exit', (code) => finish({ ok: false, kind: 'error', error: `the WASI worker exited (${code}) without a result` }));
    });
  } finally {
    await log.close();
  }
}
