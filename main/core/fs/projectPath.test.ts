import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveInProject } from './projectPath.js';
import { useTempDir } from './tempDir.testkit.js';

const tempDirs = useTempDir();

describe('resolveInProject', () => {
  it('keeps project-relative paths inside, resolves ../ and symlinks out', async () => {
    const root = await tempDirs('cc-root-');
    const outside = await tempDirs('cc-out-');
    await mkdir(path.join(root, 'src'));
    await writeFile(path.join(root, 'src/a.ts'), '');
    await symlink(outside, path.join(root, 'link'));
    expect(await resolveInProject(root, 'src/a.ts')).toMatchObject({ inside: true, rel: 'src/a.ts' });
    expect(await resolveInProject(root, 'src/new/deep.ts')).toMatchObject({ inside: true, rel: 'src/new/deep.ts' });
    expect(await resolveInProject(root, '.')).toMatchObject({ inside: true, rel: '.' });
    expect((await resolveInProject(root, '../x')).inside).toBe(false);
    expect((await resolveInProject(root, '/etc/passwd')).inside).toBe(false);
    expect((await resolveInProject(root, 'link/new-file')).inside).toBe(false);
    expect((await resolveInProject(root, 'a\0b')).inside).toBe(false);
  });
});
