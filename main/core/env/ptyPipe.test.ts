import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runPty, startCommand, startPty, type PtyRunOptions } from './pty.js';
import { liveInGroup } from './processes.testkit.js';
import { useTempDir } from '../fs/tempDir.testkit.js';

const tempDirs = useTempDir();

const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: tmpdir(), LANG: 'C.UTF-8' };
const tmp = () => tempDirs.sync('cc-pty-pipe-');
const piped = (command: string, more: Partial<PtyRunOptions> = {}) =>
  runPty({ command, cwd: tmp(), env, outputVia: 'pipe', killGraceMs: 300, ...more });

/** The command prints where its stdout goes (the FIFO) first: the test checks that folder is gone. */
const SHOW_FIFO = 'readlink /proc/$$/fd/1;';
const fifoDirOf = (text: string) => path.dirname(text.split('\n')[0]!);

describe("the shell environment with outputVia: 'pipe'", () => {
  it('gives the command a pipe on stdout and stderr and the pty on stdin', async () => {
    const r = await piped('test -t 1 && echo out-tty || echo out-pipe; test -t 2 || echo err-pipe; test -t 0 && echo in-tty');
    expect(r.text).toBe('out-pipe\nerr-pipe\nin-tty\n');
    expect(r.exitCode).toBe(0);
    const onPty = await runPty({ command: 'test -t 1 && echo out-tty', cwd: tmp(), env });
    expect(onPty.text).toBe('out-tty\r\n');
  });

  it('keeps stdout and stderr in the order they were written', async () => {
    const r = await piped('for i in $(seq 1 300); do echo "out $i"; echo "err $i" >&2; done');
    const want = Array.from({ length: 300 }, (_, k) => `out ${k + 1}\nerr ${k + 1}\n`).join('');
    expect(r.text).toBe(want);
  });

  it('still reads what a program writes to /dev/tty, and keeps the exit code', async () => {
    const r = await piped('echo before; echo "to the terminal" >/dev/tty; echo after; exit 7');
    expect(r.exitCode).toBe(7);
    expect(r.reason).toBe('exit');
    expect(r.text).toContain('before\n');
    expect(r.text).toContain('after\n');
    expect(r.text).toContain('to the terminal\r\n');
    expect((await piped('kill -KILL $$')).exitCode).toBe(137);
  });

  it('passes the command text to bash unchanged', async () => {
    const r = await piped(`printf '%s|' "a  b" '$HOME' "\\"q\\"" 'multi
line'`);
    expect(r.text).toBe('a  b|$HOME|"q"|multi\nline|');
  });

  it('keeps multi-byte characters whole across chunks, also with /dev/tty writes in between', async () => {
    const chunks: string[] = [];
    const unit = '€'.repeat(170);
    // After a 1-byte prefix every 64 KB read lands inside a 3-byte character; the pty side adds its own.
    const r = await piped(`printf x; for i in $(seq 1 2000); do printf '${unit}'; [ $((i % 100)) = 0 ] && printf 'é' >/dev/tty; done`, {
      onText: (t) => chunks.push(t),
    });
    const all = chunks.join('');
    expect(r.exitCode).toBe(0);
    expect(all).not.toContain('\ufffd');
    expect([...all].filter((c) => c === '€').length).toBe(2000 * 170);
    expect([...all].filter((c) => c === 'é').length).toBe(20);
    expect(all.length).toBe(1 + 2000 * 170 + 20);
  });

  it('on timeout kills the whole process group and removes the FIFO folder', async () => {
    const r = await piped(`${SHOW_FIFO} sleep 300 & sleep 300 & sleep 300; wait`, { timeoutMs: 300 });
    expect(r.reason).toBe('timeout');
    expect(liveInGroup(r.pid)).toEqual([]);
    expect(fifoDirOf(r.text)).toMatch(/cc-fifo-/);
    expect(existsSync(fifoDirOf(r.text))).toBe(false);
  });

  it('on cancel kills the whole process group and removes the FIFO folder', async () => {
    const ac = new AbortController();
    const r = await piped(`${SHOW_FIFO} echo started; sleep 300 & sleep 300`, {
      signal: ac.signal,
      batchMs: 1,
      onText: (t) => t.includes('started') && ac.abort(),
    });
    expect(r.reason).toBe('cancelled');
    expect(r.text).toContain('started');
    expect(liveInGroup(r.pid)).toEqual([]);
    expect(existsSync(fifoDirOf(r.text))).toBe(false);
  });

  it('removes the FIFO folder after a normal end too, and ends the output at the end marker', async () => {
    // The background writer waits for the wrapper to be gone, so it always writes after the end marker.
    const r = await piped(`${SHOW_FIFO} (trap '' HUP; while kill -0 $PPID 2>/dev/null; do sleep 0.01; done; echo late) & echo now`);
    expect(r.text.split('\n').slice(1).join('\n')).toBe('now\n');
    expect(existsSync(fifoDirOf(r.text))).toBe(false);
  });

  it('escalates to SIGKILL for members that ignore SIGTERM', async () => {
    const h = await startCommand({
      command: "trap '' TERM; bash -c \"trap '' TERM; echo ready; sleep 300\"; sleep 300",
      cwd: tmp(),
      env,
      outputVia: 'pipe',
      killGraceMs: 300,
      batchMs: 1,
      onText: (t) => t.includes('ready') && h.kill('killed'),
    });
    const r = await h.done;
    expect(r.reason).toBe('killed');
    expect(liveInGroup(r.pid)).toEqual([]);
  });

  it('writes the raw bytes to the log', async () => {
    const logPath = path.join(tmp(), 'r.log');
    await piped("printf 'h\\xc3\\xa9'", { logPath });
    expect(readFileSync(logPath, 'utf8')).toBe('hé');
  });

  it('needs startCommand: startPty refuses the pipe mode', () => {
    expect(() => startPty({ command: 'true', cwd: tmp(), env, outputVia: 'pipe' })).toThrow(/startCommand/);
  });
});
