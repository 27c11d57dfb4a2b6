import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runWasi } from './wasi.js';
import {
  WASI_ERRNO_NOTCAPABLE,
  WASI_OFLAG_CREAT,
  WASI_RIGHT_FD_READ,
  WASI_RIGHT_FD_WRITE,
  wasiEchoModule,
  wasiProbeModule,
  wasiSymlinkModule,
} from './wasiModules.testkit.js';
import { useTempDir } from '../../fs/tempDir.testkit.js';

const tempDirs = useTempDir();

function setup(mod: Uint8Array) {
  const base = tempDirs.sync('cc-wasi-');
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

  it('does not follow a directory symlink out of the project (node:wasi alone would), for reading or writing', async () => {
    const s = setup(new Uint8Array([1, 2, 3]));
    const outside = path.join(path.dirname(s.root), 'outside');
    mkdirSync(outside);
    writeFileSync(path.join(outside, 'secret'), 's');
    symlinkSync(outside, path.join(s.root, 'out'));
    mkdirSync(path.join(s.root, 'sub'));
    writeFileSync(path.join(s.root, 'sub/ok.txt'), 'ok');
    symlinkSync('sub', path.join(s.root, 'inner'));
    const run = (mod: Uint8Array, writable = false) => runWasi({ module: mod, projectRoot: s.root, logPath: s.logPath, writable });
    const read = (p: string) => wasiProbeModule({ path: p, oflags: 0, rights: WASI_RIGHT_FD_READ });
    expect(await run(read('out/secret'))).toEqual({ ok: true, exitCode: WASI_ERRNO_NOTCAPABLE });
    expect(await run(read('sub/../out/secret'))).toEqual({ ok: true, exitCode: WASI_ERRNO_NOTCAPABLE });
    expect(await run(read('inner/ok.txt'))).toEqual({ ok: true, exitCode: 0 });
    const create = wasiProbeModule({ path: 'out/new', oflags: WASI_OFLAG_CREAT, rights: WASI_RIGHT_FD_WRITE });
    expect(await run(create, true)).toEqual({ ok: true, exitCode: WASI_ERRNO_NOTCAPABLE });
    expect(existsSync(path.join(outside, 'new'))).toBe(false);
    const createInside = wasiProbeModule({ path: 'inner/new', oflags: WASI_OFLAG_CREAT, rights: WASI_RIGHT_FD_WRITE });
    expect(await run(createInside, true)).toEqual({ ok: true, exitCode: 0 });
    expect(existsSync(path.join(s.root, 'sub/new'))).toBe(true);
    // Nor can a writable module make its own way out.
    expect(await run(wasiSymlinkModule('/', 'escape'), true)).toEqual({ ok: true, exitCode: WASI_ERRNO_NOTCAPABLE });
    expect(existsSync(path.join(s.root, 'escape'))).toBe(false);
  });

  it('runs module bytes given in memory, with argv[0], arguments and an environment of our choosing', async () => {
    const s = setup(new Uint8Array([1, 2, 3]));
    const r = await runWasi({
      module: wasiEchoModule({ exitCode: 4 }),
      projectRoot: s.root,
      logPath: s.logPath,
      argv0: 'tool',
      args: ['a b', '{"x":1}'],
      env: { ONLY: 'this' },
    });
    expect(r).toEqual({ ok: true, exitCode: 4 });
    expect(readFileSync(s.logPath, 'utf8')).toBe('tool\na b\n{"x":1}\nONLY=this\n');
  });

  it('reports a module that is not WebAssembly', async () => {
    const s = setup(new Uint8Array([1, 2, 3]));
    expect(await runWasi({ wasmPath: s.wasmPath, projectRoot: s.root, logPath: s.logPath })).toMatchObject({ ok: false, kind: 'error' });
  });
});
