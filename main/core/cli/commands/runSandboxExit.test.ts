/**
 * `codecoder run` as a user runs it (the real bin, its own process): after a run_sandboxed call it
 * exits by itself. The sandbox runtime's socat bridge used to keep it alive for ever.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { sandboxProblem } from '../../env/index.js';
import { useTempDir } from '../../fs/tempDir.testkit.js';

const tempDirs = useTempDir();

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const problem = await sandboxProblem();
let base: string;
afterEach(() => rmSync(base, { recursive: true, force: true }));

describe.skipIf(problem !== undefined)(`codecoder run with run_sandboxed${problem ? ` (skipped: ${problem})` : ''}`, () => {
  it('exits on its own once the run is over', async () => {
    base = tempDirs.sync('cc-run-sbx-');
    const project = path.join(base, 'project');
    const script = path.join(base, 'script.json');
    mkdirSync(project);
    writeFileSync(
      script,
      JSON.stringify({
        models: ['scripted'],
        turns: [
          { text: 'Building.', toolCalls: [{ id: 't1', name: 'run_sandboxed', input: { command: 'echo sandboxed-ok' } }] },
          { text: 'Done.' },
        ],
      }),
    );
    const child = spawn(
      process.execPath,
      [path.join(repo, 'bin', 'codecoder.mjs'), 'run', '--project', project, '--llm-script', script, '--on-ask', 'once', 'build it'],
      {
        cwd: repo,
        env: { ...process.env, CODECODER_DATA_DIR: path.join(base, 'data') },
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    child.stdout.on('data', (c) => (out += String(c)));
    child.stderr.on('data', (c) => (out += String(c)));
    const code = await new Promise<number | null | 'hung'>((resolve) => {
      const t = setTimeout(() => resolve('hung'), 30_000);
      child.on('exit', (c) => {
        clearTimeout(t);
        resolve(c);
      });
    });
    if (code === 'hung') process.kill(-child.pid!, 'SIGTERM');
    expect(code, out).toBe(0);
    expect(out).toContain('run_sandboxed:echo: allowed via once');
  }, 60_000);
});
