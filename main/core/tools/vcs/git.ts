import { execFile } from 'node:child_process';
import { ToolFailure } from '../output.js';

/**
 * Config that keeps git from running code it found in the repository or the user's config:
 * hooks (ADR: hooks are arbitrary code — an agent that may write `.husky/pre-commit` must not get
 * it run by a `commit` granted at the project level), fsmonitor daemons, external diff drivers.
 */
export const SAFE_GIT_CONFIG = [
  '-c',
  'core.hooksPath=/dev/null',
  '-c',
  'core.fsmonitor=false',
  '-c',
  'core.quotePath=false',
  '-c',
  'diff.external=',
  '-c',
  'color.ui=false',
];

export interface GitResult {
  stdout: string;
  stderr: string;
  code: number;
}

/** Git's own variables that would point it at another repository or index. */
const GIT_ENV_DROP = ['GIT_DIR', 'GIT_WORK_TREE', 'GIT_INDEX_FILE', 'GIT_OBJECT_DIRECTORY', 'GIT_CONFIG_PARAMETERS', 'GIT_EXTERNAL_DIFF'];

/** Runs git with an argument array (no shell), in `cwd`, killed when `signal` aborts. */
export function git(args: string[], opts: { cwd: string; signal: AbortSignal; maxBuffer?: number }): Promise<GitResult> {
  const env: NodeJS.ProcessEnv = { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_OPTIONAL_LOCKS: '0', GIT_PAGER: 'cat' };
  for (const k of GIT_ENV_DROP) delete env[k];
  return new Promise((resolve, reject) => {
    execFile(
      'git',
      [...SAFE_GIT_CONFIG, ...args],
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
