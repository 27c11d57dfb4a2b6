/**
 * Ending everything a command started, not only its process group. `setsid` (or a daemon's double
 * fork) puts a child in a session and group of its own, and an orphan is re-parented to init, so
 * neither `kill(-pgid)` nor a walk from the leader by parent pid reaches it. On Linux three nets
 * find the run's processes in /proc, each round:
 * - the leader's group and session, and every descendant (by parent pid) of those;
 * - every process whose environment holds the run's token (`CODECODER_EXIT_TOKEN=<token>`, which
 *   each child inherits), wherever it was re-parented, and its descendants.
 * Limits: a process that cleared its environment (`env -i`, a setuid program) after leaving the
 * session and its parent's tree is not found; nor is one in another PID namespace or owned by
 * another user. macOS and others: the group only (processGroup.ts).
 */
import { readFileSync, readdirSync } from 'node:fs';

export interface Proc {
  pid: number;
  ppid: number;
  pgrp: number;
  session: number;
  dead: boolean;
  /** Start time, in clock ticks since boot: a process older than the run cannot carry its token. */
  start: number;
}

/** Every process in /proc, or undefined when /proc cannot be listed. */
export function readProcs(): Proc[] | undefined {
  const out: Proc[] = [];
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return undefined;
  }
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue;
    }
    // pid (comm) state ppid pgrp session …; comm may hold spaces and parentheses.
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    out.push({
      pid: Number(name),
      ppid: Number(f[1]),
      pgrp: Number(f[2]),
      session: Number(f[3]),
      dead: f[0] === 'Z' || f[0] === 'X',
      start: Number(f[19]),
    });
  }
  return out;
}

function carriesToken(pid: number, needle: Buffer): boolean {
  try {
    const env = readFileSync(`/proc/${pid}/environ`);
    return env.indexOf(needle) >= 0;
  } catch {
    return false;
  }
}

/**
 * The live processes of the run led by `leader` (itself included while it lives). Linux only.
 * `since` (the leader's start time, see leaderStart) limits the environment reads to processes
 * younger than the run; without it every process of this user is read.
 */
export function runProcesses(leader: number, token?: string, since = 0): number[] {
  if (process.platform !== 'linux') return [];
  const procs = readProcs() ?? [];
  const byParent = new Map<number, Proc[]>();
  for (const p of procs) byParent.set(p.ppid, [...(byParent.get(p.ppid) ?? []), p]);
  const found = new Set<number>();
  const add = (p: Proc) => {
    if (found.has(p.pid) || p.pid === process.pid) return;
    found.add(p.pid);
    for (const c of byParent.get(p.pid) ?? []) add(c);
  };
  const needle = token ? Buffer.from(`CODECODER_EXIT_TOKEN=${token}\0`) : undefined;
  for (const p of procs) {
    if (p.pid === leader || p.pgrp === leader || p.session === leader) add(p);
  }
  if (needle) for (const p of procs) if (!found.has(p.pid) && !p.dead && p.start >= since && carriesToken(p.pid, needle)) add(p);
  const live = new Set(procs.filter((p) => !p.dead).map((p) => p.pid));
  return [...found].filter((pid) => live.has(pid));
}

/** The leader's start time, or 0 (no limit) when it cannot be read. */
export function leaderStart(leader: number): number {
  return readProcs()?.find((p) => p.pid === leader)?.start ?? 0;
}

export function signalAll(pids: number[], signal: NodeJS.Signals): void {
  for (const pid of pids) {
    try {
      process.kill(pid, signal);
    } catch {
      // Gone already.
    }
  }
}
