/**
 * Ending a whole process group. A pty's child is a session leader (setsid), so its pid is also its
 * process group id, and `kill(-pgid)` reaches every descendant that did not leave the group. SIGTERM
 * first so tools can clean up, SIGKILL after a grace period for whatever is still there.
 */

export const DEFAULT_KILL_GRACE_MS = 2_000;

/** True while any process (zombies included) is in the group. */
export function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

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

/**
 * SIGTERM now, SIGKILL at `graceMs` if anything of the group is left. Resolves once SIGKILL was sent
 * or not needed; the caller still waits for its own exit event.
 */
export function killGroup(pgid: number, graceMs = DEFAULT_KILL_GRACE_MS): { done: Promise<void>; cancel(): void } {
  signalGroup(pgid, 'SIGTERM');
  // A stopped process does not act on SIGTERM until continued.
  signalGroup(pgid, 'SIGCONT');
  let timer: NodeJS.Timeout | undefined;
  let settle!: () => void;
  const done = new Promise<void>((resolve) => (settle = resolve));
  timer = setTimeout(() => {
    timer = undefined;
    if (groupAlive(pgid)) signalGroup(pgid, 'SIGKILL');
    settle();
  }, graceMs);
  return {
    done,
    cancel() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      settle();
    },
  };
}
