/**
 * The audit log: every decision, one JSON line each, in the app's data folder
 * (`<projectDataDir>/audit.jsonl`), never in the project (the agent must not be able to edit it).
 *
 * `append` is synchronous and only queues: decisions are on the hot path. Lines are flushed in
 * batches, in order, by a single writer chain per file; `flush()` waits for everything queued so far.
 *
 * The file is rotated by size: before a line would take it past `maxBytes` it becomes `<file>.1`
 * (`.1` becomes `.2`, …, the oldest beyond `keep` is dropped) and a new file starts. Reads (query,
 * hit counts) run on the same chain, so they never see a rotation half done, and read at most
 * `maxBytes` from each of the `keep + 1` files.
 */
import { mkdir, open, rename, rm, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { projectDataDir } from '../appData.js';
import type { HunkChoice } from './hunkChoice.js';
import type { CeilingViolation, DecidedVia } from './types.js';

export interface AuditRecord {
  /** ISO 8601. */
  time: string;
  agent: string;
  conversation: string;
  tool: string;
  /** The raw key, or null for Permission::None / invalid input. */
  key: string | null;
  decision: 'allow' | 'deny';
  /** The level or rule that decided. */
  via: DecidedVia;
  /** The allowlist entry or deny pattern that matched, when one did. */
  entry?: string;
  /** True when the user was asked. */
  asked?: boolean;
  reason?: string;
  violations?: CeilingViolation[];
  /** What the call touched, in words: the command, the path, the URL (`toolSubject`), cut to SUBJECT_MAX. */
  subject?: string;
  /**
   * Present on a change to the allowlist rather than a decision: `tool` is "allowlist", `key` the
   * entry, `decision`/`via` what the entry does (allow at project or session scope, or a deny rule).
   */
  edit?: AllowlistEditNote;
  /**
   * Present on a hook run rather than a decision (hooks/): `tool` is "hook", `key` the call's key,
   * `via` "hook", `decision` deny when the hook refused, `subject` the hook's command line.
   */
  hook?: HookRunNote;
  /** Allowed once with part of a proposed change (0-based hunks of the diff shown): the ones written and the ones rejected. */
  hunks?: HunkChoice;
}

/** One hook run: its event, where it was declared, what it said, how long it took and how it ended. */
export interface HookRunNote {
  event: string;
  source: 'user' | 'project';
  environment: 'host' | 'sandbox' | 'docker';
  /** The tool of the call, for tool events. */
  tool?: string;
  effect: string;
  /** Null when it never exited by itself (timeout, stopped, not started). */
  exitCode: number | null;
  timedOut: boolean;
  durationMs: number;
}

/** Who changed the allowlist, and how: the editor (add, remove, undo of a remove) or a "project" answer. */
export interface AllowlistEditNote {
  op: 'add' | 'remove' | 'undo';
  scope: 'project' | 'preset' | 'session' | 'deny';
  by: 'editor' | 'answer';
}

/** An audit record's subject keeps this many characters: enough for a long command, bounded per line. */
export const SUBJECT_MAX = 2000;

/** What the engine appends: the time as a number, turned into ISO text off the hot path. */
export type AuditEntry = Omit<AuditRecord, 'time'> & { at: number };

export function toRecord(e: AuditEntry): AuditRecord {
  const r: AuditRecord = {
    time: new Date(e.at).toISOString(),
    agent: e.agent,
    conversation: e.conversation,
    tool: e.tool,
    key: e.key,
    decision: e.decision,
    via: e.via,
  };
  if (e.entry !== undefined) r.entry = e.entry;
  if (e.asked !== undefined) r.asked = e.asked;
  if (e.reason !== undefined) r.reason = e.reason;
  if (e.violations !== undefined) r.violations = e.violations;
  if (e.subject !== undefined) r.subject = e.subject;
  if (e.edit !== undefined) r.edit = e.edit;
  if (e.hook !== undefined) r.hook = e.hook;
  if (e.hunks !== undefined) r.hunks = e.hunks;
  return r;
}

export interface AuditQuery {
  tool?: string;
  decision?: 'allow' | 'deny';
  limit?: number;
}

export interface AuditLog {
  /** Synchronous and cheap: decisions are on the hot path. */
  append(entry: AuditEntry): void;
  flush(): Promise<void>;
  query(q?: AuditQuery): Promise<AuditRecord[]>;
  /** Decisions per key and per matched entry (how often an allowlist entry or deny rule was used). */
  hitCounts(): Promise<{ byKey: Record<string, number>; byEntry: Record<string, number> }>;
}

export function auditFileFor(dataDir: string, projectRoot: string): string {
  return path.join(projectDataDir(dataDir, projectRoot), 'audit.jsonl');
}

/**
 * 8 MiB per file: a record is about 200–250 bytes, so one file holds some 35,000–40,000 decisions
 * (weeks of daily use), and reading and parsing one takes about 40 ms — the audit view's newest-200
 * query rarely needs more than the current file.
 */
export const AUDIT_MAX_BYTES = 8 * 1024 * 1024;
/**
 * Two rotated files: with the current one at most 24 MiB per project on disk and per full read
 * (hit counts parse everything, about 120 ms), while keeping the last ~100,000 decisions, enough for
 * the hit counts to say which allowlist entries are still in use.
 */
export const AUDIT_KEEP = 2;

export interface JsonlAuditOptions {
  /** Rotate before a line would take the current file past this many bytes (default AUDIT_MAX_BYTES). */
  maxBytes?: number;
  /** Rotated files kept, `.1` newest to `.<keep>` oldest (default AUDIT_KEEP; 0 = start over). */
  keep?: number;
}

/**
 * One serial chain per file for every JsonlAuditLog in this process, so two logs opened on the same
 * file (two runtimes of one project) cannot rotate it twice or read it mid-rotation. Another process
 * appending (`codecoder run` next to the app) is safe for appends (O_APPEND); a rotation racing one
 * there can at worst drop the oldest rotated file early.
 */
const chains = new Map<string, Promise<void>>();

function serialFor<T>(file: string, job: () => Promise<T>): Promise<T> {
  const prev = chains.get(file) ?? Promise.resolve();
  const run = prev.then(job);
  const tail = run.then(
    () => undefined,
    () => undefined,
  );
  chains.set(file, tail);
  void tail.then(() => {
    if (chains.get(file) === tail) chains.delete(file);
  });
  return run;
}

function isEnoent(err: unknown): boolean {
  return (err as NodeJS.ErrnoException).code === 'ENOENT';
}

/** Created 0600 when missing (the mode of an existing file is left alone); writes always append. */
function openForAppend(file: string): Promise<FileHandle> {
  return open(file, 'a+', 0o600);
}

async function endsWithNewline(fh: FileHandle, size: number): Promise<boolean> {
  const byte = Buffer.alloc(1);
  await fh.read(byte, 0, 1, size - 1);
  return byte[0] === 0x0a;
}

/**
 * The last `cap` bytes of a file, starting at a whole line (a file written before rotation existed
 * can be any size); '' when it does not exist.
 */
async function readTail(file: string, cap: number): Promise<string> {
  let fh: FileHandle;
  try {
    fh = await open(file, 'r');
  } catch (err) {
    if (isEnoent(err)) return '';
    throw err;
  }
  try {
    const { size } = await fh.stat();
    // One byte more than the cap: when it is a newline, the first line in the cap is whole.
    const start = Math.max(0, size - cap - 1);
    const buf = Buffer.alloc(size - start);
    let got = 0;
    while (got < buf.length) {
      const { bytesRead } = await fh.read(buf, got, buf.length - got, start + got);
      if (bytesRead === 0) break;
      got += bytesRead;
    }
    let body = buf.subarray(0, got);
    if (start > 0) {
      // Cut at a newline byte, never inside a UTF-8 sequence.
      const nl = body.indexOf(0x0a);
      body = nl < 0 ? body.subarray(body.length) : body.subarray(nl + 1);
    }
    return body.toString('utf8');
  } finally {
    await fh.close();
  }
}

/** The records of one file, in file order; a line torn by a crash (or not a record) is skipped. */
function parseLines(text: string): AuditRecord[] {
  const out: AuditRecord[] = [];
  for (const line of text.split('\n')) {
    if (!line) continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    const r = value as Partial<AuditRecord>;
    if (typeof r.time !== 'string' || typeof r.tool !== 'string' || (r.decision !== 'allow' && r.decision !== 'deny')) continue;
    out.push(value as AuditRecord);
  }
  return out;
}

export class JsonlAuditLog implements AuditLog {
  private queue: AuditEntry[] = [];
  /** This log's last queued write (never rejects: errors go to lastError). */
  private written: Promise<void> = Promise.resolve();
  private scheduled = false;
  private readonly key: string;
  readonly maxBytes: number;
  readonly keep: number;
  /** The last write or rotation error, if any (the engine surfaces it; decisions are not blocked by a full disk). */
  lastError: Error | undefined;

  constructor(
    readonly file: string,
    opts: JsonlAuditOptions = {},
  ) {
    const maxBytes = opts.maxBytes ?? AUDIT_MAX_BYTES;
    const keep = opts.keep ?? AUDIT_KEEP;
    if (!Number.isSafeInteger(maxBytes) || maxBytes < 1)
      throw new Error(`JsonlAuditLog: maxBytes must be a positive integer, got ${maxBytes}`);
    if (!Number.isSafeInteger(keep) || keep < 0 || keep > 100)
      throw new Error(`JsonlAuditLog: keep must be an integer from 0 to 100, got ${keep}`);
    this.maxBytes = maxBytes;
    this.keep = keep;
    this.key = path.resolve(file);
  }

  static forProject(dataDir: string, projectRoot: string, opts?: JsonlAuditOptions): JsonlAuditLog {
    return new JsonlAuditLog(auditFileFor(dataDir, projectRoot), opts);
  }

  /** Oldest first: `.<keep>` … `.1`, then the current file. */
  files(): string[] {
    const out: string[] = [];
    for (let i = this.keep; i >= 1; i--) out.push(`${this.file}.${i}`);
    out.push(this.file);
    return out;
  }

  append(entry: AuditEntry): void {
    this.queue.push(entry);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => void this.flush());
    }
  }

  flush(): Promise<void> {
    this.scheduled = false;
    if (this.queue.length > 0) {
      const lines = this.queue.map((e) => JSON.stringify(toRecord(e)) + '\n');
      this.queue = [];
      this.written = serialFor(this.key, () => this.write(lines));
    }
    return this.written;
  }

  /** Runs on the file's chain: appends the lines, rotating before one would pass maxBytes. */
  private async write(lines: string[]): Promise<void> {
    let fh: FileHandle | undefined;
    try {
      await mkdir(path.dirname(this.file), { recursive: true, mode: 0o700 });
      fh = await openForAppend(this.file);
      // Sized per batch, not once: another process may append to or rotate the same file.
      let size = (await fh.stat()).size;
      // A last line torn by a crash would swallow the first new record: end it first.
      let chunk = size > 0 && !(await endsWithNewline(fh, size)) ? '\n' : '';
      let chunkBytes = chunk.length;
      let canRotate = true;
      for (const line of lines) {
        const bytes = Buffer.byteLength(line);
        // A file never passes maxBytes unless one line alone is larger (then it is alone in its file).
        if (canRotate && size + chunkBytes > 0 && size + chunkBytes + bytes > this.maxBytes) {
          if (chunk) await fh.appendFile(chunk, 'utf8');
          chunk = '';
          chunkBytes = 0;
          try {
            await this.rotate();
            await fh.close();
            fh = undefined;
            fh = await openForAppend(this.file);
            size = 0;
          } catch (err) {
            // Keep appending where we can: a record lost is worse than a file too long.
            this.lastError = err as Error;
            canRotate = false;
            fh ??= await openForAppend(this.file);
          }
        }
        chunk += line;
        chunkBytes += bytes;
      }
      if (chunk) await fh.appendFile(chunk, 'utf8');
    } catch (err) {
      this.lastError = err as Error;
    } finally {
      await fh?.close().catch(() => undefined);
    }
  }

  private async rotate(): Promise<void> {
    if (this.keep === 0) {
      await rm(this.file, { force: true });
      return;
    }
    // rename() replaces the target, so `.<keep>` is dropped by the first move.
    for (let i = this.keep - 1; i >= 1; i--) {
      try {
        await rename(`${this.file}.${i}`, `${this.file}.${i + 1}`);
      } catch (err) {
        if (!isEnoent(err)) throw err;
      }
    }
    await rename(this.file, `${this.file}.1`);
  }

  /** Reads wait for everything queued before them and run on the file's chain (no rotation mid-read). */
  private read<T>(job: () => Promise<T>): Promise<T> {
    void this.flush();
    return serialFor(this.key, job);
  }

  /** Newest first, across the current and rotated files; stops reading once `limit` is reached. */
  query(q: AuditQuery = {}): Promise<AuditRecord[]> {
    return this.read(async () => {
      const out: AuditRecord[] = [];
      const limit = q.limit ?? Infinity;
      for (const file of this.files().reverse()) {
        if (out.length >= limit) break;
        const records = parseLines(await readTail(file, this.maxBytes));
        for (let i = records.length - 1; i >= 0 && out.length < limit; i--) {
          const r = records[i]!;
          if (q.tool !== undefined && r.tool !== q.tool) continue;
          if (q.decision !== undefined && r.decision !== q.decision) continue;
          out.push(r);
        }
      }
      return out;
    });
  }

  hitCounts(): Promise<{ byKey: Record<string, number>; byEntry: Record<string, number> }> {
    return this.read(async () => {
      const byKey: Record<string, number> = {};
      const byEntry: Record<string, number> = {};
      for (const file of this.files()) {
        for (const r of parseLines(await readTail(file, this.maxBytes))) {
          if (r.edit || r.hook) continue; // a change to the allowlist (or a hook run) is not a use of it
          if (typeof r.key === 'string') byKey[r.key] = (byKey[r.key] ?? 0) + 1;
          if (typeof r.entry === 'string') byEntry[r.entry] = (byEntry[r.entry] ?? 0) + 1;
        }
      }
      return { byKey, byEntry };
    });
  }
}

/** For dry runs and tests that do not look at the log. */
export class MemoryAuditLog implements AuditLog {
  readonly records: AuditRecord[] = [];
  append(entry: AuditEntry): void {
    this.records.push(toRecord(entry));
  }
  async flush(): Promise<void> {}
  async query(q: AuditQuery = {}): Promise<AuditRecord[]> {
    return this.records
      .filter((r) => (q.tool === undefined || r.tool === q.tool) && (q.decision === undefined || r.decision === q.decision))
      .reverse()
      .slice(0, q.limit ?? Infinity);
  }
  async hitCounts(): Promise<{ byKey: Record<string, number>; byEntry: Record<string, number> }> {
    const byKey: Record<string, number> = {};
    const byEntry: Record<string, number> = {};
    for (const r of this.records) {
      if (r.edit || r.hook) continue;
      if (r.key !== null) byKey[r.key] = (byKey[r.key] ?? 0) + 1;
      if (r.entry !== undefined) byEntry[r.entry] = (byEntry[r.entry] ?? 0) + 1;
    }
    return { byKey, byEntry };
  }
}
