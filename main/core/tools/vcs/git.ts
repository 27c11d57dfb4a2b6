import { execFile } from 'node:child_process';
import { scrubEnv } from '../../env/index.js';
import { ToolFailure } from '../output.js';
import { ConfigUnreadable, configEnv, listConfig, overridesFor } from './gitConfigGuard.js';
import { projectGitView, viewEnv, type GitView } from './gitView.js';

export interface GitResult {
  stdout: string;
  stderr: string;
  code: number;
}

/**
 * The only git variables a tool's git call keeps from the app's environment: who commits, and
 * where the user's own config lives. Every other GIT_* (GIT_DIR, GIT_WORK_TREE, GIT_COMMON_DIR,
 * GIT_INDEX_FILE, GIT_OBJECT_DIRECTORY, GIT_CEILING_DIRECTORIES, GIT_NAMESPACE, GIT_SSH_COMMAND,
 * GIT_EXTERNAL_DIFF, GIT_CONFIG_COUNT, a variable a later git adds…) is dropped: the call sets its own.
 */
const GIT_ENV_KEEP = /^GIT_((AUTHOR|COMMITTER)_(NAME|EMAIL|DATE)|CONFIG_(GLOBAL|SYSTEM|NOSYSTEM)|EXEC_PATH)$/;

/** The environment of a tool's git call: no app key, nothing that waits for a human, no editor. */
function baseEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = scrubEnv(process.env, []).env;
  for (const k of Object.keys(env)) if (k.startsWith('GIT_') && !GIT_ENV_KEEP.test(k)) delete env[k];
  return {
    ...env,
    GIT_TERMINAL_PROMPT: '0',
    GIT_OPTIONAL_LOCKS: '0',
    GIT_PAGER: 'cat',
    PAGER: 'cat',
    // ":" is git's own "no editor": the message stays as given.
    GIT_EDITOR: ':',
    GIT_SEQUENCE_EDITOR: ':',
    // A partial clone's missing object is an error, not a fetch (git ≥ 2.44; older git: transports are off).
    GIT_NO_LAZY_FETCH: '1',
    GIT_PROTOCOL_FROM_USER: '0',
  };
}

/**
 * Runs git with an argument array (no shell) on the repository of the project folder `cwd`,
 * killed when `signal` aborts. Before each call git's view is verified and forced to exactly the
 * project folder and its own `.git` (see gitView.ts), then the repository's config is read and
 * every program it names is switched off (see gitConfigGuard.ts), so a permission-free tool
 * never shows a file outside the project nor runs a program the repository chose.
 */
export async function git(args: string[], opts: { cwd: string; signal: AbortSignal; maxBuffer?: number }): Promise<GitResult> {
  let view: GitView;
  try {
    view = await projectGitView(opts.cwd, baseEnv(), opts.signal);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new ToolFailure('git is not installed');
    throw err;
  }
  return gitInView(view, args, opts);
}

/**
 * Runs git on a view its caller has already verified (the project's own, from `projectGitView`, or a
 * linked worktree the app made, whose repository folder the app knows without reading the
 * worktree's `.git` file): GIT_DIR and GIT_WORK_TREE forced to it, and the same config guard as
 * every tool's call — each program the repository's config names switched off.
 */
export async function gitInView(
  view: GitView,
  args: string[],
  opts: { cwd: string; signal: AbortSignal; maxBuffer?: number },
): Promise<GitResult> {
  const base = viewEnv(baseEnv(), view);
  let entries;
  try {
    entries = await listConfig(opts.cwd, base, opts.signal);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new ToolFailure('git is not installed');
    if (err instanceof ConfigUnreadable) throw new ToolFailure(err.message);
    throw err;
  }
  const env = configEnv(base, overridesFor(entries));
  return new Promise((resolve, reject) => {
    execFile(
      'git',
      ['--no-pager', ...args],
      { cwd: opts.cwd, signal: opts.signal, env, maxBuffer: opts.maxBuffer ?? 64 * 1024 * 1024, encoding: 'utf8' },
      (err, stdout, stderr) => {
        if (err && (err as { name?: string }).name === 'AbortError') return reject(err);
        if (err && (err as NodeJS.ErrnoException).code === 'ENOENT') return reject(new ToolFailure('git is not installed'));
        if (err && /maxBuffer/.test(err.message)) return reject(new ToolFailure('git output exceeded the buffer cap'));
        const code = err ? (typeof (err as { code?: unknown }).code === 'number' ? (err as { code: number }).code : 1) : 0;
        resolve({ stdout, stderr, code });
      },
    );
  });
}

/** Runs git and fails with its message on a non-zero exit; says so plainly outside a repository. */
export async function gitOk(args: string[], opts: { cwd: string; signal: AbortSignal }): Promise<string> {
  const r = await git(args, opts);
  if (r.code !== 0) {
    if (/not a git repository/i.test(r.stderr)) throw new ToolFailure('the project is not a git repository');
    throw new ToolFailure(`git ${args[0]} failed (exit ${r.code}): ${r.stderr.trim() || r.stdout.trim()}`);
  }
  return r.stdout;
}
