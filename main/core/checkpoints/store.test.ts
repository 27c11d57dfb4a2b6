/**
 * Checkpoints against a real project with a real `.git`: byte-for-byte restores (binary, CRLF, an
 * executable bit, a symlink, a file removed by `rm`, files created since), the user's repository
 * untouched (refs, index, object count, stash), a restore of a restore, the size and file limits,
 * .gitignore and the built-in list, and immunity to repository-configured programs.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmod, lstat, mkdir, readFile, readdir, readlink, rm, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CheckpointError, CheckpointStore } from './store.js';
import { useTempDir } from '../fs/tempDir.testkit.js';

const tempDirs = useTempDir();

let root: string;
let data: string;
let store: CheckpointStore;
const marker = () => path.join(data, 'filter-ran');

beforeEach(async () => {
  root = await tempDirs('cc-cp-proj-');
  data = await tempDirs('cc-cp-data-');
  const g = (...a: string[]) => execFileSync('git', a, { cwd: root, env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', HOME: data } });
  g('init', '-q');
  g('config', 'user.email', 't@t');
  g('config', 'user.name', 't');
  await writeFile(path.join(root, 'README.md'), '# project\n');
  await writeFile(path.join(root, '.gitignore'), 'secret.env\n');
  g('add', '-A');
  g('commit', '-qm', 'first');
  g('stash', 'list');
  // A repository-configured program the shadow repository must never run.
  g('config', 'filter.evil.clean', `sh -c 'touch ${marker()}; cat'`);
  g('config', 'filter.evil.smudge', `sh -c 'touch ${marker()}; cat'`);
  g('config', 'core.fsmonitor', `sh -c 'touch ${marker()}'`);
  await writeFile(path.join(root, '.gitattributes'), '* filter=evil\n*.txt text eol=crlf\n');
  await mkdir(path.join(root, 'src'));
  await writeFile(path.join(root, 'src', 'main.ts'), 'export const x = 1;\n');
  await writeFile(path.join(root, 'src', 'lf.txt'), 'one\ntwo\n');
  await writeFile(path.join(root, 'data.bin'), Buffer.from([0, 1, 2, 255, 13, 10, 0, 13]));
  await writeFile(path.join(root, 'run.sh'), '#!/bin/sh\necho hi\n');
  await chmod(path.join(root, 'run.sh'), 0o755);
  await symlink('src/main.ts', path.join(root, 'link'));
  await writeFile(path.join(root, 'secret.env'), 'TOKEN=1\n');
  await mkdir(path.join(root, 'node_modules', 'dep'), { recursive: true });
  await writeFile(path.join(root, 'node_modules', 'dep', 'index.js'), 'module.exports = 1;\n');
  await writeFile(path.join(root, 'codecoder.json'), '{"allowlist":{}}\n');
  store = new CheckpointStore({ dataDir: data, projectRoot: root });
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
  await rm(data, { recursive: true, force: true });
});

/** Every file of the project except .git: path → sha256 of the bytes, mode and link target. */
async function tree(dir = root, rel = ''): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const name of (await readdir(path.join(dir, rel))).sort()) {
    if (rel === '' && name === '.git') continue;
    const r = rel ? `${rel}/${name}` : name;
    const abs = path.join(dir, r);
    const st = await lstat(abs);
    if (st.isSymbolicLink()) out[r] = `link:${await readlink(abs)}`;
    else if (st.isDirectory()) Object.assign(out, await tree(dir, r));
    else
      out[r] = `${(st.mode & 0o777).toString(8)}:${createHash('sha256')
        .update(await readFile(abs))
        .digest('hex')}`;
  }
  return out;
}

/** The user's repository as git sees it: refs, HEAD, the index bytes, the object count, the stash. */
function userGit(): Record<string, string> {
  const g = (...a: string[]) =>
    execFileSync('git', a, { cwd: root, env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', HOME: data } }).toString();
  return {
    refs: g('for-each-ref', '--format=%(refname) %(objectname)'),
    head: g('rev-parse', 'HEAD'),
    index: createHash('sha256')
      .update(execFileSync('cat', [path.join(root, '.git', 'index')]))
      .digest('hex'),
    objects: g('count-objects', '-v'),
    stash: g('stash', 'list'),
    files: execFileSync('find', ['.git', '-newer', path.join(root, '.git', 'HEAD')], { cwd: root }).toString(),
  };
}

describe('checkpoints', () => {
  it('a turn of edits plus an rm through a shell, restored byte for byte; the user’s .git untouched', async () => {
    const before = await tree();
    const gitBefore = userGit();
    const cp = await store.snapshot({ conversationId: 'c1', label: 'turn 1', messageIndex: 0 });
    expect(cp).toMatchObject({ conversationId: 'c1', kind: 'turn' });

    // The turn: edits, a new file in a new folder, a file replaced by a folder, rm through a shell.
    await writeFile(path.join(root, 'src', 'main.ts'), 'export const x = 2;\n');
    await writeFile(path.join(root, 'src', 'lf.txt'), 'changed\r\n');
    await mkdir(path.join(root, 'new', 'deep'), { recursive: true });
    await writeFile(path.join(root, 'new', 'deep', 'file.ts'), 'new\n');
    await chmod(path.join(root, 'run.sh'), 0o644);
    await rm(path.join(root, 'link'));
    await writeFile(path.join(root, 'link'), 'not a link any more');
    execFileSync('sh', ['-c', 'rm data.bin README.md'], { cwd: root });
    await writeFile(path.join(root, 'node_modules', 'dep', 'index.js'), 'changed by npm\n');

    const preview = await store.preview(cp.id);
    expect(preview).toEqual([
      { path: 'README.md', change: 'recreate' },
      { path: 'data.bin', change: 'recreate' },
      { path: 'link', change: 'restore' },
      { path: 'new/deep/file.ts', change: 'delete' },
      { path: 'run.sh', change: 'restore' },
      { path: 'src/lf.txt', change: 'restore' },
      { path: 'src/main.ts', change: 'restore' },
    ]);
    const r = await store.restore(cp.id);
    expect(r.changes).toEqual(preview);
    expect(r.skipped).toEqual([]);
    const after = await tree();
    // Ignored files are neither snapshotted nor restored: node_modules keeps npm's change.
    expect({ ...after, 'node_modules/dep/index.js': before['node_modules/dep/index.js'] }).toEqual(before);
    expect(after['node_modules/dep/index.js']).not.toBe(before['node_modules/dep/index.js']);
    await expect(stat(path.join(root, 'new'))).rejects.toThrow();

    expect(userGit()).toEqual(gitBefore);
    await expect(stat(marker())).rejects.toThrow();
  });

  it('a restore of a restore: the checkpoint taken before a restore brings the later state back', async () => {
    const cp = await store.snapshot({ conversationId: 'c1', label: 'turn 1' });
    await writeFile(path.join(root, 'src', 'main.ts'), 'later\n');
    await writeFile(path.join(root, 'added.ts'), 'added\n');
    await rm(path.join(root, 'data.bin'));
    const later = await tree();
    const first = await store.restore(cp.id);
    expect(first.undo).toMatchObject({ kind: 'before-restore', label: 'before restoring to turn 1', conversationId: 'c1' });
    expect(await readFile(path.join(root, 'src', 'main.ts'), 'utf8')).toBe('export const x = 1;\n');
    const second = await store.restore(first.undo.id);
    expect(second.changes.map((c) => `${c.change} ${c.path}`)).toEqual(['recreate added.ts', 'delete data.bin', 'restore src/main.ts']);
    expect(await tree()).toEqual(later);
    expect((await store.list('c1')).map((c) => c.kind)).toEqual(['before-restore', 'before-restore', 'turn']);
  });

  it('never snapshots or restores the permission files, .gitignore’d files, node_modules or nested repositories', async () => {
    // A nested repository without a commit (git refuses to link one): left out, not a failure.
    await mkdir(path.join(root, 'vendor', 'lib'), { recursive: true });
    execFileSync('git', ['init', '-q'], { cwd: path.join(root, 'vendor', 'lib') });
    await writeFile(path.join(root, 'vendor', 'lib', 'x.c'), 'int x;\n');
    const cp = await store.snapshot({ conversationId: 'c1', label: 't' });
    await writeFile(path.join(root, 'vendor', 'lib', 'x.c'), 'int y;\n');
    await writeFile(path.join(root, 'codecoder.json'), '{"allowlist":{"write_file:**":"AlwaysThisProject"}}\n');
    await writeFile(path.join(root, 'secret.env'), 'TOKEN=2\n');
    expect(await store.preview(cp.id)).toEqual([]);
    await store.restore(cp.id);
    expect(await readFile(path.join(root, 'codecoder.json'), 'utf8')).toContain('AlwaysThisProject');
    expect(await readFile(path.join(root, 'secret.env'), 'utf8')).toBe('TOKEN=2\n');
    expect(await readFile(path.join(root, 'vendor', 'lib', 'x.c'), 'utf8')).toBe('int y;\n');
  });

  it('paths that look like pathspec magic or globs are restored as themselves', async () => {
    await writeFile(path.join(root, ':(glob)*.ts'), 'magic\n');
    await writeFile(path.join(root, '*'), 'star\n');
    await writeFile(path.join(root, 'line\nbreak'), 'nl\n');
    const cp = await store.snapshot({ conversationId: 'c1', label: 't' });
    await writeFile(path.join(root, ':(glob)*.ts'), 'changed\n');
    await writeFile(path.join(root, '*'), 'changed\n');
    await rm(path.join(root, 'line\nbreak'));
    await writeFile(path.join(root, 'src', 'main.ts'), 'unrelated change, restored too\n');
    const r = await store.restore(cp.id);
    expect(r.changes.map((c) => c.path)).toEqual(['*', ':(glob)*.ts', 'line\nbreak', 'src/main.ts']);
    expect(await readFile(path.join(root, ':(glob)*.ts'), 'utf8')).toBe('magic\n');
    expect(await readFile(path.join(root, '*'), 'utf8')).toBe('star\n');
    expect(await readFile(path.join(root, 'line\nbreak'), 'utf8')).toBe('nl\n');
  });

  it('a file ignored after an earlier snapshot leaves the next one', async () => {
    await writeFile(path.join(root, 'gen.txt'), 'generated 1\n');
    await store.snapshot({ conversationId: 'c1', label: 't1' });
    await writeFile(path.join(root, '.gitignore'), 'secret.env\ngen.txt\n');
    const cp2 = await store.snapshot({ conversationId: 'c1', label: 't2' });
    await writeFile(path.join(root, 'gen.txt'), 'generated 2\n');
    expect(await store.preview(cp2.id)).toEqual([]);
    await store.restore(cp2.id);
    expect(await readFile(path.join(root, 'gen.txt'), 'utf8')).toBe('generated 2\n');
  });

  it('a data folder inside the project is never part of a snapshot', async () => {
    const inside = new CheckpointStore({ dataDir: path.join(root, '.local-data'), projectRoot: root });
    const cp = await inside.snapshot({ conversationId: 'c1', label: 't' });
    await writeFile(path.join(root, 'src', 'main.ts'), 'changed\n');
    const second = await inside.snapshot({ conversationId: 'c1', label: 't2' });
    expect(cp.files).toBe(second.files);
    expect((await inside.preview(cp.id)).map((c) => c.path)).toEqual(['src/main.ts']);
  });

  it('a project too large to snapshot is refused quickly with a clear message, and nothing is stored', async () => {
    const small = new CheckpointStore({ dataDir: data, projectRoot: root, limits: { maxFiles: 5 } });
    const err = await small.snapshot({ conversationId: 'c1', label: 't' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CheckpointError);
    expect((err as CheckpointError).code).toBe('too_large');
    expect((err as Error).message).toMatch(
      /^This project is too large to snapshot: \d+ files \(the limit is 5\)\. Add large folders to \.gitignore/,
    );
    const bytes = new CheckpointStore({ dataDir: data, projectRoot: root, limits: { maxBytes: 20 } });
    await expect(bytes.snapshot({ conversationId: 'c1', label: 't' })).rejects.toThrow(/more than 0\.0 MB of files/);
    expect(await small.list()).toEqual([]);
  });

  it('a snapshot that takes too long is stopped with a clear message', async () => {
    const slow = new CheckpointStore({ dataDir: data, projectRoot: root, limits: { timeoutMs: 1 } });
    const err = await slow.snapshot({ conversationId: 'c1', label: 't' }).catch((e: unknown) => e);
    expect((err as CheckpointError).code).toBe('timeout');
    expect((err as Error).message).toMatch(/took longer than 0 s/);
  });

  it('checkpoints are pruned with their conversation, and usage is reported', async () => {
    const a = await store.snapshot({ conversationId: 'c1', label: 'a' });
    await writeFile(path.join(root, 'big.txt'), 'x'.repeat(100_000));
    await store.snapshot({ conversationId: 'c2', label: 'b' });
    expect(await store.usage()).toBeGreaterThan(0);
    expect(await store.prune('c1')).toBe(1);
    expect((await store.list()).map((c) => c.conversationId)).toEqual(['c2']);
    await expect(store.restore(a.id)).rejects.toThrow(/no checkpoint/);
  });

  it('keeps under the per-project cap by dropping the oldest checkpoints', async () => {
    const capped = new CheckpointStore({ dataDir: data, projectRoot: root, limits: { capBytes: 64 * 1024 } });
    for (let i = 0; i < 4; i++) {
      await writeFile(path.join(root, 'big.txt'), `${i}`.repeat(200_000) + Math.random());
      await capped.snapshot({ conversationId: 'c1', label: `t${i}` });
    }
    const left = await capped.list();
    expect(left[0]!.label).toBe('t3');
    expect(left.length).toBeLessThan(4);
  });
});
