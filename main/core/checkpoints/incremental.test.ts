/**
 * Snapshots after the first stage only what git's stat cache reports as changed (incremental.ts).
 * The oracle for every step: a fresh store in another data folder, which hashes every file, must
 * come to the same tree. Also: the shadow index is shared safely — snapshots from two processes at
 * once are serialised by the lock, and a snapshot killed mid-way leaves no lock behind.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, lstat, mkdir, rename, rm, stat, symlink, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTempDir } from '../fs/tempDir.testkit.js';
import { CheckpointError, CheckpointStore } from './store.js';

const tempDirs = useTempDir();
const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');

let root: string;
let data: string;
let store: CheckpointStore;

beforeEach(async () => {
  root = await tempDirs('cc-inc-proj-');
  data = await tempDirs('cc-inc-data-');
  await mkdir(path.join(root, 'src', 'deep'), { recursive: true });
  await writeFile(path.join(root, 'src', 'a.ts'), 'export const a = 1;\n');
  await writeFile(path.join(root, 'src', 'deep', 'b.ts'), 'export const b = 2;\n');
  await writeFile(path.join(root, 'run.sh'), '#!/bin/sh\necho hi\n');
  await writeFile(path.join(root, '.gitignore'), '*.log\n');
  await writeFile(path.join(root, 'codecoder.json'), '{"allowlist":{}}\n');
  store = new CheckpointStore({ dataDir: data, projectRoot: root });
});

const shadowGitDir = (d: string) => path.join(new CheckpointStore({ dataDir: d, projectRoot: root }).dir, 'shadow.git');

/** What a store that has never seen the project (every file hashed) makes of it now. */
async function freshTree(): Promise<string> {
  const other = new CheckpointStore({ dataDir: await tempDirs('cc-inc-fresh-'), projectRoot: root });
  const cp = await other.snapshot({ conversationId: 'oracle', label: 'oracle' });
  expect(other.lastStaging).toBe('all');
  return cp.tree;
}

/** The paths a tree holds, with their modes. */
function listTree(tree: string, dataDir = data): string[] {
  const out = execFileSync('git', ['--git-dir', shadowGitDir(dataDir), 'ls-tree', '-r', '-z', tree], { env: { PATH: process.env.PATH } });
  return out
    .toString('utf8')
    .split('\0')
    .filter(Boolean)
    .map((l) => `${l.slice(0, 6)} ${l.split('\t')[1]}`)
    .sort();
}

async function snapshotMatchesFresh(step: string): Promise<string> {
  const cp = await store.snapshot({ conversationId: 'c', label: step });
  expect(store.lastStaging, step).toBe('changes');
  expect(cp.tree, step).toBe(await freshTree());
  return cp.tree;
}

describe('a snapshot after the first', () => {
  it('holds exactly what a full snapshot holds, change after change, hashing only what changed', async () => {
    await store.snapshot({ conversationId: 'c', label: 'first' });
    expect(store.lastStaging).toBe('all');

    await writeFile(path.join(root, 'src', 'a.ts'), 'export const a = 10;\n');
    await snapshotMatchesFresh('modified');

    await writeFile(path.join(root, 'src', 'new.ts'), 'export {};\n');
    await mkdir(path.join(root, 'fresh', 'dir'), { recursive: true });
    await writeFile(path.join(root, 'fresh', 'dir', 'c.ts'), 'c\n');
    await snapshotMatchesFresh('added, in a new folder too');

    await rm(path.join(root, 'src', 'deep', 'b.ts'));
    await snapshotMatchesFresh('deleted');

    await rename(path.join(root, 'src', 'new.ts'), path.join(root, 'src', 'renamed.ts'));
    await snapshotMatchesFresh('renamed');

    await chmod(path.join(root, 'run.sh'), 0o755);
    let tree = await snapshotMatchesFresh('mode change');
    expect(listTree(tree)).toContain('100755 run.sh');

    await symlink('src/a.ts', path.join(root, 'link'));
    await snapshotMatchesFresh('symlink added');
    await rm(path.join(root, 'link'));
    await writeFile(path.join(root, 'link'), 'now a file\n');
    await snapshotMatchesFresh('symlink became a file');

    // A file replaced by a folder of the same name, and back.
    await rm(path.join(root, 'fresh', 'dir', 'c.ts'));
    await mkdir(path.join(root, 'fresh', 'dir', 'c.ts'));
    await writeFile(path.join(root, 'fresh', 'dir', 'c.ts', 'inner.ts'), 'inner\n');
    await snapshotMatchesFresh('file became a folder');
    await rm(path.join(root, 'fresh'), { recursive: true });
    await writeFile(path.join(root, 'fresh'), 'a file now\n');
    await snapshotMatchesFresh('folder became a file');

    // Ignored and protected: never part of a snapshot, also on this path.
    await writeFile(path.join(root, 'debug.log'), 'noise\n');
    await writeFile(path.join(root, 'codecoder.json'), '{"allowlist":{"run_command:ls":"project"}}\n');
    await mkdir(path.join(root, '.codecoder'));
    await writeFile(path.join(root, '.codecoder', 'x.json'), '{}\n');
    await mkdir(path.join(root, 'node_modules', 'dep'), { recursive: true });
    await writeFile(path.join(root, 'node_modules', 'dep', 'index.js'), 'module.exports = 1;\n');
    tree = await snapshotMatchesFresh('ignored and protected files');
    const paths = listTree(tree).map((l) => l.slice(7));
    for (const p of ['debug.log', 'codecoder.json', '.codecoder/x.json', 'node_modules/dep/index.js']) expect(paths).not.toContain(p);

    // A nested repository appears: left out, as by a full snapshot.
    await mkdir(path.join(root, 'vendor', 'lib'), { recursive: true });
    await writeFile(path.join(root, 'vendor', 'lib', 'x.c'), 'int x;\n');
    execFileSync('git', ['init', '-q'], { cwd: path.join(root, 'vendor', 'lib') });
    tree = await snapshotMatchesFresh('nested repository');
    expect(listTree(tree).some((l) => l.includes('vendor/'))).toBe(false);

    // Nothing changed: the same tree.
    expect((await store.snapshot({ conversationId: 'c', label: 'again' })).tree).toBe(tree);
  });

  it('sees an edit of the same size with the same mtime, made right after the snapshot (racy git)', async () => {
    const file = path.join(root, 'src', 'a.ts');
    await store.snapshot({ conversationId: 'c', label: 'first' });
    for (const [i, text] of ['export const a = 2;\n', 'export const a = 3;\n', 'export const a = 4;\n'].entries()) {
      const before = await stat(file);
      await writeFile(file, text);
      // Same size, and the mtime put back: only git's racy check (and ctime) can tell.
      await utimes(file, before.atime, before.mtime);
      expect((await stat(file)).size).toBe(before.size);
      await snapshotMatchesFresh(`edit ${i}`);
    }
    // Within the same moment as the snapshot before it, without putting the mtime back.
    await store.snapshot({ conversationId: 'c', label: 'settle' });
    await writeFile(file, 'export const a = 5;\n');
    await snapshotMatchesFresh('edit right after');
  });

  it('a rule that now ignores a snapshotted file takes it out, even a .gitignore that ignores itself', async () => {
    await mkdir(path.join(root, 'cache'));
    await writeFile(path.join(root, 'cache', 'data.bin'), 'bytes\n');
    let cp = await store.snapshot({ conversationId: 'c', label: 'first' });
    expect(listTree(cp.tree)).toContain('100644 cache/data.bin');
    // Like pytest's and others' cache folders: a .gitignore of `*`, itself ignored, so git never lists it.
    await writeFile(path.join(root, 'cache', '.gitignore'), '*\n');
    cp = await store.snapshot({ conversationId: 'c', label: 'ignored now' });
    expect(store.lastStaging).toBe('changes');
    expect(listTree(cp.tree).some((l) => l.includes('cache/'))).toBe(false);
    expect(cp.tree).toBe(await freshTree());
    // And a rule taken back brings it in again.
    await rm(path.join(root, 'cache', '.gitignore'));
    await writeFile(path.join(root, '.gitignore'), '*.log\nsrc/deep/\n');
    cp = await store.snapshot({ conversationId: 'c', label: 'rules changed' });
    expect(listTree(cp.tree)).toContain('100644 cache/data.bin');
    expect(listTree(cp.tree).some((l) => l.includes('src/deep/'))).toBe(false);
    expect(cp.tree).toBe(await freshTree());
  });

  it('after a restore, or anything else writing the shadow index, the next snapshot stages everything', async () => {
    const first = await store.snapshot({ conversationId: 'c', label: 'first' });
    await writeFile(path.join(root, 'src', 'a.ts'), 'changed\n');
    await store.restore(first.id);
    await writeFile(path.join(root, 'src', 'a.ts'), 'changed again\n');
    const after = await store.snapshot({ conversationId: 'c', label: 'after restore' });
    expect(store.lastStaging).toBe('all');
    expect(after.tree).toBe(await freshTree());
    // Another store (another process) writes the index: this one notices and stages everything.
    await writeFile(path.join(root, 'src', 'b.ts'), 'b\n');
    await new CheckpointStore({ dataDir: data, projectRoot: root }).snapshot({ conversationId: 'c', label: 'other' });
    await writeFile(path.join(root, 'src', 'b.ts'), 'b2\n');
    const mine = await store.snapshot({ conversationId: 'c', label: 'mine' });
    expect(store.lastStaging).toBe('all');
    expect(mine.tree).toBe(await freshTree());
  });

  it('the file and byte limits hold on this path too', async () => {
    const small = new CheckpointStore({ dataDir: data, projectRoot: root, limits: { maxFiles: 8 } });
    await small.snapshot({ conversationId: 'c', label: 'first' });
    for (let i = 0; i < 5; i++) await writeFile(path.join(root, `extra${i}.txt`), 'x\n');
    await expect(small.snapshot({ conversationId: 'c', label: 'too many' })).rejects.toMatchObject({ code: 'too_large' });
    expect(small.lastStaging).toBe('changes');
  });
});

describe('space', () => {
  it('pruning a conversation frees what only its checkpoints held, though HEAD followed them', async () => {
    await store.snapshot({ conversationId: 'keep', label: 'first' });
    await writeFile(path.join(root, 'big.bin'), randomBytes(512 * 1024));
    await store.snapshot({ conversationId: 'gone', label: 'with the big file' });
    await rm(path.join(root, 'big.bin'));
    await store.snapshot({ conversationId: 'keep', label: 'without it' });
    const before = await store.usage();
    expect(await store.prune('gone')).toBe(1);
    expect(before - (await store.usage())).toBeGreaterThan(400 * 1024);
  });
});

describe('one shadow index, several writers', () => {
  const finished = (child: ChildProcess) =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      let stdout = '';
      let stderr = '';
      child.stdout!.on('data', (c: Buffer) => (stdout += c.toString()));
      child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });
  const snapshotter = (count: number) =>
    spawn(process.execPath, ['--import', 'tsx', path.join(here, 'testkit', 'snapshotter.ts'), data, root, String(count)], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  const noLocks = async () => {
    await expect(lstat(path.join(store.dir, 'shadow.lock'))).rejects.toThrow();
    await expect(lstat(path.join(shadowGitDir(data), 'index.lock'))).rejects.toThrow();
  };

  it('snapshots from two processes and two stores at once are serialised, and the index stays sound', async () => {
    await store.snapshot({ conversationId: 'c', label: 'first' });
    const children = [snapshotter(3), snapshotter(3)];
    const second = new CheckpointStore({ dataDir: data, projectRoot: root });
    const mine = await Promise.all(
      Array.from({ length: 3 }, async (_, i) => {
        await writeFile(path.join(root, `mine-${i}.txt`), `${i}\n`);
        return (i % 2 ? store : second).snapshot({ conversationId: 'c', label: `mine ${i}` });
      }),
    );
    const results = await Promise.all(children.map(finished));
    for (const r of results) {
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(r.stdout.trim().split('\n')).toHaveLength(3);
    }
    expect(mine).toHaveLength(3);
    // Every checkpoint was recorded (no lost update of the list) and git finds the repository whole.
    expect(await store.list()).toHaveLength(1 + 3 + 6);
    execFileSync('git', ['--git-dir', shadowGitDir(data), 'fsck', '--no-dangling', '--no-progress'], { env: { PATH: process.env.PATH } });
    expect((await store.snapshot({ conversationId: 'c', label: 'last' })).tree).toBe(await freshTree());
    await noLocks();
  }, 240_000);

  it('a snapshot killed mid-way leaves no lock: the next one goes ahead at once', async () => {
    await store.snapshot({ conversationId: 'c', label: 'first' });
    const child = snapshotter(0);
    const done = finished(child);
    // Kill it while it holds the lock (it snapshots in a loop).
    const lockFile = path.join(store.dir, 'shadow.lock');
    for (let i = 0; i < 2000; i++) {
      if (
        await lstat(lockFile).then(
          () => true,
          () => false,
        )
      )
        break;
      await new Promise((r) => setTimeout(r, 5));
    }
    child.kill('SIGKILL');
    await done;
    // As a git killed while writing the index would leave it.
    await writeFile(path.join(shadowGitDir(data), 'index.lock'), '');
    const quick = new CheckpointStore({ dataDir: data, projectRoot: root, limits: { timeoutMs: 5_000 } });
    await writeFile(path.join(root, 'src', 'a.ts'), 'after the kill\n');
    const cp = await quick.snapshot({ conversationId: 'c', label: 'after' });
    expect(cp.tree).toBe(await freshTree());
    await noLocks();
  }, 60_000);

  it('a live holder makes the next writer wait, then refuse as busy with a reason', async () => {
    await store.snapshot({ conversationId: 'c', label: 'first' });
    // Held by this (live) process, as another store of it would.
    await writeFile(path.join(store.dir, 'shadow.lock'), `${process.pid}\n`);
    const waiting = new CheckpointStore({ dataDir: data, projectRoot: root, limits: { timeoutMs: 300 } });
    const err = await waiting.snapshot({ conversationId: 'c', label: 'blocked' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CheckpointError);
    expect(err).toMatchObject({ code: 'busy', message: expect.stringMatching(/another process is taking or restoring a checkpoint/) });
    await rm(path.join(store.dir, 'shadow.lock'));
    await expect(waiting.snapshot({ conversationId: 'c', label: 'free' })).resolves.toMatchObject({ label: 'free' });
  });
});
