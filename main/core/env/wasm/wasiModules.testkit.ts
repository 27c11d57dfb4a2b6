/**
 * Test support: WASI modules assembled byte by byte for the tests of node:wasi runs and of
 * capabilities (echo, write a file, spin, make a symlink), on the encoders of wasiProbe.ts.
 */
import { sleb, str, section, uleb, vec, WASI_RIGHT_FD_WRITE } from './wasiProbe.js';

export {
  WASI_ERRNO_NOTCAPABLE,
  WASI_OFLAG_CREAT,
  WASI_OFLAG_TRUNC,
  WASI_RIGHT_FD_READ,
  WASI_RIGHT_FD_WRITE,
  wasiProbeModule,
} from './wasiProbe.js';

// ---- A small assembler for the capability tests: imports, one `_start`, memory and data. ----

const I32 = 0x7f;
const I64 = 0x7e;
const op = {
  block: [0x02, 0x40],
  loop: [0x03, 0x40],
  if: [0x04, 0x40],
  end: [0x0b],
  br: (depth: number) => [0x0c, depth],
  brIf: (depth: number) => [0x0d, depth],
  call: (fn: number) => [0x10, ...uleb(fn)],
  drop: [0x1a],
  get: (local: number) => [0x20, local],
  set: (local: number) => [0x21, local],
  i32: (n: number) => [0x41, ...sleb(BigInt(n))],
  i64: (n: bigint) => [0x42, ...sleb(n)],
  load: [0x28, 2, 0],
  load8u: [0x2d, 0, 0],
  store: [0x36, 2, 0],
  store8: [0x3a, 0, 0],
  eqz: [0x45],
  geU: [0x4f],
  add: [0x6a],
};

export interface WasmImport {
  module?: string;
  name: string;
  params: number[];
  results?: number[];
}

export interface WasmModuleSpec {
  imports: WasmImport[];
  /** Body of `_start` (function index = imports.length), without its final `end`. */
  body: number[];
  /** How many i32 locals `_start` has. */
  locals?: number;
  data?: { offset: number; bytes: Uint8Array | number[] }[];
  exportStart?: boolean;
  exportMemory?: boolean;
}

/** Assembles a module with one page of memory; `_start` and `memory` exported unless told not to. */
export function buildWasmModule(spec: WasmModuleSpec): Uint8Array {
  const types = vec([
    ...spec.imports.map((i) => [0x60, ...vec(i.params.map((p) => [p])), ...vec((i.results ?? []).map((r) => [r]))]),
    [0x60, ...vec([]), ...vec([])],
  ]);
  const imports = vec(spec.imports.map((i, n) => [...str(i.module ?? 'wasi_snapshot_preview1'), ...str(i.name), 0x00, ...uleb(n)]));
  const startIndex = spec.imports.length;
  const locals = spec.locals ? vec([[...uleb(spec.locals), I32]]) : vec([]);
  const fn = [...locals, ...spec.body, ...op.end];
  const exports: number[][] = [];
  if (spec.exportMemory !== false) exports.push([...str('memory'), 0x02, 0]);
  if (spec.exportStart !== false) exports.push([...str('_start'), 0x00, ...uleb(startIndex)]);
  const data = (spec.data ?? []).map((d) => [0, ...op.i32(d.offset), ...op.end, ...uleb(d.bytes.length), ...d.bytes]);
  return Uint8Array.from([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(1, types),
    ...section(2, imports),
    ...section(3, vec([uleb(startIndex)])),
    ...section(5, vec([[0x00, 1]])),
    ...section(7, vec(exports)),
    ...section(10, vec([[...uleb(fn.length), ...fn]])),
    ...(data.length ? section(11, vec(data)) : []),
  ]);
}

const WASI = {
  argsSizesGet: { name: 'args_sizes_get', params: [I32, I32], results: [I32] },
  argsGet: { name: 'args_get', params: [I32, I32], results: [I32] },
  environSizesGet: { name: 'environ_sizes_get', params: [I32, I32], results: [I32] },
  environGet: { name: 'environ_get', params: [I32, I32], results: [I32] },
  fdWrite: { name: 'fd_write', params: [I32, I32, I32, I32], results: [I32] },
  procExit: { name: 'proc_exit', params: [I32] },
  pathOpen: { name: 'path_open', params: [I32, I32, I32, I32, I32, I64, I64, I32, I32], results: [I32] },
} satisfies Record<string, WasmImport>;

/** fd_write(fd, one iovec {ptr, *lenAddr}) with the iovec at 16 and the count written at 28; result dropped. */
function writeOut(fdWrite: number, ptr: number, lenAddr: number, fd = 1): number[] {
  return [
    ...op.i32(16),
    ...op.i32(ptr),
    ...op.store,
    ...op.i32(20),
    ...op.i32(lenAddr),
    ...op.load,
    ...op.store,
    ...op.i32(fd),
    ...op.i32(16),
    ...op.i32(1),
    ...op.i32(28),
    ...op.call(fdWrite),
    ...op.drop,
  ];
}

/** Replaces each NUL in [ptr, ptr + *lenAddr) with "\n" (local 0 is the cursor). */
function nulToNewline(ptr: number, lenAddr: number): number[] {
  return [
    ...op.i32(ptr),
    ...op.set(0),
    ...op.block,
    ...op.loop,
    ...op.get(0),
    ...op.i32(ptr),
    ...op.i32(lenAddr),
    ...op.load,
    ...op.add,
    ...op.geU,
    ...op.brIf(1),
    ...op.get(0),
    ...op.load8u,
    ...op.eqz,
    ...op.if,
    ...op.get(0),
    ...op.i32(10),
    ...op.store8,
    ...op.end,
    ...op.get(0),
    ...op.i32(1),
    ...op.add,
    ...op.set(0),
    ...op.br(0),
    ...op.end,
    ...op.end,
  ];
}

/**
 * Prints its argv, then its environment, one entry a line, and exits with `exitCode`: what a
 * capability's module is given. Layout: sizes at 0–15, iovec at 16, argv pointers at 1024, argv
 * strings at 4096, environ pointers at 16384, environ strings at 20480.
 */
export function wasiEchoModule(opts: { exitCode?: number } = {}): Uint8Array {
  const [sizes, args, envSizes, env, fdWrite, exit] = [0, 1, 2, 3, 4, 5];
  return buildWasmModule({
    imports: [WASI.argsSizesGet, WASI.argsGet, WASI.environSizesGet, WASI.environGet, WASI.fdWrite, WASI.procExit],
    locals: 1,
    body: [
      ...op.i32(0),
      ...op.i32(4),
      ...op.call(sizes),
      ...op.drop,
      ...op.i32(1024),
      ...op.i32(4096),
      ...op.call(args),
      ...op.drop,
      ...op.i32(8),
      ...op.i32(12),
      ...op.call(envSizes),
      ...op.drop,
      ...op.i32(16384),
      ...op.i32(20480),
      ...op.call(env),
      ...op.drop,
      ...nulToNewline(4096, 4),
      ...nulToNewline(20480, 12),
      ...writeOut(fdWrite, 4096, 4),
      ...writeOut(fdWrite, 20480, 12),
      ...op.i32(opts.exitCode ?? 0),
      ...op.call(exit),
    ],
  });
}

/**
 * Opens `path` under /project for writing (with `oflags`), writes `content` and exits with the
 * first failing errno (0 when the write went through).
 */
export function wasiWriteModule(opts: { path: string; content: string; oflags?: number }): Uint8Array {
  const [open, fdWrite, exit] = [0, 1, 2];
  const PATH = 1024;
  const TEXT = 2048;
  const len = Buffer.byteLength(opts.content);
  const le32 = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, (n >> 24) & 0xff];
  return buildWasmModule({
    imports: [WASI.pathOpen, WASI.fdWrite, WASI.procExit],
    locals: 1,
    body: [
      ...op.i32(3),
      ...op.i32(0),
      ...op.i32(PATH),
      ...op.i32(Buffer.byteLength(opts.path)),
      ...op.i32(opts.oflags ?? 0),
      ...op.i64(WASI_RIGHT_FD_WRITE),
      ...op.i64(0n),
      ...op.i32(0),
      ...op.i32(32),
      ...op.call(open),
      ...op.set(0),
      ...op.get(0),
      ...op.if,
      ...op.get(0),
      ...op.call(exit),
      ...op.end,
      // fd_write(fd, iovec at 16, 1, &n at 28): the iovec is in the data segment below.
      ...op.i32(32),
      ...op.load,
      ...op.i32(16),
      ...op.i32(1),
      ...op.i32(28),
      ...op.call(fdWrite),
      ...op.call(exit),
    ],
    data: [
      { offset: 16, bytes: [...le32(TEXT), ...le32(len)] },
      { offset: PATH, bytes: [...Buffer.from(opts.path)] },
      { offset: TEXT, bytes: [...Buffer.from(opts.content)] },
    ],
  });
}

/** Writes `line` to stdout, then loops for ever: only a deadline or a cancel ends it. */
export function wasiSpinModule(line = 'spinning\n'): Uint8Array {
  const [fdWrite] = [0];
  const len = Buffer.byteLength(line);
  return buildWasmModule({
    imports: [WASI.fdWrite],
    body: [...op.i32(4), ...op.i32(len), ...op.store, ...writeOut(fdWrite, 1024, 4), ...op.loop, ...op.br(0), ...op.end],
    data: [{ offset: 1024, bytes: [...Buffer.from(line)] }],
  });
}

/** Calls path_symlink(target, /project/<link>) and exits with its errno. */
export function wasiSymlinkModule(target: string, link: string): Uint8Array {
  const [symlink, exit] = [0, 1];
  const T = 1024;
  const L = 2048;
  return buildWasmModule({
    imports: [{ name: 'path_symlink', params: [I32, I32, I32, I32, I32], results: [I32] }, WASI.procExit],
    body: [
      ...op.i32(T),
      ...op.i32(Buffer.byteLength(target)),
      ...op.i32(3),
      ...op.i32(L),
      ...op.i32(Buffer.byteLength(link)),
      ...op.call(symlink),
      ...op.call(exit),
    ],
    data: [
      { offset: T, bytes: [...Buffer.from(target)] },
      { offset: L, bytes: [...Buffer.from(link)] },
    ],
  });
}
