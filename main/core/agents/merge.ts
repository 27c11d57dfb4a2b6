/**
 * Merging an agent's branch back into the project, never forced and never over the user's work:
 * - refused when the project is mid-merge, or has uncommitted changes (staged, unstaged or
 *   untracked) in a file the merge would touch;
 * - a file naming a protected entry (fs/protectedEntries.ts) asks through the permission engine
 *   first (`MergeGate`), and a refusal merges nothing;
 * - the merge is computed first without touching anything (`git merge-tree --write-tree`): a
 *   conflict is reported with each file as git would leave it (markers), and the project is not
 *   changed at all;
 * - otherwise a fast-forward when the project has not moved, else a merge commit; should git still
 *   stop, the merge is aborted (`git merge --abort` keeps unrelated local changes).
 */
import { lstat } from 'node:fs/promises';
import path from 'node:path';
import { namesProtectedEntry } from '../fs/index.js';
import type { Worktrees, WorktreeRecord } from './worktrees.js';

/** Asks whether a merge may change these protected files; resolves with the decision. */
export type MergeGate = (files: string[]) => Promise<{ allowed: boolean; reason?: string }>;

export interface MergeResult {
  outcome: 'fast-forward' | 'merged' | 'conflict' | 'refused' | 'up-to-date';
  message: string;
  files: string[];
  conflicts: Array<{ path: string; diff: string }>;
}

const CONFLICT_DIFF_CAP = 64 * 1024;

/** Paths with uncommitted changes in the project (both sides of a rename), from `git status -z`. */
async function dirtyPaths(wt: Worktrees): Promise<Set<string>> {
  const out = await wt.ok(wt.git(['status', '--porcelain=v1', '-z', '--untracked-files=all', '--ignore-submodules=none']), 'git status');
  const parts = out.split('\0');
  const dirty = new Set<string>();
  for (let i = 0; i < parts.length; i++) {
    const entry = parts[i]!;
    if (entry.length < 4) continue;
    dirty.add(entry.slice(3));
    // A rename or copy is followed by its source path.
    if (entry[0] === 'R' || entry[0] === 'C') dirty.add(parts[++i]!);
  }
  return dirty;
}

/** The dirty paths a merge touches: a file, or a folder holding one (an untracked folder's files are listed one by one). */
function touchedDirty(files: string[], dirty: Set<string>): string[] {
  return files.filter((f) => dirty.has(f) || [...dirty].some((d) => d.endsWith('/') && f.startsWith(d)));
}

export async function mergeBranch(wt: Worktrees, rec: WorktreeRecord, opts: { gate: MergeGate; message: string }): Promise<MergeResult> {
  const refuse = (message: string, files: string[] = []): MergeResult => ({ outcome: 'refused', message, files, conflicts: [] });
  const tip = (await wt.git(['rev-parse', '--verify', '--quiet', `refs/heads/${rec.branch}^{commit}`])).stdout.trim();
  if (!tip) return refuse(`the agent's branch ${rec.branch} is gone`);
  const head = await wt.head();
  const gitDir = path.join(wt.projectRoot, '.git');
  for (const marker of ['MERGE_HEAD', 'CHERRY_PICK_HEAD', 'REVERT_HEAD', 'rebase-merge', 'rebase-apply']) {
    if (
      await lstat(path.join(gitDir, marker)).then(
        () => true,
        () => false,
      )
    )
      return refuse(`the project is in the middle of a git operation (${marker}): finish or abort it first`);
  }
  // What the branch changed since it left the project's history.
  const names = await wt.ok(wt.git(['diff', '--name-only', '-z', '--no-renames', `${head}...${tip}`, '--']), 'git diff');
  const files = names.split('\0').filter((p) => p.length > 0);
  if (files.length === 0)
    return { outcome: 'up-to-date', message: 'nothing to merge: the project already has every change of this agent', files, conflicts: [] };

  const clash = touchedDirty(files, await dirtyPaths(wt));
  if (clash.length > 0)
    return refuse(
      `the project has uncommitted changes in ${clash.length === 1 ? 'a file' : 'files'} the merge would change (${clash.slice(0, 10).join(', ')}${clash.length > 10 ? ', …' : ''}): commit or stash them first`,
      files,
    );

  const guarded = files.filter((f) => namesProtectedEntry(f));
  if (guarded.length > 0) {
    const d = await opts.gate(guarded);
    if (!d.allowed)
      return refuse(
        `the merge changes protected entries (${guarded.join(', ')}) and was not approved${d.reason ? `: ${d.reason}` : ''}`,
        files,
      );
  }

  // The merge as git would make it, written as objects only: nothing in the project changes.
  const trial = await wt.git(['merge-tree', '--write-tree', '--name-only', '-z', '--no-messages', head, tip]);
  if (trial.code !== 0 && trial.code !== 1) return refuse(`git merge-tree failed: ${trial.stderr.trim()}`, files);
  const [tree, ...rest] = trial.stdout.split('\0');
  if (trial.code === 1) {
    const conflicted = rest.slice(0, Math.max(0, rest.indexOf(''))).filter((p) => p.length > 0);
    const paths = [...new Set(conflicted)];
    const conflicts = [];
    for (const p of paths) {
      const d = await wt.git(['diff', '--no-color', '--no-ext-diff', '--no-textconv', head, tree!, '--', p]);
      conflicts.push({ path: p, diff: d.stdout.slice(0, CONFLICT_DIFF_CAP) });
    }
    return {
      outcome: 'conflict',
      message: `the merge conflicts in ${paths.length} file${paths.length === 1 ? '' : 's'} (${paths.join(', ')}); nothing in the project was changed`,
      files,
      conflicts,
    };
  }

  const fastForward = (await wt.git(['merge-base', '--is-ancestor', head, tip])).code === 0;
  const args = fastForward
    ? ['merge', '--ff-only', '--no-edit', '--quiet', tip]
    : [...(await wt.identity('project')), 'merge', '--no-ff', '--no-edit', '--quiet', '-m', opts.message, tip];
  const r = await wt.git(args);
  if (r.code !== 0) {
    if (
      await lstat(path.join(gitDir, 'MERGE_HEAD')).then(
        () => true,
        () => false,
      )
    )
      await wt.git(['merge', '--abort']);
    return refuse(`git stopped the merge and it was undone: ${(r.stderr.trim() || r.stdout.trim()).slice(0, 2000)}`, files);
  }
  return {
    outcome: fastForward ? 'fast-forward' : 'merged',
    message: fastForward ? `fast-forwarded the project to ${tip.slice(0, 12)}` : `merged ${rec.branch} into the project`,
    files,
    conflicts: [],
  };
}
