/** Test support: what of a process group is still alive, from ps (so not from our own bookkeeping). */
import { execFileSync } from 'node:child_process';

/** Live members of a process group (zombies are dead already and excluded). */
export function liveInGroup(pgid: number): string[] {
  const out = execFileSync('ps', ['-eo', 'pid=,pgid=,stat=,args='], { encoding: 'utf8' });
  return out
    .split('\n')
    .map((l) => l.trim().split(/\s+/))
    .filter((f) => f.length >= 3 && Number(f[1]) === pgid && !f[2]!.startsWith('Z'))
    .map((f) => f.join(' '));
}

/** Live processes whose command line holds `fragment` (a per-test unique sleep length, say). */
export function liveWithArgs(fragment: string): string[] {
  const out = execFileSync('ps', ['-eo', 'pid=,stat=,args='], { encoding: 'utf8' });
  return out
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.includes(fragment) && !l.split(/\s+/)[1]!.startsWith('Z') && !l.includes('ps -eo'));
}

/** Ends what a failed test left behind, so no test leaves a process. */
export function killWithArgs(fragment: string): void {
  for (const line of liveWithArgs(fragment)) {
    try {
      process.kill(Number(line.split(/\s+/)[0]), 'SIGKILL');
    } catch {
      // Gone already.
    }
  }
}
