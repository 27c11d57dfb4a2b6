/**
 * Background processes of one project, in memory: started by run_command with `background: true`,
 * read with process_output, stopped with process_kill. Output is not kept in memory: it is read back
 * from the run's log file by byte offset, so a chatty server costs disk, not RAM.
 */
import { open } from 'node:fs/promises';
import { type PtyHandle, type PtyRunResult, utf8Boundary } from '../../env/index.js';

export type ProcessState = 'running' | 'exited' | 'killed' | 'timeout';

export interface BackgroundProcess {
  id: string;
  command: string;
  pid: number;
  logPath: string;
  startedAt: number;
  state: ProcessState;
  exitCode: number | null;
  handle: PtyHandle;
  done: Promise<PtyRunResult>;
}

export interface OutputSlice {
  text: string;
  /** Pass back as `offset` to read what follows. */
  nextOffset: number;
  /** Bytes written to the log so far (on disk). */
  available: number;
  more: boolean;
}

export class ProcessTable {
  private readonly procs = new Map<string, BackgroundProcess>();
  private next = 1;

  constructor(readonly maxRunning = 16) {}

  add(command: string, handle: PtyHandle, logPath: string): BackgroundProcess {
    if (this.running().length >= this.maxRunning) {
      throw new Error(`${this.maxRunning} background processes are already running; stop one with process_kill first`);
    }
    const id = `bg${this.next++}`;
    const p: BackgroundProcess = {
      id,
      command,
      pid: handle.pid,
      logPath,
      startedAt: Date.now(),
      state: 'running',
      exitCode: null,
      handle,
      done: handle.done,
    };
    // Records the outcome; `done` never rejects (pty.ts resolves it with the reason the run ended).
    void handle.done.then((r) => {
      p.exitCode = r.exitCode;
      p.state = r.reason === 'exit' ? 'exited' : r.reason === 'timeout' ? 'timeout' : 'killed';
    });
    this.procs.set(id, p);
    return p;
  }

  get(id: string): BackgroundProcess | undefined {
    return this.procs.get(id);
  }

  list(): BackgroundProcess[] {
    return [...this.procs.values()];
  }

  running(): BackgroundProcess[] {
    return this.list().filter((p) => p.state === 'running');
  }

  /** Ends every running process group (app shutdown, project closed). */
  async killAll(): Promise<void> {
    const live = this.running();
    for (const p of live) p.handle.kill('killed');
    await Promise.all(live.map((p) => p.done));
  }
}

/**
 * Reads up to `maxBytes` of a log from `offset`, on UTF-8 character boundaries: a start inside a
 * character skips its continuation bytes, and an incomplete last character is left for next time.
 */
export async function readLogSlice(logPath: string, offset: number, maxBytes: number): Promise<OutputSlice> {
  let fh;
  try {
    fh = await open(logPath, 'r');
  } catch (err) {
    // The log stream opens asynchronously: a process read right after starting has no file yet.
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { text: '', nextOffset: offset, available: 0, more: false };
    throw err;
  }
  try {
    const size = (await fh.stat()).size;
    if (offset >= size) return { text: '', nextOffset: Math.min(offset, size), available: size, more: false };
    const len = Math.min(maxBytes + 4, size - offset);
    const buf = Buffer.alloc(len);
    const { bytesRead } = await fh.read(buf, 0, len, offset);
    let start = 0;
    while (start < bytesRead && (buf[start]! & 0xc0) === 0x80) start++;
    let end = Math.min(bytesRead, start + maxBytes);
    if (end < bytesRead || offset + end === size) end = utf8Boundary(buf, start, end);
    return { text: buf.subarray(start, end).toString('utf8'), nextOffset: offset + end, available: size, more: offset + end < size };
  } finally {
    await fh.close();
  }
}
