import { resolveInProject } from '../../fs/index.js';
import { ToolFailure } from '../output.js';

export interface Confined {
  abs: string;
  rel: string;
}

/**
 * Resolves a path argument inside the project (after realpath) or fails with a message naming the
 * argument. Every tool that touches a path goes through here at execute time, whatever permission()
 * said, so a symlink swapped in between is still caught.
 */
export async function confine(projectRoot: string, p: string, field = 'path'): Promise<Confined> {
  const r = await resolveInProject(projectRoot, p);
  if (!r.inside) throw new ToolFailure(`"${field}" is outside the project: ${r.reason}`);
  return { abs: r.abs, rel: r.rel };
}
