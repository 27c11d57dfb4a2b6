/**
 * The audit log: every decision, one JSON line each, in the app's data folder
 * (`<projectDataDir>/audit.jsonl`), never in the project (the agent must not be able to edit it).
 *
 * `append` is synchronous and only queues: decisions are on the hot path. Lines are flushed in
 * batches, in order, by a single writer chain; `flush()` waits for everything queued so far.
 */
import { appendFile, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { projectDataDir } from '../appData.js';
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
}

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

export class JsonlAuditLog implements AuditLog {
  private queue: AuditEntry[] = [];
  private chain: Promise<void> = Promise.resolve();
  private scheduled = false;
  /** The last write error, if any (the engine surfaces it; decisions are not blocked by a full disk). */
  lastError: Error | undefined;

  constructor(readonly file: string) {}

  static forProject(dataDir: string, projectRoot: string): JsonlAuditLog {
    return new JsonlAuditLog(auditFileFor(dataDir, projectRoot));
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
      let batch = '';
      for (const e of this.queue) batch += JSON.stringify(toRecord(e)) + '\n';
      this.queue = [];
      this.chain = this.chain.then(async () => {
        try {
          await mkdir(path.dirname(this.file), { recursive: true });
          await appendFile(this.file, batch, { encoding: 'utf8', mode: 0o600 });
        } catch (err) {
          this.lastError = err as Error;
        }
      });
    }
    return this.chain;
  }

  private async readAll(): Promise<AuditRecord[]> {
    await this.flush();
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw err;
    }
    const out: AuditRecord[] = [];
    for (const line of text.split('\n')) {
      if (!line) continue;
      try {
        out.push(JSON.parse(line) as AuditRecord);
      } catch {
        // A line torn by a crash is skipped, not fatal.
      }
    }
    return out;
  }

  /** Newest first. */
  async query(q: AuditQuery = {}): Promise<AuditRecord[]> {
    const all = await this.readAll();
    const out: AuditRecord[] = [];
    const limit = q.limit ?? Infinity;
    for (let i = all.length - 1; i >= 0 && out.length < limit; i--) {
      const r = all[i]!;
      if (q.tool !== undefined && r.tool !== q.tool) continue;
      if (q.decision !== undefined && r.decision !== q.decision) continue;
      out.push(r);
    }
    return out;
  }

  async hitCounts(): Promise<{ byKey: Record<string, number>; byEntry: Record<string, number> }> {
    const byKey: Record<string, number> = {};
    const byEntry: Record<string, number> = {};
    for (const r of await this.readAll()) {
      if (r.key !== null) byKey[r.key] = (byKey[r.key] ?? 0) + 1;
      if (r.entry !== undefined) byEntry[r.entry] = (byEntry[r.entry] ?? 0) + 1;
    }
    return { byKey, byEntry };
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
      if (r.key !== null) byKey[r.key] = (byKey[r.key] ?? 0) + 1;
      if (r.entry !== undefined) byEntry[r.entry] = (byEntry[r.entry] ?? 0) + 1;
    }
    return { byKey, byEntry };
  }
}
