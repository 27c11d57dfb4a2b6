/**
 * What opening a project's agents does first, so a cancellation, a kill -9 of the app or a restart
 * leaves no orphan: the records are compared with the worktrees git lists
 * (`git worktree list --porcelain`) and the folders in the agents' home. Only agents whose owning
 * process is gone are touched — another live process (a `codecoder run --worktree` beside the
 * app) keeps its own:
 * - a record whose worktree was still being made: the worktree, its git admin folder and its
 *   branch are removed, and the record with them;
 * - a queued or running agent: marked interrupted; the commands it left running (processes whose
 *   working folder is in its worktree and that carry the app's CODECODER_AGENT mark) are killed;
 *   lock files a killed git left in its worktree's admin folder and its branch ref are removed;
 * - a folder in the agents' home, or a worktree git lists there, that no record names: removed.
 * The user's own worktrees and locks elsewhere in the repository are never touched.
 */
import { readdir, readFile, readlink } from 'node:fs/promises';
import path from 'node:path';
import { AgentRegistry, processAlive, type AgentRecord } from './registry.js';
import type { Worktrees } from './worktrees.js';

export interface ReconcileReport {
  /** The records after reconciliation (what `agents.list` shows). */
  records: AgentRecord[];
  /** Agents found queued or running with their process gone. */
  interrupted: string[];
  /** Half-made agents and stray worktrees removed. */
  removed: string[];
  /** Lock files removed. */
  locks: string[];
  /** Processes killed (left running by an agent whose app died). */
  killed: number[];
  /** Records that could not be read (left as they are). */
  problems: string[];
}

const inside = (root: string, p: string) => p === root || p.startsWith(root + path.sep);

export async function reconcileAgents(
  wt: Worktrees,
  registry: AgentRegistry,
  opts: { now: () => number; dataDir: string },
): Promise<ReconcileReport> {
  const { records, problems } = await registry.list();
  const report: ReconcileReport = { records: [], interrupted: [], removed: [], locks: [], killed: [], problems };
  const owned = (r: AgentRecord) => r.ownerPid !== undefined && processAlive(r.ownerPid);
  for (const r of records) {
    if (owned(r)) {
      report.records.push(r);
      continue;
    }
    if (!r.ready) {
      await wt.remove({
        worktree: r.worktree || wt.folderOf(r.id),
        adminDir: r.adminDir || ((await wt.adminDirOf(wt.folderOf(r.id))) ?? ''),
        branch: r.branch,
        baseCommit: '',
      });
      await registry.remove(r.id);
      report.removed.push(r.id);
      continue;
    }
    let next = r;
    if (r.status === 'queued' || r.status === 'running' || r.status === 'waiting') {
      report.killed.push(...(await killLeftovers(r.worktree)));
      next = {
        ...r,
        status: 'interrupted',
        message: 'CodeCoder stopped while this agent was queued or running (found when it started again)',
        updatedAt: opts.now(),
      };
      report.interrupted.push(r.id);
    }
    report.locks.push(...(await wt.clearLocks(r)));
    if (next.ownerPid !== undefined || next !== r) {
      const { ownerPid: _gone, ...rest } = next;
      next = rest;
      await registry.write(next);
    }
    report.records.push(next);
  }
  // What git lists in our home, or what lies there, that no record names: made by a run killed
  // between the worktree and its record, or a record removed by hand.
  const named = new Set(report.records.map((r) => r.id));
  for (const p of records) if (owned(p)) named.add(p.id);
  for (const name of await wt.foldersAtHome()) {
    if (named.has(name)) continue;
    await wt.removeStray(name);
    report.removed.push(name);
  }
  for (const [listed] of await wt.listed()) {
    if (!inside(wt.home, listed) || named.has(path.basename(listed))) continue;
    await wt.removeStray(path.basename(listed));
    if (!report.removed.includes(path.basename(listed))) report.removed.push(path.basename(listed));
  }
  return report;
}

/**
 * Linux: processes whose working folder is inside `worktree` and whose environment carries the
 * mark every command the agent starts gets (CODECODER_AGENT=1, tools/kit/childEnv.ts), killed
 * with their process group. Elsewhere /proc does not exist and nothing is found.
 */
async function killLeftovers(worktree: string): Promise<number[]> {
  if (!worktree) return [];
  const killed: number[] = [];
  for (const entry of await readdir('/proc').catch(() => [] as string[])) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    if (pid === process.pid) continue;
    const cwd = await readlink(`/proc/${pid}/cwd`).catch(() => undefined);
    if (!cwd || !inside(worktree, cwd)) continue;
    const environ = await readFile(`/proc/${pid}/environ`, 'latin1').catch(() => '');
    if (!environ.split('\0').includes('CODECODER_AGENT=1')) continue;
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      /* not a group leader */
    }
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      /* gone already */
    }
    killed.push(pid);
  }
  return killed;
}
