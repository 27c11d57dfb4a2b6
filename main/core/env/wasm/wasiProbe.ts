/**
 * A tiny WASI program assembled byte by byte (no toolchain on the machine): it writes a line to
 * stdout, calls `path_open` on one path with the given flags and rights, and exits with the errno
 * (0 on success). `codecoder doctor` runs it to prove WASI works here; the tests' modules
 * (wasiModules.testkit.ts) are built with the same encoders.
 */

export function uleb(n: number): number[] {
  const out: number[] = [];
  do {
    let b = n & 0x7f;
    n >>>= 7;
    if (n !== 0) b |= 0x80;
    out.push(b);
  } while (n !== 0);
  return out;
}

export function sleb(v: bigint): number[] {
  const out: number[] = [];
  for (;;) {
    const b = Number(v & 0x7fn);
    v >>= 7n;
    const done = (v === 0n && (b & 0x40) === 0) || (v === -1n && (b & 0x40) !== 0);
    out.push(done ? b : b | 0x80);
    if (done) return out;
  }
}

export const str = (s: string) => [...uleb(Buffer.byteLength(s)), ...Buffer.from(s)];
export const section = (id: number, body: number[]) => [id, ...uleb(body.length), ...body];
export const vec = (items: number[][]) => [...uleb(items.length), ...items.flat()];

export const WASI_OFLAG_CREAT = 1;
export const WASI_OFLAG_TRUNC = 8;
export const WASI_RIGHT_FD_READ = 2n;
export const WASI_RIGHT_FD_WRITE = 64n;
export const WASI_ERRNO_NOTCAPABLE = 76;

export function wasiProbeModule(opts: { path: string; oflags: number; rights: bigint; stdoutLine?: string }): Uint8Array {
  const I32 = 0x7f;
  const I64 = 0x7e;
  const line = opts.stdoutLine ?? 'wasi says hello\n';
  const types = vec([
    [0x60, ...vec([[I32], [I32], [I32], [I32], [I32], [I64], [I64], [I32], [I32]]), ...vec([[I32]])], // path_open
    [0x60, ...vec([[I32]]), ...vec([])], // proc_exit
    [0x60, ...vec([[I32], [I32], [I32], [I32]]), ...vec([[I32]])], // fd_write
    [0x60, ...vec([]), ...vec([])], // _start
  ]);
  const mod = 'wasi_snapshot_preview1';
  const imports = vec([
    [...str(mod), ...str('path_open'), 0x00, 0],
    [...str(mod), ...str('proc_exit'), 0x00, 1],
    [...str(mod), ...str('fd_write'), 0x00, 2],
  ]);
  const i32 = (n: number) => [0x41, ...sleb(BigInt(n))];
  const i64 = (n: bigint) => [0x42, ...sleb(n)];
  const PATH = 16;
  const LINE = 1024;
  const IOV = 2048;
  const body = [
    ...i32(1),
    ...i32(IOV),
    ...i32(1),
    ...i32(IOV + 16),
    0x10,
    2,
    0x1a, // fd_write(stdout) ; drop
    ...i32(3),
    ...i32(1),
    ...i32(PATH),
    ...i32(Buffer.byteLength(opts.path)),
    ...i32(opts.oflags),
    ...i64(opts.rights),
    ...i64(0n),
    ...i32(0),
    ...i32(IOV + 32),
    0x10,
    0, // path_open(preopen 3, …)
    0x10,
    1, // proc_exit(errno)
    0x0b,
  ];
  const code = vec([[...uleb(body.length + 1), 0, ...body]]);
  const le32 = (n: number) => [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, (n >> 24) & 0xff];
  const data = vec([
    [0, ...i32(PATH), 0x0b, ...uleb(Buffer.byteLength(opts.path)), ...Buffer.from(opts.path)],
    [0, ...i32(LINE), 0x0b, ...uleb(Buffer.byteLength(line)), ...Buffer.from(line)],
    [0, ...i32(IOV), 0x0b, ...uleb(8), ...le32(LINE), ...le32(Buffer.byteLength(line))],
  ]);
  return Uint8Array.from([
    0x00,
    0x61,
    0x73,
    0x6d,
    0x01,
    0x00,
    0x00,
    0x00,
    ...section(1, types),
    ...section(2, imports),
    ...section(3, vec([[3]])),
    ...section(5, vec([[0x00, 1]])),
    ...section(
      7,
      vec([
        [...str('memory'), 0x02, 0],
        [...str('_start'), 0x00, 3],
      ]),
    ),
    ...section(10, code),
    ...section(11, data),
  ]);
}
