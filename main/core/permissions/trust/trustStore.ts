/**
 * Which project folders this user trusts: `<data dir>/trusted-folders.json`, in the app's data folder
 * and never in a project (a repository must not be able to ship its own trust).
 *
 *   { "version": 1, "folders": { "<realpath>": { "sha256": "<hex of codecoder.json>", "trustedAt": "<ISO>" } } }
 *
 * - A record covers one folder's realpath and the exact bytes of its codecoder.json: any other
 *   content (a hand edit, a pull, a fresh clone elsewhere) is not covered.
 * - Writes lock the store across processes (proper-lockfile), re-read it under the lock, change one
 *   record and replace the file atomically with mode 0600, so two writers never lose each other's
 *   records and a killed writer leaves the old or the new file.
 * - A store that does not parse or has the wrong shape trusts nothing, and is never overwritten:
 *   reads and writes throw a TrustStoreError naming the file and what is wrong with it.
 * - Beside it, `trusted-content/<sha256>.json` keeps the exact bytes each record trusted, so a
 *   review after a change can show what changed. It only informs: a copy is used only when its bytes
 *   still hash to its name, one no record names is removed, and trust never depends on it.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import * as lockfile from 'proper-lockfile';
import writeFileAtomic from 'write-file-atomic';
import { z } from 'zod';
import { fsyncDir } from '../../fs/index.js';
import { MAX_CONFIG_BYTES } from '../configFile.js';

export const TRUST_STORE_FILE = 'trusted-folders.json';
/** The trusted bytes, one file per sha256, beside the store. */
const CONTENT_DIR = 'trusted-content';

/** Far above any real store (a record is ~150 bytes); a bigger file is not ours. */
const MAX_STORE_BYTES = 8 * 1024 * 1024;

export interface TrustRecord {
  sha256: string;
  /** ISO 8601. */
  trustedAt: string;
}

const recordSchema = z
  .object({
    sha256: z.string().regex(/^[0-9a-f]{64}$/, 'sha256 must be 64 lowercase hex digits'),
    trustedAt: z.string().min(1),
  })
  .strict();
const storeSchema = z
  .object({
    version: z.literal(1),
    folders: z.record(
      z.string().refine((p) => path.isAbsolute(p), 'folder keys must be absolute paths'),
      recordSchema,
    ),
  })
  .strict();
type StoreDoc = z.infer<typeof storeSchema>;

export class TrustStoreError extends Error {
  override name = 'TrustStoreError';
}

export interface TrustStoreOptions {
  /** Lock tuning (tests use short values). */
  lockStaleMs?: number;
  lockRetries?: number;
  /** The clock for `trustedAt`. */
  now?: () => Date;
}

export class TrustStore {
  constructor(
    readonly file: string,
    private readonly opts: TrustStoreOptions = {},
  ) {}

  static forDataDir(dataDir: string, opts?: TrustStoreOptions): TrustStore {
    return new TrustStore(path.join(dataDir, TRUST_STORE_FILE), opts);
  }

  /** The record of one folder (its realpath), if any. Throws TrustStoreError when the store is malformed. */
  async get(folder: string): Promise<TrustRecord | undefined> {
    const doc = await this.read();
    return Object.hasOwn(doc.folders, folder) ? doc.folders[folder] : undefined;
  }

  /**
   * Records that `folder` is trusted with codecoder.json hashing to `sha256`; `content` (those bytes)
   * is kept for the next review's comparison. Keeping it is best effort: trust is the record.
   */
  async set(folder: string, sha256: string, content?: Uint8Array): Promise<TrustRecord> {
    const record: TrustRecord = { sha256, trustedAt: (this.opts.now?.() ?? new Date()).toISOString() };
    recordSchema.parse(record);
    const keep =
      content && content.length <= MAX_CONFIG_BYTES && sha256Of(content) === sha256
        ? async () => {
            // Under the lock, so another process's prune cannot remove it before its record is written.
            const dir = path.join(path.dirname(this.file), CONTENT_DIR);
            await mkdir(dir, { recursive: true, mode: 0o700 })
              .then(() => writeFileAtomic(path.join(dir, `${sha256}.json`), Buffer.from(content), { mode: 0o600 }))
              .catch(() => undefined);
          }
        : undefined;
    await this.update((doc) => {
      doc.folders[folder] = record;
      return true;
    }, keep);
    return record;
  }

  /** The bytes trusted as `sha256`, when a copy was kept and still hashes to it. */
  async trustedContent(sha256: string): Promise<Uint8Array | undefined> {
    if (!/^[0-9a-f]{64}$/.test(sha256)) return undefined;
    const file = path.join(path.dirname(this.file), CONTENT_DIR, `${sha256}.json`);
    try {
      const st = await stat(file);
      if (!st.isFile() || st.size > MAX_CONFIG_BYTES) return undefined;
      const bytes = await readFile(file);
      return sha256Of(bytes) === sha256 ? bytes : undefined;
    } catch {
      return undefined;
    }
  }

  /** Removes a folder's record; false when it had none. */
  async remove(folder: string): Promise<boolean> {
    let had = false;
    await this.update((doc) => {
      had = Object.hasOwn(doc.folders, folder);
      if (had) delete doc.folders[folder];
      return had;
    });
    return had;
  }

  private async read(): Promise<StoreDoc> {
    let st;
    try {
      st = await stat(this.file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { version: 1, folders: {} };
      throw this.malformed(`cannot read it: ${(err as Error).message}`);
    }
    if (!st.isFile()) throw this.malformed('it is not a regular file');
    if (st.size > MAX_STORE_BYTES) throw this.malformed(`it is ${st.size} bytes, over the ${MAX_STORE_BYTES}-byte limit`);
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch (err) {
      throw this.malformed(`cannot read it: ${(err as Error).message}`);
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (err) {
      throw this.malformed(`it is not JSON: ${(err as Error).message}`);
    }
    const parsed = storeSchema.safeParse(json);
    if (!parsed.success) {
      const why = parsed.error.issues.map((i) => `${i.path.length ? i.path.join('.') : '(top level)'}: ${i.message}`).join('; ');
      throw this.malformed(why);
    }
    // A null-prototype copy: a folder named "__proto__" is just a name.
    const folders: Record<string, TrustRecord> = Object.create(null) as Record<string, TrustRecord>;
    for (const [k, v] of Object.entries(parsed.data.folders)) folders[k] = v;
    return { version: 1, folders };
  }

  private malformed(why: string): TrustStoreError {
    return new TrustStoreError(
      `the folder trust store ${this.file} is unusable (${why}): no folder is trusted until it is fixed or removed`,
    );
  }

  /** Removes kept copies no record names any more (under the lock, after the store was written). */
  private async pruneContent(doc: StoreDoc): Promise<void> {
    const dir = path.join(path.dirname(this.file), CONTENT_DIR);
    const named = new Set(Object.values(doc.folders).map((r) => `${r.sha256}.json`));
    const files = await readdir(dir).catch(() => [] as string[]);
    await Promise.all(files.filter((f) => !named.has(f)).map((f) => rm(path.join(dir, f), { force: true }).catch(() => undefined)));
  }

  /** Read-modify-write under the cross-process lock; `change` returns false when nothing changed. */
  private async update(change: (doc: StoreDoc) => boolean, underLock?: () => Promise<void>): Promise<void> {
    await mkdir(path.dirname(this.file), { recursive: true, mode: 0o700 });
    let release: () => Promise<void>;
    let compromised: Error | undefined;
    try {
      release = await lockfile.lock(this.file, {
        realpath: false,
        stale: this.opts.lockStaleMs ?? 10_000,
        retries: { retries: this.opts.lockRetries ?? 400, factor: 1.3, minTimeout: 5, maxTimeout: 100, randomize: true },
        onCompromised: (err) => {
          compromised = err;
        },
      });
    } catch (err) {
      throw new TrustStoreError(`cannot lock the folder trust store ${this.file} (${(err as Error).message}); try again`);
    }
    try {
      await underLock?.();
      const doc = await this.read();
      if (!change(doc)) return;
      if (compromised) throw new TrustStoreError(`lost the lock on ${this.file}: ${compromised.message}`);
      const sorted = Object.fromEntries(Object.entries(doc.folders).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
      await writeFileAtomic(this.file, JSON.stringify({ version: 1, folders: sorted }, null, 2) + '\n', { mode: 0o600, fsync: true });
      await fsyncDir(path.dirname(this.file));
      await this.pruneContent(doc);
    } finally {
      await release().catch(() => undefined);
    }
  }
}


function sha256Of(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}
