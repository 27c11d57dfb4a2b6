/**
 * One hook process: its JSON on stdin, stdout and stderr read apart and capped, in its own process
 * group, ended (the whole group, and anything carrying its token) when it exits, times out, prints
 * more than the cap, or the run is stopped. Never throws and never hangs: every way it can go wrong
 * is an outcome.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { killGroup } from '../env/index.js';

export interface SpawnHookOptions {
  argv: string[];
  env: Record<string, string>;
  cwd: string;
  input: string;
  timeoutMs: number;
  /** Per stream; past it the hook is ended and its output is not read as an answer. */
  maxOutputBytes: number;
  signal?: AbortSignal;
  /** How long the group gets after SIGTERM before SIGKILL. */
  killGraceMs?: number;
  /** Called when the hook is ended early (timeout, overflow, Stop): a container hook's container is removed. */
  onEnd?: () => void;
}

export interface SpawnedHook {
  exitCode: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  /** Ended by the run's signal (Stop). */
  aborted: boolean;
  /** A stream passed the cap. */
  overflow: boolean;
  /** It could not be started (no shell, bad cwd, …). */
  startError?: string;
}

/** After the hook exits, how long its streams get to close (a background child holding them is ended). */
const DRAIN_MS = 200;

export function spawnHook(o: SpawnHookOptions): Promise<SpawnedHook> {
  return new Promise((resolve) => {
    const token = randomBytes(12).toString('hex');
    const out = { stdout: [] as Buffer[], stderr: [] as Buffer[], bytes: { stdout: 0, stderr: 0 } };
    let timedOut = false;
    let aborted = false;
    let overflow = false;
    let exitCode: number | null = null;
    let finished = false;
    let killed = false;
    const timers: NodeJS.Timeout[] = [];

    if (o.signal?.aborted) {
      resolve({ exitCode: null, stdout: '', stderr: '', timedOut: false, aborted: true, overflow: false });
      return;
    }
    let child;
    try {
      child = spawn(o.argv[0]!, o.argv.slice(1), {
        cwd: o.cwd,
        env: { ...o.env, CODECODER_EXIT_TOKEN: token },
        // Its own process group (and session): Stop and the timeout end all of it.
        detached: true,
        stdio: ['pipe', 'pipe', 'pipe'],
      });
    } catch (err) {
      resolve({
        exitCode: null,
        stdout: '',
        stderr: '',
        timedOut: false,
        aborted: false,
        overflow: false,
        startError: (err as Error).message,
      });
      return;
    }
    const pid = child.pid;
    const endGroup = () => {
      if (killed || pid === undefined) return;
      killed = true;
      killGroup(pid, o.killGraceMs ?? 500, token);
      o.onEnd?.();
    };
    const finish = (startError?: string) => {
      if (finished) return;
      finished = true;
      for (const t of timers) clearTimeout(t);
      o.signal?.removeEventListener('abort', onAbort);
      // Exited by itself: whatever it left in its group goes too (one signal, no scan of the
      // process table — that is for a hook ended early, which may have started more).
      if (!killed && pid !== undefined) {
        try {
          process.kill(-pid, 'SIGKILL');
        } catch {
          // The group is already empty.
        }
      }
      resolve({
        exitCode,
        stdout: Buffer.concat(out.stdout).toString('utf8'),
        stderr: Buffer.concat(out.stderr).toString('utf8'),
        timedOut,
        aborted,
        overflow,
        ...(startError ? { startError } : {}),
      });
    };
    const onAbort = () => {
      aborted = true;
      endGroup();
      finish();
    };
    o.signal?.addEventListener('abort', onAbort, { once: true });
    timers.push(
      setTimeout(() => {
        timedOut = true;
        endGroup();
        finish();
      }, o.timeoutMs),
    );
    const collect = (name: 'stdout' | 'stderr') => (chunk: Buffer) => {
      if (finished) return;
      const room = o.maxOutputBytes - out.bytes[name];
      if (chunk.length > room) {
        if (room > 0) out[name].push(chunk.subarray(0, room));
        out.bytes[name] = o.maxOutputBytes;
        overflow = true;
        endGroup();
        finish();
        return;
      }
      out[name].push(chunk);
      out.bytes[name] += chunk.length;
    };
    child.stdout.on('data', collect('stdout'));
    child.stderr.on('data', collect('stderr'));
    child.on('error', (err) => finish(err.message));
    child.on('exit', (code) => {
      exitCode = code;
      timers.push(setTimeout(finish, DRAIN_MS));
    });
    child.on('close', () => finish());
    // A hook that never reads its input must not fail the run (EPIPE).
    child.stdin.on('error', () => {});
    child.stdin.end(o.input);
  });
}
