/**
 * Folder trust for one project: may codecoder.json's allow entries and session presets count?
 *
 * - "not-needed": there is nothing to trust — no codecoder.json, a malformed one (its allow entries
 *   count as empty anyway), or one without allow entries (deny rules only ever take away).
 * - "trusted": the trust store records this folder's realpath with the sha256 of the exact bytes of
 *   codecoder.json that are loaded (or `codecoder run --trust-project` trusted them for this run).
 * - "changed": a record exists for other bytes (a hand edit, a pull); "untrusted": no record.
 *
 * Deny rules are honoured in every state; only allow entries and presets wait for trust. The
 * loaded entries and the hashed bytes are tied: the file is read again and hashed only when it
 * parses to exactly the entries in force, otherwise it is untrusted until reloaded.
 *
 * Writes made by the app itself (a "project" answer, the allowlist editor) keep the trust they
 * started from: after our own write the new bytes are recorded, unless someone else's change is in
 * the file too.
 *
 * `isTrusted()` is the seam for anything else codecoder.json can start (MCP servers): it is false
 * until this user trusted the bytes.
 */
import { createHash } from 'node:crypto';
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { CONFIG_FILE, type AllowlistItem, type DenyItem } from '../configFile.js';
import { readConfigFile, type ConfigSnapshot } from '../projectConfig.js';
import { TrustStoreError, type TrustStore } from './trustStore.js';

export type TrustStatus = 'not-needed' | 'trusted' | 'untrusted' | 'changed';

export interface TrustState {
  status: TrustStatus;
  /** sha256 of codecoder.json as loaded; null when there is no file or it changed since loading. */
  sha256: string | null;
  /** When the trust was recorded (ISO); null when not trusted, or trusted for this run only. */
  trustedAt: string | null;
  /** Trusted by `codecoder run --trust-project`: for this process only, nothing recorded. */
  runOnly: boolean;
  /** Why trust could not be read or recorded (the store is malformed, the file changed…). */
  error: string | null;
}

/** What the engine needs: whether the project level's allow entries count, kept current across reloads and writes. */
export interface TrustSource {
  /** True when codecoder.json's allow entries and presets count: trusted, or nothing to trust. */
  honoured(): boolean;
  /** True only when there are allow entries and this user trusted them: the gate for anything the file can start. */
  isTrusted(): boolean;
  state(): TrustState;
  /** Evaluates again against the loaded snapshot (after a reload). */
  refresh(): Promise<TrustState>;
  /** After the app's own write to codecoder.json: keeps the trust it had before the write. */
  afterOwnWrite(wasHonoured: boolean): Promise<TrustState>;
  /** Records trust for the loaded content; `sha256` (what the user reviewed) must match it. */
  trust(sha256?: string): Promise<TrustState>;
  revoke(): Promise<TrustState>;
  /** When the content changed since it was trusted: the bytes trusted before, if a copy was kept. */
  trustedBefore?(): Promise<Uint8Array | undefined>;
}

export class TrustError extends Error {
  override name = 'TrustError';
}

/**
 * Allow entries (and presets, which are allow entries), MCP servers and hooks (programs the file can start)
 * wait for trust. A file that needs no trust is honoured as a whole, and the app's own write to it
 * records trust for all of its content.
 */
export function needsTrust(snap: Pick<ConfigSnapshot, 'allowlist' | 'mcpServers' | 'hooks'>): boolean {
  // Hooks are programs too: any "hooks" value at all waits for trust (even one hooks/ cannot read).
  return snap.allowlist.length > 0 || declaresServers(snap.mcpServers) || snap.hooks !== undefined;
}

function declaresServers(v: unknown): boolean {
  return typeof v === 'object' && v !== null && (Array.isArray(v) ? v.length > 0 : Object.keys(v).length > 0);
}

export function sha256Hex(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export interface ProjectTrustOptions {
  store: TrustStore;
  projectRoot: string;
  /** The loaded codecoder.json (ProjectConfig). */
  config: { snapshot(): ConfigSnapshot };
}

export class ProjectTrust implements TrustSource {
  private st: TrustState = { status: 'untrusted', sha256: null, trustedAt: null, runOnly: false, error: null };
  /** The bytes trusted by --trust-project, for this process only. */
  private runOnlySha: string | undefined;
  /** The sha256 the store records for this folder when the loaded content differs from it ("changed"). */
  private recordedSha: string | undefined;

  private constructor(
    readonly folder: string,
    private readonly opts: ProjectTrustOptions,
  ) {}

  static async open(opts: ProjectTrustOptions): Promise<ProjectTrust> {
    const t = new ProjectTrust(await realpath(opts.projectRoot), opts);
    await t.refresh();
    return t;
  }

  /** A store inside the project could be shipped by the repository itself: it is never read. */
  private async storeInsideProject(): Promise<boolean> {
    let dir = path.dirname(this.opts.store.file);
    try {
      dir = await realpath(dir);
    } catch {
      // Not created yet: compare the path as given.
    }
    const rel = path.relative(this.folder, path.resolve(dir));
    return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
  }

  get storeFile(): string {
    return this.opts.store.file;
  }

  honoured(): boolean {
    return this.st.status === 'not-needed' || this.st.status === 'trusted';
  }
  isTrusted(): boolean {
    return this.st.status === 'trusted';
  }
  state(): TrustState {
    return { ...this.st };
  }

  async refresh(): Promise<TrustState> {
    const snap = this.opts.config.snapshot();
    const disk = await this.readLoaded(snap);
    if (!needsTrust(snap)) return this.set('not-needed', disk?.sha256 ?? null);
    if (!disk) {
      return this.set('untrusted', null, {
        error: `${CONFIG_FILE} changed on disk since it was loaded; reload it to review what it allows now`,
      });
    }
    if (disk.sha256 === null) return this.set('untrusted', null);
    if (this.runOnlySha === disk.sha256) return this.set('trusted', disk.sha256, { runOnly: true });
    if (await this.storeInsideProject()) {
      return this.set('untrusted', disk.sha256, {
        error: `the folder trust store ${this.opts.store.file} is inside the project: it is not used (move the data folder out of the project)`,
      });
    }
    let rec;
    try {
      rec = await this.opts.store.get(this.folder);
    } catch (err) {
      if (err instanceof TrustStoreError) return this.set('untrusted', disk.sha256, { error: err.message });
      throw err;
    }
    if (!rec) return this.set('untrusted', disk.sha256);
    if (rec.sha256 === disk.sha256) return this.set('trusted', disk.sha256, { trustedAt: rec.trustedAt });
    const changed = this.set('changed', disk.sha256);
    this.recordedSha = rec.sha256;
    return changed;
  }

  async trustedBefore(): Promise<Uint8Array | undefined> {
    if (this.st.status !== 'changed' || this.recordedSha === undefined) return undefined;
    return this.opts.store.trustedContent(this.recordedSha);
  }

  async afterOwnWrite(wasHonoured: boolean): Promise<TrustState> {
    if (!wasHonoured) return this.refresh();
    const snap = this.opts.config.snapshot();
    const disk = await this.readLoaded(snap);
    if (!disk) {
      // Someone else's change is in the file beside ours: what is in force (trusted entries plus the
      // user's own edit) stays honoured here, but those bytes are not recorded; a reload reviews them.
      this.st = { ...this.st, sha256: null, error: `${CONFIG_FILE} was also changed by someone else; reload it to review` };
      return this.state();
    }
    if (!needsTrust(snap) || disk.sha256 === null) return this.set('not-needed', disk.sha256);
    if (this.st.runOnly) {
      this.runOnlySha = disk.sha256;
      return this.set('trusted', disk.sha256, { runOnly: true });
    }
    try {
      if (await this.storeInsideProject()) throw new TrustError('the folder trust store is inside the project');
      const rec = await this.opts.store.set(this.folder, disk.sha256, disk.bytes);
      return this.set('trusted', disk.sha256, { trustedAt: rec.trustedAt });
    } catch (err) {
      // The user's own write stays in force for this process; the next start asks again.
      this.st = { ...this.st, status: 'trusted', sha256: disk.sha256, error: `trust not recorded: ${(err as Error).message}` };
      return this.state();
    }
  }

  async trust(sha256?: string): Promise<TrustState> {
    const s = await this.refresh();
    if (s.status === 'not-needed') return s;
    if (s.sha256 === null)
      throw new TrustError(s.error ?? `${CONFIG_FILE} changed on disk since it was loaded; reload it and review again`);
    if (sha256 !== undefined && sha256 !== s.sha256)
      throw new TrustError(`${CONFIG_FILE} is no longer the content you reviewed (it changed on disk); review it again`);
    if (await this.storeInsideProject()) throw new TrustError(s.error ?? 'the folder trust store is inside the project');
    const rec = await this.opts.store.set(this.folder, s.sha256, await this.loadedBytes(s.sha256));
    this.runOnlySha = undefined;
    return this.set('trusted', s.sha256, { trustedAt: rec.trustedAt });
  }

  /** `codecoder run --trust-project`: the loaded content counts for this process; nothing is recorded. */
  async trustForThisRun(): Promise<TrustState> {
    const s = await this.refresh();
    if (s.status === 'not-needed' || s.status === 'trusted' || s.sha256 === null) return s;
    this.runOnlySha = s.sha256;
    return this.set('trusted', s.sha256, { runOnly: true });
  }

  async revoke(): Promise<TrustState> {
    this.runOnlySha = undefined;
    await this.opts.store.remove(this.folder);
    return this.refresh();
  }

  private set(status: TrustStatus, sha256: string | null, extra: Partial<TrustState> = {}): TrustState {
    this.recordedSha = undefined;
    this.st = { status, sha256, trustedAt: null, runOnly: false, error: null, ...extra };
    return this.state();
  }

  /**
   * Hashes codecoder.json as it is on disk, but only when it parses to exactly the loaded entries
   * (undefined otherwise): the hash then stands for what is in force.
   */
  private async readLoaded(snap: ConfigSnapshot): Promise<{ sha256: string | null; bytes?: Buffer } | undefined> {
    const r = await readConfigFile(path.join(this.opts.projectRoot, CONFIG_FILE));
    const bytes = r.exists ? Buffer.from(r.text, 'latin1') : undefined;
    const sha = bytes ? sha256Hex(bytes) : null;
    // Nothing to trust in what is loaded: the hash is only informative.
    if (!needsTrust(snap)) return { sha256: snap.exists ? sha : null };
    if (!r.exists || !r.result.ok || !sameEntries(r.result.doc, snap)) return undefined;
    return { sha256: sha, ...(bytes ? { bytes } : {}) };
  }

  /** The loaded file's bytes when they still hash to `sha256` (what is being trusted), to keep a copy of. */
  private async loadedBytes(sha256: string): Promise<Buffer | undefined> {
    const r = await readConfigFile(path.join(this.opts.projectRoot, CONFIG_FILE));
    if (!r.exists) return undefined;
    const bytes = Buffer.from(r.text, 'latin1');
    return sha256Hex(bytes) === sha256 ? bytes : undefined;
  }
}

type Entries = { allowlist: AllowlistItem[]; deny: DenyItem[]; mcpServers?: unknown; hooks?: unknown };

function sameEntries(a: Entries, b: Entries): boolean {
  const allow = (l: AllowlistItem[]) => l.map((i) => JSON.stringify([i.key, i.value])).sort();
  const deny = (l: DenyItem[]) => l.map((i) => i.key).sort();
  return (
    sameList(allow(a.allowlist), allow(b.allowlist)) &&
    sameList(deny(a.deny), deny(b.deny)) &&
    JSON.stringify(a.mcpServers) === JSON.stringify(b.mcpServers) &&
    JSON.stringify(a.hooks) === JSON.stringify(b.hooks)
  );
}

function sameList(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
