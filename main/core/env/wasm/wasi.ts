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
 * Every path is also confined to the project after realpath (see confine() below): node:wasi alone
 * follows a directory symlink out of the preopen.
 * Stdout and stderr go to the run's log file; stdin is /dev/null (never the app's own stdin).
 */
import { Worker } from 'node:worker_threads';
import { open } from 'node:fs/promises';
import { PROTECTED_ENTRIES } from '../../fs/index.js';

export interface WasiRunOptions {
  /** The .wasm file (already confined by the caller). Ignored when `module` is given. */
  wasmPath?: string;
  /** Or the module's bytes: run exactly these (a snapshot), with no file to re-read. */
  module?: Uint8Array;
  projectRoot: string;
  /** argv[0] as the module sees it (default "module"). */
  argv0?: string;
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

const path = require('node:path');
const ROOT = fs.realpathSync(d.root);
// realpath of the deepest part that exists, with the rest appended.
const realDeepest = (p) => {
  const rest = [];
  for (let cur = p; ; ) {
    try {
      return path.join(fs.realpathSync(cur), ...rest.reverse());
    } catch (err) {
      if (err.code !== 'ENOENT' && err.code !== 'ENOTDIR') throw err;
      const parent = path.dirname(cur);
      if (parent === cur) throw err;
      rest.push(path.basename(cur));
      cur = parent;
    }
  }
};

// node:wasi (uvwasi) checks a path lexically, then lets the OS resolve it: a directory symlink in
// the project (out -> /) would lead anywhere. So every path call is checked here first, on the host
// path it names: its parent after realpath — and the target too when the call follows a final
// symlink — must be inside the project, else ENOTCAPABLE. Directory fds are tracked from
// path_open (the preopen is fd 3). path_symlink is always refused: a module has no need to make
// links, and a link's target is resolved later, outside any check.
function confine(base, getMemory, dirs) {
  const inside = (p) => p === ROOT || p.startsWith(ROOT + path.sep);
  dirs.set(3, ROOT);
  const text = (ptr, len) => Buffer.from(getMemory().buffer, ptr, len).toString('utf8');
  // The host path a (dir fd, path) names, or undefined when it is not confined to the project.
  const host = (fd, ptr, len, follow) => {
    const dir = dirs.get(fd);
    if (dir === undefined) return undefined;
    try {
      const rel = text(ptr, len);
      if (rel.includes(String.fromCharCode(0))) return undefined;
      const lexical = path.resolve(dir, rel);
      if (!inside(lexical)) return undefined;
      if (lexical === ROOT) return ROOT;
      const parent = realDeepest(path.dirname(lexical));
      if (!inside(parent)) return undefined;
      const full = path.join(parent, path.basename(lexical));
      if (!follow) return full;
      const real = realDeepest(full);
      return inside(real) ? real : undefined;
    } catch {
      return undefined;
    }
  };
  const FOLLOW = 1;
  const out = { ...base };
  out.path_open = (fd, dirflags, p, plen, oflags, rb, ri, fdflags, fdOut) => {
    const h = host(fd, p, plen, (dirflags & FOLLOW) !== 0);
    if (h === undefined) return NOTCAPABLE;
    const r = base.path_open(fd, dirflags, p, plen, oflags, rb, ri, fdflags, fdOut);
    if (r === 0) dirs.set(new DataView(getMemory().buffer).getUint32(fdOut, true), h);
    return r;
  };
  out.fd_close = (fd) => {
    const r = base.fd_close(fd);
    if (r === 0) dirs.delete(fd);
    return r;
  };
  out.fd_renumber = (from, to) => {
    const r = base.fd_renumber(from, to);
    if (r === 0) {
      const h = dirs.get(from);
      dirs.delete(from);
      if (h === undefined) dirs.delete(to);
      else dirs.set(to, h);
    }
    return r;
  };
  // (fd, path, len, …): no final symlink followed.
  for (const name of ['path_create_directory', 'path_readlink', 'path_remove_directory', 'path_unlink_file'])
    out[name] = (fd, p, plen, ...rest) => (host(fd, p, plen, false) === undefined ? NOTCAPABLE : base[name](fd, p, plen, ...rest));
  // (fd, lookupflags, path, len, …).
  for (const name of ['path_filestat_get', 'path_filestat_set_times'])
    out[name] = (fd, flags, p, plen, ...rest) =>
      host(fd, p, plen, (flags & FOLLOW) !== 0) === undefined ? NOTCAPABLE : base[name](fd, flags, p, plen, ...rest);
  out.path_rename = (fd, p, plen, fd2, p2, plen2) =>
    host(fd, p, plen, false) === undefined || host(fd2, p2, plen2, false) === undefined
      ? NOTCAPABLE
      : base.path_rename(fd, p, plen, fd2, p2, plen2);
  out.path_link = (fd, flags, p, plen, fd2, p2, plen2) =>
    host(fd, p, plen, (flags & FOLLOW) !== 0) === undefined || host(fd2, p2, plen2, false) === undefined
      ? NOTCAPABLE
      : base.path_link(fd, flags, p, plen, fd2, p2, plen2);
  out.path_symlink = () => NOTCAPABLE;
  return out;
}

// Even a writable project keeps its protected entries (fs/protectedEntries.ts, passed in as
// d.protectedNames) read-only: a path naming one at any depth, in any case, with Windows' dropped
// tails — the reading of entryNameOf() there — is opened without write rights, and every call that
// creates, removes, renames or retimes it is refused. So is renaming a folder that holds one.
function guardProtected(base, getMemory, dirs) {
  const NAMES = new Set(d.protectedNames);
  const named = (seg) => {
    let s = seg.toLowerCase();
    const colon = s.indexOf(':');
    if (colon > 0) s = s.slice(0, colon);
    return NAMES.has(s.replace(/[. ]+$/, ''));
  };
  const isProtected = (hostPath) => path.relative(ROOT, hostPath).split(path.sep).some((seg) => seg.length > 1 && named(seg));
  const holdsProtected = (hostPath) => {
    let seen = 0;
    const stack = [hostPath];
    while (stack.length) {
      let entries;
      try {
        entries = fs.readdirSync(stack.pop(), { withFileTypes: true });
      } catch {
        continue;
      }
      for (const e of entries) {
        if (named(e.name) || ++seen > 20000) return true;
        if (e.isDirectory()) stack.push(path.join(e.parentPath ?? e.path, e.name));
      }
    }
    return false;
  };
  const text = (ptr, len) => Buffer.from(getMemory().buffer, ptr, len).toString('utf8');
  const hostOf = (fd, ptr, len) => {
    const dir = dirs.get(fd);
    return dir === undefined ? undefined : path.resolve(dir, text(ptr, len));
  };
  // The path as named and as resolved (a symlink l -> .git makes l/hooks/x a hook).
  const touches = (fd, ptr, len) => {
    const h = hostOf(fd, ptr, len);
    if (h === undefined || isProtected(h)) return true;
    try {
      return isProtected(realDeepest(h));
    } catch {
      return true;
    }
  };
  const out = { ...base };
  out.path_open = (fd, dirflags, p, plen, oflags, rb, ri, fdflags, fdOut) => {
    if (!touches(fd, p, plen)) return base.path_open(fd, dirflags, p, plen, oflags, rb, ri, fdflags, fdOut);
    if ((oflags & (O_CREAT | O_TRUNC)) !== 0 || (fdflags & FDFLAG_APPEND) !== 0) return NOTCAPABLE;
    return base.path_open(fd, dirflags, p, plen, oflags, BigInt(rb) & ~WRITE_RIGHTS, BigInt(ri) & ~WRITE_RIGHTS, fdflags, fdOut);
  };
  for (const name of ['path_create_directory', 'path_remove_directory', 'path_unlink_file'])
    out[name] = (fd, p, plen, ...rest) => (touches(fd, p, plen) ? NOTCAPABLE : base[name](fd, p, plen, ...rest));
  out.path_filestat_set_times = (fd, flags, p, plen, ...rest) =>
    touches(fd, p, plen) ? NOTCAPABLE : base.path_filestat_set_times(fd, flags, p, plen, ...rest);
  out.path_rename = (fd, p, plen, fd2, p2, plen2) => {
    if (touches(fd, p, plen) || touches(fd2, p2, plen2) || holdsProtected(hostOf(fd, p, plen))) return NOTCAPABLE;
    return base.path_rename(fd, p, plen, fd2, p2, plen2);
  };
  out.path_link = (fd, flags, p, plen, fd2, p2, plen2) =>
    touches(fd, p, plen) || touches(fd2, p2, plen2) ? NOTCAPABLE : base.path_link(fd, flags, p, plen, fd2, p2, plen2);
  return out;
}

(async () => {
  try {
    const wasi = new WASI({ version: 'preview1', args: d.args, env: d.env, preopens: { [d.dir]: d.root },
      returnOnExit: true, stdin: d.stdin, stdout: d.fd, stderr: d.fd });
    let memory;
    const dirs = new Map();
    let imports = confine(wasi.wasiImport, () => memory, dirs);
    if (d.writable) imports = guardProtected(imports, () => memory, dirs);
    else {
      const confined = imports;
      imports = { ...confined };
      const orig = confined.path_open;
      imports.path_open = (fd, dirflags, p, plen, oflags, base, inh, fdflags, out) => {
        if ((oflags & (O_CREAT | O_TRUNC)) !== 0 || (fdflags & FDFLAG_APPEND) !== 0) return NOTCAPABLE;
        return orig(fd, dirflags, p, plen, oflags, BigInt(base) & ~WRITE_RIGHTS, BigInt(inh) & ~WRITE_RIGHTS, fdflags, out);
      };
      for (const name of ['path_create_directory', 'path_link', 'path_remove_directory', 'path_rename', 'path_symlink',
        'path_unlink_file', 'path_filestat_set_times', 'fd_allocate'])
        imports[name] = () => NOTCAPABLE;
      for (const name of ['fd_filestat_set_size', 'fd_filestat_set_times']) {
        const f = confined[name];
        imports[name] = (fd, ...rest) => (fd > 2 ? NOTCAPABLE : f(fd, ...rest));
      }
    }
    const mod = await WebAssembly.compile(d.module ?? fs.readFileSync(d.wasmPath));
    const instance = await WebAssembly.instantiate(mod, { wasi_snapshot_preview1: imports });
    memory = instance.exports.memory;
    const code = wasi.start(instance);
    parentPort.postMessage({ ok: true, exitCode: code ?? 0 });
  } catch (err) {
    parentPort.postMessage({ ok: false, kind: 'error', error: String(err && err.message || err) });
  }
})();
`;

export async function runWasi(opts: WasiRunOptions): Promise<WasiOutcome> {
  if (!opts.module && !opts.wasmPath) return { ok: false, kind: 'error', error: 'no module: give wasmPath or module' };
  const log = await open(opts.logPath, 'a', 0o600);
  const stdin = await open('/dev/null', 'r');
  try {
    return await new Promise<WasiOutcome>((resolve) => {
      const worker = new Worker(WORKER_SOURCE, {
        eval: true,
        workerData: {
          wasmPath: opts.wasmPath,
          module: opts.module,
          root: opts.projectRoot,
          dir: WASI_PROJECT_DIR,
          args: [opts.argv0 ?? 'module', ...(opts.args ?? [])],
          env: opts.env ?? {},
          writable: opts.writable === true,
          protectedNames: PROTECTED_ENTRIES.map((e) => e.name),
          fd: log.fd,
          stdin: stdin.fd,
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
        // Resolve only once the thread is gone: the fds closed below must not be written by a
        // worker that is still stopping (a reused fd number would get its output).
        worker.terminate().then(
          () => resolve(o),
          () => resolve(o),
        );
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
    await stdin.close();
  }
}
