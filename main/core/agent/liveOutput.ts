/**
 * The live view of one tool call's output: what `ctx.output(chunk)` forwards to the UI as
 * `tool.output` events. A command can print hundreds of MB at 50–200 MB/s; sent as is, that is
 * hundreds of MB of JSON over IPC / WebSocket into a terminal that refuses more than 50 MB pending.
 * The model never reads this stream (it gets head + tail + the log path from the result) and the
 * full output is in the tool's log on disk, so the live view only has to show the user that the
 * command moves and how it ends.
 *
 * A token bucket per call: chunks pass unchanged while the budget lasts. Once a chunk does not
 * fit, everything is skipped (counted, only the latest ~32 K characters kept) until the next flush
 * — on a timer and when the call ends — which sends one chunk: a marker naming how much was not
 * shown, then the kept tail from its first line break. Skipping until the flush (rather than
 * letting a chunk through as soon as the bucket refills) keeps what is shown in order.
 */
import { formatBytes } from '../tools/index.js';

export interface LiveOutputTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface LiveOutputOptions {
  /**
   * Bytes (UTF-8) that may pass at once. 1 MiB: about 10,000 lines of 100 characters, so the
   * output of an ordinary build or test run is shown whole, byte for byte.
   */
  burstBytes: number;
  /**
   * Refill rate. 512 KiB/s is some 5,000 lines a second — far more than anyone reads, a small
   * load for IPC and xterm.js (which parses tens of MB/s), and it refills the renderer's
   * 512 K-character card buffer every second, so a steady stream still looks live.
   */
  bytesPerSecond: number;
  /** Characters of skipped output kept for the next flush (the end of what was skipped). */
  tailChars: number;
  /** While skipping, how often the kept tail is shown (the user sees the command move). */
  flushEveryMs: number;
  now: () => number;
  /** Injected so tests need no sleeps; the default timer is unref'd (never keeps Node alive). */
  timers: LiveOutputTimers;
}

export const LIVE_OUTPUT_DEFAULTS: Omit<LiveOutputOptions, 'now' | 'timers'> = {
  burstBytes: 1024 * 1024,
  bytesPerSecond: 512 * 1024,
  tailChars: 32 * 1024,
  flushEveryMs: 500,
};

const nodeTimers: LiveOutputTimers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms).unref(),
  clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
};

export interface LiveOutput {
  /** Forwards a chunk now, or skips it until the next flush. Ignored after close(). */
  write(chunk: string): void;
  /** Sends what was skipped (marker + tail), if anything. */
  flush(): void;
  /** flush(), then stop: clears the timer; later writes are dropped. Idempotent. */
  close(): void;
  /** Stops without flushing (a path that never reaches close()). Idempotent. */
  dispose(): void;
  /** Bytes (UTF-8) handed to `send` so far, markers included. */
  readonly sentBytes: number;
}

export function createLiveOutput(send: (chunk: string) => void, options: Partial<LiveOutputOptions> = {}): LiveOutput {
  const o: LiveOutputOptions = { ...LIVE_OUTPUT_DEFAULTS, now: Date.now, timers: nodeTimers, ...options };
  let tokens = o.burstBytes;
  let refilledAt = o.now();
  let sentBytes = 0;
  let closed = false;
  // While skipping: bytes skipped since the last flush, the end of them, and whether the kept
  // tail lost its front (if not, the tail IS everything skipped and is sent as is, no marker).
  let skipping = false;
  let skippedBytes = 0;
  let tail = '';
  let tailCut = false;
  let timer: unknown;

  const refill = () => {
    const t = o.now();
    tokens = Math.min(o.burstBytes, tokens + (Math.max(0, t - refilledAt) * o.bytesPerSecond) / 1000);
    refilledAt = t;
  };
  const emit = (chunk: string, bytes: number) => {
    sentBytes += bytes;
    send(chunk);
  };
  const stopTimer = () => {
    if (timer !== undefined) o.timers.clearTimeout(timer);
    timer = undefined;
  };
  const keep = (chunk: string) => {
    if (chunk.length >= o.tailChars) {
      tailCut ||= tail.length > 0 || chunk.length > o.tailChars;
      tail = sliceFrom(chunk, chunk.length - o.tailChars);
    } else {
      tail += chunk;
      // Let it grow to twice the size before cutting: amortised O(1) per character.
      if (tail.length > 2 * o.tailChars) {
        tail = sliceFrom(tail, tail.length - o.tailChars);
        tailCut = true;
      }
    }
  };

  const flush = () => {
    stopTimer();
    if (!skipping) return;
    let shown = tail;
    if (shown.length > o.tailChars) {
      shown = sliceFrom(shown, shown.length - o.tailChars);
      tailCut = true;
    }
    if (tailCut) shown = afterFirstLineBreak(shown);
    const shownBytes = Buffer.byteLength(shown, 'utf8');
    const hidden = skippedBytes - shownBytes;
    const out = hidden > 0 ? `${marker(hidden)}${shown}` : shown;
    skipping = false;
    skippedBytes = 0;
    tail = '';
    tailCut = false;
    if (!out) return;
    refill();
    const bytes = Buffer.byteLength(out, 'utf8');
    // Charged even past zero: the bucket then starts in debt, so the total stays bounded by
    // burst + rate × time + one flush.
    tokens -= bytes;
    emit(out, bytes);
  };

  return {
    write(chunk) {
      if (closed || chunk.length === 0) return;
      const bytes = Buffer.byteLength(chunk, 'utf8');
      if (!skipping) {
        refill();
        if (bytes <= tokens) {
          tokens -= bytes;
          emit(chunk, bytes);
          return;
        }
        skipping = true;
        timer = o.timers.setTimeout(() => {
          timer = undefined;
          if (!closed) flush();
        }, o.flushEveryMs);
      }
      skippedBytes += bytes;
      keep(chunk);
    },
    flush,
    close() {
      if (closed) return;
      flush();
      closed = true;
      stopTimer();
    },
    dispose() {
      closed = true;
      stopTimer();
      tail = '';
    },
    get sentBytes() {
      return sentBytes;
    },
  };
}

/** `s.slice(from)`, moved one on if `from` would start between the halves of a surrogate pair. */
export function sliceFrom(s: string, from: number): string {
  if (from <= 0) return s;
  const c = s.charCodeAt(from);
  return s.slice(c >= 0xdc00 && c <= 0xdfff ? from + 1 : from);
}

/**
 * What follows the first line break (\n, \r or \r\n): a cut tail must not begin inside a line or
 * an escape sequence (neither contains a line break). With no line break at all (one enormous
 * line), the text is kept from the cut: the marker before it already ends its own line.
 */
export function afterFirstLineBreak(s: string): string {
  const m = /\r\n?|\n/.exec(s);
  return m ? s.slice(m.index + m[0].length) : s;
}

/** Resets colours first, so the note is legible whatever state the skipped output left. */
function marker(hiddenBytes: number): string {
  return `\x1b[0m\r\n[… ${formatBytes(hiddenBytes)} not shown live — the full log is kept on disk]\r\n`;
}
