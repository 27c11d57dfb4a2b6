import { readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runPty, startPty } from './pty.js';
import { liveInGroup } from './processes.testkit.js';
import { useTempDir } from '../fs/tempDir.testkit.js';

const tempDirs = useTempDir();

const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: tmpdir(), LANG: 'C.UTF-8' };
const tmp = () => tempDirs.sync('cc-pty-');

describe('the shell environment (node-pty), output on the pty', () => {
  it('streams output and reports the exit code', async () => {
    const chunks: string[] = [];
    const r = await runPty({ command: 'echo one; echo two >&2; exit 7', cwd: tmp(), env, onText: (t) => chunks.push(t) });
    expect(r.exitCode).toBe(7);
    expect(r.reason).toBe('exit');
    expect(chunks.join('')).toContain('one');
    expect(chunks.join('')).toContain('two');
    expect((await runPty({ command: 'true', cwd: tmp(), env })).exitCode).toBe(0);
  });

  it('runs in the given folder with exactly the given environment', async () => {
    const dir = tmp();
    const r = await runPty({ command: 'pwd; echo "k=$ANTHROPIC_API_KEY"', cwd: dir, env });
    expect(r.text).toContain(dir);
    expect(r.text).toContain('k=\r\n');
  });

  it('delivers a megabyte of multi-byte characters with none broken at chunk boundaries', async () => {
    const chunks: string[] = [];
    // 3-byte characters after a 1-byte prefix: pty reads of ~4 KB land inside characters.
    const unit = '€'.repeat(170);
    const r = await runPty({
      command: `printf x; for i in $(seq 1 2000); do printf '${unit}'; done`,
      cwd: tmp(),
      env,
      onText: (t) => chunks.push(t),
    });
    const all = chunks.join('');
    expect(r.exitCode).toBe(0);
    expect(all).not.toContain('\ufffd');
    expect(all.length).toBe(1 + 2000 * 170);
    expect(chunks.length).toBeGreaterThan(1);
  });

  // Both output modes: 'pipe' is the FIFO of ptyPipe.test.ts; the check that flow control pauses it is here.
  it.each(['pty', 'pipe'] as const)(
    'cuts 50 MB of output to head and tail for the model and keeps all of it in the log (output via %s)',
    async (outputVia) => {
      const logPath = path.join(tmp(), 'big.log');
      let streamed = 0;
      const r = await runPty({
        command: "printf START; head -c 50000000 /dev/zero | tr '\\0' 'a'; printf END",
        cwd: tmp(),
        env,
        logPath,
        outputVia,
        highWaterBytes: 64 * 1024,
        onText: (t) => (streamed += t.length),
      });
      expect(r.exitCode).toBe(0);
      expect(r.totalBytes).toBe(50_000_008);
      expect(streamed).toBe(50_000_008);
      expect(statSync(logPath).size).toBe(50_000_008);
      expect(r.text.startsWith('START')).toBe(true);
      expect(r.text.endsWith('END')).toBe(true);
      expect(r.text.length).toBeLessThan(25_000);
      expect(r.omittedChars).toBeGreaterThan(49_000_000);
      expect(r.logPath).toBe(logPath);
      // The log lagged and the producer was paused, and still nothing was lost.
      expect(r.pauses).toBeGreaterThan(0);
    },
    60_000,
  );

  it('on timeout kills the whole process group: no child survives', async () => {
    const r = await runPty({ command: 'sleep 300 & sleep 300 & sleep 300; wait', cwd: tmp(), env, timeoutMs: 300, killGraceMs: 500 });
    expect(r.reason).toBe('timeout');
    expect(liveInGroup(r.pid)).toEqual([]);
  });

  it('escalates to SIGKILL for members that ignore SIGTERM', async () => {
    const h = startPty({
      command: "trap '' TERM; bash -c \"trap '' TERM; echo ready; sleep 300\"; sleep 300",
      cwd: tmp(),
      env,
      timeoutMs: 60_000,
      killGraceMs: 300,
      onText: (t) => t.includes('ready') && h.kill('killed'),
      batchMs: 1,
    });
    const r = await h.done;
    expect(r.reason).toBe('killed');
    expect(liveInGroup(r.pid)).toEqual([]);
  });

  it('cancels mid-run when the signal aborts', async () => {
    const ac = new AbortController();
    const r = await runPty({
      command: 'echo started; sleep 300',
      cwd: tmp(),
      env,
      signal: ac.signal,
      killGraceMs: 300,
      batchMs: 1,
      onText: (t) => t.includes('started') && ac.abort(),
    });
    expect(r.reason).toBe('cancelled');
    expect(r.text).toContain('started');
    expect(liveInGroup(r.pid)).toEqual([]);
  });

  it('reports a death by signal as the shell does (128 + n)', async () => {
    const r = await runPty({ command: 'kill -KILL $$', cwd: tmp(), env });
    expect(r.exitCode).toBe(137);
  });

  it('loses nothing when a program writes and exits at once (the exit handshake)', async () => {
    for (let i = 0; i < 3; i++) {
      const r = await runPty({ command: "head -c 300000 /dev/zero | tr '\\0' 'b'", cwd: tmp(), env });
      expect(r.totalBytes).toBe(300_000);
    }
  });

  it('writes the raw bytes to the log', async () => {
    const logPath = path.join(tmp(), 'r.log');
    await runPty({ command: "printf 'h\\xc3\\xa9'", cwd: tmp(), env, logPath });
    expect(readFileSync(logPath, 'utf8')).toBe('hé');
  });
});
