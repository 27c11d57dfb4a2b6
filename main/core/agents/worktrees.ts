/**
 * The git side of background agents: a linked worktree and branch per agent, made in the app's
 * data folder (never inside the project), and everything done to them — commit the agent's work,
 * its diff against its base, removal, and what a restart finds. Every git call goes through the
 * tools' guarded runner (`gitInView`: GIT_DIR/GIT_WORK_TREE forced, each program the repository's
 * config names switched off). The project's view is verified as every git tool verifies it
 * (`projectGitView`); an agent's view is built from what the app recorded — the project's `.git`
 * and the worktree's folder in it — and never from the worktree's `.git` file, which the agent's
 * commands could rewrite.
 */
import { lstat, readdir, readFile, realpath, rm, unlink } from 'node:fs/promises';
import path from 'node:path';
import { gitInView, projectGitView, type GitResult, type GitView } from '../tools/index.js';

/** What the app recorded of one agent's worktree. */
export interface WorktreeRecord {
  /** The worktree folder (real path). */
  worktree: string;
  /** Its folder inside the project's `.git/worktrees/` (real path). */
  adminDir: string;
  branch: string;
  baseCommit: string;
}

export class WorktreeError extends Error {
  override readonly name = 'WorktreeError';
}

const inside = (root: string, p: string) => p === root || p.startsWith(root + path.sep);

/** Locks a killed git leaves behind, relative to a worktree's admin folder. */
const ADMIN_LOCKS = ['index.lock', 'HEAD.lock', 'ORIG_HEAD.lock', 'MERGE_HEAD.lock'];

export class Worktrees {
  private constructor(
    /** The project (real path). */
    readonly projectRoot: string,
    /** Where this project's agent worktrees are made (real path, in the data folder). */
    readonly home: string,
    private readonly projectView: GitView,
  ) {}

  /** The project must be a repository of its own (`.git` a folder, verified as for git tools). */
  static async open(projectRoot: string, home: string): Promise<Worktrees> {
    const signal = AbortSignal.timeout(30_000);
    const view = await projectGitView(projectRoot, process.env, signal).catch((err: unknown) => {
      throw new WorktreeError(`background agents need the project to be a git repository: ${(err as Error).message}`);
    });
    const realHome = await realpath(home);
    if (inside(view.workTree, realHome)) throw new WorktreeError('the agents folder must not be inside the project');
    return new Worktrees(view.workTree, realHome, view);
  }

  /** git on the project itself. */
  git(args: string[], signal: AbortSignal = AbortSignal.timeout(120_000)): Promise<GitResult> {
    return gitInView(this.projectView, args, { cwd: this.projectRoot, signal });
  }

  /** git on an agent's worktree, through the view the app recorded. */
  gitIn(rec: WorktreeRecord, args: string[], signal: AbortSignal = AbortSignal.timeout(120_000)): Promise<GitResult> {
    return gitInView({ workTree: rec.worktree, gitDir: rec.adminDir }, args, { cwd: rec.worktree, signal });
  }

  /** Identity options for a commit git would otherwise refuse (no user.email anywhere). */
  async identity(view: 'project' | WorktreeRecord): Promise<string[]> {
    const r = view === 'project' ? await this.git(['config', 'user.email']) : await this.gitIn(view, ['config', 'user.email']);
    return r.stdout.trim() ? [] : ['-c', 'user.name=CodeCoder agent', '-c', 'user.email=agent@codecoder.invalid'];
  }

  async ok(r: Promise<GitResult>, what: string): Promise<string> {
    const res = await r;
    if (res.code !== 0) throw new WorktreeError(`${what} failed: ${(res.stderr.trim() || res.stdout.trim()).slice(0, 2000)}`);
    return res.stdout;
  }

  async head(): Promise<string> {
    return (await this.ok(this.git(['rev-parse', '--verify', 'HEAD^{commit}']), 'reading HEAD')).trim();
  }

  folderOf(id: string): string {
    return path.join(this.home, id);
  }

  /**
   * A new worktree at the project's HEAD on branch `branch`, in `<home>/<id>`. Its admin folder is
   * found by what it points at (git names it after the folder, with a number when that is taken).
   */
  async create(id: string, branch: string): Promise<WorktreeRecord> {
    const baseCommit = await this.head();
    const folder = this.folderOf(id);
    await this.ok(this.git(['worktree', 'add', '--quiet', '-b', branch, '--', folder, baseCommit]), 'git worktree add');
    const worktree = await realpath(folder);
    const adminDir = await this.adminDirOf(worktree);
    if (!adminDir) {
      await this.remove({ worktree, adminDir: '', branch, baseCommit });
      throw new WorktreeError('git made the worktree but its folder in .git/worktrees was not found');
    }
    return { worktree, adminDir, branch, baseCommit };
  }

  /** The project's `.git/worktrees/<name>` whose `gitdir` file names `worktree`'s `.git`. */
  async adminDirOf(worktree: string): Promise<string | undefined> {
    const root = path.join(this.projectView.gitDir, 'worktrees');
    for (const name of await readdir(root).catch(() => [] as string[])) {
      const dir = path.join(root, name);
      const pointed = (await readFile(path.join(dir, 'gitdir'), 'utf8').catch(() => '')).trim();
      if (pointed && path.resolve(pointed) === path.join(worktree, '.git')) return realpath(dir);
    }
    return undefined;
  }

  /**
   * Commits everything in the worktree (new, changed, deleted files) on the agent's branch, as the
   * user's identity when git has one, else as "CodeCoder agent". Nothing to commit: no commit.
   */
  async commitAll(rec: WorktreeRecord, message: string): Promise<boolean> {
    await this.ok(this.gitIn(rec, ['add', '-A', '--', '.']), 'git add');
    const staged = await this.gitIn(rec, ['diff', '--cached', '--quiet']);
    if (staged.code === 0) return false;
    await this.ok(this.gitIn(rec, [...(await this.identity(rec)), 'commit', '--quiet', '--no-verify', '-m', message]), 'git commit');
    return true;
  }

  /** The agent's files against its base: what is committed on its branch and what is not yet. */
  async changes(rec: WorktreeRecord): Promise<Array<{ path: string; change: 'added' | 'modified' | 'deleted' | 'renamed' }>> {
    const out = await this.ok(this.gitIn(rec, ['diff', '--name-status', '-z', '--no-renames', rec.baseCommit, '--']), 'git diff');
    const parts = out.split('\0');
    const files = new Map<string, 'added' | 'modified' | 'deleted' | 'renamed'>();
    for (let i = 0; i + 1 < parts.length; i += 2) {
      const s = parts[i]!;
      files.set(parts[i + 1]!, s === 'A' ? 'added' : s === 'D' ? 'deleted' : 'modified');
    }
    for (const p of await this.untracked(rec)) files.set(p, 'added');
    return [...files].map(([p, change]) => ({ path: p, change })).sort((a, b) => a.path.localeCompare(b.path));
  }

  private async untracked(rec: WorktreeRecord): Promise<string[]> {
    const out = await this.ok(this.gitIn(rec, ['ls-files', '-z', '--others', '--exclude-standard']), 'git ls-files');
    return out.split('\0').filter((p) => p.length > 0);
  }

  /** The unified diff against the base (new files not yet committed included), at most `cap` characters. */
  async diff(rec: WorktreeRecord, cap: number): Promise<{ diff: string; truncated: boolean }> {
    let text = await this.ok(this.gitIn(rec, ['diff', '--no-color', '--no-ext-diff', '--no-textconv', rec.baseCommit, '--']), 'git diff');
    for (const p of await this.untracked(rec)) {
      if (text.length > cap) break;
      // --no-index exits 1 when the files differ, which they always do here.
      const r = await this.gitIn(rec, ['diff', '--no-color', '--no-ext-diff', '--no-index', '--', '/dev/null', p]);
      text += r.stdout;
    }
    return text.length > cap ? { diff: text.slice(0, cap), truncated: true } : { diff: text, truncated: false };
  }

  /** The worktree and its branch removed (each part that exists; a missing one is not an error). */
  async remove(rec: WorktreeRecord): Promise<void> {
    // A record names a folder to delete: only ever one in the agents' home, whatever the record says.
    if (!inside(this.home, path.resolve(rec.worktree)) || path.resolve(rec.worktree) === this.home)
      throw new WorktreeError(`refusing to remove ${rec.worktree}: it is not an agent's worktree in ${this.home}`);
    if (rec.branch && !/^codecoder\/[a-z0-9][a-z0-9-]*$/.test(rec.branch))
      throw new WorktreeError(`refusing to delete the branch ${rec.branch}: agents' branches are codecoder/<name>`);
    if (await exists(rec.worktree)) {
      const r = await this.git(['worktree', 'remove', '--force', '--force', '--', rec.worktree]);
      if (r.code !== 0 && (await exists(rec.worktree))) await rm(rec.worktree, { recursive: true, force: true });
    }
    if (rec.adminDir && (await exists(rec.adminDir)) && inside(path.join(this.projectView.gitDir, 'worktrees'), rec.adminDir))
      await rm(rec.adminDir, { recursive: true, force: true });
    if (rec.branch && (await this.branchExists(rec.branch))) await this.ok(this.git(['branch', '-D', '--', rec.branch]), 'git branch -D');
  }

  async branchExists(branch: string): Promise<boolean> {
    return (await this.git(['rev-parse', '--verify', '--quiet', `refs/heads/${branch}`])).code === 0;
  }

  /** The worktrees git knows of (`git worktree list --porcelain`): path → locked/prunable. */
  async listed(): Promise<Map<string, { prunable: boolean }>> {
    const out = await this.ok(this.git(['worktree', 'list', '--porcelain', '-z']), 'git worktree list');
    const map = new Map<string, { prunable: boolean }>();
    let current: string | undefined;
    for (const line of out.split('\0')) {
      if (line.startsWith('worktree ')) map.set((current = line.slice('worktree '.length)), { prunable: false });
      else if (line.startsWith('prunable') && current) map.get(current)!.prunable = true;
    }
    return map;
  }

  /**
   * Lock files a git killed mid-call left in an agent's worktree: in its admin folder and its
   * branch's ref. Called only for agents no live process runs.
   */
  async clearLocks(rec: WorktreeRecord): Promise<string[]> {
    const cleared: string[] = [];
    const candidates = [
      ...(rec.adminDir ? ADMIN_LOCKS.map((l) => path.join(rec.adminDir, l)) : []),
      ...(rec.branch ? [path.join(this.projectView.gitDir, 'refs', 'heads', `${rec.branch}.lock`)] : []),
    ];
    for (const lock of candidates) {
      try {
        await unlink(lock);
        cleared.push(lock);
      } catch {
        /* not there */
      }
    }
    return cleared;
  }

  /** Folders in the agents' home (their names): a worktree made before its record was written is one of them. */
  async foldersAtHome(): Promise<string[]> {
    return (await readdir(this.home, { withFileTypes: true }).catch(() => [])).filter((e) => e.isDirectory()).map((e) => e.name);
  }

  /**
   * Removes a folder in the agents' home that no record names (and git's record of it). Its branch
   * stays: with no record saying it is an agent's, it may hold someone's work.
   */
  async removeStray(name: string): Promise<void> {
    const folder = path.join(this.home, name);
    const adminDir = await this.adminDirOf(folder);
    await this.remove({ worktree: folder, adminDir: adminDir ?? '', branch: '', baseCommit: '' }).catch(() =>
      rm(folder, { recursive: true, force: true }),
    );
  }
}

async function exists(p: string): Promise<boolean> {
  return lstat(p).then(
    () => true,
    () => false,
  );
}
