import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { entryNameOf, isProtectedPath, namesProtectedEntry, PROTECTED_ENTRIES, protectedInside, READ_ONLY_MOUNT_ENTRIES } from './protectedEntries.js';
import { useTempDir } from './tempDir.testkit.js';

const tempDirs = useTempDir();

describe('the one protected-entry list', () => {
  it('names every entry the host runs or trusts, .mcp.json included', () => {
    expect(PROTECTED_ENTRIES.map((e) => e.name)).toEqual(['.git', 'codecoder.json', 'codecoder.json.lock', '.codecoder', '.mcp.json']);
    // The lock is the one entry environments may touch (a placeholder would stall the app's own writes).
    expect(READ_ONLY_MOUNT_ENTRIES.map((e) => e.name)).toEqual(['.git', 'codecoder.json', '.codecoder', '.mcp.json']);
  });

  it('flags every spelling of a protected entry: case, ./, nested, trailing slash, inside a folder of that name, Windows tails', () => {
    for (const p of [
      'codecoder.json',
      './codecoder.json',
      'codecoder.json.lock',
      'codecoder.json.lock/owner',
      '.codecoder/x',
      '.codecoder/',
      '.git/hooks/pre-commit',
      '.GIT/config',
      '.git',
      'sub/.git/config',
      'a/b/.Git/hooks/x',
      '.mcp.json',
      './.mcp.json',
      '.MCP.JSON',
      '.mcp.json/',
      '.mcp.json/inside',
      'pkg/.mcp.json',
      'src/codecoder.json',
      'sub/.codecoder/x',
      '.mcp.json.',
      '.mcp.json ',
      'codecoder.json::$DATA',
      '.git\\hooks\\pre-commit',
      '/abs/elsewhere/.git/config',
      '../up/.mcp.json',
    ])
      expect(isProtectedPath(p), p).toBe(true);
    for (const p of ['.gitignore', '.github/workflows/ci.yml', 'docs/.gitkeep', '.mcp.jsonc', 'mcp.json', 'codecoder.jsonx', 'x.git', '.', '..', './', ''])
      expect(isProtectedPath(p), p).toBe(false);
  });

  it('reads one segment at a time', () => {
    expect(entryNameOf('.Mcp.Json')).toBe('.mcp.json');
    expect(entryNameOf('..')).toBeUndefined();
    expect(namesProtectedEntry('a/.git.')).toBe(true);
  });

  it('finds a protected entry anywhere inside a folder, and says when the folder is too big to tell', async () => {
    const root = await tempDirs('cc-prot-inside-');
    await mkdir(path.join(root, 'clean/deep'), { recursive: true });
    await writeFile(path.join(root, 'clean/deep/a.txt'), '');
    await mkdir(path.join(root, 'stage/deep'), { recursive: true });
    await writeFile(path.join(root, 'stage/deep/.MCP.json'), '{}');
    expect(await protectedInside(path.join(root, 'clean'), 'clean')).toBeUndefined();
    expect(await protectedInside(path.join(root, 'stage'), 'stage')).toEqual({ found: 'stage/deep/.MCP.json' });
    expect(await protectedInside(path.join(root, 'clean'), 'clean', 1)).toEqual({ tooMany: 1 });
  });
});
