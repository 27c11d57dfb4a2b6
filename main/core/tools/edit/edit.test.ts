import { existsSync, lstatSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, tempProject, toolCtx, type TempProject } from '../tools.testkit.js';
import { deletePathTool } from './deletePath.js';
import { editFileTool } from './editFile.js';
import { movePathTool } from './movePath.js';
import { writeFileTool } from './writeFile.js';

let p: TempProject;
beforeEach(() => {
  p = tempProject();
});
afterEach(() => p.cleanup());
const read = (rel: string) => readFileSync(path.join(p.root, rel), 'utf8');

describe('write_file', () => {
  const tool = writeFileTool();

  it('asks with write_file:<relative path>, flags protected and outside paths', async () => {
    expect(await tool.permission({ path: './src/../a.ts', content: '' }, { projectRoot: p.root })).toEqual({
      kind: 'ask',
      key: { tool: 'write_file', action: 'a.ts', raw: 'write_file:a.ts' },
    });
    const prot = await tool.permission({ path: '.git/hooks/pre-commit', content: '' }, { projectRoot: p.root });
    expect(prot).toMatchObject({ kind: 'ask', flags: { protectedPath: true } });
    const out = await tool.permission({ path: '../outside/x', content: '' }, { projectRoot: p.root });
    expect(out).toMatchObject({ kind: 'ask', flags: { outsideProject: true } });
  });

  it('creates parents, overwrites, and returns a unified diff', async () => {
    const c = await call(tool, { path: 'src/new/a.txt', content: 'one\ntwo\n' }, toolCtx(p.root));
    expect(c.content).toBe('created src/new/a.txt (2 lines)');
    expect((c.data as { diff: string }).diff).toContain('+one\n+two');
    const o = await call(tool, { path: 'src/new/a.txt', content: 'one\nTWO\n' }, toolCtx(p.root));
    expect(o.content).toBe('overwrote src/new/a.txt (2 lines, +1 -1)');
    expect((o.data as { diff: string }).diff).toMatch(
      /--- a\/src\/new\/a.txt\n\+\+\+ b\/src\/new\/a.txt\n@@ -1,2 \+1,2 @@\n one\n-two\n\+TWO/,
    );
    expect(read('src/new/a.txt')).toBe('one\nTWO\n');
  });

  it('refuses ../, absolute and symlinked escapes at execute', async () => {
    symlinkSync(p.outside, path.join(p.root, 'out'));
    for (const bad of ['../outside/x.txt', path.join(p.outside, 'y.txt'), 'out/z.txt', 'out/new/dir/z.txt']) {
      const r = await call(tool, { path: bad, content: 'pwned' }, toolCtx(p.root));
      expect(r.content, bad).toMatch(/^write_file: "path" is outside the project/);
    }
    expect(existsSync(path.join(p.outside, 'x.txt')) || existsSync(path.join(p.outside, 'z.txt'))).toBe(false);
  });

  it('names the missing field', () => {
    const r = tool.parameters.safeParse({ path: 'a' });
    expect(r.error!.issues[0]!.path).toEqual(['content']);
  });
});

describe('edit_file', () => {
  const tool = editFileTool();

  it('replaces exactly one occurrence and returns the diff', async () => {
    p.write('a.ts', 'let a = 1;\nlet b = 2;\n');
    const r = await call(tool, { path: 'a.ts', old_text: 'let b = 2;', new_text: 'let b = 3;' }, toolCtx(p.root));
    expect(r.content).toBe('edited a.ts: replaced 1 occurrence (+1 -1)');
    expect(read('a.ts')).toBe('let a = 1;\nlet b = 3;\n');
    expect((r.data as { diff: string }).diff).toContain('-let b = 2;\n+let b = 3;');
  });

  it('fails when the text is missing, saying so', async () => {
    p.write('a.ts', 'alpha\n');
    const r = await call(tool, { path: 'a.ts', old_text: 'beta', new_text: 'x' }, toolCtx(p.root));
    expect(r).toMatchObject({
      isError: true,
      content: 'edit_file: old_text was not found in a.ts; read the file again and copy the text exactly',
    });
    const ws = await call(tool, { path: 'a.ts', old_text: '  alpha', new_text: 'x' }, toolCtx(p.root));
    expect(ws.content).toContain('(it does occur with different leading/trailing whitespace)');
  });

  it('fails when the text is not unique, saying where, unless replace_all', async () => {
    p.write('a.ts', 'x = 1\ny\nx = 1\nx = 1\n');
    const r = await call(tool, { path: 'a.ts', old_text: 'x = 1', new_text: 'x = 2' }, toolCtx(p.root));
    expect(r.content).toBe(
      'edit_file: old_text occurs 3 times in a.ts (at lines 1, 3, 4); include more surrounding text to make it unique, or set replace_all',
    );
    expect(read('a.ts')).toBe('x = 1\ny\nx = 1\nx = 1\n');
    const all = await call(tool, { path: 'a.ts', old_text: 'x = 1', new_text: 'x = 2', replace_all: true }, toolCtx(p.root));
    expect(all.content).toMatch(/^edited a.ts: replaced 3 occurrences/);
    expect(read('a.ts')).toBe('x = 2\ny\nx = 2\nx = 2\n');
  });

  it('treats $ in the replacement literally and keeps CRLF line ends and a BOM', async () => {
    p.write('w.txt', '\ufeffa\r\nb\r\nc\r\n');
    await call(tool, { path: 'w.txt', old_text: 'a\nb', new_text: "$& $1\n$'" }, toolCtx(p.root));
    expect(readFileSync(path.join(p.root, 'w.txt'), 'utf8')).toBe("\ufeff$& $1\r\n$'\r\nc\r\n");
  });

  it('refuses binary and non-UTF-8 files and a missing file', async () => {
    p.write('b.bin', Buffer.from('a\0b'));
    p.write('l.txt', Buffer.from([0x63, 0xe9, 0x0a]));
    expect((await call(tool, { path: 'b.bin', old_text: 'a', new_text: 'b' }, toolCtx(p.root))).content).toMatch(/is a binary file/);
    expect((await call(tool, { path: 'l.txt', old_text: 'c', new_text: 'd' }, toolCtx(p.root))).content).toBe(
      'edit_file: l.txt is not valid UTF-8 (first invalid byte at offset 1); editing it would corrupt it',
    );
    expect((await call(tool, { path: 'n.txt', old_text: 'c', new_text: 'd' }, toolCtx(p.root))).content).toBe(
      'edit_file: n.txt does not exist; use write_file to create it',
    );
  });

  it('rejects identical old and new text naming new_text', () => {
    const r = tool.parameters.safeParse({ path: 'a', old_text: 'x', new_text: 'x' });
    expect(r.error!.issues[0]).toMatchObject({ path: ['new_text'], message: 'new_text is identical to old_text' });
  });

  it('refuses a symlink that points outside', async () => {
    writeFileSync(path.join(p.outside, 's.txt'), 'secret');
    symlinkSync(path.join(p.outside, 's.txt'), path.join(p.root, 's.txt'));
    const r = await call(tool, { path: 's.txt', old_text: 'secret', new_text: 'x' }, toolCtx(p.root));
    expect(r.content).toMatch(/^edit_file: "path" is outside the project/);
    expect(readFileSync(path.join(p.outside, 's.txt'), 'utf8')).toBe('secret');
  });
});

describe('delete_path', () => {
  const tool = deletePathTool();

  it('deletes a file with a diff, and a directory only when recursive', async () => {
    p.write('a.txt', 'gone\n');
    p.write('d/x.txt', '');
    const f = await call(tool, { path: 'a.txt' }, toolCtx(p.root));
    expect(f.content).toBe('deleted a.txt');
    expect((f.data as { diff: string }).diff).toContain('-gone');
    expect((await call(tool, { path: 'd' }, toolCtx(p.root))).content).toBe(
      'delete_path: d is a directory with 1 entries; set recursive=true to delete it',
    );
    expect((await call(tool, { path: 'd', recursive: true }, toolCtx(p.root))).content).toBe('deleted directory d and its 1 entries');
    expect(existsSync(path.join(p.root, 'd'))).toBe(false);
  });

  it('removes a symlink, never its target, and keys the link itself', async () => {
    writeFileSync(path.join(p.outside, 't.txt'), 'keep');
    symlinkSync(path.join(p.outside, 't.txt'), path.join(p.root, 'ln'));
    expect(await tool.permission({ path: 'ln', recursive: false }, { projectRoot: p.root })).toMatchObject({
      kind: 'ask',
      key: { raw: 'delete_path:ln' },
    });
    expect((await call(tool, { path: 'ln' }, toolCtx(p.root))).content).toBe('deleted symlink ln');
    expect(readFileSync(path.join(p.outside, 't.txt'), 'utf8')).toBe('keep');
  });

  it('refuses the project root and paths outside', async () => {
    writeFileSync(path.join(p.outside, 'o.txt'), 'keep');
    symlinkSync(p.outside, path.join(p.root, 'out'));
    expect((await call(tool, { path: '.' }, toolCtx(p.root))).content).toBe('delete_path: "path" is the project root itself');
    expect((await call(tool, { path: '../outside/o.txt' }, toolCtx(p.root))).content).toMatch(/outside the project/);
    expect((await call(tool, { path: 'out/o.txt' }, toolCtx(p.root))).content).toMatch(/outside the project/);
    expect(existsSync(path.join(p.outside, 'o.txt'))).toBe(true);
  });
});

describe('move_path', () => {
  const tool = movePathTool();

  it('keys the source and names the destination; a protected destination is flagged', async () => {
    p.write('a.sh', '#!/bin/sh\n');
    const perm = await tool.permission({ from: 'a.sh', to: '.git/hooks/pre-commit', overwrite: false }, { projectRoot: p.root });
    expect(perm).toMatchObject({
      kind: 'ask',
      key: { raw: 'move_path:a.sh' },
      flags: { protectedPath: true, notes: ['moves to .git/hooks/pre-commit', 'the destination .git/hooks/pre-commit is protected'] },
    });
    const out = await tool.permission({ from: 'a.sh', to: '../outside/a.sh', overwrite: false }, { projectRoot: p.root });
    expect(out).toMatchObject({ kind: 'ask', flags: { outsideProject: true } });
  });

  it('moves, creating parents; refuses to overwrite unless asked', async () => {
    p.write('a.txt', 'A');
    p.write('b.txt', 'B');
    expect((await call(tool, { from: 'a.txt', to: 'x/y/a.txt' }, toolCtx(p.root))).content).toBe('moved a.txt to x/y/a.txt');
    expect(read('x/y/a.txt')).toBe('A');
    expect((await call(tool, { from: 'x/y/a.txt', to: 'b.txt' }, toolCtx(p.root))).content).toBe(
      'move_path: b.txt already exists; set overwrite=true to replace it',
    );
    await call(tool, { from: 'x/y/a.txt', to: 'b.txt', overwrite: true }, toolCtx(p.root));
    expect(read('b.txt')).toBe('A');
  });

  it('refuses a destination outside (../ or through a symlinked folder) and moving a folder into itself', async () => {
    p.write('a.txt', 'A');
    p.write('d/f.txt', '');
    symlinkSync(p.outside, path.join(p.root, 'out'));
    expect((await call(tool, { from: 'a.txt', to: '../outside/a.txt' }, toolCtx(p.root))).content).toMatch(
      /^move_path: "to" is outside the project/,
    );
    expect((await call(tool, { from: 'a.txt', to: 'out/a.txt' }, toolCtx(p.root))).content).toMatch(
      /^move_path: "to" is outside the project/,
    );
    expect((await call(tool, { from: 'd', to: 'd/sub/d' }, toolCtx(p.root))).content).toBe(
      'move_path: cannot move d into itself (d/sub/d)',
    );
    expect(existsSync(path.join(p.root, 'a.txt'))).toBe(true);
  });

  it('moves a symlink as a link', async () => {
    p.write('t.txt', 'T');
    symlinkSync('t.txt', path.join(p.root, 'ln'));
    await call(tool, { from: 'ln', to: 'ln2' }, toolCtx(p.root));
    expect(lstatSync(path.join(p.root, 'ln2')).isSymbolicLink()).toBe(true);
  });
});
