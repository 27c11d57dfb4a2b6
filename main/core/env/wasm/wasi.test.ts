import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runWasi } from './wasi.js';
import { WASI_ERRNO_NOTCAPABLE, WASI_OFLAG_CREAT, WASI_RIGHT_FD_READ, WASI_RIGHT_FD_WRITE, wasiProbeModule } from './wasiTestModule.js';

function setup(mod: Uint8Array) {
  const base = realpathSync(mkdtempSync(path.join(tmpdir(), 'cc-wasi-')));
  const root = path.join(base, 'p');
  mkdirSync(root);
  writeFileSync(path.join(root, 'in.txt'), 'x');
  const wasmPath = path.join(base, 'probe.wasm');
  writeFileSync(wasmPath, mod);
  return { root, wasmPath, logPath: path.join(base, 'out.log') };
}

describe('WASI modules (node:wasi in a worker)', () => {
  it('runs a module with the project preopened and captures its stdout', async () => {
    const s = setup(wasiProbeModule({ path: 'in.txt', oflags: 0, rights: WASI_RIGHT_FD_READ }));
    expect(await runWasi({ wasmPath: s.wasmPath, projectRoot: s.root, logPath: s.logPath })).toEqual({ ok: true, exitCode: 0 });
    expect(readFileSync(s.logPath, 'utf8')).toBe('wasi says hello\n');
  });

  it('cannot open a path outside the preopened project', async () => {
    const s = setup(wasiProbeModule({ path: '../in.txt', oflags: 0, rights: WASI_RIGHT_FD_READ }));
    expect(await runWasi({ wasmPath: s.wasmPath, projectRoot: s.root, logPath: s.logPath })).toEqual({
      ok: true,
      exitCode: WASI_ERRNO_NOTCAPABLE,
    });
  });

  it('is read-only unless write is granted', async () => {
    const s = setup(wasiProbeModule({ path: 'new.txt', oflags: WASI_OFLAG_CREAT, rights: WASI_RIGHT_FD_WRITE }));
    expect(await runWasi({ wasmPath: s.wasmPath, projectRoot: s.root, logPath: s.logPath })).toEqual({
      ok: true,
      exitCode: WASI_ERRNO_NOTCAPABLE,
    });
    expect(existsSync(path.join(s.root, 'new.txt'))).toBe(false);
    expect(await runWasi({ wasmPath: s.wasmPath, projectRoot: s.root, logPath: s.logPath, writable: true })).toEqual({
      ok: true,
      exitCode: 0,
    });
    expect(existsSync(path.join(s.root, 'new.txt'))).toBe(true);
  });

  it('reports a module that is not WebAssembly', async () => {
    const s = setup(new Uint8Array([1, 2, 3]));
    expect(await runWasi({ wasmPath: s.wasmPath, projectRoot: s.root, logPath: s.logPath })).toMatchObject({ ok: false, kind: 'error' });
  });
});
