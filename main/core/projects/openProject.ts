import { execFile } from 'node:child_process';
import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { AppError, type ProjectInfo } from '../../../shared/contract/index.js';

const run = promisify(execFile);

/** Checks that a folder can be a project and describes it. Paths are canonical (realpath). */
export async function describeProject(folder: string): Promise<ProjectInfo> {
  if (!path.isAbsolute(folder)) throw new AppError('invalid_input', `Enter an absolute folder path (got "${folder}").`);
  let real: string;
  try {
    real = await realpath(folder);
  } catch {
    throw new AppError('not_found', `The folder ${folder} does not exist.`);
  }
  const st = await stat(real);
  if (!st.isDirectory()) throw new AppError('invalid_input', `${folder} is a file, not a folder.`);
  return { path: real, name: path.basename(real) || real, git: await isGitWorkTree(real) };
}

async function isGitWorkTree(dir: string): Promise<boolean> {
  try {
    const { stdout } = await run('git', ['rev-parse', '--is-inside-work-tree'], { cwd: dir, timeout: 5000 });
    return stdout.trim() === 'true';
  } catch {
    return false;
  }
}
