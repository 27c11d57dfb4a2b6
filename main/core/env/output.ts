/**
 * What happens to a command's bytes on the way out: decoded as UTF-8 across chunk boundaries,
 * batched for the UI (hyper's DataBatcher habit: a flush every 16 ms or at 64 KB, whichever is
 * first), written whole to a log file, and cut to a head and a tail for the model. The log write is
 * the one asynchronous sink, so it is where backpressure comes from: the producer is told to pause
 * while more than `highWaterBytes` sit unwritten, and to resume once they drain below half.
 */
import { createWriteStream, type WriteStream } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';

export interface OutputPipelineOptions {
  /** Called with whole UTF-8 text, at most every `batchMs` or when `batchBytes` gathered. */
  onText?: (text: string) => void;
  /** The full raw log (bytes as produced). Omitted: nothing written. */
  logPath?: string;
  batchMs?: number;
  batchBytes?: number;
  /** Characters of text kept from the start and from the end for the model. */
  headChars?: number;
  tailChars?: number;
  highWaterBytes?: number;
  /** Flow control: the producer pauses and resumes. */
  pause?: () => void;
  resume?: () => void;
}

export interface OutputSummary {
  /** Head + marker + tail when cut, else everything. */
  text: string;
  totalBytes: number;
  totalChars: number;
  omittedChars: number;
  logPath?: string;
  /** How many times the producer was paused for the log to catch up. */
  pauses: number;
}

export const DEFAULT_BATCH_MS = 16;
export const DEFAULT_BATCH_BYTES = 64 * 1024;
export const DEFAULT_HIGH_WATER = 1024 * 1024;

export class OutputPipeline {
  private readonly decoder = new StringDecoder('utf8');
  private readonly log: WriteStream | undefined;
  private logError: Error | undefined;
  private batch: string[] = [];
  private batchLen = 0;
  private timer: NodeJS.Timeout | undefined;
  private head = '';
  private tail: string[] = [];
  private tailLen = 0;
  private totalBytes = 0;
  private totalChars = 0;
  private paused = false;
  private pauses = 0;
  private closed = false;
  private readonly headChars: number;
  private readonly tailChars: number;
  private readonly batchMs: number;
  private readonly batchBytes: number;
  private readonly highWater: number;

  constructor(private readonly opts: OutputPipelineOptions) {
    this.headChars = opts.headChars ?? 8_000;
    this.tailChars = opts.tailChars ?? 12_000;
    this.batchMs = opts.batchMs ?? DEFAULT_BATCH_MS;
    this.batchBytes = opts.batchBytes ?? DEFAULT_BATCH_BYTES;
    this.highWater = opts.highWaterBytes ?? DEFAULT_HIGH_WATER;
    if (opts.logPath) {
      this.log = createWriteStream(opts.logPath, { flags: 'a', mode: 0o600 });
      this.log.on('error', (err) => {
        this.logError = err;
        this.maybeResume(true);
      });
      this.log.on('drain', () => this.maybeResume(false));
    }
  }

  /** Bytes accepted from the producer and not yet on disk. */
  get pendingBytes(): number {
    return this.log ? this.log.writableLength : 0;
  }

  get bytes(): number {
    return this.totalBytes;
  }

  write(chunk: Buffer): void {
    if (this.closed) return;
    this.totalBytes += chunk.length;
    if (this.log && !this.logError) {
      // Checked after each completed write too: 'drain' only fires when write() said "full".
      this.log.write(chunk, this.afterWrite);
      if (!this.paused && this.log.writableLength > this.highWater && this.opts.pause) {
        this.paused = true;
        this.pauses++;
        this.opts.pause();
      }
    }
    this.text(this.decoder.write(chunk));
  }

  private text(s: string): void {
    if (s.length === 0) return;
    this.totalChars += s.length;
    this.keep(s);
    if (!this.opts.onText) return;
    this.batch.push(s);
    this.batchLen += s.length;
    if (this.batchLen >= this.batchBytes) this.flush();
    else if (!this.timer) this.timer = setTimeout(() => this.flush(), this.batchMs);
  }

  /** Head fills first; everything after goes to a rolling tail trimmed in whole chunks. */
  private keep(s: string): void {
    if (this.head.length < this.headChars) {
      const room = this.headChars - this.head.length;
      this.head += s.slice(0, room);
      s = s.slice(room);
      if (s.length === 0) return;
    }
    this.tail.push(s);
    this.tailLen += s.length;
    while (this.tail.length > 1 && this.tailLen - this.tail[0]!.length >= this.tailChars) {
      this.tailLen -= this.tail.shift()!.length;
    }
  }

  private readonly afterWrite = () => {
    if (this.paused) this.maybeResume(false);
  };

  private maybeResume(force: boolean): void {
    if (!this.paused) return;
    if (force || !this.log || this.log.writableLength <= this.highWater / 2) {
      this.paused = false;
      this.opts.resume?.();
    }
  }

  flush(): void {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    if (this.batchLen === 0) return;
    const text = this.batch.length === 1 ? this.batch[0]! : this.batch.join('');
    this.batch = [];
    this.batchLen = 0;
    this.opts.onText?.(text);
  }

  /** Ends the stream: the decoder's last partial character, the last batch, the log closed. */
  async close(): Promise<OutputSummary> {
    if (!this.closed) {
      this.text(this.decoder.end());
      this.flush();
      this.closed = true;
      if (this.log) {
        await new Promise<void>((resolve) => {
          if (this.logError) return resolve();
          this.log!.end(() => resolve());
        });
      }
      this.maybeResume(true);
    }
    return this.summary();
  }

  summary(): OutputSummary {
    let tail = this.tail.join('');
    if (tail.length > this.tailChars) tail = tail.slice(tail.length - this.tailChars);
    const kept = this.head.length + tail.length;
    const omitted = this.totalChars - kept;
    const text = omitted > 0 ? `${this.head}\n[… ${omitted} characters omitted; full output in the log …]\n${tail}` : this.head + tail;
    const s: OutputSummary = {
      text,
      totalBytes: this.totalBytes,
      totalChars: this.totalChars,
      omittedChars: Math.max(0, omitted),
      pauses: this.pauses,
    };
    if (this.opts.logPath && !this.logError) s.logPath = this.opts.logPath;
    return s;
  }
}

/** Terminal output for a model: CSI/OSC escapes removed, CRLF → LF, lone CR (progress bars) kept last. */
export function plainText(s: string): string {
  return s
    .replace(/\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)/g, '')
    .replace(/\u001b\[[0-?]*[ -/]*[@-~]/g, '')
    .replace(/\u001b[@-Z\\-_]/g, '')
    .replace(/\r+\n/g, '\n')
    .replace(/^.*\r(?=[^\n])/gm, '');
}
