import { appendFile, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { projectDataDir } from '../appData.js';
import { AUDIT_KEEP, AUDIT_MAX_BYTES, JsonlAuditLog, toRecord, type AuditEntry, type AuditRecord } from './audit.js';
import { useTempDir } from '../fs/tempDir.testkit.js';

const tempDirs = useTempDir();

let dir: string;
beforeEach(async () => {
  dir = await tempDirs('cc-audit-');
});
afterEach(async () => rm(dir, { recursive: true, force: true }));

const rec = (i: number, over: Partial<AuditEntry> = {}): AuditEntry => ({
  at: 1_700_000_000_000 + i,
  agent: 'a',
  conversation: 'c',
  tool: i % 2 ? 'write_file' : 'run_command',
  key: i % 2 ? `write_file:f${i % 3}` : 'run_command:git',
  decision: i % 4 === 0 ? 'deny' : 'allow',
  via: i % 4 === 0 ? 'user-deny' : 'session',
  ...over,
});

describe('JsonlAuditLog', () => {
  it('lives in the app data folder for the project, never in the project', () => {
    const project = path.join(dir, 'proj');
    const log = JsonlAuditLog.forProject(path.join(dir, 'data'), project);
    expect(log.file).toBe(path.join(projectDataDir(path.join(dir, 'data'), project), 'audit.jsonl'));
    expect(log.file.startsWith(project + path.sep)).toBe(false);
  });

  it('appends one JSON line per decision, in order, and queries newest first with filters', async () => {
    const log = new JsonlAuditLog(path.join(dir, 'p', 'audit.jsonl'));
    for (let i = 0; i < 20; i++) log.append(rec(i));
    await log.flush();
    const lines = (await readFile(log.file, 'utf8')).trim().split('\n');
    expect(lines).toHaveLength(20);
    expect(JSON.parse(lines[0]!)).toEqual(toRecord(rec(0)));
    expect(JSON.parse(lines[0]!).time).toBe('2023-11-14T22:13:20.000Z');
    const newest = await log.query({ limit: 3 });
    expect(newest.map((r) => r.time)).toEqual([toRecord(rec(19)).time, toRecord(rec(18)).time, toRecord(rec(17)).time]);
    const denies = await log.query({ decision: 'deny' });
    expect(denies.every((r) => r.decision === 'deny')).toBe(true);
    expect(denies).toHaveLength(5);
    expect((await log.query({ tool: 'write_file', limit: 2 })).map((r) => r.tool)).toEqual(['write_file', 'write_file']);
  });

  it('counts hits per key and per matched entry; skips a torn last line', async () => {
    const log = new JsonlAuditLog(path.join(dir, 'audit.jsonl'));
    log.append(rec(1, { entry: 'write_file:**' }));
    log.append(rec(3, { entry: 'write_file:**' }));
    log.append(rec(2));
    await log.flush();
    await appendFile(log.file, '{"time": "torn');
    expect(await log.hitCounts()).toEqual({
      byKey: { 'write_file:f1': 1, 'write_file:f0': 1, 'run_command:git': 1 },
      byEntry: { 'write_file:**': 2 },
    });
  });

  it('an empty log queries as empty', async () => {
    expect(await new JsonlAuditLog(path.join(dir, 'none.jsonl')).query()).toEqual([]);
  });
});

const lineOf = (e: AuditEntry) => JSON.stringify(toRecord(e)) + '\n';
/** Records of one shape (same line length): only the time differs. */
const same = (i: number) => rec(i, { tool: 'read_file', key: 'read_file:a', decision: 'allow', via: 'session' });

async function textOf(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

/** The files that exist, oldest first, with their text. */
async function filesOf(log: JsonlAuditLog): Promise<{ file: string; text: string }[]> {
  const out: { file: string; text: string }[] = [];
  for (const file of log.files()) {
    const text = await textOf(file);
    if (text !== undefined) out.push({ file, text });
  }
  return out;
}

/** Each file stays within maxBytes, and was rotated only because its successor's first line did not fit. */
function expectRotatedAtTheLimit(files: { text: string }[], maxBytes: number): void {
  for (let i = 0; i < files.length; i++) {
    const bytes = Buffer.byteLength(files[i]!.text);
    expect(bytes).toBeLessThanOrEqual(maxBytes);
    const next = files[i + 1];
    if (next) expect(bytes + Buffer.byteLength(next.text.split('\n')[0]! + '\n')).toBeGreaterThan(maxBytes);
  }
}

describe('JsonlAuditLog rotation', () => {
  it('defaults to 8 MiB per file and two rotated files', () => {
    const log = new JsonlAuditLog(path.join(dir, 'audit.jsonl'));
    expect([log.maxBytes, log.keep]).toEqual([AUDIT_MAX_BYTES, AUDIT_KEEP]);
    expect([AUDIT_MAX_BYTES, AUDIT_KEEP]).toEqual([8 * 1024 * 1024, 2]);
    expect(log.files()).toEqual([`${log.file}.2`, `${log.file}.1`, log.file]);
  });

  it('refuses bad options, naming the field', () => {
    const file = path.join(dir, 'audit.jsonl');
    expect(() => new JsonlAuditLog(file, { maxBytes: 0 })).toThrow(/maxBytes/);
    expect(() => new JsonlAuditLog(file, { maxBytes: 1.5 })).toThrow(/maxBytes/);
    expect(() => new JsonlAuditLog(file, { keep: -1 })).toThrow(/keep/);
    expect(() => new JsonlAuditLog(file, { keep: Number.NaN })).toThrow(/keep/);
  });

  it('rotates before a line would pass the limit, inside one batch too; every record kept once, in order', async () => {
    const maxBytes = Buffer.byteLength(lineOf(rec(0))) * 5;
    const log = new JsonlAuditLog(path.join(dir, 'p', 'audit.jsonl'), { maxBytes, keep: 100 });
    const all: AuditEntry[] = [];
    for (let i = 0; i < 60; i++) {
      const e = rec(i, { entry: `e${i % 4}` });
      all.push(e);
      log.append(e);
      if (i % 17 === 0) await log.flush(); // batches of different sizes
    }
    await log.flush();
    const files = await filesOf(log);
    expect(files.length).toBeGreaterThan(10);
    expect(files.map((f) => f.text).join('')).toBe(all.map(lineOf).join(''));
    expectRotatedAtTheLimit(files, maxBytes);
    expect(log.lastError).toBeUndefined();
  });

  it('loses and duplicates nothing under many concurrent appends from several logs on one file, queries included', async () => {
    const file = path.join(dir, 'audit.jsonl');
    const maxBytes = 2000;
    const logs = Array.from({ length: 4 }, () => new JsonlAuditLog(file, { maxBytes, keep: 100 }));
    const perWriter = 120;
    const seenByQueries: AuditRecord[][] = [];
    await Promise.all(
      logs.map(async (log, w) => {
        for (let i = 0; i < perWriter; i++) {
          log.append(rec(w * 1000 + i, { agent: `w${w}`, entry: `e${i % 3}` }));
          // Interleave every way a writer can: bursts, explicit flushes, the scheduled flush, reads.
          if ((i + w) % 7 === 0) await log.flush();
          else if ((i + w) % 5 === 0) await new Promise<void>((resolve) => setImmediate(resolve));
          else if ((i + w) % 23 === 0) seenByQueries.push(await log.query());
          else await Promise.resolve();
        }
      }),
    );
    await Promise.all(logs.map((l) => l.flush()));

    const files = await filesOf(logs[0]!);
    expect(files.length).toBeGreaterThan(5);
    expectRotatedAtTheLimit(files, maxBytes);
    const written = files.flatMap((f) => f.text.split('\n').filter(Boolean)).map((l) => JSON.parse(l) as AuditRecord);
    const expected = logs.flatMap((_, w) =>
      Array.from({ length: perWriter }, (_, i) => toRecord(rec(w * 1000 + i, { agent: `w${w}`, entry: `e${i % 3}` }))),
    );
    expect(written).toHaveLength(expected.length);
    expect([...written].sort((a, b) => a.time.localeCompare(b.time))).toEqual([...expected].sort((a, b) => a.time.localeCompare(b.time)));
    // Each writer's records are in the order it appended them.
    for (let w = 0; w < logs.length; w++) {
      const times = written.filter((r) => r.agent === `w${w}`).map((r) => r.time);
      expect(times).toEqual([...times].sort());
    }
    // A query during rotations never saw a record twice.
    expect(seenByQueries.length).toBeGreaterThan(3);
    for (const seen of seenByQueries) expect(new Set(seen.map((r) => r.time)).size).toBe(seen.length);
    const everything = await logs[2]!.query();
    expect(everything.map((r) => r.time)).toEqual(written.map((r) => r.time).reverse());
    expect(logs.map((l) => l.lastError)).toEqual([undefined, undefined, undefined, undefined]);
  });

  it('drops .2 when a third rotation happens', async () => {
    const maxBytes = Buffer.byteLength(lineOf(same(0))); // one record per file
    const log = new JsonlAuditLog(path.join(dir, 'audit.jsonl'), { maxBytes });
    const step = async (i: number) => {
      log.append(same(i));
      await log.flush();
      return Promise.all([log.file, `${log.file}.1`, `${log.file}.2`, `${log.file}.3`].map(textOf));
    };
    expect(await step(0)).toEqual([lineOf(same(0)), undefined, undefined, undefined]);
    expect(await step(1)).toEqual([lineOf(same(1)), lineOf(same(0)), undefined, undefined]);
    expect(await step(2)).toEqual([lineOf(same(2)), lineOf(same(1)), lineOf(same(0)), undefined]);
    expect(await step(3)).toEqual([lineOf(same(3)), lineOf(same(2)), lineOf(same(1)), undefined]);
    expect((await log.query()).map((r) => r.time)).toEqual([3, 2, 1].map((i) => toRecord(same(i)).time));
  });

  it('queries and hit counts span the current and rotated files', async () => {
    const entries = Array.from({ length: 9 }, (_, i) => ({
      ...same(i),
      key: `read_file:k${i % 2}`,
      decision: i % 3 === 0 ? ('deny' as const) : ('allow' as const),
      entry: i % 3 === 0 ? 'read_file:no' : 'read_file:*',
    }));
    // 'read_file:no' keeps deny lines as long as allow lines: three records per file.
    const maxBytes = Buffer.byteLength(lineOf(entries[0]!)) * 3;
    expect(new Set(entries.map((e) => Buffer.byteLength(lineOf(e)))).size).toBe(1);
    const log = new JsonlAuditLog(path.join(dir, 'audit.jsonl'), { maxBytes });
    for (const e of entries) log.append(e);
    await log.flush();
    // .2 = 0..2, .1 = 3..5, current = 6..8
    expect((await filesOf(log)).map((f) => f.text.split('\n').filter(Boolean).length)).toEqual([3, 3, 3]);
    const timeOf = (i: number) => toRecord(entries[i]!).time;
    expect((await log.query()).map((r) => r.time)).toEqual([8, 7, 6, 5, 4, 3, 2, 1, 0].map(timeOf));
    expect((await log.query({ limit: 5 })).map((r) => r.time)).toEqual([8, 7, 6, 5, 4].map(timeOf));
    expect((await log.query({ decision: 'deny' })).map((r) => r.time)).toEqual([6, 3, 0].map(timeOf));
    expect(await log.hitCounts()).toEqual({
      byKey: { 'read_file:k0': 5, 'read_file:k1': 4 },
      byEntry: { 'read_file:no': 3, 'read_file:*': 6 },
    });
    // One more rotation drops records 0..2 from both.
    for (let i = 9; i < 12; i++) log.append({ ...same(i), key: 'read_file:k1', entry: 'read_file:*' });
    expect((await log.query()).map((r) => r.time)).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3].map((i) => toRecord(same(i)).time));
    expect(await log.hitCounts()).toEqual({
      byKey: { 'read_file:k0': 3, 'read_file:k1': 6 },
      byEntry: { 'read_file:no': 2, 'read_file:*': 7 },
    });
  });

  it('a query with a limit reads only the newest files it needs', async () => {
    const maxBytes = Buffer.byteLength(lineOf(same(0))) * 3;
    const log = new JsonlAuditLog(path.join(dir, 'audit.jsonl'), { maxBytes });
    for (let i = 0; i < 9; i++) log.append(same(i));
    await log.flush();
    // The oldest rotated file becomes unreadable: only a query that needs it fails.
    await rm(`${log.file}.2`);
    await mkdir(`${log.file}.2`);
    expect((await log.query({ limit: 4 })).map((r) => r.time)).toEqual([8, 7, 6, 5].map((i) => toRecord(same(i)).time));
    await expect(log.query()).rejects.toThrow(/EISDIR/);
  });

  it('keeps every file 0600', async () => {
    const log = new JsonlAuditLog(path.join(dir, 'd', 'audit.jsonl'), { maxBytes: Buffer.byteLength(lineOf(same(0))) });
    for (let i = 0; i < 3; i++) {
      log.append(same(i));
      await log.flush();
    }
    const modes = await Promise.all(log.files().map(async (f) => (await stat(f)).mode & 0o777));
    expect(modes).toEqual([0o600, 0o600, 0o600]);
  });

  it('skips corrupt lines in any file, and a record appended after a torn last line is not lost', async () => {
    const file = path.join(dir, 'audit.jsonl');
    const good = (i: number) => lineOf(same(i));
    await writeFile(`${file}.1`, good(0) + '{"time": "torn\n' + 'null\n42\n[]\n{"foo":1}\n' + good(1), { mode: 0o600 });
    await writeFile(file, good(2) + '{"time":"2023-11-14T22:13:20.003Z","tool":"re', { mode: 0o600 });
    const log = new JsonlAuditLog(file);
    expect((await log.query()).map((r) => r.time)).toEqual([2, 1, 0].map((i) => toRecord(same(i)).time));
    log.append(same(4));
    expect((await log.query()).map((r) => r.time)).toEqual([4, 2, 1, 0].map((i) => toRecord(same(i)).time));
    expect(await log.hitCounts()).toEqual({ byKey: { 'read_file:a': 4 }, byEntry: {} });
    expect(await readFile(file, 'utf8')).toMatch(/"tool":"re\n\{/);
  });

  it('reads only the last maxBytes of a file written before rotation existed, and rotates it on the next append', async () => {
    const file = path.join(dir, 'audit.jsonl');
    const lineBytes = Buffer.byteLength(lineOf(same(0)));
    await writeFile(file, Array.from({ length: 100 }, (_, i) => lineOf(same(i))).join(''), { mode: 0o600 });
    // 10.5 lines fit: the half line at the cut is dropped, the last 10 whole records are read.
    const log = new JsonlAuditLog(file, { maxBytes: Math.floor(lineBytes * 10.5) });
    const timesOf = (ids: number[]) => ids.map((i) => toRecord(same(i)).time);
    const last = (n: number, from = 99) => Array.from({ length: n }, (_, k) => from - k);
    expect((await log.query()).map((r) => r.time)).toEqual(timesOf(last(10)));
    log.append(same(100));
    expect((await log.query()).map((r) => r.time)).toEqual(timesOf([100, ...last(10)]));
    expect(await textOf(file)).toBe(lineOf(same(100)));
    // The cut lands exactly on a line boundary: no whole record is dropped.
    const exact = new JsonlAuditLog(path.join(dir, 'b.jsonl'), { maxBytes: lineBytes * 4 });
    await writeFile(exact.file, Array.from({ length: 10 }, (_, i) => lineOf(same(i))).join(''), { mode: 0o600 });
    expect((await exact.query()).map((r) => r.time)).toEqual(timesOf(last(4, 9)));
  });
});
