import { execFileSync } from 'node:child_process';
import { symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listDirTool } from './listDir.js';
import { readFileTool } from './readFile.js';
import { call, tempProject, toolCtx, type TempProject } from '../tools.testkit.js';

let p: TempProject;
beforeEach(() => {
  p = tempProject();
});
afterEach(() => p.cleanup());

describe('read_file', () => {
  const tool = readFileTool();

  it('returns numbered lines and a range on request', async () => {
    p.write('a.txt', 'one\ntwo\nthree\nfour\n');
    const all = await call(tool, { path: 'a.txt' }, toolCtx(p.root));
    expect(all.isError).toBeUndefined();
    expect(all.content).toBe('1\tone\n2\ttwo\n3\tthree\n4\tfour');
    const mid = await call(tool, { path: 'a.txt', offset: 2, limit: 2 }, toolCtx(p.root));
    expect(mid.content).toBe('[lines 2-3 of 4; call again with offset=4 for more]\n2\ttwo\n3\tthree');
    const past = await call(tool, { path: 'a.txt', offset: 9 }, toolCtx(p.root));
    expect(past).toMatchObject({ isError: true, content: 'read_file: "offset" 9 is past the end: a.txt has 4 lines' });
  });

  it('names the bad field when arguments are wrong', () => {
    const r = tool.parameters.safeParse({ path: 7, limit: 0 });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.path.join('.'))).toEqual(['path', 'limit']);
    expect(tool.parameters.safeParse({ path: 'a', bogus: 1 }).success).toBe(false);
  });

  it('caps the default read at 2000 lines and long lines at 2000 characters', async () => {
    p.write('big.txt', Array.from({ length: 5000 }, (_, i) => `line ${i + 1}`).join('\n'));
    p.write('wide.txt', 'x'.repeat(10_000));
    const r = await call(tool, { path: 'big.txt' }, toolCtx(p.root));
    expect(r.content.split('\n')[0]).toBe('[lines 1-2000 of 5000; call again with offset=2001 for more]');
    expect(r.content.split('\n')).toHaveLength(2001);
    const w = await call(tool, { path: 'wide.txt' }, toolCtx(p.root));
    expect(w.content).toBe(`1\t${'x'.repeat(2000)}… [8000 more characters]`);
  });

  it('refuses files over the size cap', async () => {
    const abs = p.write('huge.log', '');
    truncateSync(abs, 21 * 1024 * 1024);
    const r = await call(tool, { path: 'huge.log' }, toolCtx(p.root));
    expect(r.isError).toBe(true);
    expect(r.content).toMatch(/huge.log is 21 MB, over the 20 MB cap; use grep/);
  });

  it('refuses binary files with what they are', async () => {
    p.write('img.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]));
    p.write('blob.bin', Buffer.from('abc\0def'));
    const png = await call(tool, { path: 'img.png' }, toolCtx(p.root));
    expect(png).toMatchObject({ isError: true });
    expect(png.content).toBe('read_file: img.png is a binary file (PNG image, 11 B); read_file returns text only');
    const bin = await call(tool, { path: 'blob.bin' }, toolCtx(p.root));
    expect(bin.content).toMatch(/binary data \(contains NUL bytes\)/);
  });

  it('decodes UTF-16 with a BOM and UTF-8 with a BOM', async () => {
    p.write('u16.txt', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('héllo\nwörld\n', 'utf16le')]));
    p.write('bom.txt', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('hi\n')]));
    const r = await call(tool, { path: 'u16.txt' }, toolCtx(p.root));
    expect(r.content).toBe('note: u16.txt is UTF-16LE (with a BOM); shown decoded.\n1\théllo\n2\twörld');
    expect(r.data).toMatchObject({ encoding: 'utf-16le' });
    expect((await call(tool, { path: 'bom.txt' }, toolCtx(p.root))).content).toBe('1\thi');
  });

  it('says honestly when a file is not UTF-8', async () => {
    p.write('latin1.txt', Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a])); // "café" in latin-1
    const r = await call(tool, { path: 'latin1.txt' }, toolCtx(p.root));
    expect(r.content).toMatch(/^note: latin1.txt is not valid UTF-8 \(first invalid byte at offset 3\); shown decoded as windows-1252/);
    expect(r.content.endsWith('1\tcafé')).toBe(true);
  });

  it('refuses ../, absolute and symlinked escapes', async () => {
    writeFileSync(path.join(p.outside, 'secret.txt'), 'secret');
    symlinkSync(path.join(p.outside, 'secret.txt'), path.join(p.root, 'link.txt'));
    symlinkSync(p.outside, path.join(p.root, 'dirlink'));
    for (const bad of ['../outside/secret.txt', path.join(p.outside, 'secret.txt'), 'link.txt', 'dirlink/secret.txt', '/etc/passwd']) {
      const r = await call(tool, { path: bad }, toolCtx(p.root));
      expect(r.isError, bad).toBe(true);
      expect(r.content, bad).toMatch(/^read_file: "path" is outside the project: /);
      expect(r.content).not.toContain('secret\n');
    }
  });

  it('explains directories and missing files', async () => {
    p.write('d/x.txt', 'x');
    expect((await call(tool, { path: 'd' }, toolCtx(p.root))).content).toBe('read_file: d is a directory; use list_dir or glob');
    expect((await call(tool, { path: 'nope.txt' }, toolCtx(p.root))).content).toBe('read_file: nope.txt does not exist');
  });

  it('returns "cancelled" when the signal is already aborted', async () => {
    p.write('a.txt', 'a');
    const ac = new AbortController();
    ac.abort();
    expect(await call(tool, { path: 'a.txt' }, toolCtx(p.root, { signal: ac.signal }))).toEqual({
      isError: true,
      content: 'read_file: cancelled',
    });
  });
});

describe('list_dir', () => {
  const tool = listDirTool();

  it('lists directories first, sizes and symlinks, and caps entries', async () => {
    p.write('b.txt', 'hello');
    p.write('a/inner.txt', '');
    p.write('.hidden', '');
    symlinkSync('b.txt', path.join(p.root, 'ln'));
    const r = await call(tool, {}, toolCtx(p.root));
    expect(r.content).toBe('(project root): 4 entries\na/\n.hidden  0 B\nb.txt  5 B\nln@ -> b.txt');
    const capped = await call(tool, { max_entries: 2 }, toolCtx(p.root));
    expect(capped.content.split('\n').at(-1)).toBe('[2 more entries not shown; raise max_entries]');
  });

  it('refuses a directory outside the project and a file', async () => {
    p.write('f.txt', '');
    expect((await call(tool, { path: '..' }, toolCtx(p.root))).content).toMatch(/^list_dir: "path" is outside the project/);
    expect((await call(tool, { path: 'f.txt' }, toolCtx(p.root))).content).toBe('list_dir: f.txt is not a directory; use read_file');
  });

  it('lists the root of a git project without .git special-casing', async () => {
    execFileSync('git', ['init', '-q'], { cwd: p.root });
    const r = await call(tool, { path: '.' }, toolCtx(p.root));
    expect(r.content).toContain('.git/');
  });
});
