/**
 * Checkpoints: snapshots of a project's working tree, taken before each agent turn that may change
 * files, kept in a shadow git repository in the app's data folder
 * (`projectDataDir/checkpoints/shadow.git`, see shadowGit.ts) — never in the project, never in the
 * user's `.git`.
 *
 * What a snapshot holds: every file git would track in the project by its `.gitignore` files, minus
 * the built-in ignore list (dependencies and build outputs) and the protected entries of
 * fs/protectedEntries.ts (`codecoder.json`, `.codecoder/`, `.mcp.json`…: a restore never rewrites
 * the allowlist or what the host starts) and minus nested repositories (their own business: a
 * restore never touches them).
 * A snapshot is bounded: more than `maxFiles` files or `maxBytes` bytes, or longer than `timeoutMs`,
 * and it is refused with a message saying which and what to do, rather than stalling the turn.
 *
 * A restore first takes a checkpoint of the present state (so the restore itself can be undone), then
 * deletes the files that did not exist at the checkpoint and brings back the rest through git.
 * All operations of one store run one at a time.
 */
import { randomUUID } from 'node:crypto';
import { lstat, readFile, rename, rm, rmdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { projectDataDir } from '../appData.js';
import { ensurePrivateDirs, isProtectedPath, PRIVATE_FILE_MODE, PROTECTED_ENTRIES, resolveInProject } from '../fs/index.js';
import {
  fileSig,
  foldersOf,
  ignoreSigs as ignoreSigsOf,
  statsOf,
  parseStatus,
  recorded,
  toRehash,
  atRisk,
  sameSigs,
  type StagedState,
  UNKNOWN_SIG,
} from './incremental.js';
import { initShadowRepo, shadowGit, ShadowGitError, type ShadowRepo } from './shadowGit.js';
import { ShadowLockBusy, withShadowLock } from './shadowLock.js';

export interface CheckpointLimits {
  /** A snapshot of more files than this is refused. */
  maxFiles: number;
  /** A snapshot of more bytes (sum of file sizes) than this is refused. */
  maxBytes: number;
  /** Each git step is killed after this long. */
  timeoutMs: number;
  /** The shadow repository's size cap per project: the oldest checkpoints go first. */
  capBytes: number;
}

export const DEFAULT_CHECKPOINT_LIMITS: CheckpointLimits = {
  maxFiles: 50_000,
  maxBytes: 512 * 1024 * 1024,
  timeoutMs: 30_000,
  capBytes: 2 * 1024 * 1024 * 1024,
};

/** Never snapshotted, whatever .gitignore says: dependencies, build outputs, and the permission files. */
export const BUILTIN_EXCLUDES: readonly string[] = [
  'node_modules/',
  'bower_components/',
  '.pnpm-store/',
  '.yarn/cache/',
  '.venv/',
  'venv/',
  '__pycache__/',
  '*.pyc',
  'target/',
  'dist/',
  'build/',
  'out/',
  '.next/',
  '.nuxt/',
  '.turbo/',
  '.parcel-cache/',
  '.gradle/',
  'coverage/',
  '.DS_Store',
  // The protected entries (fs/protectedEntries.ts), at any depth: a restore never rewrites what the
  // host runs or trusts. diff() drops them as well, for repositories made before an entry joined the list.
  ...PROTECTED_ENTRIES.map((e) => e.name),
];

export type CheckpointKind = 'turn' | 'before-restore';

export interface CheckpointMeta {
  id: string;
  conversationId: string;
  kind: CheckpointKind;
  /** What it was taken before ("the agent's turn 2", "restoring to …"). */
  label: string;
  createdAt: number;
  /** The run and the model turn it was taken in (kind 'turn'). */
  runId?: string;
  turn?: number;
  /** Messages of the conversation before the run's prompt: rewinding the conversation keeps these. */
  messageIndex?: number;
  commit: string;
  tree: string;
  files: number;
  bytes: number;
  /**
   * Set on the checkpoint taken before a restore that rewound the conversation (or undid such a
   * rewind): restoring to it with the conversation brings `back` messages back and cuts `cut`
   * (the edit itself is kept beside, `conversationEdit`).
   */
  conversationChange?: { back: number; cut: number };
}

/** A conversation edit kept with a checkpoint (agent/conversations.ts owns what it means). */
export interface ConversationEdit {
  from: number;
  end: number;
  digest: string;
  lines: string[];
}

function isConversationEdit(x: unknown): x is ConversationEdit {
  const e = x as Partial<ConversationEdit> | null;
  const count = (n: unknown) => Number.isInteger(n) && (n as number) >= 0;
  return (
    !!e &&
    count(e.from) &&
    count(e.end) &&
    (e.from as number) <= (e.end as number) &&
    typeof e.digest === 'string' &&
    /^[0-9a-f]{64}$/.test(e.digest) &&
    Array.isArray(e.lines) &&
    e.lines.every((l) => typeof l === 'string')
  );
}

export type SnapshotOptions = Pick<CheckpointMeta, 'conversationId' | 'label' | 'runId' | 'turn' | 'messageIndex'> & {
  kind?: CheckpointKind;
};

export type FileChangeKind = 'restore' | 'recreate' | 'delete';
export interface FileChange {
  path: string;
  /** restore: changed since, brought back · recreate: deleted since · delete: created since, removed. */
  change: FileChangeKind;
}

export interface RestoreResult {
  restored: CheckpointMeta;
  /** The checkpoint taken just before: restoring to it undoes this restore. */
  undo: CheckpointMeta;
  changes: FileChange[];
  /** Paths that could not be changed (e.g. now under a symlink that leaves the project). */
  skipped: { path: string; reason: string }[];
}

export class CheckpointError extends Error {
  override readonly name = 'CheckpointError';
  constructor(
    readonly code: 'too_large' | 'timeout' | 'not_found' | 'busy' | 'conflict' | 'failed',
    message: string,
  ) {
    super(message);
  }
}

interface IndexFile {
  v: 1;
  checkpoints: CheckpointMeta[];
}

const MiB = 1024 * 1024;
const fmtMiB = (n: number) => `${(n / MiB).toFixed(n < 10 * MiB ? 1 : 0)} MB`;

export class CheckpointStore {
  readonly dir: string;
  private readonly repo: ShadowRepo;
  private readonly indexFile: string;
  /** Conversation edits kept with checkpoints, one file each. */
  private readonly editsDir: string;
  private readonly limits: CheckpointLimits;
  private chain: Promise<unknown> = Promise.resolve();
  /** While a snapshot is being staged: when it must be done by. */
  private deadline: number | undefined;
  private ready = false;
  /** The shadow index as our last snapshot left it, for the next one (incremental.ts). */
  private staged: StagedState | undefined;
  /** The objects' size at the last count, and an upper estimate of what was added since. */
  private objects: { known: number; growth: number } | undefined;
  private staging: 'all' | 'changes' | undefined;

  constructor(opts: { dataDir: string; projectRoot: string; limits?: Partial<CheckpointLimits> }) {
    this.dir = path.join(projectDataDir(opts.dataDir, opts.projectRoot), 'checkpoints');
    this.repo = {
      gitDir: path.join(this.dir, 'shadow.git'),
      workTree: path.resolve(opts.projectRoot),
      emptyHome: path.join(this.dir, 'home'),
    };
    this.indexFile = path.join(this.dir, 'index.json');
    this.editsDir = path.join(this.dir, 'conversation-edits');
    this.limits = { ...DEFAULT_CHECKPOINT_LIMITS, ...opts.limits };
  }

  get capBytes(): number {
    return this.limits.capBytes;
  }

  /** How the last snapshot was staged: every file, or only what git's stat cache said changed. */
  get lastStaging(): 'all' | 'changes' | undefined {
    return this.staging;
  }

  /** Our own folder, when the data folder is inside the project: never part of a snapshot. */
  private ownDirInProject(): string[] {
    const rel = path.relative(this.repo.workTree, this.dir);
    return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? [`${rel.split(path.sep).join('/')}/`] : [];
  }

  /** Snapshots the working tree now. Throws CheckpointError (too_large, timeout, failed). */
  snapshot(opts: SnapshotOptions): Promise<CheckpointMeta> {
    return this.locked(() => this.snapshotNow(opts));
  }

  /** Newest first; one conversation's, or all. */
  list(conversationId?: string): Promise<CheckpointMeta[]> {
    return this.serial(async () => {
      const all = (await this.readIndex()).checkpoints;
      return all.filter((c) => conversationId === undefined || c.conversationId === conversationId).reverse();
    });
  }

  get(id: string): Promise<CheckpointMeta> {
    return this.serial(() => this.find(id));
  }

  /** What restoring to this checkpoint would change, without changing anything in the project. */
  preview(id: string): Promise<FileChange[]> {
    return this.locked(async () => {
      const target = await this.find(id);
      const now = await this.stageTree();
      return (await this.diff(now.tree, target.tree)).map(({ path: p, change }) => ({ path: p, change }));
    });
  }

  /** Brings the project's files back to the checkpoint, after a checkpoint of the present state. */
  restore(id: string): Promise<RestoreResult> {
    return this.locked(async () => {
      const target = await this.find(id);
      const undo = await this.snapshotNow({
        conversationId: target.conversationId,
        kind: 'before-restore',
        label: `before restoring to ${target.label}`,
      });
      const entries = await this.diff(undo.tree, target.tree);
      const skipped: RestoreResult['skipped'] = [];
      // Deletions first: a directory that replaced a file must be gone before the file comes back.
      const parents = new Set<string>();
      for (const e of entries.filter((x) => x.change === 'delete')) {
        const why = await this.removeFile(e.path);
        if (why) skipped.push({ path: e.path, reason: why });
        else parents.add(path.posix.dirname(e.path));
      }
      await this.removeEmptyDirs(parents);
      const back = entries.filter((x) => x.change !== 'delete').map((x) => x.path);
      // The checkout below rewrites index entries: the next snapshot stages everything again.
      this.staged = undefined;
      if (back.length) {
        await this.git(['checkout', target.commit, '--pathspec-from-file=-', '--pathspec-file-nul'], {
          input: back.join('\0') + '\0',
          env: { GIT_LITERAL_PATHSPECS: '1' },
        });
      }
      return { restored: target, undo, changes: entries.map(({ path: p, change }) => ({ path: p, change })), skipped };
    });
  }

  /** Keeps a conversation edit with a checkpoint (the one taken before a restore that changed the conversation). */
  attachConversationEdit(id: string, edit: ConversationEdit, change: { back: number; cut: number }): Promise<void> {
    return this.locked(async () => {
      const idx = await this.readIndex();
      const meta = idx.checkpoints.find((c) => c.id === id);
      if (!meta) throw new CheckpointError('not_found', `There is no checkpoint ${id} for this project.`);
      await ensurePrivateDirs(this.editsDir);
      const file = path.join(this.editsDir, `${id}.json`);
      await writeFile(`${file}.tmp`, JSON.stringify({ v: 1, edit }), { mode: PRIVATE_FILE_MODE });
      await rename(`${file}.tmp`, file);
      meta.conversationChange = change;
      await this.writeIndex(idx);
    });
  }

  /** The conversation edit kept with a checkpoint, if any; a damaged one is an error, never guessed at. */
  conversationEdit(id: string): Promise<ConversationEdit | undefined> {
    return this.serial(async () => {
      await this.find(id);
      const text = await readFile(path.join(this.editsDir, `${id}.json`), 'utf8').catch(() => null);
      if (text === null) return undefined;
      let parsed: { v?: unknown; edit?: unknown } | undefined;
      try {
        parsed = JSON.parse(text) as { v?: unknown; edit?: unknown };
      } catch {
        parsed = undefined;
      }
      if (parsed?.v !== 1 || !isConversationEdit(parsed.edit))
        throw new CheckpointError('failed', `The conversation kept with checkpoint ${id} is damaged; it was left as it is.`);
      return parsed.edit;
    });
  }

  /** Removes a conversation's checkpoints and the objects only they held. */
  prune(conversationId: string): Promise<number> {
    return this.locked(async () => {
      const idx = await this.readIndex();
      const gone = idx.checkpoints.filter((c) => c.conversationId === conversationId);
      if (gone.length === 0) return 0;
      await this.drop(idx, new Set(gone.map((c) => c.id)));
      return gone.length;
    });
  }

  /** Bytes the shadow repository holds for this project (objects). */
  usage(): Promise<number> {
    return this.serial(async () => ((await this.initialised()) ? this.sizeNow() : 0));
  }

  // ------------------------------------------------------------------ internals

  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.chain.catch(() => {}).then(fn);
    this.chain = next;
    return next;
  }

  /** One at a time in this process, and across processes (shadowLock.ts) for what writes the repository. */
  private locked<T>(fn: () => Promise<T>): Promise<T> {
    return this.serial(async () => {
      await ensurePrivateDirs(this.dir);
      try {
        return await withShadowLock(this.dir, this.repo.gitDir, { waitMs: this.limits.timeoutMs }, fn);
      } catch (e) {
        if (e instanceof ShadowLockBusy)
          throw new CheckpointError('busy', `Checkpoints are busy: ${e.message}. Try again when it is done.`);
        throw e;
      }
    });
  }

  private async initialised(): Promise<boolean> {
    if (this.ready) return true;
    this.ready = await lstat(path.join(this.repo.gitDir, 'HEAD')).then(
      () => true,
      () => false,
    );
    return this.ready;
  }

  private async ensureRepo(): Promise<void> {
    if (await this.initialised()) return;
    await initShadowRepo(this.repo, BUILTIN_EXCLUDES, this.limits.timeoutMs).catch((e) => {
      throw this.wrap(e);
    });
    this.ready = true;
  }

  private async git(args: string[], opts: { input?: string; env?: Record<string, string> } = {}): Promise<Buffer> {
    try {
      return await shadowGit(this.repo, args, {
        // Within a snapshot, every step shares one deadline: the whole snapshot is bounded, not each step.
        timeoutMs: this.deadline === undefined ? this.limits.timeoutMs : Math.max(1, this.deadline - Date.now()),
        ...(opts.input !== undefined ? { input: opts.input } : {}),
        ...(opts.env ? { env: opts.env } : {}),
      });
    } catch (e) {
      throw this.wrap(e);
    }
  }

  private wrap(e: unknown): CheckpointError {
    if (e instanceof CheckpointError) return e;
    if (e instanceof ShadowGitError && e.timedOut)
      return new CheckpointError(
        'timeout',
        `No checkpoint: snapshotting the project took longer than ${Math.round(this.limits.timeoutMs / 1000)} s. Add large folders to .gitignore.`,
      );
    return new CheckpointError('failed', `Checkpoint failed: ${(e as Error).message}`);
  }

  /** Refuses a snapshot past the file or byte limit, with what to do about it. */
  private checkLimits(files: number, bytes: number): void {
    const { maxFiles, maxBytes } = this.limits;
    const advice = 'Add large folders to .gitignore to make checkpoints possible.';
    if (files > maxFiles)
      throw new CheckpointError(
        'too_large',
        `This project is too large to snapshot: ${files.toLocaleString('en')} files (the limit is ${maxFiles.toLocaleString('en')}). ${advice}`,
      );
    if (bytes > maxBytes)
      throw new CheckpointError('too_large', `This project is too large to snapshot: more than ${fmtMiB(maxBytes)} of files. ${advice}`);
  }

  /** What a snapshot would hold: the index and the new files, minus nested repositories and our own folder. */
  private async listAll(): Promise<{ paths: Set<string>; nested: string[] }> {
    const out = await this.git(['ls-files', '-z', '--cached', '--others', '--exclude-standard']);
    const paths = new Set(out.toString('utf8').split('\0').filter(Boolean));
    // A folder with its own .git (a nested repository, a submodule) is listed as "dir/": git keeps
    // only a link to it and refuses one without a commit, so nested repositories are left out.
    const nested = [...paths].filter((p) => p.endsWith('/'));
    for (const n of nested) paths.delete(n);
    for (const own of this.ownDirInProject()) for (const p of paths) if (p.startsWith(own)) paths.delete(p);
    return { paths, nested };
  }

  /** Counts what a snapshot would hold and refuses past the limits, before git copies anything. */
  private async measure(paths: Set<string>): Promise<{ sizes: Map<string, number>; bytes: number }> {
    this.checkLimits(paths.size, 0);
    const sizes = new Map<string, number>();
    let bytes = 0;
    for (const p of paths) {
      if ((sizes.size & 1023) === 1023 && this.deadline !== undefined && Date.now() > this.deadline)
        throw this.wrap(new ShadowGitError('lstat', true));
      const st = await lstat(path.join(this.repo.workTree, p)).catch(() => undefined);
      if (!st) continue;
      const size = st.isFile() ? st.size : 0;
      sizes.set(p, size);
      bytes += size;
      this.checkLimits(0, bytes);
    }
    return { sizes, bytes };
  }

  /** Stages the working tree in the shadow index and writes its tree. */
  private async stageTree(): Promise<{ tree: string; files: number; bytes: number }> {
    await this.ensureRepo();
    this.deadline = Date.now() + this.limits.timeoutMs;
    try {
      if (this.staged) {
        this.staging = 'changes';
        // Anything but a refusal (too large, too slow) falls back to staging everything.
        const fast = await this.stageChanges(this.staged).catch((e: unknown) => {
          if (e instanceof CheckpointError && e.code !== 'failed') throw e;
          return undefined;
        });
        if (fast) return fast;
      }
      this.staging = 'all';
      return await this.stageAll();
    } finally {
      this.deadline = undefined;
    }
  }

  /** Removes from the shadow index what the ignore rules exclude now; the paths it removed. */
  private async unstageIgnored(): Promise<string[]> {
    // A file ignored now but kept from an earlier snapshot leaves the index: .gitignore holds every time.
    const ignored = (await this.git(['ls-files', '-z', '--cached', '--ignored', '--exclude-standard'])).toString('utf8');
    if (ignored)
      await this.git(['rm', '-r', '--cached', '-q', '--ignore-unmatch', '--pathspec-from-file=-', '--pathspec-file-nul'], {
        input: ignored,
        env: { GIT_LITERAL_PATHSPECS: '1' },
      });
    return ignored.split('\0').filter(Boolean);
  }

  /** The first snapshot of this store (or after anything else wrote the index): every file through `git add -A`. */
  private async stageAll(): Promise<{ tree: string; files: number; bytes: number }> {
    const started = Date.now();
    this.staged = undefined;
    this.objects = undefined;
    const { paths, nested } = await this.listAll();
    // The ignore files are looked at before git applies them (below): a change after this is seen next time.
    const ignoreSigs = ignoreSigsOf(this.repo.workTree, foldersOf(paths));
    for (const p of await this.unstageIgnored()) paths.delete(p);
    const { sizes, bytes } = await this.measure(paths);
    const pathspecs = ['.', ...[...nested, ...this.ownDirInProject()].map((n) => `:(exclude,literal)${n}`)];
    await this.git(['add', '-A', '--pathspec-from-file=-', '--pathspec-file-nul'], { input: pathspecs.join('\0') + '\0' });
    const tree = (await this.git(['write-tree'])).toString('utf8').trim();
    // What the index holds now (a file may have come or gone since the listing): the sizes follow it,
    // and a folder first seen here has its ignore file checked next time.
    const indexed = (await this.git(['ls-files', '-z', '--cached'])).toString('utf8').split('\0').filter(Boolean);
    const after = await recorded(this.repo.workTree, indexed, started);
    for (const d of foldersOf(after.sizes.keys())) if (!ignoreSigs.has(d)) ignoreSigs.set(d, UNKNOWN_SIG);
    this.staged = { indexSig: fileSig(path.join(this.repo.gitDir, 'index')), ignoreSigs, ...after };
    return { tree, files: sizes.size, bytes };
  }

  /** A snapshot after the first: only the paths git's stat cache reports as changed are hashed (incremental.ts). */
  private async stageChanges(prev: StagedState): Promise<{ tree: string; files: number; bytes: number } | undefined> {
    const started = Date.now();
    const indexFile = path.join(this.repo.gitDir, 'index');
    if (fileSig(indexFile) !== prev.indexSig) return undefined;
    this.staged = undefined;
    const sizes = new Map(prev.sizes);
    let bytes = prev.bytes;
    const forget = (p: string) => {
      bytes -= sizes.get(p) ?? 0;
      sizes.delete(p);
    };
    const ignoreSigs = ignoreSigsOf(this.repo.workTree, prev.ignoreSigs.keys());
    const ignoredNow = new Set(sameSigs(ignoreSigs, prev.ignoreSigs) ? [] : await this.unstageIgnored());
    for (const p of ignoredNow) forget(p);
    const rehash = toRehash(this.repo.workTree, prev.risky).filter((p) => !ignoredNow.has(p));
    // HEAD is the last checkpoint (snapshotNow): one pass gives what changed since and what is new.
    const status = await this.git(['status', '--porcelain=v2', '-z', '--untracked-files=all', '--no-renames', '--ignore-submodules=none']);
    const { changed, fresh } = parseStatus(status.toString('utf8'), this.ownDirInProject());
    const paths = [...new Set([...changed, ...fresh, ...rehash])];
    const statAt = Date.now();
    const before = statsOf(this.repo.workTree, paths);
    let growth = 8192;
    paths.forEach((p, i) => {
      forget(p);
      const st = before[i];
      if (!st) return;
      const size = st.isFile() ? st.size : 0;
      sizes.set(p, size);
      bytes += size;
      growth += size + 4096 * (p.split('/').length + 1);
    });
    this.checkLimits(sizes.size, bytes);
    // A file git cannot be trusted to see change leaves the index first, so that it is hashed again;
    // so does a file that is a folder now (its files are among the new ones).
    const out = [...rehash, ...paths.filter((_, i) => before[i]?.isDirectory())];
    const add = paths.filter((_, i) => !before[i]?.isDirectory());
    // One git for both when the paths to take out are few: `./` keeps a path from reading as an option.
    const inline = out.length <= 100 ? out.map((p) => `./${p}`) : [];
    if (out.length > 100) await this.git(['update-index', '--force-remove', '-z', '--stdin'], { input: out.join('\0') + '\0' });
    if (add.length || inline.length)
      await this.git(
        [
          'update-index',
          ...(inline.length ? ['--force-remove', ...inline, '--no-force-remove'] : []),
          '--add',
          '--remove',
          '--replace',
          '-z',
          '--stdin',
        ],
        { input: add.length ? add.join('\0') + '\0' : '' },
      );
    const tree = (await this.git(['write-tree'])).toString('utf8').trim();
    for (const d of foldersOf(fresh)) if (!ignoreSigs.has(d)) ignoreSigs.set(d, UNKNOWN_SIG);
    // Only the entries staged now had their stat recorded now; the others keep what they had.
    const after = statsOf(this.repo.workTree, paths);
    const staged = new Set(paths);
    const risky = new Map([...prev.risky].filter(([p]) => sizes.has(p) && !staged.has(p)));
    for (const [p, ctime] of atRisk(paths, before, after, started, statAt)) risky.set(p, ctime);
    this.staged = { indexSig: fileSig(indexFile), sizes, bytes, ignoreSigs, risky };
    if (this.objects) this.objects.growth += growth;
    return { tree, files: sizes.size, bytes };
  }

  private async snapshotNow(opts: SnapshotOptions): Promise<CheckpointMeta> {
    const staged = await this.stageTree();
    const id = `cp_${randomUUID()}`;
    const commit = (await this.git(['commit-tree', staged.tree, '-m', `${opts.kind ?? 'turn'}: ${opts.label}`])).toString('utf8').trim();
    // HEAD follows the newest checkpoint, so that the next snapshot's `git status` compares with it.
    await this.git(['update-ref', '--stdin'], { input: `update refs/checkpoints/${id} ${commit}\nupdate HEAD ${commit}\n` });
    const meta: CheckpointMeta = {
      id,
      conversationId: opts.conversationId,
      kind: opts.kind ?? 'turn',
      label: opts.label,
      createdAt: Date.now(),
      ...(opts.runId !== undefined ? { runId: opts.runId } : {}),
      ...(opts.turn !== undefined ? { turn: opts.turn } : {}),
      ...(opts.messageIndex !== undefined ? { messageIndex: opts.messageIndex } : {}),
      commit,
      tree: staged.tree,
      files: staged.files,
      bytes: staged.bytes,
    };
    const idx = await this.readIndex();
    idx.checkpoints.push(meta);
    await this.writeIndex(idx);
    await this.enforceCap(idx, id);
    return meta;
  }

  /** The files that differ between two trees, as a restore from `from` to `to` would change them. */
  private async diff(from: string, to: string): Promise<(FileChange & { gitlink: boolean })[]> {
    if (from === to) return [];
    const out = (await this.git(['diff-tree', '-r', '-z', '--no-renames', '--no-ext-diff', '--raw', from, to])).toString('utf8');
    const parts = out.split('\0');
    const changes: (FileChange & { gitlink: boolean })[] = [];
    for (let i = 0; i + 1 < parts.length; i += 2) {
      const head = parts[i]!;
      const file = parts[i + 1]!;
      const m = /^:(\d{6}) (\d{6}) [0-9a-f]+ [0-9a-f]+ ([A-Z])/.exec(head);
      if (!m) continue;
      const gitlink = m[1] === '160000' || m[2] === '160000';
      // Nested repositories are links only: a restore never deletes or rewrites one.
      if (gitlink) continue;
      if (isProtectedPath(file)) continue;
      const change: FileChangeKind = m[3] === 'A' ? 'recreate' : m[3] === 'D' ? 'delete' : 'restore';
      changes.push({ path: file, change, gitlink });
    }
    // Code-unit order: the same on every machine and locale.
    return changes.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  }

  /** Removes one file or symlink created since the checkpoint; a reason when it must not. */
  private async removeFile(rel: string): Promise<string | undefined> {
    const parent = await resolveInProject(this.repo.workTree, path.posix.dirname(rel));
    if (!parent.inside) return parent.reason;
    const abs = path.join(parent.abs, path.posix.basename(rel));
    const st = await lstat(abs).catch(() => undefined);
    if (!st) return undefined;
    if (st.isDirectory()) return 'is a directory now';
    await rm(abs, { force: true });
    return undefined;
  }

  /** Removes folders emptied by the deletions, deepest first, never the project root. */
  private async removeEmptyDirs(dirs: Set<string>): Promise<void> {
    const all = new Set<string>();
    for (let d of dirs) {
      while (d && d !== '.' && d !== '/') {
        all.add(d);
        d = path.posix.dirname(d);
      }
    }
    for (const d of [...all].sort((a, b) => b.length - a.length)) {
      const r = await resolveInProject(this.repo.workTree, d);
      if (r.inside && r.rel !== '.') await rmdir(r.abs).catch(() => {});
    }
  }

  private async find(id: string): Promise<CheckpointMeta> {
    const c = (await this.readIndex()).checkpoints.find((x) => x.id === id);
    if (!c) throw new CheckpointError('not_found', `There is no checkpoint ${id} for this project.`);
    return c;
  }

  private async readIndex(): Promise<IndexFile> {
    const text = await readFile(this.indexFile, 'utf8').catch(() => null);
    if (text === null) return { v: 1, checkpoints: [] };
    try {
      const parsed = JSON.parse(text) as IndexFile;
      if (parsed?.v === 1 && Array.isArray(parsed.checkpoints)) return parsed;
    } catch {
      // fall through
    }
    throw new CheckpointError('failed', `The checkpoint index ${this.indexFile} is damaged; it was left as it is.`);
  }

  private async writeIndex(idx: IndexFile): Promise<void> {
    await ensurePrivateDirs(this.dir);
    const tmp = `${this.indexFile}.${process.pid}.tmp`;
    await writeFile(tmp, JSON.stringify(idx), { mode: PRIVATE_FILE_MODE });
    await rename(tmp, this.indexFile);
  }

  private async sizeNow(): Promise<number> {
    const out = (await this.git(['count-objects', '-v'])).toString('utf8');
    const kib = (k: string) => Number(new RegExp(`^${k}: (\\d+)`, 'm').exec(out)?.[1] ?? 0);
    return (kib('size') + kib('size-pack')) * 1024;
  }

  /**
   * The repository's size for the cap: counting its objects stats every loose object, so between
   * counts it is estimated from above (what the snapshots since staged, each object at least a 4 KiB
   * block, its trees too) and counted again once the estimate reaches the cap.
   */
  private async sizeForCap(): Promise<number> {
    const o = this.objects;
    if (o && o.known + o.growth <= this.limits.capBytes) return o.known + o.growth;
    const known = await this.sizeNow();
    this.objects = { known, growth: 0 };
    return known;
  }

  /** Over the cap: the oldest checkpoints go (never the one just taken). */
  private async enforceCap(idx: IndexFile, keep: string): Promise<void> {
    while ((await this.sizeForCap()) > this.limits.capBytes) {
      const old = idx.checkpoints.filter((c) => c.id !== keep);
      if (old.length === 0) return;
      await this.drop(idx, new Set(old.slice(0, Math.max(1, Math.ceil(old.length / 4))).map((c) => c.id)));
    }
  }

  private async drop(idx: IndexFile, ids: Set<string>): Promise<void> {
    for (const id of ids) {
      await this.git(['update-ref', '-d', `refs/checkpoints/${id}`]);
      await rm(path.join(this.editsDir, `${id}.json`), { force: true });
    }
    idx.checkpoints = idx.checkpoints.filter((c) => !ids.has(c.id));
    await this.writeIndex(idx);
    this.objects = undefined;
    // Objects only the dropped checkpoints held (the shadow index's are kept: the next add reuses them).
    await this.git(['prune', '--expire=now']);
  }
}
