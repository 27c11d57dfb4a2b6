/**
 * Git for checkpoints: a shadow repository in the app's data folder (its own GIT_DIR) with the
 * project as its work tree. Self-contained on purpose (the git tools in tools/vcs are hardened
 * separately): nothing here may run a program the project or the user's configuration names.
 *
 * - The environment is built from nothing but PATH: no GIT_* variable of ours or the user's leaks in
 *   (GIT_DIR, GIT_INDEX_FILE, GIT_CONFIG_PARAMETERS, GIT_EXTERNAL_DIFF…).
 * - No system or global configuration: GIT_CONFIG_NOSYSTEM=1, GIT_CONFIG_GLOBAL=/dev/null, and HOME
 *   and XDG_CONFIG_HOME point at an empty folder of ours. The only repository config is the one we
 *   wrote, so no filter driver, fsmonitor, pager or credential helper exists to be named.
 * - `-c core.hooksPath=/dev/null -c core.fsmonitor=false` on every call, no eol conversion
 *   (core.autocrlf=false), and `$GIT_DIR/info/attributes` unsets text/eol/filter/ident/encoding for
 *   every path, so an in-tree `.gitattributes` cannot change a byte on the way in or out.
 * - The user's `.git` is never named: git is given our GIT_DIR and the work tree explicitly, so it
 *   never discovers the project's repository, and git never adds a path named `.git`.
 */
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PRIVATE_FILE_MODE, ensurePrivateDirs } from '../fs/index.js';

export const SHADOW_GIT_CONFIG = [
  '-c',
  'core.hooksPath=/dev/null',
  '-c',
  'core.fsmonitor=false',
  '-c',
  'core.autocrlf=false',
  '-c',
  'core.safecrlf=false',
  '-c',
  'core.symlinks=true',
  '-c',
  'core.quotePath=false',
  '-c',
  // A later snapshot's `git status` re-reads only the folders whose stat changed (git checks a
  // folder's cached stat racy-safely): it is most of that snapshot's time on a large tree.
  'core.untrackedCache=true',
  '-c',
  'core.attributesFile=/dev/null',
  '-c',
  'core.excludesFile=',
  '-c',
  'gc.auto=0',
  // No reflogs: HEAD follows the newest checkpoint, and a reflog would keep every dropped
  // checkpoint's objects reachable, so `git prune` could never bring the repository under its cap.
  '-c',
  'core.logAllRefUpdates=false',
  '-c',
  'advice.addEmbeddedRepo=false',
  '-c',
  'diff.external=',
  // Everything git writes in the shadow repository (objects, refs, the index, packs) is this user's
  // only whatever the umask; the project's files it restores keep the user's umask.
  '-c',
  'core.sharedRepository=0600',
  // The repository is ours (GIT_DIR in our data folder); a project folder owned by another user must
  // not make git refuse it. This only lifts the ownership check for our own repository.
  '-c',
  'safe.directory=*',
];

/** Highest-precedence attributes: no conversion of any kind, for every path. */
const NO_CONVERSION = '* -text -eol -filter -ident -working-tree-encoding -diff -merge\n';

export class ShadowGitError extends Error {
  override readonly name = 'ShadowGitError';
  constructor(
    message: string,
    readonly timedOut = false,
  ) {
    super(message);
  }
}

export interface ShadowRepo {
  gitDir: string;
  workTree: string;
  /** An empty folder used as HOME and XDG_CONFIG_HOME. */
  emptyHome: string;
}

export function shadowEnv(repo: ShadowRepo, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: repo.emptyHome,
    XDG_CONFIG_HOME: repo.emptyHome,
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
    GIT_DIR: repo.gitDir,
    GIT_WORK_TREE: repo.workTree,
    GIT_TERMINAL_PROMPT: '0',
    GIT_OPTIONAL_LOCKS: '0',
    GIT_AUTHOR_NAME: 'CodeCoder',
    GIT_AUTHOR_EMAIL: 'checkpoints@codecoder.invalid',
    GIT_COMMITTER_NAME: 'CodeCoder',
    GIT_COMMITTER_EMAIL: 'checkpoints@codecoder.invalid',
    LC_ALL: 'C',
    ...extra,
  };
}

export interface RunOptions {
  input?: string | Buffer;
  /** Killed after this long (the whole call). */
  timeoutMs: number;
  env?: Record<string, string>;
  maxOutput?: number;
}

/** Runs git on the shadow repository; resolves stdout, throws with stderr on a non-zero exit. */
export function shadowGit(repo: ShadowRepo, args: string[], opts: RunOptions): Promise<Buffer> {
  const max = opts.maxOutput ?? 256 * 1024 * 1024;
  return new Promise((resolve, reject) => {
    const child = spawn('git', [...SHADOW_GIT_CONFIG, ...args], {
      cwd: repo.workTree,
      env: shadowEnv(repo, opts.env),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    let outLen = 0;
    let err = '';
    let timedOut = false;
    let overflow = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, opts.timeoutMs);
    child.stdout.on('data', (c: Buffer) => {
      outLen += c.length;
      if (outLen > max) {
        overflow = true;
        child.kill('SIGKILL');
      } else out.push(c);
    });
    child.stderr.on('data', (c: Buffer) => {
      if (err.length < 64 * 1024) err += c.toString('utf8');
    });
    child.on('error', (e: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(new ShadowGitError(e.code === 'ENOENT' ? 'git is not installed: checkpoints need git' : e.message));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (timedOut) return reject(new ShadowGitError(`git ${args[0]} took longer than ${Math.round(opts.timeoutMs / 1000)} s`, true));
      if (overflow) return reject(new ShadowGitError(`git ${args[0]} printed more than ${max} bytes`));
      if (code !== 0) return reject(new ShadowGitError(`git ${args[0]} failed (exit ${code}): ${err.trim()}`));
      resolve(Buffer.concat(out));
    });
    child.stdin.on('error', () => {});
    child.stdin.end(opts.input ?? '');
  });
}

/** Creates the shadow repository once: our config, our attributes, the built-in excludes. */
export async function initShadowRepo(repo: ShadowRepo, excludes: readonly string[], timeoutMs: number): Promise<void> {
  await ensurePrivateDirs(path.dirname(repo.gitDir), repo.emptyHome, repo.gitDir);
  // GIT_DIR and GIT_WORK_TREE are set: init creates only our GIT_DIR and writes nothing in the project.
  await shadowGit(repo, ['init', '-q'], { timeoutMs });
  await ensurePrivateDirs(path.join(repo.gitDir, 'info'));
  await writeFile(path.join(repo.gitDir, 'info', 'attributes'), NO_CONVERSION, { mode: PRIVATE_FILE_MODE });
  await writeFile(path.join(repo.gitDir, 'info', 'exclude'), excludes.join('\n') + '\n', { mode: PRIVATE_FILE_MODE });
}
