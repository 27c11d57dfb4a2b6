/**
 * A codecoder.json from a cloned repository may be hostile: it cannot hang or
 * half-load the project level, read or write through a symlink, or stall writes with a shipped lock.
 */
import { lstat, mkdir, readFile, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_CONFIG_DEPTH, parseConfigText } from './configFile.js';
import { ConfigWriteRefused, ProjectConfig } from './projectConfig.js';
import { makeEngine, pathKey, request, tempProject } from './permissions.testkit.js';
import { useTempDir } from '../fs/tempDir.testkit.js';

const tempDirs = useTempDir();

let root: string;
let outside: string;
let cleanup: () => Promise<void>;
beforeEach(async () => {
  ({ root, cleanup } = await tempProject());
  outside = await tempDirs('cc-outside-');
});
afterEach(async () => {
  await cleanup();
  await rm(outside, { recursive: true, force: true });
});

const file = () => path.join(root, 'codecoder.json');
const GOOD = '{"allowlist": {"write_file:a": "AlwaysThisProject"}, "deny": ["write_file:.env"]}';
const deep = (levels: number) => `{"allowlist": {}, "mine": ${'['.repeat(levels)}${']'.repeat(levels)}}`;

describe('deep nesting', () => {
  it('6,000 levels is a malformed file naming the limit and the position, not a stack overflow', () => {
    const r = parseConfigText(deep(6000));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.message).toMatch(new RegExp(`line 1, column ${26 + MAX_CONFIG_DEPTH}: nested deeper than ${MAX_CONFIG_DEPTH} levels`));
    expect(parseConfigText(deep(MAX_CONFIG_DEPTH - 1)).ok).toBe(true);
    // Brackets inside strings are text, not nesting.
    expect(parseConfigText(`{"mine": "${'['.repeat(6000)}\\"${'{'.repeat(100)}"}`).ok).toBe(true);
  });

  it('opening a project whose file nests 6,000 levels works and shows the error', async () => {
    await writeFile(file(), deep(6000));
    const c = await ProjectConfig.open({ projectRoot: root });
    expect(c.snapshot()).toMatchObject({ exists: true, allowlist: [], error: { message: expect.stringMatching(/nested deeper/) } });
  });

  it('a reload that fails keeps no allow entry, keeps the last good deny rules, and reports the error', async () => {
    await writeFile(file(), GOOD);
    const h = await makeEngine(root);
    expect(h.config.snapshot().allowlist.map((a) => a.key)).toEqual(['write_file:a']);
    await writeFile(file(), deep(6000));
    const report = await h.engine.reload();
    expect(report.error?.message).toMatch(/nested deeper than/);
    expect(h.engine.decide(request('write_file', pathKey('a'))).outcome).toBe('ask');
    expect(h.engine.decide(request('write_file', pathKey('.env'))).outcome).toBe('deny');
    expect(h.changes.at(-1)).toMatchObject({ kind: 'reload', report: { error: { message: expect.stringMatching(/nested/) } } });
  });
});

describe('a codecoder.json that is a symlink is refused', () => {
  it('is never read through: malformed, no allow entry, the error says why', async () => {
    const target = path.join(outside, 'theirs.json');
    await writeFile(target, '{"allowlist": {"write_file:**": "AlwaysThisProject"}}');
    await symlink(target, file());
    const c = await ProjectConfig.open({ projectRoot: root });
    expect(c.snapshot().allowlist).toEqual([]);
    expect(c.snapshot().error?.message).toMatch(/is a symbolic link.*never reads or writes through one/);
  });

  it('is never written through: a project answer is refused and the target is unchanged', async () => {
    const target = path.join(outside, 'theirs.json');
    await writeFile(target, GOOD);
    await writeFile(file(), GOOD);
    const c = await ProjectConfig.open({ projectRoot: root });
    // Swapped for a symlink after loading: the re-read under the lock sees it.
    await rm(file());
    await symlink(target, file());
    await expect(c.edit({ op: 'setAllow', key: 'write_file:b', value: 'AlwaysThisProject' })).rejects.toThrow(/symbolic link/);
    expect(await readFile(target, 'utf8')).toBe(GOOD);
    expect((await lstat(file())).isSymbolicLink()).toBe(true);
  });

  it('a dangling symlink is not followed to create a file outside the project', async () => {
    const c = await ProjectConfig.open({ projectRoot: root });
    const target = path.join(outside, 'new.json');
    await symlink(target, file());
    await expect(c.edit({ op: 'addDeny', key: 'write_file:.env' })).rejects.toThrow(/symbolic link/);
    await expect(lstat(target)).rejects.toThrow(/ENOENT/);
  });

  it('writes leave a regular file and no temp file behind', async () => {
    await writeFile(file(), GOOD, { mode: 0o640 });
    const c = await ProjectConfig.open({ projectRoot: root });
    await c.edit({ op: 'setAllow', key: 'write_file:b', value: 'AlwaysThisProject' });
    const st = await lstat(file());
    expect(st.isFile()).toBe(true);
    expect(st.mode & 0o777).toBe(0o640);
    expect(await readdir(root)).toEqual(['codecoder.json']);
  });
});

describe('a lock a repository shipped', () => {
  const shipped: [string, () => Promise<void>][] = [
    [
      'a directory with a file in it (all git can ship)',
      async () => {
        await mkdir(path.join(root, 'codecoder.json.lock'));
        await writeFile(path.join(root, 'codecoder.json.lock', '.gitkeep'), '');
      },
    ],
    ['a file', () => writeFile(path.join(root, 'codecoder.json.lock'), '')],
    ['a symlink to a directory', () => symlink(outside, path.join(root, 'codecoder.json.lock'))],
  ];
  for (const [what, make] of shipped) {
    it(`${what}: the write is refused at once with what to do, and nothing is touched`, async () => {
      await writeFile(file(), GOOD);
      await make();
      const c = await ProjectConfig.open({ projectRoot: root });
      const t0 = Date.now();
      const err = await c.edit({ op: 'setAllow', key: 'write_file:b', value: 'AlwaysThisProject' }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ConfigWriteRefused);
      expect((err as Error).message).toMatch(/codecoder\.json\.lock is .*not a lock CodeCoder made.*delete it/);
      // Refused, not waited out: today's retries ran 40 s.
      expect(Date.now() - t0).toBeLessThan(3000);
      expect(await readFile(file(), 'utf8')).toBe(GOOD);
      expect(await readdir(outside)).toEqual([]);
    });
  }
});
