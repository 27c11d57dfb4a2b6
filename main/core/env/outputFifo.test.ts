import { execFile } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { openOutputFifo as openFifo, type OutputFifo } from './outputFifo.js';
import { createSentinelScanner } from './sentinel.js';

const sh = promisify(execFile);
// Every FIFO a test opens is closed after it, also when an assertion failed before its own close().
const opened: OutputFifo[] = [];
const openOutputFifo = async () => {
  const f = await openFifo();
  opened.push(f);
  return f;
};
afterEach(async () => {
  await Promise.all(opened.splice(0).map((f) => f.close()));
});
const MARK = '\u001b]7771;tok;';
const marker = () => createSentinelScanner(Buffer.from(MARK), () => undefined);
/** Runs a bash script with its stdout on the FIFO, to the script's end. */
const writeTo = (fifo: OutputFifo, script: string) => sh('bash', ['-c', `{ ${script}; } >"$1"`, 'writer', fifo.path]);

/** A FIFO being read into `got`, paused: nothing reaches `got` until resume() or finish(). */
async function pausedFifo(): Promise<{ fifo: OutputFifo; got: Buffer[] }> {
  const fifo = await openOutputFifo();
  const got: Buffer[] = [];
  fifo.read(marker(), (b) => got.push(b));
  fifo.pause();
  return { fifo, got };
}

describe('the output FIFO', () => {
  it('is a FIFO in a private folder, and close() removes the folder', async () => {
    const fifo = await openOutputFifo();
    expect(statSync(fifo.path).isFIFO()).toBe(true);
    expect(statSync(fifo.dir).mode & 0o777).toBe(0o700);
    expect(statSync(fifo.path).mode & 0o777).toBe(0o600);
    await fifo.close();
    await fifo.close();
    expect(existsSync(fifo.dir)).toBe(false);
  });

  it('delivers what writers write, across several writers, without an EOF in between', async () => {
    const fifo = await openOutputFifo();
    const got: Buffer[] = [];
    let resolveEnd!: () => void;
    const ended = new Promise<void>((r) => (resolveEnd = r));
    fifo.read(createSentinelScanner(Buffer.from(MARK), resolveEnd), (b) => got.push(b));
    await writeTo(fifo, 'printf one');
    await writeTo(fifo, 'printf two');
    await writeTo(fifo, `printf 'three\\033]7771;tok;0\\007after'`);
    await ended;
    expect(Buffer.concat(got).toString()).toBe('onetwothree');
    await fifo.close();
  });

  it('passes nothing on while paused, and everything after resume', async () => {
    const { fifo, got } = await pausedFifo();
    await writeTo(fifo, 'head -c 10000 /dev/zero | tr "\\0" p');
    expect(got).toEqual([]);
    await new Promise<void>((resolve) => {
      const check = () => (Buffer.concat(got).length === 10_000 ? resolve() : setImmediate(check));
      fifo.resume();
      check();
    });
    await fifo.close();
  });

  it('finish() takes, at once, what is in the pipe up to the end marker, and nothing after it', async () => {
    const { fifo, got } = await pausedFifo();
    // 3-byte characters and a marker behind 36 KB: all of it sits in the pipe when the writer exits.
    await writeTo(fifo, `for i in $(seq 1 3000); do printf '€€€€'; done; printf '\\033]7771;tok;0\\007late'`);
    fifo.finish();
    const text = Buffer.concat(got).toString();
    expect(text).toBe('€'.repeat(12_000));
    await fifo.close();
    expect(existsSync(fifo.dir)).toBe(false);
  });

  it('finish() without a marker (a killed run) passes on what is there, an incomplete character too', async () => {
    const { fifo, got } = await pausedFifo();
    await writeTo(fifo, `printf 'ab\\xe2\\x82'`);
    fifo.finish();
    expect(Buffer.concat(got)).toEqual(Buffer.from([0x61, 0x62, 0xe2, 0x82]));
    await fifo.close();
  });
});
