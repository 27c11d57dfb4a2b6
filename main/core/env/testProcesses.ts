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
