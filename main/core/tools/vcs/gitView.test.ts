/**
 * Every way a repository (or the environment) can move git's view away from the project folder:
 * the git tools either see exactly the project and its own .git, or refuse with the reason.
 * Real repositories throughout; each case failed before gitView.ts (the outside folder's files or
 * history reached the model, or the tool broke on the project's own repository).
 */
import { execFileSync } from 'node:child_process';
import { chownSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { diffTool } from '../read/diff.js';
import { call, tempProject, toolCtx, type TempProject } from '../tools.testkit.js';
import { commitTool } from './commit.js';
import { gitLogTool } from './gitLog.js';
import { gitStatusTool } from './gitStatus.js';

let p: TempProject;
/** A repository outside the project, with a file and a commit the model must never see. */
let other: string;
let otherCommit: string;
const gitIn = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=T', '-c', 'user.email=t@example.com', '-c', 'commit.gpgsign=false', ...args], {
    cwd,
    encoding: 'utf8',
  });
const g = (...args: string[]) => gitIn(p.root, ...args);

beforeEach(() => {
  p = tempProject();
  g('init', '-q', '-b', 'main');
  p.write('a.txt', 'a\n');
  g('add', 'a.txt');
  g('commit', '-q', '-m', 'first');
  p.write('a.txt', 'b\n');
  other = path.join(p.outside, 'repo');
  mkdirSync(other);
  gitIn(other, 'init', '-q', '-b', 'main');
  writeFileSync(path.join(other, 'secret.txt'), 'OUTSIDE-SECRET\n');
  gitIn(other, 'add', 'secret.txt');
  gitIn(other, 'commit', '-q', '-m', 'OUTSIDE-COMMIT');
  writeFileSync(path.join(other, 'secret.txt'), 'OUTSIDE-SECRET changed\n');
  otherCommit = gitIn(other, 'rev-parse', 'HEAD').trim();
});
afterEach(() => p.cleanup());

const status = async () => (await call(gitStatusTool(), {}, toolCtx(p.root))).content;
const diff = async () => (await call(diffTool(), {}, toolCtx(p.root))).content;
const log = async (ref?: string) => (await call(gitLogTool(), ref === undefined ? {} : { ref }, toolCtx(p.root))).content;

/** The project's own view: its one change, nothing of the outside repository. */
async function expectProjectView() {
  expect(await status()).toBe('branch: main\n M a.txt');
  const d = await diff();
  expect(d).toMatch(/-a\n\+b/);
  expect(d).not.toMatch(/OUTSIDE|secret/);
  expect(await log()).toMatch(/ T: first$/);
}

/** Refused with the reason, by every git tool; nothing of the outside repository shown. */
async function expectRefused(reason: RegExp) {
  for (const out of [await status(), await diff(), await log(), await log(otherCommit)]) {
    expect(out).toMatch(/git was not run: /);
    expect(out).toMatch(reason);
    expect(out).not.toMatch(/OUTSIDE|secret\.txt/);
  }
  const c = await call(commitTool(), { message: 'm', paths: ['a.txt'] }, toolCtx(p.root));
  expect(c.content).toMatch(reason);
}

describe('config that moves the work tree: overridden, the project is what git sees', () => {
  it('core.worktree in .git/config', async () => {
    g('config', 'core.worktree', other);
    await expectProjectView();
  });

  it('core.bare = true', async () => {
    g('config', 'core.bare', 'true');
    await expectProjectView();
  });

  it('core.worktree and core.bare from a file include.path names (outside the project)', async () => {
    const inc = path.join(p.outside, 'inc.gitconfig');
    writeFileSync(inc, `[core]\n\tworktree = ${other}\n\tbare = true\n`);
    g('config', 'include.path', inc);
    await expectProjectView();
  });

  it('core.worktree from an includeIf "gitdir:" include', async () => {
    const inc = path.join(p.outside, 'inc.gitconfig');
    writeFileSync(inc, `[core]\n\tworktree = ${other}\n`);
    g('config', `includeIf.gitdir:${p.root}/.git.path`, inc);
    await expectProjectView();
  });

  it('extensions.worktreeConfig with core.worktree in config.worktree', async () => {
    g('config', 'core.repositoryformatversion', '1');
    g('config', 'extensions.worktreeConfig', 'true');
    writeFileSync(path.join(p.root, '.git', 'config.worktree'), `[core]\n\tworktree = ${other}\n`);
    await expectProjectView();
  });

  it('GIT_DIR / GIT_WORK_TREE / GIT_COMMON_DIR in the app’s environment are not used', async () => {
    const saved = { ...process.env };
    Object.assign(process.env, { GIT_DIR: path.join(other, '.git'), GIT_WORK_TREE: other, GIT_COMMON_DIR: path.join(other, '.git') });
    try {
      await expectProjectView();
    } finally {
      for (const k of ['GIT_DIR', 'GIT_WORK_TREE', 'GIT_COMMON_DIR']) {
        if (saved[k] === undefined) delete process.env[k];
        else process.env[k] = saved[k];
      }
    }
  });
});

describe('a repository that lives (partly) elsewhere: refused with the reason', () => {
  it('.git is a file (gitdir: another repository — a linked worktree or a submodule checkout)', async () => {
    rmSync(path.join(p.root, '.git'), { recursive: true });
    writeFileSync(path.join(p.root, '.git'), `gitdir: ${path.join(other, '.git')}\n`);
    await expectRefused(/\.git is a file/);
  });

  it('.git is a symbolic link to another repository', async () => {
    rmSync(path.join(p.root, '.git'), { recursive: true });
    symlinkSync(path.join(other, '.git'), path.join(p.root, '.git'));
    await expectRefused(/\.git is a symbolic link/);
  });

  it('.git/commondir naming another repository', async () => {
    writeFileSync(path.join(p.root, '.git', 'commondir'), `${path.join(other, '.git')}\n`);
    await expectRefused(/commondir/);
  });

  it('objects/info/alternates borrowing another repository’s objects (its commit readable by hash)', async () => {
    writeFileSync(path.join(p.root, '.git', 'objects', 'info', 'alternates'), `${path.join(other, '.git', 'objects')}\n`);
    await expectRefused(/alternates/);
  });

  it('a symbolic link inside .git pointing out of the project (objects/pack)', async () => {
    gitIn(other, 'gc', '-q');
    const pack = path.join(p.root, '.git', 'objects', 'pack');
    rmSync(pack, { recursive: true });
    symlinkSync(path.join(other, '.git', 'objects', 'pack'), pack);
    await expectRefused(/objects\/pack is a symbolic link out of the project/);
  });

  it('the project is a folder inside another repository: that repository is not searched for', async () => {
    const sub = path.join(other, 'sub');
    mkdirSync(sub);
    writeFileSync(path.join(sub, 'x.txt'), 'x\n');
    const out = (await call(gitStatusTool(), {}, toolCtx(sub))).content;
    expect(out).toBe('git_status: the project is not a git repository');
    expect((await call(gitLogTool(), {}, toolCtx(sub))).content).not.toMatch(/OUTSIDE/);
  });
});

describe('safe.directory: git’s ownership check still applies', () => {
  const root = process.getuid?.() === 0;
  it.skipIf(!root)(
    'a repository owned by another user is refused with git’s reason (needs root to chown; the forced GIT_DIR would skip the check)',
    async () => {
      execFileSync('chown', ['-R', '65534', p.root]);
      try {
        expect(await status()).toMatch(/git was not run: git refused the project’s repository: detected dubious ownership/);
      } finally {
        chownSync(p.root, 0, 0);
        execFileSync('chown', ['-R', '0', p.root]);
      }
    },
  );
});
