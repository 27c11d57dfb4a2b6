import { describe, expect, it } from 'vitest';
import type { AgentEvent } from './events.js';
import { formatBytes } from '../tools/index.js';
import { coalesceEvents, EventRecorder, RECORDED_OUTPUT_BYTES } from './recordedEvents.js';
import { numberedLine, numberedLines } from './agent.testkit.js';

const base = { at: 1, runId: 'r1', conversationId: 'c1', agentId: 'main', depth: 0 };
const out = (callId: string, chunk: string, runId = 'r1'): AgentEvent => ({ type: 'tool.output', ...base, runId, callId, chunk });
const delta = (text: string): AgentEvent => ({ type: 'text.delta', ...base, text });
const result = (callId: string): AgentEvent => ({
  type: 'tool.result',
  ...base,
  callId,
  tool: 't',
  content: 'ok',
  isError: false,
  cancelled: false,
  durationMs: 1,
});
const MARKER = /^\x1b\[0m\[… ([\d.]+ (?:B|KB|MB|GB)) of earlier output not kept in this conversation — the full log is on disk\]\r\n/;
const encoded = (s: string) => Buffer.byteLength(JSON.stringify(s), 'utf8');

describe('recorded events', () => {
  it('merges text deltas and each call’s output; small output is kept byte for byte', () => {
    const events = coalesceEvents([
      delta('Hel'),
      delta('lo'),
      out('a', 'one\n'),
      out('b', 'uno\n'),
      out('a', 'two\n'),
      out('b', 'dos\n'),
      result('a'),
      out('a', 'x', 'r2'),
      delta('!'),
    ]);
    expect(events).toEqual([delta('Hello'), out('a', 'one\ntwo\n'), out('b', 'uno\ndos\n'), result('a'), out('a', 'x', 'r2'), delta('!')]);
  });

  it('a 200 MB call keeps its last 512 KiB (as written) after a marker naming what was dropped', () => {
    const r = new EventRecorder();
    const total = 200_000_000;
    let maxHeld = 0;
    for (const chunk of numberedLines(total)) {
      r.push(out('big', chunk));
      maxHeld = Math.max(maxHeld, r.outputChars);
    }
    // Bounded while the command still runs, not only when written.
    expect(maxHeld).toBeLessThanOrEqual(2 * RECORDED_OUTPUT_BYTES);
    expect(r.size).toBe(1);
    const [e] = r.drain();
    if (e?.type !== 'tool.output') throw new Error('expected the output event');
    const m = MARKER.exec(e.chunk);
    expect(m).not.toBeNull();
    const kept = e.chunk.slice(m![0].length);
    expect(encoded(kept)).toBeLessThanOrEqual(RECORDED_OUTPUT_BYTES);
    expect(encoded(e.chunk)).toBeLessThanOrEqual(RECORDED_OUTPUT_BYTES + 200);
    expect(m![1]).toBe(formatBytes(total - kept.length));
    // Whole lines, ending with the stream's last one.
    const lines = kept.length / 100;
    expect(Number.isInteger(lines)).toBe(true);
    expect(kept.startsWith(numberedLine(total / 100 - lines))).toBe(true);
    expect(kept.endsWith(numberedLine(total / 100 - 1))).toBe(true);
    expect(r.size).toBe(0);
    expect(r.outputChars).toBe(0);
  });

  it('a single huge chunk is cut at once, not held whole until the drain', () => {
    const r = new EventRecorder();
    r.push(out('a', 'y'.repeat(3_000_000) + '\nthe end\n'));
    expect(r.outputChars).toBeLessThanOrEqual(2 * RECORDED_OUTPUT_BYTES);
    const e = r.drain()[0] as Extract<AgentEvent, { type: 'tool.output' }>;
    expect(e.chunk.replace(MARKER, '')).toBe('the end\n');
  });

  it('escape-heavy output is bounded by its JSON size, not its length', () => {
    const line = '\x1b[1m\x1b[31m✗\x1b[0m\x01\x02\n';
    const events = coalesceEvents(Array.from({ length: 2000 }, () => out('a', line.repeat(100))));
    const e = events[0] as Extract<AgentEvent, { type: 'tool.output' }>;
    expect(events).toHaveLength(1);
    expect(encoded(e.chunk)).toBeLessThanOrEqual(RECORDED_OUTPUT_BYTES + 200);
    expect(e.chunk.endsWith(line)).toBe(true);
    expect(e.chunk.replace(MARKER, '').startsWith(line)).toBe(true);
  });

  it('never splits a surrogate pair when cutting', () => {
    const r = new EventRecorder(1000);
    for (let i = 0; i < 50; i++) r.push(out('a', `${'😀'.repeat(333)}a`));
    const e = r.drain()[0] as Extract<AgentEvent, { type: 'tool.output' }>;
    expect(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(e.chunk)).toBe(false);
    expect(encoded(e.chunk)).toBeLessThanOrEqual(1000 + 200);
  });
});
