/**
 * The next spellings of "write somewhere else": a hard link to a file outside the project, a FIFO
 * or a device where a file was expected (must not hang), a folder holding a symlink that leads out.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, linkSync, lstatSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, tempProject, toolCtx, type TempProject } from '../tools.testkit.js';
import { deletePathTool } from './deletePath.js';
import { editFileTool } from './editFile.js';
import { writeFileTool } from './writeFile.js';

let p: TempProject;
beforeEach(() => {
  p = tempProject();
});
afterEach(() => p.cleanup());
const abs = (rel: string) => path.join(p.root, rel);

describe('hard links', () => {
  it('write_file and edit_file replace the project name; the outside name keeps its content', async () => {
    writeFileSync(path.join(p.outside, 'rc'), 'export A=1\n');
    linkSync(path.join(p.outside, 'rc'), abs('rc'));
    expect((await call(writeFileTool(), { path: 'rc', content: 'export A=2\n' }, toolCtx(p.root))).content).toMatch(/^overwrote rc/);
    linkSync(path.join(p.outside, 'rc'), abs('rc2'));
    expect((await call(editFileTool(), { path: 'rc2', old_text: 'A=1', new_text: 'A=3' }, toolCtx(p.root))).content).toMatch(/^edited rc2/);
    expect(readFileSync(path.join(p.outside, 'rc'), 'utf8')).toBe('export A=1\n');
    expect(readFileSync(abs('rc'), 'utf8')).toBe('export A=2\n');
    expect(readFileSync(abs('rc2'), 'utf8')).toBe('export A=3\n');
  });
});

describe('FIFOs and devices', () => {
  it('write_file refuses a FIFO (never replaced, never opened for writing) and returns at once', async () => {
    execFileSync('mkfifo', [abs('pipe')]);
    const r = await call(writeFileTool(), { path: 'pipe', content: 'x' }, toolCtx(p.root));
    expect(r).toMatchObject({ isError: true, content: 'write_file: pipe is a FIFO (named pipe), not a regular file; nothing was written' });
    expect(lstatSync(abs('pipe')).isFIFO()).toBe(true);
  });

  it('edit_file refuses a FIFO without blocking on it', async () => {
    execFileSync('mkfifo', [abs('pipe')]);
    const r = await call(editFileTool(), { path: 'pipe', old_text: 'a', new_text: 'b' }, toolCtx(p.root));
    expect(r.content).toBe('edit_file: pipe is not a regular file (a FIFO (named pipe))');
  });

  it('delete_path removes a FIFO without opening it', async () => {
    execFileSync('mkfifo', [abs('pipe')]);
    expect((await call(deletePathTool(), { path: 'pipe' }, toolCtx(p.root))).content).toBe('deleted pipe');
    expect(existsSync(abs('pipe'))).toBe(false);
  });

  const root = process.getuid?.() === 0;
  it.skipIf(!root)('write_file refuses a character device in the project (mknod needs root; skipped otherwise)', async () => {
    execFileSync('mknod', [abs('null'), 'c', '1', '3']);
    const r = await call(writeFileTool(), { path: 'null', content: 'x' }, toolCtx(p.root));
    expect(r.content).toMatch(/^write_file: null is a (device|socket or device)/);
    expect(lstatSync(abs('null')).isCharacterDevice()).toBe(true);
  });
});

describe('delete_path of a folder', () => {
  it('removes links found inside it, never what they lead to', async () => {
    writeFileSync(path.join(p.outside, 'keep.txt'), 'keep');
    p.write('d/sub/f.txt', 'f');
    symlinkSync(p.outside, abs('d/sub/out'));
    symlinkSync(path.join(p.outside, 'keep.txt'), abs('d/k'));
    expect((await call(deletePathTool(), { path: 'd', recursive: true }, toolCtx(p.root))).content).toBe(
      'deleted directory d and its 2 entries',
    );
    expect(existsSync(abs('d'))).toBe(false);
    expect(readdirSync(p.outside)).toEqual(['keep.txt']);
  });
});
