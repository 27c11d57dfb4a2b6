/**
 * The output FIFO of a run with `outputVia: 'pipe'`: the command's stdout and stderr, merged, reach
 * us through a named pipe instead of the pty, so programs see a pipe (no colours, pagers or progress
 * redraws) and bulk output is read 64 KB at a time instead of the ≤ 4 KB a pty read gives on Linux.
 *
 * - The FIFO lives in a private directory (mkdtemp: 0700; the FIFO itself 0600), removed by close().
 *   Node has no mkfifo, so the `mkfifo` program makes it.
 * - We open it O_RDWR | O_NONBLOCK before the command starts. On Linux a FIFO opened O_RDWR never
 *   blocks and, holding a writer itself, never reads a premature EOF: the wrapper's open for writing
 *   returns at once, and the stream does not end between writers. It never ends at all, so the end
 *   of the output is the wrapper's end marker (exitHandshake.ts), not EOF.
 * - It is read through `net.Socket({ fd })`: Node sees a FIFO fd as a pipe and reads it with libuv's
 *   stream reads (64 KB chunks, readStop/readStart for pause/resume), which is what makes it fast.
 * - The fd is opened O_CLOEXEC (libuv always does), so the command never holds our read end: once we
 *   close it, a background writer that outlived the command gets EPIPE instead of filling a pipe
 *   nobody reads.
 */
import { execFile } from 'node:child_process';
import { close as closeCb, constants, open as openCb, readSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { SentinelScanner } from './sentinel.js';
import { wholeCharacters, type ByteSink } from './utf8.js';

const execFileP = promisify(execFile);
const openP = promisify(openCb);
const closeP = promisify(closeCb);

/** What drain() reads at most: the pipe's buffer and a little more, never an endless writer. */
const MAX_DRAIN_BYTES = 4 * 1024 * 1024;

export interface OutputFifo {
  /** The FIFO's path, for the wrapper to open for writing. */
  readonly path: string;
  /** The private directory holding it. */
  readonly dir: string;
  /**
   * Starts reading: bytes before the end marker go to `sink` on whole UTF-8 characters; after the
   * marker nothing more is passed on.
   */
  read(endMarker: SentinelScanner, sink: (chunk: Buffer) => void): void;
  pause(): void;
  resume(): void;
  /**
   * The end of reading. Takes, synchronously, what is already here — the socket's buffer, then the
   * pipe until it is empty — stopping at the end marker, and passes on what was held back; nothing
   * is passed on after it. Called once the wrapper has exited: whatever the command wrote before
   * it ended is in the pipe by then (the marker too, unless the group was killed), so nothing needs
   * waiting for.
   */
  finish(): void;
  /** Closes our end and removes the directory. Safe to call more than once. */
  close(): Promise<void>;
}

export async function openOutputFifo(): Promise<OutputFifo> {
  const dir = await mkdtemp(path.join(tmpdir(), 'cc-fifo-'));
  const fifoPath = path.join(dir, 'out');
  let fd: number | undefined;
  try {
    await execFileP('mkfifo', ['-m', '600', '--', fifoPath]);
    fd = await openP(fifoPath, constants.O_RDWR | constants.O_NONBLOCK);
    return fifoReader(dir, fifoPath, fd);
  } catch (err) {
    if (fd !== undefined) await closeP(fd).catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
    throw new Error(`cannot make the output pipe: ${(err as Error).message}`);
  }
}

function fifoReader(dir: string, fifoPath: string, fd: number): OutputFifo {
  const socket = new Socket({ fd, readable: true, writable: false });
  // A read error ends our reading; the pty side still decides when the run is over.
  socket.on('error', () => undefined);
  let closing: Promise<void> | undefined;
  let run: { marker: SentinelScanner; out: ByteSink } | undefined;
  const feed = (chunk: Buffer) => {
    if (!run || run.marker.found) return;
    const bytes = run.marker.feed(chunk);
    if (bytes.length) run.out.write(bytes);
    if (run.marker.found) run.out.end();
  };
  const wanted = () => run !== undefined && !run.marker.found;

  return {
    path: fifoPath,
    dir,
    read(marker, sink) {
      run = { marker, out: wholeCharacters(sink) };
      socket.on('data', feed);
    },
    pause: () => socket.pause(),
    resume: () => socket.resume(),
    finish() {
      const r = run;
      if (!r || closing) return;
      // read() hands what the stream holds to the 'data' listener (it emits 'data' in paused mode too).
      socket.pause();
      while (wanted() && socket.read() !== null);
      // Then the pipe itself, behind libuv's back: a plain non-blocking read(2) until EAGAIN.
      for (let budget = MAX_DRAIN_BYTES; wanted() && budget > 0;) {
        const buf = Buffer.allocUnsafe(64 * 1024);
        let n: number;
        try {
          n = readSync(fd, buf, 0, buf.length, null);
        } catch {
          break; // EAGAIN: the pipe is empty
        }
        if (n <= 0) break;
        budget -= n;
        feed(buf.subarray(0, n));
      }
      socket.removeListener('data', feed);
      run = undefined;
      if (!r.marker.found) {
        r.out.write(r.marker.flush());
        r.out.end();
      }
    },
    close() {
      closing ??= (async () => {
        socket.destroy();
        await rm(dir, { recursive: true, force: true });
      })();
      return closing;
    },
  };
}
