/**
 * Ending a whole run. A pty's child is a session leader (setsid), so its pid is also its process
 * group id, and `kill(-pgid)` reaches every descendant that did not leave the group; with the run's
 * token, what did leave it (setsid, double fork) is found too (processTree.ts). SIGTERM first so
 * tools can clean up, SIGKILL after a grace period for whatever is still there, again and again
 * until nothing of the run is left.
 */

import { leaderStart, readProcs, runProcesses, signalAll } from './processTree.js';

export const DEFAULT_KILL_GRACE_MS = 2_000;

/**
 * True while a running process is in the group. Zombies do not count: a member that died waits to be
 * reaped by init, which in a container may be slow, and a dead process needs no SIGKILL. On Linux
 * this reads /proc; elsewhere any member, zombie or not, counts.
 */
export function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
  return process.platform === 'linux' ? liveMembersOnLinux(pgid) : true;
}

function liveMembersOnLinux(pgid: number): boolean {
  const procs = readProcs();
  // An unreadable /proc: assume alive, so SIGKILL still comes at the end of the grace.
  if (procs === undefined) return true;
  return procs.some((p) => p.pgrp === pgid && !p.dead);
}

const POLL_MS = 20;

export function signalGroup(pgid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    // ESRCH: the group is gone already. Fall back to the leader alone in case it changed group.
    try {
      process.kill(pgid, signal);
      return true;
    } catch {
      return false;
    }
  }
}

/** True while anything of the run lives: its group, or (Linux, with the token) what left it. */
export function runAlive(pgid: number, token?: string, since = 0): boolean {
  return groupAlive(pgid) || runProcesses(pgid, token, since).length > 0;
}

/** Rounds of SIGKILL at the end of the grace: each finds what the previous one's victims forked. */
const KILL_ROUNDS = 50;

/**
 * SIGTERM now, SIGKILL at `graceMs` if anything of the run is left. Resolves once SIGKILL was sent
 * or not needed; the caller still waits for its own exit event. `token` is the run's
 * CODECODER_EXIT_TOKEN: with it, processes that left the group and session are ended too.
 */
export function killGroup(pgid: number, graceMs = DEFAULT_KILL_GRACE_MS, token?: string): { done: Promise<void>; cancel(): void } {
  const since = token ? leaderStart(pgid) : 0;
  const signalRun = (signal: NodeJS.Signals) => {
    signalGroup(pgid, signal);
    signalAll(runProcesses(pgid, token, since), signal);
  };
  signalRun('SIGTERM');
  // A stopped process does not act on SIGTERM until continued.
  signalRun('SIGCONT');
  let timer: NodeJS.Timeout | undefined;
  let settle!: () => void;
  const done = new Promise<void>((resolve) => (settle = resolve));
  // Done early once nothing of the run is alive any more; SIGKILL at the end of the grace otherwise.
  const deadline = Date.now() + graceMs;
  const tick = () => {
    timer = undefined;
    if (!runAlive(pgid, token, since)) return settle();
    if (Date.now() >= deadline) {
      signalGroup(pgid, 'SIGKILL');
      for (let round = 0; round < KILL_ROUNDS; round++) {
        const left = runProcesses(pgid, token, since);
        if (left.length === 0) break;
        signalAll(left, 'SIGKILL');
      }
      return settle();
    }
    timer = setTimeout(tick, Math.min(POLL_MS, Math.max(0, deadline - Date.now())));
  };
  timer = setTimeout(tick, Math.min(POLL_MS, graceMs));
  return {
    done,
    cancel() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      settle();
    },
  };
}
