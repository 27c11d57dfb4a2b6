import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { detectEngineCached } from '../../env/index.js';
import { expectNothingPlanted, PLANTING_ATTEMPTS, plantingTarget } from '../../env/planting.testkit.js';
import type { Tool } from '../types.js';
import { createExecuteTools } from './index.js';
import { testCtx, testDeps } from './execute.testkit.js';
import { useTempDir } from '../../fs/tempDir.testkit.js';

const tempDirs = useTempDir();

const found = await detectEngineCached();
const why = found.ok ? '' : found.reason;

let base: string;
afterEach(() => rmSync(base, { recursive: true, force: true }));
function project() {
  base = tempDirs.sync('cc-ctr-tool-');
  const root = path.join(base, 'project');
  const dataDir = path.join(base, 'data');
  execFileSync('mkdir', ['-p', root, dataDir]);
  const tool = createExecuteTools(testDeps(root, dataDir)).tools.find((t) => t.name === 'run_container') as Tool<{ command: string }>;
  return { root, run: (command: string) => tool.execute({ command }, testCtx(root, dataDir)) };
}

// Podman with runc and a busybox image built locally (CI installs them through .ci/run).
describe.skipIf(!found.ok)(`run_container keeps what the host runs later read-only${why ? ` (skipped: ${why})` : ''}`, () => {
  it('.git, codecoder.json, .codecoder and .mcp.json cannot be written, created or renamed over; other files can', async () => {
    const { root, run } = project();
    plantingTarget(root);
    const r = await run(PLANTING_ATTEMPTS);
    // The absent ones were placeholders while it ran, and are gone now.
    expectNothingPlanted(root, r.content);
  }, 90_000);

  it('a codecoder.json that does not exist yet cannot be created; a .git pointer file cannot be changed', async () => {
    const { root, run } = project();
    writeFileSync(path.join(root, '.git'), 'gitdir: /elsewhere/wt\n');
    await run('echo "{}" > codecoder.json; echo "gitdir: /tmp/evil" > .git; rm -f .git; echo ok > a.txt');
    expect(existsSync(path.join(root, 'codecoder.json'))).toBe(false);
    expect(readFileSync(path.join(root, '.git'), 'utf8')).toBe('gitdir: /elsewhere/wt\n');
    expect(readFileSync(path.join(root, 'a.txt'), 'utf8')).toBe('ok\n');
  }, 90_000);

  it('refuses to run when a protected entry is a symlink (mounting it would bring its target in)', async () => {
    const { root, run } = project();
    symlinkSync('/etc/hostname', path.join(root, '.mcp.json'));
    const r = await run('echo ran > ran.txt');
    expect(r.content).toBe('run_container: .mcp.json is a symbolic link; it cannot be kept read-only, so nothing runs');
    expect(existsSync(path.join(root, 'ran.txt'))).toBe(false);
  }, 90_000);
});
