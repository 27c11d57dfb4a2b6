import { z } from 'zod';
import { isProtectedPath, resolveInProject } from '../../fs/index.js';
import type { Permission } from '../../permissions/index.js';
import { ToolFailure, defineTool } from '../output.js';
import { confine } from '../kit/confine.js';
import type { Tool } from '../types.js';
import { git, gitOk } from './git.js';

const params = z
  .object({
    message: z.string().trim().min(1).max(10_000).describe('The commit message (first line: a short summary).'),
    paths: z
      .array(z.string().min(1))
      .min(1)
      .max(1000)
      .describe('Files to stage and commit (project-relative). Only these paths are committed; nothing is pushed.'),
  })
  .strict();
export type CommitArgs = z.infer<typeof params>;

/** The current branch, or HEAD when detached / unborn branch name when there are no commits yet. */
async function currentBranch(cwd: string, signal: AbortSignal): Promise<string> {
  // A repository git tools refuse (gitView.ts) has no branch to name; execute() says why.
  const r = await git(['symbolic-ref', '--quiet', '--short', 'HEAD'], { cwd, signal }).catch((err: unknown) => {
    if (err instanceof ToolFailure) return undefined;
    throw err;
  });
  return r && r.code === 0 && r.stdout.trim() ? r.stdout.trim() : 'HEAD';
}

/**
 * `commit:<branch>`: the key names where the commit lands, so a project can allow commits on
 * feature branches and still ask on main. Paths outside or protected are flagged for the prompt.
 */
async function commitPermission(args: CommitArgs, projectRoot: string): Promise<Permission> {
  const root = await resolveInProject(projectRoot, '.');
  const branch = await currentBranch(root.abs, AbortSignal.timeout(10_000)).catch(() => 'HEAD');
  const notes = [
    `commits ${args.paths.length} path${args.paths.length === 1 ? '' : 's'}: ${args.paths.slice(0, 10).join(', ')}${args.paths.length > 10 ? ', …' : ''}`,
  ];
  let outside = false;
  let protectedPath = false;
  for (const p of args.paths) {
    const r = await resolveInProject(projectRoot, p).catch(() => undefined);
    if (!r || !r.inside) {
      outside = true;
      notes.push(`${p} is outside the project`);
    } else if (isProtectedPath(r.rel)) {
      protectedPath = true;
    }
  }
  return {
    kind: 'ask',
    key: { tool: 'commit', action: branch, raw: `commit:${branch}` },
    flags: { notes, ...(outside ? { outsideProject: true } : {}), ...(protectedPath ? { protectedPath: true } : {}) },
  };
}

export function commitTool(): Tool<CommitArgs> {
  return defineTool<CommitArgs>({
    name: 'commit',
    description:
      'Stage the given paths (including deletions) and commit exactly those paths with the message, on the current ' +
      'branch. Never pushes. Git hooks are not run and the commit is not signed. Asks the user unless commits on this branch are allowed.',
    category: 'vcs',
    environment: 'host',
    touches: { changesFiles: false, fileAccess: 'none', keyFromCommand: false }, // git's own files, not the working tree
    keyTemplate: 'commit:<branch>',
    parameters: params,
    permission: (args, { projectRoot }) => commitPermission(args, projectRoot),
    async execute(args, ctx) {
      const root = await confine(ctx.projectRoot, '.');
      const rels: string[] = [];
      for (const p of args.paths) {
        const c = await confine(ctx.projectRoot, p, 'paths');
        if (c.rel === '.git' || c.rel.startsWith('.git/')) throw new ToolFailure(`"paths": ${c.rel} is inside .git`);
        rels.push(c.rel);
      }
      const opts = { cwd: root.abs, signal: ctx.signal };
      // `add -A -- paths` stages additions, changes and deletions of exactly these paths.
      await gitOk(['add', '-A', '--', ...rels], opts);
      // `commit --only -- paths` leaves anything else already staged out of this commit.
      const r = await git(['commit', '--only', '--no-verify', '--no-edit', '-m', args.message, '--', ...rels], opts);
      if (r.code !== 0) {
        const why = (r.stderr.trim() || r.stdout.trim()).split('\n').slice(0, 8).join('\n');
        if (/nothing (added )?to commit|no changes added/.test(r.stdout + r.stderr))
          throw new ToolFailure(`nothing to commit in ${rels.join(', ')}`);
        if (/Please tell me who you are|user\.email/.test(why)) {
          throw new ToolFailure('git has no author identity (user.name / user.email); the user must configure it');
        }
        throw new ToolFailure(`git commit failed (exit ${r.code}): ${why}`);
      }
      const hash = (await gitOk(['rev-parse', '--short', 'HEAD'], opts)).trim();
      const branch = await currentBranch(root.abs, ctx.signal);
      const summary = r.stdout.trim().split('\n').slice(0, 3).join('\n');
      return {
        content: `committed ${hash} on ${branch} (hooks not run; unsigned; nothing pushed)\n${summary}`,
        data: { hash, branch, paths: rels },
      };
    },
  });
}
