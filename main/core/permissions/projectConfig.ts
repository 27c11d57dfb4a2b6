/**
 * The project level on disk: codecoder.json in the project root.
 *
 * - Loaded once; manual edits are never applied silently. A watcher on the directory (atomic renames
 *   replace the inode, so watching the file itself would go deaf) marks the file changed on disk;
 *   `reload()` applies it.
 * - A file that does not parse or has wrong types is never overwritten: its allow entries count as
 *   empty (fail closed: Ask), the last good deny rules stay in force, and writes are refused until the
 *   file is fixed and reloaded.
 * - Writes take a lock file (proper-lockfile, across processes), re-read the file under the lock,
 *   apply a minimal edit and replace the file atomically (write-file-atomic: temp file, fsync, rename),
 *   so two writers never lose each other's updates and a killed writer leaves old-or-new.
 */
import { watch, type FSWatcher } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import path from 'node:path';
import * as lockfile from 'proper-lockfile';
import writeFileAtomic from 'write-file-atomic';
import {
  CONFIG_FILE,
  MAX_CONFIG_BYTES,
  editConfigText,
  parseConfigBytes,
  parseConfigText,
  type AllowlistItem,
  type ConfigEdit,
  type ConfigError,
  type DenyItem,
  type ParseResult,
} from './configFile.js';

export interface ConfigSnapshot {
  exists: boolean;
  /** Empty while the file is malformed. */
  allowlist: AllowlistItem[];
  /** The last good deny rules while the file is malformed (refusing more is the safe side). */
  deny: DenyItem[];
  /** The file's "mcpServers" value (absent while malformed: nothing starts from a broken file). */
  mcpServers?: unknown;
  error?: ConfigError;
}

export class ConfigWriteRefused extends Error {
  override name = 'ConfigWriteRefused';
  constructor(
    message: string,
    readonly configError?: ConfigError,
  ) {
    super(message);
  }
}

export type ReadResult = { exists: false } | { exists: true; text: string; result: ParseResult };

/** Reads codecoder.json without ever reading more than the cap (plus one byte to know it is over). */
export async function readConfigFile(file: string): Promise<ReadResult> {
  let st;
  try {
    st = await stat(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { exists: false };
    return { exists: true, text: '', result: { ok: false, error: { message: `cannot read ${CONFIG_FILE}: ${(err as Error).message}` } } };
  }
  if (!st.isFile()) {
    return { exists: true, text: '', result: { ok: false, error: { message: `${CONFIG_FILE} is not a regular file` } } };
  }
  if (st.size > MAX_CONFIG_BYTES) {
    return {
      exists: true,
      text: `\0size:${st.size}:${st.mtimeMs}`,
      result: { ok: false, error: { message: `${CONFIG_FILE} is ${st.size} bytes, over the ${MAX_CONFIG_BYTES}-byte limit` } },
    };
  }
  const fh = await open(file, 'r');
  try {
    const buf = Buffer.alloc(MAX_CONFIG_BYTES + 1);
    let n = 0;
    for (;;) {
      const { bytesRead } = await fh.read(buf, n, buf.length - n, n);
      if (bytesRead === 0) break;
      n += bytesRead;
      if (n === buf.length) break;
    }
    const bytes = buf.subarray(0, n);
    return { exists: true, text: bytes.toString('latin1'), result: parseConfigBytes(bytes) };
  } finally {
    await fh.close();
  }
}

export interface ProjectConfigOptions {
  projectRoot: string;
  /** Lock tuning (tests use a short stale time). */
  lockStaleMs?: number;
  lockRetries?: number;
  /** Called when the watcher finds the file different from what this process last loaded or wrote. */
  onDiskChange?: () => void;
}

export class ProjectConfig {
  readonly file: string;
  private snap: ConfigSnapshot = { exists: false, allowlist: [], deny: [] };
  /** The raw bytes (as latin1) last loaded or written by this process: what "changed on disk" compares to. */
  private lastRaw: string | undefined = undefined;
  private changed = false;
  private watcher: FSWatcher | undefined;
  private checking: Promise<void> | undefined;
  private recheck = false;
  private writeChain: Promise<unknown> = Promise.resolve();
  private readonly listeners = new Set<() => void>();
  /** While this process writes, watcher events are our own rename: check again once the write is done. */
  private writing = 0;
  private checkAfterWrite = false;

  constructor(private readonly opts: ProjectConfigOptions) {
    this.file = path.join(opts.projectRoot, CONFIG_FILE);
  }

  static async open(opts: ProjectConfigOptions): Promise<ProjectConfig> {
    const c = new ProjectConfig(opts);
    await c.reload();
    return c;
  }

  snapshot(): ConfigSnapshot {
    return this.snap;
  }

  get changedOnDisk(): boolean {
    return this.changed;
  }

  /** Reads the file and makes it the project level. A malformed file keeps the last good deny rules. */
  async reload(): Promise<ConfigSnapshot> {
    const r = await readConfigFile(this.file);
    if (!r.exists) {
      this.snap = { exists: false, allowlist: [], deny: [] };
      this.lastRaw = undefined;
    } else if (r.result.ok) {
      this.snap = withServers({ exists: true, allowlist: r.result.doc.allowlist, deny: r.result.doc.deny }, r.result.doc);
      this.lastRaw = r.text;
    } else {
      this.snap = { exists: true, allowlist: [], deny: this.snap.deny, error: r.result.error };
      this.lastRaw = r.text;
    }
    this.changed = false;
    return this.snap;
  }

  /**
   * Applies one edit on disk, serialized in this process and across processes. Refused while the
   * loaded file is malformed or the file on disk is malformed: a broken file is never overwritten.
   */
  edit(edit: ConfigEdit): Promise<void> {
    const run = this.writeChain.then(() => this.editLocked(edit));
    this.writeChain = run.catch(() => undefined);
    return run;
  }

  private async editLocked(edit: ConfigEdit): Promise<void> {
    if (this.snap.error) {
      throw new ConfigWriteRefused(
        `not writing ${CONFIG_FILE}: it is malformed (${this.snap.error.message}); fix it and reload first`,
        this.snap.error,
      );
    }
    this.writing++;
    try {
      await this.editUnderLock(edit);
    } finally {
      this.writing--;
      if (this.writing === 0 && this.checkAfterWrite) {
        this.checkAfterWrite = false;
        void this.checkDisk();
      }
    }
  }

  private async editUnderLock(edit: ConfigEdit): Promise<void> {
    let compromised: Error | undefined;
    let release: () => Promise<void>;
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
      throw new ConfigWriteRefused(`cannot lock ${CONFIG_FILE} for writing (${(err as Error).message}); try again`);
    }
    try {
      const disk = await readConfigFile(this.file);
      const before = disk.exists ? disk.result : undefined;
      if (before && !before.ok) {
        this.changed = true;
        throw new ConfigWriteRefused(
          `not writing ${CONFIG_FILE}: the file on disk is malformed (${before.error.message}); fix it and reload first`,
          before.error,
        );
      }
      const beforeText = before?.ok ? before.text : '';
      const afterText = editConfigText(beforeText, edit);
      const after = parseConfigText(afterText);
      if (!after.ok) throw new Error(`internal error: an edit produced invalid JSON (${after.error.message})`);
      if (compromised) throw new ConfigWriteRefused(`lost the lock on ${CONFIG_FILE}: ${compromised.message}`);
      if (afterText !== beforeText || !disk.exists) {
        await writeFileAtomic(this.file, afterText, { fsync: true });
        await fsyncDir(path.dirname(this.file));
      }
      const foreign = (disk.exists ? disk.text : undefined) !== this.lastRaw;
      if (!foreign) {
        this.snap = withServers({ exists: true, allowlist: after.doc.allowlist, deny: after.doc.deny }, after.doc);
      } else {
        // Someone else changed the file since we loaded it: their changes are kept on disk but not
        // applied here until reload(); only our own edit is applied in memory.
        this.snap = applyEditToSnapshot(this.snap, edit);
        this.changed = true;
      }
      this.lastRaw = Buffer.from(afterText, 'utf8').toString('latin1');
    } finally {
      await release().catch(() => undefined);
    }
  }

  /** Adds a listener for "changed on disk"; returns a function that removes it. */
  onDiskChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Starts watching the project directory for changes to codecoder.json. */
  watch(): void {
    if (this.watcher) return;
    try {
      this.watcher = watch(path.dirname(this.file), { persistent: false }, (_event, filename) => {
        if (filename !== null && filename !== CONFIG_FILE) return;
        void this.checkDisk();
      });
      this.watcher.on('error', () => undefined);
    } catch {
      // No watcher (e.g. inotify limits): /reload still works; the UI just is not told.
    }
  }

  /** Compares the file with what this process last loaded or wrote; marks it changed if different. */
  checkDisk(): Promise<void> {
    if (this.writing > 0) {
      this.checkAfterWrite = true;
      return Promise.resolve();
    }
    if (this.checking) {
      this.recheck = true;
      return this.checking;
    }
    this.checking = (async () => {
      do {
        this.recheck = false;
        let raw: string | undefined;
        try {
          const r = await readConfigFile(this.file);
          raw = r.exists ? r.text : undefined;
        } catch {
          raw = '\0unreadable';
        }
        if (raw !== this.lastRaw && !this.changed) {
          this.changed = true;
          this.opts.onDiskChange?.();
          for (const l of this.listeners) l();
        }
      } while (this.recheck);
    })().finally(() => {
      this.checking = undefined;
    });
    return this.checking;
  }

  close(): void {
    this.watcher?.close();
    this.watcher = undefined;
  }
}

function applyEditToSnapshot(s: ConfigSnapshot, e: ConfigEdit): ConfigSnapshot {
  const allowlist = s.allowlist.filter((a) => !('key' in e && a.key === e.key && (e.op === 'setAllow' || e.op === 'removeAllow')));
  let deny = s.deny;
  if (e.op === 'setAllow') allowlist.push({ key: e.key, value: e.value, line: 0, column: 0 });
  if (e.op === 'addDeny' && !deny.some((d) => d.key === e.key)) deny = [...deny, { key: e.key, line: 0, column: 0 }];
  if (e.op === 'removeDeny') deny = deny.filter((d) => d.key !== e.key);
  let servers = s.mcpServers;
  if (e.op === 'setMcpServer') servers = { ...(isObject(servers) ? servers : {}), [e.name]: e.value };
  return withServers({ exists: true, allowlist, deny }, { mcpServers: servers });
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function withServers(s: ConfigSnapshot, doc: { mcpServers?: unknown }): ConfigSnapshot {
  return doc.mcpServers === undefined ? s : { ...s, mcpServers: doc.mcpServers };
}

async function fsyncDir(dir: string): Promise<void> {
  // Makes the rename itself durable. Not possible on every platform (Windows): best effort.
  try {
    const fh = await open(dir, 'r');
    try {
      await fh.sync();
    } finally {
      await fh.close();
    }
  } catch {
    /* best effort */
  }
}
