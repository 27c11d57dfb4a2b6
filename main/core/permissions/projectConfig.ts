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
 *   apply a minimal edit and replace the file atomically (a new temp file, fsync, rename), so two
 *   writers never lose each other's updates and a killed writer leaves old-or-new.
 * - The file is the repository's, so it may be hostile (docs/permissions.md, "Threat model"): anything that fails to load counts
 *   as malformed (never a throw that leaves the previous allowlist in force), a symlink is never read
 *   or written through, and a lock directory a repository shipped is refused at once, not waited on.
 */
import { constants, watch, type FSWatcher } from 'node:fs';
import { lstat, open, readdir, rename, unlink } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import * as lockfile from 'proper-lockfile';
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
import { fsyncDir } from '../fs/index.js';

export interface ConfigSnapshot {
  exists: boolean;
  /** Empty while the file is malformed. */
  allowlist: AllowlistItem[];
  /** The last good deny rules while the file is malformed (refusing more is the safe side). */
  deny: DenyItem[];
  /** The file's "mcpServers" value (absent while malformed: nothing starts from a broken file). */
  mcpServers?: unknown;
  /** The file's "hooks" value (absent while malformed: nothing runs from a broken file). */
  hooks?: unknown;
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

const malformed = (message: string, text = ''): ReadResult => ({ exists: true, text, result: { ok: false, error: { message } } });

/** O_NOFOLLOW: a symlink swapped in after the lstat fails to open. O_NONBLOCK: a FIFO never blocks the open. */
const READ_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/**
 * Reads codecoder.json without ever reading more than the cap (plus one byte to know it is over).
 * Never throws for anything the file is or holds: every failure is a malformed result with a reason.
 */
export async function readConfigFile(file: string): Promise<ReadResult> {
  try {
    return await readConfigFileUnguarded(file);
  } catch (err) {
    // A parser failure (stack overflow, out of memory) or an I/O error is "malformed", with its reason.
    return malformed(`${CONFIG_FILE} could not be loaded: ${(err as Error).message}`, `\0error:${(err as Error).message}`);
  }
}

async function readConfigFileUnguarded(file: string): Promise<ReadResult> {
  let st;
  try {
    st = await lstat(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { exists: false };
    return malformed(`cannot read ${CONFIG_FILE}: ${(err as Error).message}`);
  }
  if (st.isSymbolicLink()) return malformed(SYMLINK_MESSAGE, '\0symlink');
  if (!st.isFile()) return malformed(`${CONFIG_FILE} is not a regular file`);
  let fh;
  try {
    fh = await open(file, READ_FLAGS);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ELOOP' || code === 'EMLINK') return malformed(SYMLINK_MESSAGE, '\0symlink');
    return malformed(`cannot read ${CONFIG_FILE}: ${(err as Error).message}`);
  }
  try {
    // What was opened is what counts (it may have been swapped since the lstat).
    const fst = await fh.stat();
    if (!fst.isFile()) return malformed(`${CONFIG_FILE} is not a regular file`);
    if (fst.size > MAX_CONFIG_BYTES) {
      return malformed(`${CONFIG_FILE} is ${fst.size} bytes, over the ${MAX_CONFIG_BYTES}-byte limit`, `\0size:${fst.size}:${fst.mtimeMs}`);
    }
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

const SYMLINK_MESSAGE = `${CONFIG_FILE} is a symbolic link: CodeCoder never reads or writes through one (it could point outside the project); replace it with a regular file`;

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
    // readConfigFile never throws; the guard is for the unforeseen: a load that fails must never
    // leave the previous allowlist in force.
    const r = await readConfigFile(this.file).catch((err: unknown): ReadResult =>
      malformed(`${CONFIG_FILE} could not be loaded: ${(err as Error).message}`),
    );
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
    const shipped = await foreignLock(`${this.file}.lock`);
    if (shipped) throw new ConfigWriteRefused(shipped);
    try {
      release = await lockfile.lock(this.file, {
        realpath: false,
        stale: this.opts.lockStaleMs ?? 10_000,
        // About 15 s in all: a live writer holds the lock for milliseconds, a dead one's goes stale in 10 s.
        retries: { retries: this.opts.lockRetries ?? 150, factor: 1.3, minTimeout: 5, maxTimeout: 100, randomize: true },
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
        await replaceFile(this.file, afterText);
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
  return withServers({ exists: true, allowlist, deny }, { mcpServers: servers, hooks: s.hooks });
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The programs the file can start (MCP servers, hooks) carried into a snapshot, when it declares them. */
function withServers(s: ConfigSnapshot, doc: { mcpServers?: unknown; hooks?: unknown }): ConfigSnapshot {
  return {
    ...s,
    ...(doc.mcpServers === undefined ? {} : { mcpServers: doc.mcpServers }),
    ...(doc.hooks === undefined ? {} : { hooks: doc.hooks }),
  };
}

/**
 * Why the lock path is not a lock proper-lockfile made, or undefined. Its lock is an empty directory
 * whose mtime the holder refreshes; git cannot ship an empty directory, so a file, a symlink or a
 * directory with anything in it was put there by someone else (typically a cloned repository) and
 * would stall every write until the retries ran out. Refused at once, with what to do.
 */
async function foreignLock(lockPath: string): Promise<string | undefined> {
  let what: string;
  try {
    const st = await lstat(lockPath);
    if (st.isSymbolicLink()) what = 'a symbolic link';
    else if (!st.isDirectory()) what = 'a file';
    else {
      const inside = await readdir(lockPath);
      if (inside.length === 0) return undefined;
      what = `a directory holding ${inside.length} entr${inside.length === 1 ? 'y' : 'ies'}`;
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    what = `unreadable (${(err as Error).message})`;
  }
  return (
    `not writing ${CONFIG_FILE}: ${lockPath} is ${what}, not a lock CodeCoder made (a repository may have shipped it). ` +
    `If no CodeCoder is writing this project, delete it and try again`
  );
}

/**
 * Replaces the file atomically without following any symlink: the temp file is created new
 * (O_EXCL, so an existing file or symlink at its random name fails the open instead of being written
 * through), fsynced, and renamed over the path — rename replaces the directory entry itself, so a
 * symlink swapped in at `file` is replaced, never written through. The file's mode is kept.
 */
async function replaceFile(file: string, text: string): Promise<void> {
  let keep: number | undefined;
  try {
    const st = await lstat(file);
    if (st.isFile()) keep = st.mode & 0o7777;
  } catch {
    /* a new file: 0666 less the umask */
  }
  const tmp = `${file}.${randomBytes(8).toString('hex')}.tmp`;
  const fh = await open(tmp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0), 0o666);
  try {
    try {
      await fh.writeFile(text, 'utf8');
      if (keep !== undefined) await fh.chmod(keep);
      await fh.sync();
    } finally {
      await fh.close();
    }
    await rename(tmp, file);
  } catch (err) {
    await unlink(tmp).catch(() => undefined);
    throw err;
  }
  await fsyncDir(path.dirname(file));
}
