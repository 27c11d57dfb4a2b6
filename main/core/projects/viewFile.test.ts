/**
 * The read-only file view reads only what read_file would, and less: the path comes from the
 * model's words, so protected and hidden entries, paths outside the project (as written or through
 * a symlink) and anything but a regular text file are refused with the reason.
 */
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDir } from '../fs/tempDir.testkit.js';
import { VIEW_MAX_BYTES, viewFile } from './viewFile.js';

const tempDirs = useTempDir();

async function project() {
  const root = await tempDirs('cc-view-');
  const outside = await tempDirs('cc-view-out-');
  await mkdir(path.join(root, 'src'), { recursive: true });
  await mkdir(path.join(root, '.git'), { recursive: true });
  await mkdir(path.join(root, 'sub/.secret'), { recursive: true });
  await writeFile(path.join(root, 'src/calc.js'), 'export const add = (a, b) => a + b;\nexport const sub = (a, b) => a - b;\n');
  await writeFile(path.join(root, '.git/config'), '[core]\n');
  await writeFile(path.join(root, 'codecoder.json'), '{}\n');
  await writeFile(path.join(root, '.env'), 'TOKEN=x\n');
  await writeFile(path.join(root, 'sub/.secret/key'), 'k\n');
  await writeFile(path.join(outside, 'passwd'), 'root\n');
  return { root, outside };
}

async function refusal(p: Promise<unknown>): Promise<{ code: string; message: string }> {
  const err = (await p.then(
    () => undefined,
    (e: unknown) => e,
  )) as { code: string; message: string } | undefined;
  expect(err, 'refused').toBeDefined();
  return err!;
}

describe('viewFile', () => {
  it('a project file, by relative or absolute path: its text and line count', async () => {
    const { root } = await project();
    const f = await viewFile(root, 'src/calc.js');
    expect(f).toEqual({ path: 'src/calc.js', text: expect.stringContaining('export const sub'), totalLines: 2 });
    expect((await viewFile(root, path.join(root, 'src/calc.js'))).path).toBe('src/calc.js');
    expect((await viewFile(root, './src/../src/calc.js')).path).toBe('src/calc.js');
  });

  it('outside the project, as written or through a symlink: refused', async () => {
    const { root, outside } = await project();
    for (const p of ['../x', path.join(outside, 'passwd'), '/etc/passwd']) {
      expect((await refusal(viewFile(root, p))).message).toContain('outside the project');
    }
    await symlink(path.join(outside, 'passwd'), path.join(root, 'src/link'));
    expect((await refusal(viewFile(root, 'src/link'))).message).toContain('outside the project');
  });

  it('protected and hidden entries, as written or through a symlink: refused', async () => {
    const { root } = await project();
    expect((await refusal(viewFile(root, '.git/config'))).message).toContain('protected');
    expect((await refusal(viewFile(root, 'codecoder.json'))).message).toContain('protected');
    expect((await refusal(viewFile(root, '.env'))).message).toContain('.env is hidden');
    expect((await refusal(viewFile(root, 'sub/.secret/key'))).message).toContain('.secret is hidden');
    await symlink(path.join(root, '.git/config'), path.join(root, 'src/innocent'));
    expect((await refusal(viewFile(root, 'src/innocent'))).message).toContain('protected');
    await symlink(path.join(root, '.env'), path.join(root, 'src/plain'));
    expect((await refusal(viewFile(root, 'src/plain'))).message).toContain('hidden');
  });

  it('a folder, a missing file, a binary or an oversized file: refused, saying which', async () => {
    const { root } = await project();
    expect((await refusal(viewFile(root, 'src'))).message).toContain('a folder');
    expect((await refusal(viewFile(root, '.'))).message).toContain('the project folder, not a file');
    expect(await refusal(viewFile(root, 'src/nope.js'))).toMatchObject({ code: 'not_found' });
    await writeFile(path.join(root, 'src/img.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 1]));
    expect((await refusal(viewFile(root, 'src/img.png'))).message).toContain('binary');
    await writeFile(path.join(root, 'src/big.txt'), 'x'.repeat(VIEW_MAX_BYTES + 1));
    expect((await refusal(viewFile(root, 'src/big.txt'))).message).toContain('over the viewer');
  });

  it('a file not in UTF-8 is shown decoded, and says so', async () => {
    const { root } = await project();
    await writeFile(path.join(root, 'src/latin.txt'), Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]));
    expect(await viewFile(root, 'src/latin.txt')).toMatchObject({ text: 'café\n', note: expect.stringContaining('windows-1252') });
  });
});
