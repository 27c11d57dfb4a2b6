/**
 * The `shell` environment: one command on a pseudo-terminal (node-pty), in the project folder, with
 * a scrubbed environment. Output goes through an OutputPipeline (UTF-8 safe, batched, logged in
 * full, head + tail kept) with flow control: the pty is paused while the log lags. Cancel and
 * timeout end the whole process group, not just the shell.
 */
import { spawn as ptySpawn, type IPty } from 'node-pty';
import { DEFAULT_KILL_GRACE_MS, groupAlive, killGroup } from './processGroup.js';
import { createHandshake } from './exitHandshake.js';
import { OutputPipeline, type OutputSummary } from './output.js';

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

export function defaultShell(): string {
  // The user's login shell only when it is a POSIX one we know reads `-c`; else bash.
  const s = process.env.SHELL;
  return s && /\/(bash|zsh|sh|dash|ksh)$/.test(s) ? s : '/bin/bash';
}

export function startPty(opts: PtyRunOptions): PtyHandle {
  const argv = opts.argv ?? [opts.shell ?? defaultShell(), '-c', opts.command ?? ''];
  if (argv.length === 0 || !argv[0]) throw new Error('nothing to run: empty argv');
  if (opts.argv === undefined && !opts.command) throw new Error('nothing to run: empty command');
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
    pause: () => holder.pty?.pause(),
    resume: () => holder.pty?.resume(),
  });
  const handshake = createHandshake(() => holder.pty?.write('\n'));
  const wrapped = handshake.wrap(argv);
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
    killer = killGroup(pid, graceMs);
    void Promise.resolve(opts.onKill?.()).catch(() => undefined);
  };

  const dataSub = pty.onData((d: string | Buffer) => {
    const out = handshake.feed(typeof d === 'string' ? Buffer.from(d) : d);
    if (out.length) pipeline.write(out);
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
      // The leader is gone; members that ignored SIGTERM get SIGKILL at the end of the grace period.
      if (killer) {
        if (groupAlive(pid)) await killer.done;
        else killer.cancel();
      }
      dataSub.dispose();
      const rest = handshake.flush();
      if (rest.length) pipeline.write(rest);
      const summary = await pipeline.close();
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

export function runPty(opts: PtyRunOptions): Promise<PtyRunResult> {
  return startPty(opts).done;
}
