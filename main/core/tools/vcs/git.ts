import { execFile } from 'node:child_process';
import { scrubEnv } from '../../env/index.js';
import { ToolFailure } from '../output.js';
import { ConfigUnreadable, configEnv, listConfig, overridesFor } from './gitConfigGuard.js';

export interface GitResult {
  stdout: string;
  stderr: string;
  code: number;
}

/**
 * Git's own variables that would point it at another repository, index or config, or hand it a
 * program to run; a tool's git call sets its own.
 */
const GIT_ENV_DROP =
  /^GIT_(DIR|WORK_TREE|INDEX_FILE|OBJECT_DIRECTORY|ALTERNATE_OBJECT_DIRECTORIES|COMMON_DIR|CONFIG|CONFIG_PARAMETERS|CONFIG_COUNT|CONFIG_KEY_\d+|CONFIG_VALUE_\d+|EXTERNAL_DIFF|SSH|SSH_COMMAND|ASKPASS|PROXY_COMMAND)$/;

/** The environment of a tool's git call: no app key, nothing that waits for a human, no editor. */
function baseEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = scrubEnv(process.env, []).env;
  for (const k of Object.keys(env)) if (GIT_ENV_DROP.test(k)) delete env[k];
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
 * Runs git with an argument array (no shell), in `cwd`, killed when `signal` aborts. Before each
 * call the repository's config is read and every program it names is switched off (see
 * gitConfigGuard.ts), so a permission-free tool never runs a program the repository chose.
 */
export async function git(args: string[], opts: { cwd: string; signal: AbortSignal; maxBuffer?: number }): Promise<GitResult> {
  const base = baseEnv();
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
