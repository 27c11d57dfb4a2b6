/**
 * The `wasm` environment for JavaScript: QuickJS compiled to WebAssembly (quickjs-emscripten). The
 * guest gets the language and nothing else — no process, require, fetch or file system — plus only
 * the host functions granted for the run. It stops at a memory limit, at a deadline (an interrupt
 * handler for busy code, a host timer for code waiting on a promise), and on cancel.
 *
 * The code is an ES module whose default export is called with the arguments:
 *   export default async function (args) { return { upper: args.text.toUpperCase() } }
 * Its return value crosses back as JSON.
 */
import { newQuickJSWASMModule, type QuickJSContext, type QuickJSHandle } from 'quickjs-emscripten';
import { readFile, stat } from 'node:fs/promises';
import { resolveInProject } from '../../fs/index.js';

export type WasmGrant = 'read_project';

export interface QuickJsRunOptions {
  code: string;
  args: unknown;
  /** Only granted host functions exist in the guest. */
  grants?: readonly WasmGrant[];
  projectRoot?: string;
  memoryLimitBytes?: number;
  timeoutMs?: number;
  signal?: AbortSignal;
  /** console.log inside the guest. */
  onLog?: (line: string) => void;
  /** Injected for tests: milliseconds now. */
  now?: () => number;
}

export type QuickJsOutcome =
  | { ok: true; value: unknown; logs: string[] }
  | { ok: false; kind: 'memory' | 'timeout' | 'cancelled' | 'error'; error: string; logs: string[] };

export const DEFAULT_MEMORY_LIMIT = 64 * 1024 * 1024;
export const DEFAULT_WASM_TIMEOUT_MS = 10_000;
export const MAX_READ_BYTES = 4 * 1024 * 1024;

/**
 * A fresh WebAssembly instance per run: a run stopped by the memory limit or the deadline may leave
 * its heap inconsistent, and nothing of one capability's heap can then reach the next run. The whole
 * instance is dropped afterwards (garbage-collected), so no disposal can fail half-way.
 */
function quickjs() {
  return newQuickJSWASMModule();
}

class Stopped extends Error {
  constructor(readonly kind: 'timeout' | 'cancelled') {
    super(kind === 'timeout' ? 'deadline exceeded' : 'cancelled');
  }
}

export async function runQuickJs(opts: QuickJsRunOptions): Promise<QuickJsOutcome> {
  const QuickJS = await quickjs();
  const now = opts.now ?? Date.now;
  const timeoutMs = opts.timeoutMs ?? DEFAULT_WASM_TIMEOUT_MS;
  const deadline = now() + timeoutMs;
  const logs: string[] = [];
  const runtime = QuickJS.newRuntime();
  const limit = opts.memoryLimitBytes ?? DEFAULT_MEMORY_LIMIT;
  runtime.setMemoryLimit(limit);
  // A second guard on the whole WebAssembly heap: this build's allocator accounting misses memory
  // grown by realloc (arrays, string builders), so the QuickJS limit alone can be overrun.
  const heap = () => (QuickJS as unknown as { module?: { HEAPU8?: Uint8Array } }).module?.HEAPU8?.byteLength ?? 0;
  const heapCap = heap() + limit;
  runtime.setMaxStackSize(1024 * 1024);
  let stopped: 'timeout' | 'cancelled' | 'memory' | undefined;
  runtime.setInterruptHandler(() => {
    if (opts.signal?.aborted) stopped = 'cancelled';
    else if (heap() > heapCap) stopped = 'memory';
    else if (now() > deadline) stopped = 'timeout';
    return stopped !== undefined;
  });
  const vm = runtime.newContext();
  const fail = (kind: 'memory' | 'timeout' | 'cancelled' | 'error', error: string): QuickJsOutcome => ({ ok: false, kind, error, logs });
  try {
    installConsole(vm, logs, opts.onLog);
    if (opts.grants?.includes('read_project')) {
      if (!opts.projectRoot) return fail('error', 'read_project granted without a project root');
      installReadFile(vm, opts.projectRoot);
    }
    const argsJson = JSON.stringify(opts.args ?? null);
    vm.unwrapResult(vm.evalCode(`globalThis.__args = JSON.parse(${JSON.stringify(argsJson)});`)).dispose();

    const modResult = vm.evalCode(opts.code, 'capability.js', { type: 'module' });
    if (modResult.error) return classify(vm.dump(modResult.error), modResult.error, vm, stopped, fail);
    let ns = modResult.value;
    ns = await settle(vm, ns, deadline, now, opts.signal);
    const entry = vm.getProp(ns, 'default');
    ns.dispose();
    if (vm.typeof(entry) !== 'function') {
      entry.dispose();
      return fail('error', 'the code must `export default` a function (called with the arguments)');
    }
    vm.setProp(vm.global, '__entry', entry);
    entry.dispose();
    const called = vm.evalCode(
      `Promise.resolve(globalThis.__entry(globalThis.__args)).then((v) => JSON.stringify(v === undefined ? null : v))`,
    );
    if (called.error) return classify(vm.dump(called.error), called.error, vm, stopped, fail);
    const resolved = await settle(vm, called.value, deadline, now, opts.signal);
    const json = vm.getString(resolved);
    resolved.dispose();
    return { ok: true, value: JSON.parse(json) as unknown, logs };
  } catch (err) {
    if (stopped === 'memory') return fail('memory', `stopped: out of memory (limit ${limit} bytes)`);
    if (stopped === 'cancelled' || (err instanceof Stopped && err.kind === 'cancelled')) return fail('cancelled', 'cancelled');
    if (stopped === 'timeout') return fail('timeout', `stopped: the deadline of ${timeoutMs} ms passed`);
    if (err instanceof Stopped)
      return fail(err.kind, err.kind === 'timeout' ? `stopped: the deadline of ${timeoutMs} ms passed` : 'cancelled');
    if (err instanceof GuestError) return classify(err.dumped, undefined, vm, stopped, fail);
    const msg = (err as Error).message ?? String(err);
    if (/out of memory/i.test(msg)) return fail('memory', `stopped: out of memory (limit ${limit} bytes)`);
    return fail('error', msg);
  } finally {
    // Stop any host read still in flight from touching the dropped context.
    runtime.setInterruptHandler(() => true);
  }

  function classify(
    dumped: unknown,
    handle: QuickJSHandle | undefined,
    ctx: QuickJSContext,
    stop: typeof stopped,
    f: typeof fail,
  ): QuickJsOutcome {
    handle?.dispose();
    void ctx;
    const text = describe(dumped);
    if (stop === 'memory') return f('memory', `stopped: out of memory (limit ${limit} bytes)`);
    if (stop === 'timeout' || /interrupted/i.test(text))
      return stop === 'cancelled' ? f('cancelled', 'cancelled') : f('timeout', `stopped: the deadline of ${timeoutMs} ms passed`);
    if (stop === 'cancelled') return f('cancelled', 'cancelled');
    if (/out of memory/i.test(text)) return f('memory', `stopped: out of memory (limit ${limit} bytes)`);
    return f('error', text);
  }
}

class GuestError extends Error {
  constructor(readonly dumped: unknown) {
    super(describe(dumped));
  }
}

function describe(dumped: unknown): string {
  if (dumped && typeof dumped === 'object') {
    const d = dumped as { name?: string; message?: string; stack?: string };
    if (d.message !== undefined) return `${d.name ?? 'Error'}: ${d.message}`;
  }
  return typeof dumped === 'string' ? dumped : JSON.stringify(dumped);
}

/**
 * Drives a guest promise to completion: pending jobs run inside QuickJS, host promises (file reads)
 * settle on the host, and a timer stops a guest that waits forever.
 */
async function settle(
  vm: QuickJSContext,
  handle: QuickJSHandle,
  deadline: number,
  now: () => number,
  signal?: AbortSignal,
): Promise<QuickJSHandle> {
  for (;;) {
    const jobs = vm.runtime.executePendingJobs();
    if (jobs.error) {
      const d = vm.dump(jobs.error);
      jobs.error.dispose();
      throw new GuestError(d);
    }
    const state = vm.getPromiseState(handle);
    if (state.type === 'fulfilled') {
      if (state.notAPromise) return handle;
      handle.dispose();
      return state.value;
    }
    if (state.type === 'rejected') {
      const d = vm.dump(state.error);
      state.error.dispose();
      handle.dispose();
      throw new GuestError(d);
    }
    if (signal?.aborted) throw new Stopped('cancelled');
    const left = deadline - now();
    if (left <= 0) throw new Stopped('timeout');
    if (!vm.runtime.hasPendingJob()) {
      // Waiting on the host (a read in flight) or on nothing at all: wait for a host settle or the deadline.
      const woke = await hostTick(left, signal);
      if (woke === 'timeout') throw new Stopped('timeout');
      if (woke === 'cancelled') throw new Stopped('cancelled');
    }
  }
}

let hostWaiters = new Set<() => void>();
function hostSettled(): void {
  const w = hostWaiters;
  hostWaiters = new Set();
  for (const f of w) f();
}

function hostTick(ms: number, signal?: AbortSignal): Promise<'host' | 'timeout' | 'cancelled'> {
  return new Promise((resolve) => {
    const done = (v: 'host' | 'timeout' | 'cancelled') => {
      clearTimeout(timer);
      hostWaiters.delete(onHost);
      signal?.removeEventListener('abort', onAbort);
      resolve(v);
    };
    const onHost = () => done('host');
    const onAbort = () => done('cancelled');
    const timer = setTimeout(() => done('timeout'), ms);
    hostWaiters.add(onHost);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function installConsole(vm: QuickJSContext, logs: string[], onLog?: (line: string) => void): void {
  const con = vm.newObject();
  const log = vm.newFunction('log', (...args) => {
    const line = args
      .map((a) => {
        const v = vm.dump(a);
        return typeof v === 'string' ? v : JSON.stringify(v);
      })
      .join(' ');
    if (logs.length < 1000) logs.push(line);
    onLog?.(line + '\n');
  });
  vm.setProp(con, 'log', log);
  vm.setProp(con, 'error', log);
  vm.setProp(vm.global, 'console', con);
  log.dispose();
  con.dispose();
}

/** `readFile(path)` → Promise<string>: UTF-8 text of a file inside the project (after realpath). */
function installReadFile(vm: QuickJSContext, projectRoot: string): void {
  const fn = vm.newFunction('readFile', (pathHandle) => {
    const p = vm.typeof(pathHandle) === 'string' ? vm.getString(pathHandle) : undefined;
    const deferred = vm.newPromise();
    void (async () => {
      try {
        if (p === undefined) throw new Error('readFile: the path must be a string');
        const r = await resolveInProject(projectRoot, p);
        if (!r.inside) throw new Error(`readFile: ${r.reason}`);
        const st = await stat(r.abs);
        if (!st.isFile()) throw new Error(`readFile: ${p} is not a file`);
        if (st.size > MAX_READ_BYTES) throw new Error(`readFile: ${p} is ${st.size} bytes, over the ${MAX_READ_BYTES}-byte limit`);
        const text = await readFile(r.abs, 'utf8');
        if (!deferred.alive) return;
        const h = vm.newString(text);
        deferred.resolve(h);
        h.dispose();
      } catch (err) {
        if (!deferred.alive) return;
        const e = vm.newError((err as Error).message);
        deferred.reject(e);
        e.dispose();
      } finally {
        hostSettled();
      }
    })();
    return deferred.handle;
  });
  vm.setProp(vm.global, 'readFile', fn);
  fn.dispose();
}
