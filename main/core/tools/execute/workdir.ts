import { resolveInProject } from '../../fs/index.js';
import { ToolFailure } from '../output.js';
import { stat } from 'node:fs/promises';

/** The folder a command runs in: the project, or a folder inside it (after realpath). */
export async function workdir(projectRoot: string, cwd: string | undefined): Promise<string> {
  const r = await resolveInProject(projectRoot, cwd ?? '.');
  if (!r.inside) throw new ToolFailure(`"cwd" is outside the project: ${r.reason}`);
  const st = await stat(r.abs).catch(() => undefined);
  if (!st?.isDirectory()) throw new ToolFailure(`"cwd" is not a folder in the project: ${cwd}`);
  return r.abs;
}
