/** Test support: a CliIo on in-memory streams (stdin ended, a TTY when `tty`), and what was written. */
import { PassThrough } from 'node:stream';
import type { CliIo } from './io.js';

export function memoryIo(opts: { env: NodeJS.ProcessEnv; input?: string; tty?: boolean }): {
  io: CliIo;
  out: () => string;
  err: () => string;
} {
  const stdin = Object.assign(new PassThrough(), opts.tty ? { isTTY: true } : {});
  stdin.end(opts.input ?? '');
  let out = '';
  let err = '';
  const stdout = new PassThrough().on('data', (d) => (out += d));
  const stderr = new PassThrough().on('data', (d) => (err += d));
  return { io: { stdin, stdout, stderr, env: opts.env }, out: () => out, err: () => err };
}
