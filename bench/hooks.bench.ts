/**
 * Hook overhead per tool call: a no-op PreToolUse hook run through hooks/ (the declarations read,
 * the matcher, the JSON input on stdin, its own process group, the output read and audited) against
 * spawning the same program bare with child_process (stdin closed, output discarded), in the same
 * run. Two programs: `true` (bash) and an empty `node -e ''`. Goal ≤ 1.5× the bare spawn.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Hooks, UserHooksFile } from '../main/core/hooks/index.js';
import { MemoryAuditLog, systemClock, type Permission } from '../main/core/permissions/index.js';
import type { BenchRow } from './types.js';

const CALLS = 40;
const GOAL = 1.5;

function bare(argv: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const c = spawn(argv[0]!, argv.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] });
    c.stdout.resume();
    c.stderr.resume();
    c.on('error', reject);
    c.on('close', () => resolve());
  });
}

async function perCall(run: () => Promise<unknown>): Promise<number> {
  await run(); // warm
  const t0 = performance.now();
  for (let i = 0; i < CALLS; i++) await run();
  return (performance.now() - t0) / CALLS;
}

export default async function (report: (row: BenchRow) => void): Promise<void> {
  const base = realpathSync(mkdtempSync(path.join(tmpdir(), 'cc-bench-hooks-')));
  try {
    const permission: Permission = { kind: 'ask', key: { tool: 'run_command', action: 'ls', raw: 'run_command:ls' } };
    const call = { tool: 'run_command', environment: 'shell' as const, args: { command: 'ls' }, permission, conversationId: 'bench' };
    for (const [label, command, argv] of [
      ['bash true', 'true', ['/bin/bash', '-c', 'true']],
      ["node -e ''", `${process.execPath} -e ''`, ['/bin/bash', '-c', `${process.execPath} -e ''`]],
    ] as const) {
      writeFileSync(
        path.join(base, 'hooks.json'),
        JSON.stringify({ hooks: { PreToolUse: [{ matcher: 'run_command', hooks: [{ type: 'command', command }] }] } }),
      );
      const user = new UserHooksFile(base);
      const hooks = new Hooks({
        projectRoot: base,
        dataDir: base,
        userHooks: () => user.read(),
        projectHooks: () => undefined,
        isTrusted: () => false,
        audit: new MemoryAuditLog(),
        clock: systemClock,
        secretsToScrub: () => [],
      });
      const hookMs = await perCall(async () => {
        const v = await hooks.preToolUse(call);
        if (v.effect !== 'none') throw new Error(`the no-op hook said ${v.effect}: ${v.reason}`);
      });
      const bareMs = await perCall(() => bare([...argv]));
      const ratio = hookMs / bareMs;
      report({
        name: `no-op PreToolUse hook per tool call (${label})`,
        value: hookMs.toFixed(1),
        unit: 'ms',
        baseline: `the same program spawned bare (${bareMs.toFixed(1)} ms)`,
        ratio,
        goal: `≤ ${GOAL}×`,
        met: ratio <= GOAL,
      });
    }
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}
