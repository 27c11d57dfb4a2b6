import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { projectDataDir } from '../appData.js';
import { JsonlAuditLog, toRecord, type AuditEntry } from './audit.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'cc-audit-'));
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
    const { appendFile } = await import('node:fs/promises');
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
