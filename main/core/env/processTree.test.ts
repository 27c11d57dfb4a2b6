import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { startPty } from './pty.js';
import { killWithArgs, liveWithArgs } from './processes.testkit.js';
import { useTempDir } from '../fs/tempDir.testkit.js';

const tempDirs = useTempDir();

const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: tmpdir(), LANG: 'C.UTF-8' };
// A sleep length no other test (or engineer) uses, to find exactly this run's leftovers.
const tag = `31${process.pid}.${Date.now() % 100000}`;
let dir: string;
afterEach(() => {
  killWithArgs(tag);
  rmSync(dir, { recursive: true, force: true });
});

async function stopWhenReady(command: string) {
  dir = tempDirs.sync('cc-tree-');
  const h = startPty({
    command,
    cwd: dir,
    env,
    timeoutMs: 60_000,
    killGraceMs: 400,
    batchMs: 1,
    onText: (t) => t.includes('ready') && h.kill('killed'),
  });
  return h.done;
}

describe.skipIf(process.platform !== 'linux')('Stop ends the whole run, not only its process group', () => {
  it('setsid, setsid -f, and a double fork into a new session are all ended', async () => {
    const r = await stopWhenReady(
      [
        `setsid sleep ${tag} &`,
        `setsid -f sleep ${tag}`,
        // Double fork: the middle shell exits at once, so the sleeper is re-parented to init.
        `( (setsid sleep ${tag} &) & )`,
        `nohup setsid sh -c 'sleep ${tag}' >/dev/null 2>&1 &`,
        'sleep 0.3; echo ready; sleep 300',
      ].join('\n'),
    );
    expect(r.reason).toBe('killed');
    expect(liveWithArgs(tag)).toEqual([]);
  });

  it('an escaped child that ignores SIGTERM gets SIGKILL at the end of the grace', async () => {
    const r = await stopWhenReady(
      [`setsid -f sh -c 'trap "" TERM; while :; do sleep ${tag}; done'`, 'sleep 0.3; echo ready; sleep 300'].join('\n'),
    );
    expect(r.reason).toBe('killed');
    expect(liveWithArgs(tag)).toEqual([]);
  });
});
