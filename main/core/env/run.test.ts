/**
 * runIn: one runner per environment, the same limits and log in each. Sandbox and container cases
 * skip, with the detection's own reason, where that environment cannot run here.
 */
import { mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { detectEngineCached } from './container.js';
import { containerCliEnv, runIn, type RunEnvironment } from './run.js';
import { sandboxProblem } from './sandbox.js';

const made: string[] = [];
afterEach(() => {
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
});
function project(): { root: string; log: string } {
  const base = realpathSync(mkdtempSync(path.join(tmpdir(), 'cc-runin-')));
  made.push(base);
  return { root: base, log: path.join(base, 'run.log') };
}
const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: process.env.HOME ?? '/' };

describe('runIn: the shell', () => {
  it('passes words after the command as $0, $1; output goes through a pipe unless a pty is asked for', async () => {
    const p = project();
    const piped = await runIn('shell', 'echo "$0 $1"; [ -t 1 ] && echo tty || echo pipe', {
      projectRoot: p.root,
      env,
      logPath: p.log,
      args: ['probe', '{"a":1}'],
    });
    expect((await piped.done).text.trim().split('\n')).toEqual(['probe {"a":1}', 'pipe']);
    const tty = await runIn('shell', '[ -t 1 ] && echo tty || echo pipe', { projectRoot: p.root, env, logPath: p.log, outputVia: 'pty' });
    expect((await tty.done).text.trim()).toBe('tty');
  });
});

const sandboxWhy = await sandboxProblem();
const engine = await detectEngineCached();
const cases: [RunEnvironment, string | undefined][] = [
  ['shell', undefined],
  ['sandbox', sandboxWhy],
  ['docker', engine.ok ? undefined : engine.reason],
];

describe.each(cases)('runIn(%s): the same limits and log', (environment, why) => {
  it.skipIf(why !== undefined)(`keeps head and tail, logs everything, passes the exit code${why ? ` (skipped: ${why})` : ''}`, async () => {
    const p = project();
    const h = await runIn(environment, 'i=0; while [ $i -lt 300 ]; do echo "line $i"; i=$((i+1)); done; exit 3', {
      projectRoot: p.root,
      env,
      logPath: p.log,
      headChars: 40,
      tailChars: 40,
      timeoutMs: 60_000,
    });
    const r = await h.done;
    expect(r.exitCode).toBe(3);
    expect(r.omittedChars).toBeGreaterThan(0);
    expect(r.text).toContain('line 0');
    expect(r.text).toContain('line 299');
    expect(readFileSync(p.log, 'utf8')).toContain('line 150');
    if (environment === 'docker') expect(h.container?.name).toMatch(/^codecoder-/);
  }, 90_000);
});

describe('containerCliEnv', () => {
  it("gives the container CLI PATH, HOME and XDG_RUNTIME_DIR (rootless podman's socket), nothing else", () => {
    expect(containerCliEnv({ PATH: '/p', HOME: '/h', XDG_RUNTIME_DIR: '/run/user/1000', SECRET: 'x' })).toEqual({
      PATH: '/p',
      HOME: '/h',
      XDG_RUNTIME_DIR: '/run/user/1000',
    });
    expect(containerCliEnv({})).toEqual({ PATH: '/usr/bin:/bin', HOME: '/' });
  });
});
