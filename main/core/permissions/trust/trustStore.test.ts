import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TRUST_STORE_FILE, TrustStore, TrustStoreError } from './trustStore.js';
import { useTempDir } from '../../fs/tempDir.testkit.js';

const tempDirs = useTempDir();

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../../..');
const SHA_A = 'a'.repeat(64);
const SHA_B = 'b'.repeat(64);

let dataDir: string;
let store: TrustStore;
beforeEach(async () => {
  dataDir = path.join(await tempDirs('cc-trust-store-'), 'data');
  store = TrustStore.forDataDir(dataDir, { now: () => new Date('2026-01-02T03:04:05Z') });
});
afterEach(async () => rm(path.dirname(dataDir), { recursive: true, force: true }));

describe('TrustStore', () => {
  it('records a folder with the sha256 of its codecoder.json, in the data folder, 0600', async () => {
    expect(await store.get('/p/one')).toBeUndefined();
    await store.set('/p/one', SHA_A);
    expect(await store.get('/p/one')).toEqual({ sha256: SHA_A, trustedAt: '2026-01-02T03:04:05.000Z' });
    expect(store.file).toBe(path.join(dataDir, TRUST_STORE_FILE));
    if (process.platform !== 'win32') expect((await stat(store.file)).mode & 0o777).toBe(0o600);
    // A new content replaces the record; another folder is another record.
    await store.set('/p/one', SHA_B);
    await store.set('/p/two', SHA_A);
    expect((await store.get('/p/one'))?.sha256).toBe(SHA_B);
    expect(JSON.parse(await readFile(store.file, 'utf8'))).toEqual({
      version: 1,
      folders: {
        '/p/one': { sha256: SHA_B, trustedAt: '2026-01-02T03:04:05.000Z' },
        '/p/two': { sha256: SHA_A, trustedAt: '2026-01-02T03:04:05.000Z' },
      },
    });
  });

  it('remove() drops one record and says whether there was one', async () => {
    await store.set('/p/one', SHA_A);
    expect(await store.remove('/p/two')).toBe(false);
    expect(await store.remove('/p/one')).toBe(true);
    expect(await store.get('/p/one')).toBeUndefined();
  });

  it('a folder named like an Object.prototype member is only a name', async () => {
    expect(await store.get('/__proto__')).toBeUndefined();
    expect(await store.get('constructor')).toBeUndefined();
  });

  it.each([
    ['not JSON', '{"version":1,'],
    ['a wrong version', '{"version":2,"folders":{}}'],
    ['a bad hash', `{"version":1,"folders":{"/p":{"sha256":"xyz","trustedAt":"t"}}}`],
    ['a relative folder', `{"version":1,"folders":{"p":{"sha256":"${SHA_A}","trustedAt":"t"}}}`],
    ['an unknown field', `{"version":1,"folders":{},"trustEverything":true}`],
    ['an empty file', ''],
  ])('a store with %s trusts nothing, says why, and is never overwritten', async (_what, text) => {
    await mkdir(dataDir, { recursive: true });
    await writeFile(store.file, text);
    const err = await store.get('/p').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TrustStoreError);
    expect((err as Error).message).toContain(store.file);
    expect((err as Error).message).toContain('no folder is trusted');
    await expect(store.set('/p', SHA_A)).rejects.toBeInstanceOf(TrustStoreError);
    await expect(store.remove('/p')).rejects.toBeInstanceOf(TrustStoreError);
    expect(await readFile(store.file, 'utf8')).toBe(text);
  });

  it('a directory where the store should be is refused with a clear error', async () => {
    await mkdir(store.file, { recursive: true });
    await expect(store.get('/p')).rejects.toThrow(/not a regular file/);
  });

  it('concurrent writers in one process keep every record', async () => {
    const other = TrustStore.forDataDir(dataDir);
    await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? store : other).set(`/p/${i}`, SHA_A)));
    for (let i = 0; i < 30; i++) expect(await store.get(`/p/${i}`)).toBeDefined();
  });

  it("two processes writing at once never lose each other's records", async () => {
    await mkdir(dataDir, { recursive: true });
    const writer = (prefix: string): ChildProcess =>
      spawn(process.execPath, ['--import', 'tsx', path.join(here, 'testkit/trustWriter.ts'), store.file, prefix, '20'], {
        cwd: repoRoot,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    const finished = (child: ChildProcess) =>
      new Promise<{ code: number | null; stderr: string }>((resolve) => {
        let stderr = '';
        child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
        child.on('exit', (code) => resolve({ code, stderr }));
      });
    const results = await Promise.all([finished(writer('a')), finished(writer('b'))]);
    expect(results).toEqual([
      { code: 0, stderr: '' },
      { code: 0, stderr: '' },
    ]);
    const doc = JSON.parse(await readFile(store.file, 'utf8')) as { folders: Record<string, unknown> };
    expect(Object.keys(doc.folders)).toHaveLength(40);
  }, 60_000);
});
