import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkAttachments } from './attachments.js';
import { mentionFiles, rankMentions } from './mentionFiles.js';

let root: string;
let outside: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'cc-mention-'));
  outside = await mkdtemp(path.join(tmpdir(), 'cc-mention-out-'));
  await mkdir(path.join(root, 'src/ui'), { recursive: true });
  await mkdir(path.join(root, 'build'), { recursive: true });
  await mkdir(path.join(root, '.secret'), { recursive: true });
  for (const f of ['src/app.ts', 'src/ui/App.tsx', 'src/ui/button.ts', 'README.md', 'build/app.js', '.secret/app.key', '.gitignore'])
    await writeFile(path.join(root, f), f === '.gitignore' ? 'build/\n' : 'x\n');
  await writeFile(path.join(outside, 'passwd'), 'no\n');
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
  await rm(outside, { recursive: true, force: true });
});

describe('mentionFiles', () => {
  it("lists like the glob tool: .gitignore'd and hidden files are left out; best match first", async () => {
    const r = await mentionFiles(root, 'app', 20);
    expect(r).toEqual({ files: ['src/app.ts', 'src/ui/App.tsx'], truncated: false });
    expect((await mentionFiles(root, '', 2)).files).toEqual(['README.md', 'src/app.ts']);
    expect((await mentionFiles(root, 'nothing-like-this', 5)).files).toEqual([]);
  });

  it('ranks the name before the path, then shorter paths', () => {
    expect(rankMentions(['src/app/index.ts', 'lib/zapp.ts', 'app.ts', 'docs/app.md'], 'app', 10)).toEqual([
      'app.ts',
      'docs/app.md',
      'lib/zapp.ts',
      'src/app/index.ts',
    ]);
  });
});

describe('checkAttachments', () => {
  it('keeps files in the project, each once, and refuses anything else with the path and why', async () => {
    expect(await checkAttachments(root, ['src/app.ts', './src/app.ts', 'README.md'])).toEqual(['src/app.ts', 'README.md']);
    await expect(checkAttachments(root, ['../' + path.basename(outside) + '/passwd'])).rejects.toMatchObject({
      code: 'invalid_input',
      message: expect.stringMatching(/outside the project/),
    });
    await symlink(path.join(outside, 'passwd'), path.join(root, 'link'));
    await expect(checkAttachments(root, ['link'])).rejects.toThrow(/outside the project/);
    await expect(checkAttachments(root, ['src'])).rejects.toThrow(/not a file/);
    await expect(checkAttachments(root, ['gone.ts'])).rejects.toThrow(/no such file/);
  });
});
