import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildPreview, commandWords } from './preview.js';
import { useTempDir } from '../fs/tempDir.testkit.js';

const tempDirs = useTempDir();

describe('approval previews', () => {
  it('shows the literal argv of a simple command and a display reading of a compound one', () => {
    expect(commandWords('git commit -m "fix: a && b"')).toEqual(['git', 'commit', '-m', 'fix: a && b']);
    expect(commandWords('git status && git push origin main')).toEqual(['git', 'status', '&&', 'git', 'push', 'origin', 'main']);
  });

  it('diffs a write against the file on disk and an edit against its result', async () => {
    const root = await tempDirs('cc-preview-');
    await writeFile(path.join(root, 'a.txt'), 'one\ntwo\n');
    const w = await buildPreview('write_file', { path: 'a.txt', content: 'one\nthree\n' }, root);
    expect(w?.diff).toContain('-two');
    expect(w?.diff).toContain('+three');
    const created = await buildPreview('write_file', { path: 'new.txt', content: 'hello\n' }, root);
    expect(created?.diff).toContain('+hello');
    const e = await buildPreview('edit_file', { path: 'a.txt', old_text: 'two', new_text: 'TWO', replace_all: false }, root);
    expect(e?.diff).toContain('+TWO');
    expect(await buildPreview('write_file', { path: '../outside', content: 'x' }, root)).toMatchObject({ path: '../outside' });
  });
});
