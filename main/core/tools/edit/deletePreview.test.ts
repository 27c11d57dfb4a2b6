import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildPreview } from '../../approvals/preview.testkit.js';
import type { Tool } from '../types.js';
import { deletePathTool } from './deletePath.js';

const tool = deletePathTool() as Tool;

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

async function repo(): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'cc-delprev-'));
  dirs.push(root);
  execFileSync('git', ['init', '-q'], { cwd: root });
  return root;
}

describe('delete previews', () => {
  it('say what would go: size, files, and how many git tracks', async () => {
    const root = await repo();
    await writeFile(path.join(root, 'tracked.txt'), 'x'.repeat(1234));
    await writeFile(path.join(root, 'loose.txt'), 'abc');
    await mkdir(path.join(root, 'build/sub'), { recursive: true });
    await writeFile(path.join(root, 'build/a.js'), '12345');
    await writeFile(path.join(root, 'build/sub/b.js'), '123');
    execFileSync('git', ['add', 'tracked.txt', 'build/a.js'], { cwd: root });
    await symlink('/etc/passwd', path.join(root, 'link'));

    expect((await buildPreview(tool, { path: 'tracked.txt' }, root))?.entry).toEqual({ kind: 'file', bytes: 1234, gitTracked: 1 });
    expect((await buildPreview(tool, { path: 'loose.txt' }, root))?.entry).toEqual({ kind: 'file', bytes: 3, gitTracked: 0 });
    expect((await buildPreview(tool, { path: 'build', recursive: true }, root))?.entry).toEqual({
      kind: 'dir',
      files: 2,
      bytes: 8,
      complete: true,
      gitTracked: 1,
    });
    // The link goes, not its target.
    expect((await buildPreview(tool, { path: 'link' }, root))?.entry).toEqual({ kind: 'symlink', gitTracked: 0 });
    expect((await buildPreview(tool, { path: 'nope' }, root))?.entry).toEqual({ kind: 'missing' });
    // Outside the project: nothing is looked at.
    expect((await buildPreview(tool, { path: '../x' }, root))?.entry).toBeUndefined();
  });

  it('leaves git out of a folder that is not a repository', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'cc-delprev-'));
    dirs.push(root);
    await writeFile(path.join(root, 'f'), 'hi');
    const e = (await buildPreview(tool, { path: 'f' }, root))?.entry;
    expect(e).toMatchObject({ kind: 'file', bytes: 2 });
    expect(e?.gitTracked).toBeUndefined();
  });
});
