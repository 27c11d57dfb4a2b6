/**
 * The run events kept in a conversation file (so a reopened conversation renders as it streamed),
 * gathered as they happen and written once per step. Deltas are merged as they arrive — runs of
 * `text.delta` of one run into one event, every `tool.output` of one call into that call's first
 * output event — so memory and the file hold one event per call, never one per chunk.
 *
 * A call's output is bounded: only its last RECORDED_OUTPUT_BYTES (JSON-encoded, as written) are
 * kept, after a marker line naming how much was dropped. Merging a call's later chunks into its
 * first output event is render-equivalent: the renderer appends each `tool.output` to the card of
 * its call, whatever came in between (concurrent sub-agents interleave their calls' output).
 */
import type { AgentEvent } from './events.js';
import { formatBytes } from '../tools/index.js';
import { afterFirstLineBreak, sliceFrom } from './liveOutput.js';

/** Matches the renderer's card buffer (MAX_OUTPUT_CHARS): a reopened card shows what a live one could. */
export const RECORDED_OUTPUT_BYTES = 512 * 1024;

interface CallOutput {
  index: number;
  text: string;
  /** UTF-8 bytes dropped from the front of `text` so far. */
  dropped: number;
}

export class EventRecorder {
  private events: AgentEvent[] = [];
  private outputs = new Map<string, CallOutput>();

  constructor(private readonly maxOutputBytes = RECORDED_OUTPUT_BYTES) {}

  push(e: AgentEvent): void {
    if (e.type === 'tool.output') {
      const key = `${e.runId}\u0000${e.callId}`;
      const cur = this.outputs.get(key);
      if (!cur) {
        this.outputs.set(key, { index: this.events.length, text: e.chunk, dropped: 0 });
        // A placeholder: the text lives in `outputs` (bounded) and is put back at drain, so a
        // huge first chunk is not held through the event.
        this.events.push({ ...e, chunk: '' });
      } else cur.text += e.chunk;
      this.bound(this.outputs.get(key)!);
      return;
    }
    const last = this.events[this.events.length - 1];
    if (last?.type === 'text.delta' && e.type === 'text.delta' && last.runId === e.runId)
      this.events[this.events.length - 1] = { ...last, text: last.text + e.text };
    else this.events.push(e);
  }

  /** The events gathered since the last drain, with each call's output bounded; empties the recorder. */
  drain(): AgentEvent[] {
    const out = this.events;
    for (const o of this.outputs.values()) {
      const e = out[o.index];
      if (e?.type !== 'tool.output') continue;
      out[o.index] = { ...e, chunk: this.finalText(o) };
    }
    this.events = [];
    this.outputs = new Map();
    return out;
  }

  /** Events held (one per call's output, however many chunks it had). */
  get size(): number {
    return this.events.length;
  }

  /** Characters of tool output held in memory (at most twice the budget per call). */
  get outputChars(): number {
    let n = 0;
    for (const o of this.outputs.values()) n += o.text.length;
    return n;
  }

  /**
   * Keeps memory bounded while a call streams: once the text passes twice the budget (counted in
   * characters here, which is cheap), cut it to the budget. Amortised O(1) per character; the
   * exact bound on the encoded bytes is applied once, at drain.
   */
  private bound(o: CallOutput): void {
    if (o.text.length <= 2 * this.maxOutputBytes) return;
    this.cutTo(o, o.text.length - this.maxOutputBytes);
  }

  private cutTo(o: CallOutput, from: number): void {
    const kept = sliceFrom(o.text, from);
    o.dropped += Buffer.byteLength(o.text.slice(0, o.text.length - kept.length), 'utf8');
    o.text = kept;
  }

  /** The call's text with a marker in front when some was dropped, its JSON encoding within the budget. */
  private finalText(o: CallOutput): string {
    if (o.dropped === 0 && encodedBytes(o.text) <= this.maxOutputBytes) return o.text;
    if (o.text.length > this.maxOutputBytes) this.cutTo(o, o.text.length - this.maxOutputBytes);
    // JSON escapes (\u001b is six bytes) and multi-byte characters can make the text larger as
    // written than its length: cut further, proportionally, until it fits.
    for (let size = encodedBytes(o.text); size > this.maxOutputBytes && o.text.length > 0; size = encodedBytes(o.text)) {
      const keep = Math.floor((o.text.length * this.maxOutputBytes) / size) - 16;
      this.cutTo(o, o.text.length - Math.max(0, keep));
    }
    // Start on a line of its own, not inside a line or an escape sequence.
    const aligned = afterFirstLineBreak(o.text);
    if (aligned.length !== o.text.length && aligned.length > 0) this.cutTo(o, o.text.length - aligned.length);
    return `\x1b[0m[… ${formatBytes(o.dropped)} of earlier output not kept in this conversation — the full log is on disk]\r\n${o.text}`;
  }
}

function encodedBytes(s: string): number {
  return Buffer.byteLength(JSON.stringify(s), 'utf8');
}

/** One-shot form of EventRecorder: the events with deltas merged and each call's output bounded. */
export function coalesceEvents(events: readonly AgentEvent[]): AgentEvent[] {
  const r = new EventRecorder();
  for (const e of events) r.push(e);
  return r.drain();
}
