/**
 * What keeps a tool's git call looking at exactly the project folder. A repository can move git's
 * view of the tree or of the repository from its own files: `core.worktree` (in `.git/config`, in
 * `config.worktree` under `extensions.worktreeConfig`, or in a file an `include.path`/`includeIf`
 * names), `core.bare`, a `.git` that is a file (`gitdir: elsewhere` — a linked worktree or a
 * submodule), `.git/commondir` (objects, refs and config of another repository),
 * `objects/info/alternates` (another repository's objects) and symbolic links inside `.git`.
 * The environment can too (GIT_DIR, GIT_WORK_TREE, GIT_COMMON_DIR…), which git.ts drops.
 *
 * Two steps, both needed:
 * - FORCE: every call runs with GIT_DIR = `<project>/.git` and GIT_WORK_TREE = `<project>` (their
 *   real paths), which win over core.worktree and core.bare wherever they were set;
 * - VERIFY: before that, the project must hold a `.git` folder of its own (not a file, not a link),
 *   with no commondir, no alternates and no link inside pointing out of the project; and git itself,
 *   finding the repository from the project folder (so `safe.directory`'s ownership check still
 *   applies — an explicit GIT_DIR would skip it) and never above it (GIT_CEILING_DIRECTORIES), must
 *   name that same `.git` as its git dir and common dir and the project as its top level.
 * Anything else is refused with the reason, before git runs the tool's command.
 */
import { execFile } from 'node:child_process';
import { lstat, readFile, readdir, realpath } from 'node:fs/promises';
import path from 'node:path';
import { ToolFailure } from '../output.js';

export interface GitView {
  /** Real path of the project folder: git's work tree. */
  workTree: string;
  /** Real path of `<project>/.git`: git's repository. */
  gitDir: string;
}

const refuse = (why: string): never => {
  throw new ToolFailure(`git was not run: ${why}; git tools work only on the project's own .git folder`);
};

const inside = (root: string, p: string) => p === root || p.startsWith(root.endsWith(path.sep) ? root : root + path.sep);

async function exists(p: string): Promise<boolean> {
  return lstat(p).then(
    () => true,
    () => false,
  );
}

/** Symbolic links among a folder's entries that resolve outside `root` (or nowhere). */
async function linksOutside(dir: string, root: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const out: string[] = [];
  for (const e of entries) {
    if (!e.isSymbolicLink()) continue;
    const target = await realpath(path.join(dir, e.name)).catch(() => undefined);
    if (target === undefined || !inside(root, target)) out.push(path.join(dir, e.name));
  }
  return out;
}

/** The checks made on the files themselves, before git is asked anything. */
async function checkLayout(workTree: string): Promise<string> {
  const dotGit = path.join(workTree, '.git');
  const st = await lstat(dotGit).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT' || err.code === 'ENOTDIR') throw new ToolFailure('the project is not a git repository');
    throw err;
  });
  if (st.isSymbolicLink()) refuse('the project’s .git is a symbolic link');
  if (st.isFile()) {
    const first = (await readFile(dotGit, 'utf8').catch(() => '')).split('\n')[0]!.trim();
    refuse(
      `the project’s .git is a file (${JSON.stringify(first.slice(0, 200))}): its repository lives elsewhere (a linked worktree or a submodule)`,
    );
  }
  if (!st.isDirectory()) refuse('the project’s .git is not a folder');
  const gitDir = await realpath(dotGit);
  if (await exists(path.join(gitDir, 'commondir'))) refuse('.git/commondir points git at another repository’s objects, refs and config');
  if (await exists(path.join(gitDir, 'objects', 'info', 'alternates')))
    refuse('.git/objects/info/alternates borrows objects from another repository');
  for (const dir of [gitDir, path.join(gitDir, 'objects'), path.join(gitDir, 'refs')]) {
    const out = await linksOutside(dir, workTree);
    if (out.length > 0) refuse(`${path.relative(workTree, out[0]!)} is a symbolic link out of the project`);
  }
  return gitDir;
}

function revParse(workTree: string, env: NodeJS.ProcessEnv, signal: AbortSignal): Promise<string[]> {
  return new Promise((resolve, reject) => {
    execFile(
      'git',
      ['rev-parse', '--path-format=absolute', '--git-dir', '--git-common-dir', '--show-toplevel'],
      {
        cwd: workTree,
        signal,
        encoding: 'utf8',
        // Discovery from the project folder, never above it; the work tree is ours, whatever the config says.
        env: { ...env, GIT_WORK_TREE: workTree, GIT_CEILING_DIRECTORIES: path.dirname(workTree) },
      },
      (err, stdout, stderr) => {
        if (!err) return resolve(stdout.split('\n').filter((l) => l.length > 0));
        if ((err as { name?: string }).name === 'AbortError' || (err as NodeJS.ErrnoException).code === 'ENOENT') return reject(err);
        const why =
          String(stderr)
            .trim()
            .split('\n')[0]
            ?.replace(/^fatal: /, '') || err.message;
        reject(new ToolFailure(`git was not run: git refused the project’s repository: ${why}`));
      },
    );
  });
}

/**
 * The verified view of the project's repository: throws a ToolFailure naming the reason when
 * git would see anything but the project folder and its own `.git`.
 */
export async function projectGitView(projectRoot: string, env: NodeJS.ProcessEnv, signal: AbortSignal): Promise<GitView> {
  const workTree = await realpath(projectRoot);
  const gitDir = await checkLayout(workTree);
  const [seenDir, seenCommon, seenTop] = await revParse(workTree, env, signal);
  const real = (p: string | undefined) => (p === undefined ? Promise.resolve(undefined) : realpath(p).catch(() => p));
  if ((await real(seenDir)) !== gitDir || (await real(seenCommon)) !== gitDir) {
    refuse(`git found its repository at ${seenCommon ?? seenDir ?? '(nothing)'}, not the project’s .git`);
  }
  if ((await real(seenTop)) !== workTree) refuse(`git sees the work tree at ${seenTop ?? '(nothing)'}, not the project folder`);
  return { workTree, gitDir };
}

/** The environment that makes git use exactly the verified view, whatever the config says. */
export function viewEnv(env: NodeJS.ProcessEnv, view: GitView): NodeJS.ProcessEnv {
  return { ...env, GIT_DIR: view.gitDir, GIT_WORK_TREE: view.workTree };
}
