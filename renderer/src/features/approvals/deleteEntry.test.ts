import { describe, expect, it } from 'vitest';
import { entryGit, entryWhat } from './deleteEntry.js';

describe('what a delete prompt says will go', () => {
  it('a file: its size and whether git tracks it', () => {
    expect(entryWhat({ kind: 'file', bytes: 1234, gitTracked: 1 })).toBe('A file, 1.2 KB.');
    expect(entryWhat({ kind: 'file', bytes: 3, gitTracked: 0 })).toBe('A file, 3 B.');
    expect(entryGit({ kind: 'file', bytes: 1234, gitTracked: 1 })).toBe('Git tracks it.');
    expect(entryGit({ kind: 'file', bytes: 3, gitTracked: 0 })).toMatch(/^Git does not track it/);
    expect(entryGit({ kind: 'file', bytes: 3 })).toMatch(/^Not in a git repository/);
  });

  it('a folder: files, bytes, how many git tracks; "at least" when the count stopped early', () => {
    const dir = { kind: 'dir' as const, files: 12, bytes: 3 * 1024 * 1024, complete: true, gitTracked: 5 };
    expect(entryWhat(dir)).toBe('A folder: 12 files, 3.0 MB.');
    expect(entryGit(dir)).toBe('Git tracks 5 files of 12; the others cannot be restored from git.');
    expect(entryGit({ ...dir, gitTracked: 12 })).toBe('Git tracks all 12 files.');
    expect(entryGit({ ...dir, gitTracked: 0 })).toMatch(/^Git tracks none/);
    const big = { ...dir, files: 5000, complete: false };
    expect(entryWhat(big)).toBe('A folder: at least 5000 files, at least 3.0 MB.');
    expect(entryGit({ ...big, gitTracked: 5000 })).toBe('Git tracks 5000 files of at least 5000; the others cannot be restored from git.');
  });

  it('a symlink and a missing path say what they are', () => {
    expect(entryWhat({ kind: 'symlink', gitTracked: 0 })).toMatch(/only the link goes/);
    expect(entryWhat({ kind: 'missing' })).toMatch(/^Nothing is there/);
    expect(entryGit({ kind: 'missing' })).toBeNull();
  });
});
