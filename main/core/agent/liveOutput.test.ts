import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatBytes } from '../tools/index.js';
import { afterFirstLineBreak, createLiveOutput, LIVE_OUTPUT_DEFAULTS, sliceFrom, type LiveOutputOptions } from './liveOutput.js';
import { manualTime, numberedLine, numberedLines } from './agent.testkit.js';

const MARKER = /\x1b\[0m\r\n\[… ([\d.]+) (B|KB|MB|GB) not shown live — the full log is kept on disk\]\r\n/g;
const UNIT = { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 } as const;
const bytes = (s: string) => Buffer.byteLength(s, 'utf8');
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function setup(opts: Partial<LiveOutputOptions> = {}) {
  const time = manualTime(1_000);
  const sent: string[] = [];
  const live = createLiveOutput((c) => sent.push(c), { now: time.now, timers: time.timers, ...opts });
  return { time, sent, live };
}

describe('live output budget', () => {
  it('passes modest output through unchanged, in order, without a timer', () => {
    const t = setup();
    const chunks = Array.from({ length: 500 }, (_, i) => `step ${i} — ünïcödé 😀 \x1b[32mok\x1b[0m\r\n`);
    for (const c of chunks) t.live.write(c);
    t.live.close();
    expect(t.sent).toEqual(chunks);
    expect(t.time.pending()).toBe(0);
    expect(t.live.sentBytes).toBe(bytes(chunks.join('')));
  });

  it('a 200 MB stream sends a bounded amount, says what it skipped, and ends with the real last lines', () => {
    const t = setup();
    const total = 200_000_000;
    const bytesPerMs = 100_000; // 100 MB/s, like a PTY flooding
    let written = 0;
    for (const chunk of numberedLines(total)) {
      t.live.write(chunk);
      written += chunk.length;
      t.time.advance(chunk.length / bytesPerMs);
    }
    t.live.close();
    expect(written).toBe(total);
    const elapsedS = total / bytesPerMs / 1000;

    const sentBytes = t.sent.reduce((n, c) => n + bytes(c), 0);
    expect(sentBytes).toBe(t.live.sentBytes);
    const bound = LIVE_OUTPUT_DEFAULTS.burstBytes + LIVE_OUTPUT_DEFAULTS.bytesPerSecond * elapsedS + LIVE_OUTPUT_DEFAULTS.tailChars + 200;
    expect(sentBytes).toBeLessThanOrEqual(bound);

    const all = t.sent.join('');
    const markers = [...all.matchAll(MARKER)];
    expect(markers.length).toBeGreaterThanOrEqual(1);
    // What the markers say was hidden + what was shown (markers aside) = everything written,
    // within the markers' rounding (whole MB above 10 MB).
    const shown = bytes(all.replace(MARKER, ''));
    const said = markers.reduce((n, m) => n + Number(m[1]) * UNIT[m[2] as keyof typeof UNIT], 0);
    expect(Math.abs(said + shown - total)).toBeLessThanOrEqual(markers.length * 0.5 * 1024 ** 2);

    // Order is kept: the line numbers shown only ever increase.
    const numbers = [...all.replace(MARKER, '').matchAll(/line (\d{9})/g)].map((m) => Number(m[1]));
    expect(numbers.every((n, i) => i === 0 || n > numbers[i - 1]!)).toBe(true);

    // The last chunk: a marker, then the stream's real last whole lines (32 K characters' worth).
    const last = t.sent.at(-1)!;
    const tail = last.replace(MARKER, '');
    expect(last.startsWith('\x1b[0m\r\n[… ')).toBe(true);
    const lastLine = total / 100 - 1;
    const keptLines = Math.floor(LIVE_OUTPUT_DEFAULTS.tailChars / 100);
    expect(tail).toBe(Array.from({ length: keptLines }, (_, i) => numberedLine(lastLine - keptLines + 1 + i)).join(''));
  });

  it('names the exact amount skipped, and resumes normal flow after the timer flush', () => {
    const t = setup({ burstBytes: 100, bytesPerSecond: 1000, tailChars: 10, flushEveryMs: 500 });
    t.live.write('a'.repeat(90));
    t.live.write('first\nskipped line\nend\n'); // 23 bytes: over the 10 left → skipping starts
    t.live.write('more\nlast line\n');
    expect(t.sent).toEqual(['a'.repeat(90)]);
    t.time.advance(499);
    expect(t.sent).toHaveLength(1);
    t.time.advance(1);
    // The kept tail is the last 10 characters, "last line\n": all of it one line whose start was
    // cut, so nothing follows its first line break — the marker alone, naming all 38 bytes.
    expect(t.sent[1]).toBe(`\x1b[0m\r\n[… ${formatBytes(23 + 15)} not shown live — the full log is kept on disk]\r\n`);
    expect(t.time.pending()).toBe(0);
    // 500 ms refilled 500 bytes (capped at the 100-byte burst), minus the marker: a small chunk passes as is.
    t.time.advance(1000);
    t.live.write('next\n');
    expect(t.sent.at(-1)).toBe('next\n');
  });

  it('shows the kept tail from its first line break', () => {
    const t = setup({ burstBytes: 10, tailChars: 12 });
    t.live.write('0123456789abcdef\nlast\n');
    t.live.close();
    // Kept: the last 12 characters, "abcdef\nlast\n"; shown from its first line break: "last\n".
    expect(t.sent).toEqual([`\x1b[0m\r\n[… ${formatBytes(22 - 5)} not shown live — the full log is kept on disk]\r\nlast\n`]);
  });

  it('sends skipped output whole, without a marker, when none of it was lost', () => {
    const t = setup({ burstBytes: 100 });
    t.live.write('x'.repeat(80));
    t.live.write('y'.repeat(50));
    t.live.write('z\n');
    expect(t.sent).toEqual(['x'.repeat(80)]);
    t.live.close();
    expect(t.sent).toEqual(['x'.repeat(80), `${'y'.repeat(50)}z\n`]);
  });

  it('never shows more than tailChars of skipped output in one flush', () => {
    const t = setup({ burstBytes: 10, tailChars: 20 });
    t.live.write('0123456789'); // passes
    t.live.write('abcdefghij\n'.repeat(3)); // 33 characters, under twice the tail: held whole
    t.live.close();
    expect(t.sent[1]).toBe(`\x1b[0m\r\n[… ${formatBytes(33 - 11)} not shown live — the full log is kept on disk]\r\nabcdefghij\n`);
  });

  it('close flushes once and stops; dispose stops without sending; later writes are dropped', () => {
    const a = setup({ burstBytes: 5 });
    a.live.write('0123456789\n');
    expect(a.time.pending()).toBe(1);
    a.live.close();
    a.live.close();
    expect(a.sent).toEqual(['0123456789\n']);
    expect(a.time.pending()).toBe(0);
    a.live.write('late');
    a.time.advance(10_000);
    expect(a.sent).toHaveLength(1);

    const b = setup({ burstBytes: 5 });
    b.live.write('0123456789\n');
    b.live.dispose();
    expect(b.time.pending()).toBe(0);
    b.live.close();
    expect(b.sent).toEqual([]);
  });

  it('never splits a surrogate pair at the cut', () => {
    expect(sliceFrom('a😀b', 2)).toBe('b');
    expect(sliceFrom('a😀b', 1)).toBe('😀b');
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: fc.constantFrom('a', '😀', '𝄞', 'é', '\n', '\r', '\x1b[1m'), maxLength: 200 }), {
          minLength: 1,
          maxLength: 30,
        }),
        fc.integer({ min: 1, max: 64 }),
        fc.integer({ min: 0, max: 300 }),
        (chunks, tailChars, burstBytes) => {
          const t = setup({ burstBytes, tailChars });
          chunks.forEach((c, i) => {
            t.live.write(c);
            if (i % 7 === 6) t.time.advance(500);
          });
          t.live.close();
          for (const c of t.sent) expect(LONE_SURROGATE.test(c)).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('afterFirstLineBreak', () => {
    expect(afterFirstLineBreak('ab\r\ncd\n')).toBe('cd\n');
    expect(afterFirstLineBreak('ab\rcd')).toBe('cd');
    expect(afterFirstLineBreak('no break')).toBe('no break');
  });
});
