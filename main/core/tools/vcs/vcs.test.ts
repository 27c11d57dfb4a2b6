import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { diffTool } from '../read/diff.js';
import { call, tempProject, toolCtx, type TempProject } from '../tools.testkit.js';
import { commitTool } from './commit.js';
import { gitLogTool } from './gitLog.js';
import { gitStatusTool } from './gitStatus.js';

let p: TempProject;
const g = (...args: string[]) => execFileSync('git', args, { cwd: p.root, encoding: 'utf8' });
beforeEach(() => {
  p = tempProject();
  g('init', '-q', '-b', 'main');
  g('config', 'user.name', 'Test');
  g('config', 'user.email', 'test@example.com');
  g('config', 'commit.gpgsign', 'false');
});
afterEach(() => p.cleanup());

describe('git_status and git_log', () => {
  it('shows the branch and changes, and the log', async () => {
    p.write('a.txt', 'a\n');
    expect((await call(gitLogTool(), {}, toolCtx(p.root))).content).toBe('no commits');
    g('add', 'a.txt');
    g('commit', '-q', '-m', 'first');
    p.write('a.txt', 'b\n');
    p.write('new.txt', '');
    const st = await call(gitStatusTool(), {}, toolCtx(p.root));
    expect(st.content).toBe('branch: main\n M a.txt\n?? new.txt');
    const log = await call(gitLogTool(), { stat: true }, toolCtx(p.root));
    expect(log.content).toMatch(/^[0-9a-f]{7,} \d{4}-\d\d-\d\d Test: first\n\nA\ta\.txt$/);
  });

  it('refuses a ref that looks like an option, naming the field', () => {
    const r = gitLogTool().parameters.safeParse({ ref: '--output=/tmp/x' });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.path).toEqual(['ref']);
  });

  it('says plainly when the project is not a repository', async () => {
    const q = tempProject();
    try {
      expect((await call(gitStatusTool(), {}, toolCtx(q.root))).content).toBe('git_status: the project is not a git repository');
    } finally {
      q.cleanup();
    }
  });
});

describe('commit', () => {
  const tool = commitTool();

  it('asks with commit:<branch> and lists the paths', async () => {
    const perm = await tool.permission({ message: 'm', paths: ['a.txt', '../x'] }, { projectRoot: p.root });
    expect(perm).toMatchObject({
      kind: 'ask',
      key: { raw: 'commit:main' },
      flags: { outsideProject: true, notes: ['commits 2 paths: a.txt, ../x', '../x is outside the project'] },
    });
  });

  it('stages and commits only the given paths, including a deletion, without running hooks', async () => {
    p.write('keep.txt', 'k\n');
    p.write('gone.txt', 'g\n');
    g('add', '.');
    g('commit', '-q', '-m', 'base');
    p.write('a.txt', 'a\n');
    p.write('other.txt', 'o\n');
    g('add', 'other.txt'); // staged beforehand: must stay out of this commit
    execFileSync('rm', [path.join(p.root, 'gone.txt')]);
    const hook = path.join(p.root, '.git', 'hooks', 'pre-commit');
    writeFileSync(hook, `#!/bin/sh\ntouch "${path.join(p.outside, 'hook-ran')}"\nexit 1\n`);
    chmodSync(hook, 0o755);
    const r = await call(tool, { message: 'add a, drop gone', paths: ['a.txt', 'gone.txt'] }, toolCtx(p.root));
    expect(r.isError).toBeUndefined();
    expect(r.content).toMatch(/^committed [0-9a-f]+ on main \(hooks not run; unsigned; nothing pushed\)/);
    expect(existsSync(path.join(p.outside, 'hook-ran'))).toBe(false);
    expect(g('show', '--name-status', '--format=%s', 'HEAD').trim()).toBe('add a, drop gone\n\nA\ta.txt\nD\tgone.txt');
    expect(g('status', '--short')).toBe('A  other.txt\n');
  });

  it('fails clearly when there is nothing to commit or a path is outside', async () => {
    p.write('a.txt', 'a\n');
    g('add', '.');
    g('commit', '-q', '-m', 'base');
    expect((await call(tool, { message: 'x', paths: ['a.txt'] }, toolCtx(p.root))).content).toBe('commit: nothing to commit in a.txt');
    expect((await call(tool, { message: 'x', paths: ['../outside'] }, toolCtx(p.root))).content).toMatch(
      /^commit: "paths" is outside the project/,
    );
    expect((await call(tool, { message: 'x', paths: ['.git/config'] }, toolCtx(p.root))).content).toBe(
      'commit: "paths": .git/config is inside .git',
    );
  });

  it('rejects an empty message and no paths, naming the fields', () => {
    const r = tool.parameters.safeParse({ message: '   ', paths: [] });
    expect(r.error!.issues.map((i) => i.path[0])).toEqual(['message', 'paths']);
  });
});

describe('diff', () => {
  const tool = diffTool();

  it('compares two files, and a file with proposed content', async () => {
    p.write('a.txt', 'one\ntwo\n');
    p.write('b.txt', 'one\n2\n');
    const two = await call(tool, { path: 'a.txt', other_path: 'b.txt' }, toolCtx(p.root));
    expect(two.content).toBe('--- a/a.txt\n+++ b/b.txt\n@@ -1,2 +1,2 @@\n one\n-two\n+2\n');
    const prop = await call(tool, { path: 'a.txt', content: 'one\ntwo\nthree\n' }, toolCtx(p.root));
    expect(prop.content).toContain('+three');
    const fresh = await call(tool, { path: 'new.txt', content: 'x\n' }, toolCtx(p.root));
    expect(fresh.content).toContain('@@ -0,0 +1,1 @@\n+x');
    expect((await call(tool, { path: 'a.txt', content: 'one\ntwo\n' }, toolCtx(p.root))).content).toBe('no differences');
  });

  it('shows the working tree and staged changes via git', async () => {
    p.write('a.txt', 'one\n');
    g('add', '.');
    g('commit', '-q', '-m', 'base');
    p.write('a.txt', 'uno\n');
    const wt = await call(tool, {}, toolCtx(p.root));
    expect(wt.content).toMatch(/diff --git a\/a.txt b\/a.txt[\s\S]*-one\n\+uno/);
    expect((await call(tool, { staged: true }, toolCtx(p.root))).content).toBe('no staged changes');
  });

  it('refuses binary files, escapes, and contradictory arguments', async () => {
    p.write('a.bin', Buffer.from('\0\0'));
    p.write('a.txt', 'x');
    expect((await call(tool, { path: 'a.bin', other_path: 'a.txt' }, toolCtx(p.root))).content).toMatch(/a.bin is a binary file/);
    expect((await call(tool, { path: 'a.txt', other_path: '../outside/x' }, toolCtx(p.root))).content).toMatch(
      /^diff: "other_path" is outside the project/,
    );
    const bad = tool.parameters.safeParse({ path: 'a', other_path: 'b', content: 'c' });
    expect(bad.error!.issues[0]).toMatchObject({ path: ['content'], message: 'give either other_path or content, not both' });
    expect(tool.parameters.safeParse({ content: 'c' }).error!.issues[0]!.path).toEqual(['path']);
  });
});
