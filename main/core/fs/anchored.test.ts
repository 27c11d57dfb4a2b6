import { execFileSync } from 'node:child_process';
import {
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempProject, type TempProject } from '../tools/tools.testkit.js';
import {
  checkStillInPlace,
  forcePortableForTests,
  openProjectDir,
  readRegularIn,
  removeTreeIn,
  replaceFileIn,
  unlinkIn,
} from './anchored.js';

let p: TempProject;
beforeEach(() => {
  p = tempProject();
});
afterEach(() => {
  forcePortableForTests(undefined);
  p.cleanup();
});
const abs = (rel: string) => path.join(p.root, rel);

// Both variants: the /proc/self/fd one (Linux) and the path-based one used where /proc is missing.
describe.each([
  ['anchored (/proc/self/fd)', false],
  ['portable (paths re-checked)', true],
])('%s', (_name, portable) => {
  beforeEach(() => forcePortableForTests(portable));

  it('refuses a folder on the way that is a symlink, even one leading inside the project', async () => {
    mkdirSync(abs('real'));
    symlinkSync(p.outside, abs('out'));
    symlinkSync(abs('real'), abs('in'));
    await expect(openProjectDir(p.root, 'out')).rejects.toThrow('out is no longer a folder');
    await expect(openProjectDir(p.root, 'in/x', { create: true })).rejects.toThrow('in is no longer a folder');
    expect(readdirSync(p.outside)).toEqual([]);
    expect(existsSync(abs('real/x'))).toBe(false);
  });

  it('refuses `..`, `.` and empty components', async () => {
    for (const rel of ['../outside', 'a/../..', 'a//b', './a']) {
      await expect(openProjectDir(p.root, rel, { create: true })).rejects.toThrow('invalid path component');
    }
    expect(readdirSync(p.outside)).toEqual([]);
  });

  it('replaces a symlink in the last component instead of writing through it', async () => {
    writeFileSync(path.join(p.outside, 't.txt'), 'keep');
    symlinkSync(path.join(p.outside, 't.txt'), abs('l.txt'));
    const dir = await openProjectDir(p.root, '.');
    expect(await readRegularIn(dir, 'l.txt')).toEqual({ kind: 'other', what: 'a symlink' });
    await replaceFileIn(dir, 'l.txt', 'new');
    await dir.close();
    expect(lstatSync(abs('l.txt')).isFile()).toBe(true);
    expect(readFileSync(abs('l.txt'), 'utf8')).toBe('new');
    expect(readFileSync(path.join(p.outside, 't.txt'), 'utf8')).toBe('keep');
  });

  it('never writes into a hard link: the other name keeps its content', async () => {
    writeFileSync(path.join(p.outside, 'h.txt'), 'keep');
    linkSync(path.join(p.outside, 'h.txt'), abs('h.txt'));
    const dir = await openProjectDir(p.root, '.');
    await replaceFileIn(dir, 'h.txt', 'new');
    await dir.close();
    expect(readFileSync(abs('h.txt'), 'utf8')).toBe('new');
    expect(readFileSync(path.join(p.outside, 'h.txt'), 'utf8')).toBe('keep');
  });

  it('reads a FIFO without blocking: it is reported, never opened for data', async () => {
    execFileSync('mkfifo', [abs('fifo')]);
    const dir = await openProjectDir(p.root, '.');
    expect(await readRegularIn(dir, 'fifo')).toEqual({ kind: 'other', what: 'a FIFO (named pipe)' });
    await dir.close();
  });

  it('removes a tree without following a symlink inside it', async () => {
    writeFileSync(path.join(p.outside, 'keep.txt'), 'keep');
    p.write('d/a/b.txt', 'b');
    symlinkSync(p.outside, abs('d/a/out'));
    const dir = await openProjectDir(p.root, '.');
    expect(await removeTreeIn(dir, 'd')).toBe(3);
    await dir.close();
    expect(existsSync(abs('d'))).toBe(false);
    expect(readdirSync(p.outside)).toEqual(['keep.txt']);
  });

  it('unlinks a symlink itself', async () => {
    writeFileSync(path.join(p.outside, 'keep.txt'), 'keep');
    symlinkSync(path.join(p.outside, 'keep.txt'), abs('l'));
    const dir = await openProjectDir(p.root, '.');
    await unlinkIn(dir, 'l');
    await dir.close();
    expect(existsSync(abs('l'))).toBe(false);
    expect(readdirSync(p.outside)).toEqual(['keep.txt']);
  });

  it('says so when the folder is moved away while it is held', async () => {
    mkdirSync(abs('d'));
    const dir = await openProjectDir(p.root, 'd');
    renameSync(abs('d'), abs('e'));
    await expect(checkStillInPlace(dir)).rejects.toThrow(/moved or removed|changed during the operation/);
    await dir.close();
    mkdirSync(abs('f'));
    const f = await openProjectDir(p.root, 'f');
    rmSync(abs('f'), { recursive: true });
    await expect(checkStillInPlace(f)).rejects.toThrow(/moved or removed|changed during the operation/);
    await f.close();
  });
});

describe('anchored folder handle', () => {
  it.skipIf(process.platform !== 'linux')('on Linux writes land in the folder that was opened, whatever its path becomes', async () => {
    mkdirSync(abs('d'));
    const dir = await openProjectDir(p.root, 'd');
    // The folder is swapped for a symlink leading out after it was opened: the write still lands in it.
    renameSync(abs('d'), abs('d-moved'));
    symlinkSync(p.outside, abs('d'));
    await replaceFileIn(dir, 'x.txt', 'x').catch(() => undefined);
    await dir.close();
    expect(readdirSync(p.outside)).toEqual([]);
    expect(readFileSync(abs('d-moved/x.txt'), 'utf8')).toBe('x');
  });
});
