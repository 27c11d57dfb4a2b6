/**
 * The `shell` environment: one command on a pseudo-terminal (node-pty), in the project folder, with
 * a scrubbed environment. Output goes through an OutputPipeline (UTF-8 safe, batched, logged in
 * full, head + tail kept) with flow control: the producer is paused while the log lags. Cancel and
 * timeout end the whole process group, not just the shell.
 *
 * Where the command's stdout and stderr go (`outputVia`):
 * - 'pty' (the default): to the pty, as in a terminal (colours, progress bars, CRLF line ends).
 * - 'pipe': merged into one FIFO (outputFifo.ts). The pty stays the command's controlling terminal
 *   and stdin, and what a program writes to /dev/tty is still read and merged into the output. A
 *   pty read on Linux returns at most about 4 KB, a pipe read 64 KB: bulk output is several times
 *   faster. Making the FIFO is asynchronous, so this mode starts with startCommand().
 */
import { spawn as ptySpawn, type IPty } from 'node-pty';
import { DEFAULT_KILL_GRACE_MS, killGroup, runAlive } from './processGroup.js';
import { createFifoEndScanner, createHandshake } from './exitHandshake.js';
import { OutputPipeline, type OutputSummary } from './output.js';
import { openOutputFifo, type OutputFifo } from './outputFifo.js';
import { wholeCharacters } from './utf8.js';

export interface PtyRunOptions {
  /** Run through the shell: `<shell> -c <command>`. */
  command?: string;
  /** Or an exact argv (the sandbox and container runners build theirs). */
  argv?: string[];
  cwd: string;
  env: Record<string, string>;
  shell?: string;
  timeoutMs?: number;
  signal?: AbortSignal;
  onText?: (text: string) => void;
  logPath?: string;
  headChars?: number;
  tailChars?: number;
  batchMs?: number;
  batchBytes?: number;
  highWaterBytes?: number;
  killGraceMs?: number;
  cols?: number;
  rows?: number;
  /** Where stdout and stderr go: the pty (default) or one pipe (needs startCommand). */
  outputVia?: 'pty' | 'pipe';
  /** Extra clean-up when the run is cancelled or timed out (e.g. `podman rm -f`). */
  onKill?: () => Promise<void> | void;
}

export type EndReason = 'exit' | 'timeout' | 'cancelled' | 'killed';

export interface PtyRunResult extends OutputSummary {
  exitCode: number | null;
  /** The signal number that ended the leader, if any. */
  signal: number | null;
  reason: EndReason;
  pid: number;
  durationMs: number;
}

export interface PtyHandle {
  pid: number;
  done: Promise<PtyRunResult>;
  /** Ends the process group (SIGTERM, then SIGKILL after the grace period). */
  kill(reason?: EndReason): void;
  readonly running: boolean;
  /** Bytes produced so far. */
  readonly bytes: number;
}

/**
 * Always bash, whatever the user's login shell: the permission engine parsed the command as bash
 * (mvdan-sh in bash mode), and another shell reads the same text differently — zsh runs code in
 * glob qualifiers like `*(e:…:)` and expands `=cmd`, which bash treats as plain words.
 */
export function defaultShell(): string {
  return '/bin/bash';
}

/** Starts a run whose output goes to the pty. For `outputVia: 'pipe'` use startCommand. */
export function startPty(opts: PtyRunOptions): PtyHandle {
  if (opts.outputVia === 'pipe') throw new Error("outputVia 'pipe' needs its FIFO made first: use startCommand");
  return spawnRun(opts, commandArgv(opts));
}

/** Starts a run in either output mode; in 'pipe' mode the FIFO is made (and later removed) here. */
export async function startCommand(opts: PtyRunOptions): Promise<PtyHandle> {
  if (opts.outputVia !== 'pipe') return startPty(opts);
  const argv = commandArgv(opts);
  const fifo = await openOutputFifo();
  try {
    return spawnRun(opts, argv, fifo);
  } catch (err) {
    await fifo.close();
    throw err;
  }
}

function commandArgv(opts: PtyRunOptions): string[] {
  const argv = opts.argv ?? [opts.shell ?? defaultShell(), '-c', opts.command ?? ''];
  if (argv.length === 0 || !argv[0]) throw new Error('nothing to run: empty argv');
  if (opts.argv === undefined && !opts.command) throw new Error('nothing to run: empty command');
  return argv;
}

function spawnRun(opts: PtyRunOptions, argv: string[], fifo?: OutputFifo): PtyHandle {
  const started = Date.now();
  // The pipeline and the handshake need the pty, which needs them first: bound late through a holder.
  const holder: { pty?: IPty } = {};
  const pipeline = new OutputPipeline({
    onText: opts.onText,
    logPath: opts.logPath,
    headChars: opts.headChars,
    tailChars: opts.tailChars,
    batchMs: opts.batchMs,
    batchBytes: opts.batchBytes,
    highWaterBytes: opts.highWaterBytes,
    pause: () => {
      holder.pty?.pause();
      fifo?.pause();
    },
    resume: () => {
      holder.pty?.resume();
      fifo?.resume();
    },
  });
  const handshake = createHandshake(() => holder.pty?.write('\n'));
  const wrapped = handshake.wrap(argv, fifo?.path);
  const pty = (holder.pty = ptySpawn(wrapped[0]!, wrapped.slice(1), {
    name: 'xterm-256color',
    cols: opts.cols ?? 200,
    rows: opts.rows ?? 50,
    cwd: opts.cwd,
    env: { ...opts.env, CODECODER_EXIT_TOKEN: handshake.token },
    // Bytes, not strings: the pipeline decodes them so a character split across reads stays whole
    // and the log gets exactly what was written.
    encoding: null,
  }));
  const pid = pty.pid;
  let running = true;
  let reason: EndReason = 'exit';
  let killer: ReturnType<typeof killGroup> | undefined;
  const graceMs = opts.killGraceMs ?? DEFAULT_KILL_GRACE_MS;

  const kill = (why: EndReason = 'killed') => {
    if (!running || killer) return;
    reason = why;
    killer = killGroup(pid, graceMs, handshake.token);
    void Promise.resolve(opts.onKill?.()).catch(() => undefined);
  };

  // With two streams into one pipeline, each is cut on whole characters before they meet.
  const write = (b: Buffer) => pipeline.write(b);
  const ptyOut = fifo ? wholeCharacters(write) : { write, end: () => undefined };
  fifo?.read(createFifoEndScanner(handshake.token), write);
  const dataSub = pty.onData((d: string | Buffer) => {
    const out = handshake.feed(typeof d === 'string' ? Buffer.from(d) : d);
    if (out.length) ptyOut.write(out);
  });
  const timer = opts.timeoutMs && opts.timeoutMs > 0 ? setTimeout(() => kill('timeout'), opts.timeoutMs) : undefined;
  const onAbort = () => kill('cancelled');
  if (opts.signal?.aborted) queueMicrotask(onAbort);
  else opts.signal?.addEventListener('abort', onAbort, { once: true });

  const done = new Promise<PtyRunResult>((resolve) => {
    pty.onExit(async ({ exitCode, signal }) => {
      running = false;
      if (timer) clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onAbort);
      let summary: OutputSummary;
      try {
        // The leader is gone; members that ignored SIGTERM get SIGKILL at the end of the grace period.
        if (killer) {
          if (runAlive(pid, handshake.token)) await killer.done;
          else killer.cancel();
        }
        dataSub.dispose();
        const rest = handshake.flush();
        if (rest.length) ptyOut.write(rest);
        ptyOut.end();
        // The wrapper has exited: what the command wrote (and the end marker) is in the FIFO now.
        fifo?.finish();
      } finally {
        await fifo?.close();
        summary = await pipeline.close();
      }
      resolve({
        ...summary,
        exitCode: handshake.exitCode ?? (signal ? null : exitCode),
        signal: signal || null,
        reason,
        pid,
        durationMs: Date.now() - started,
      });
    });
  });

  return {
    pid,
    done,
    kill,
    get running() {
      return running;
    },
    get bytes() {
      return pipeline.bytes;
    },
  };
}

/** Runs to the end, in either output mode. */
export async function runPty(opts: PtyRunOptions): Promise<PtyRunResult> {
  return (await startCommand(opts)).done;
}
