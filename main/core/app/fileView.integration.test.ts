/**
 * project.viewFile through the router, as a window calls it: the payload is checked against the
 * contract before anything is read (a control character, an unknown field, no path: invalid_input),
 * a window without a project is told to open one, and the refusals of viewFile reach the page.
 */
import { execFileSync } from 'node:child_process';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Result } from '../../../shared/contract/index.js';
import { createPlainNodeCore } from './plainNodeCore.js';
import type { WindowSession } from './windows.js';
import { useTempDir } from '../fs/tempDir.testkit.js';

const tempDirs = useTempDir();
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function setup() {
  const dataDir = await tempDirs('cc-view-data-');
  const project = await tempDirs('cc-view-project-');
  execFileSync('git', ['init', '-q'], { cwd: project });
  await writeFile(path.join(project, 'calc.js'), 'one\ntwo\n');
  const core = createPlainNodeCore({ dataDir, env: {} });
  cleanups.push(
    () => rm(dataDir, { recursive: true, force: true }),
    () => rm(project, { recursive: true, force: true }),
    () => core.runtimes.closeAll(),
  );
  const window: WindowSession = { id: 'w1', project: null, emit: () => {} };
  core.windows.add(window);
  const call = (method: string, input: unknown) => core.router.call(method, input, { caller: 'w1', window }) as Promise<Result<unknown>>;
  return { call, project };
}

describe('project.viewFile through the router', () => {
  it('checks the payload first, needs a project, then shows the file or says why not', async () => {
    const h = await setup();
    for (const bad of [
      {},
      { path: '' },
      { path: 'calc.js\u0000' },
      { path: 'calc\u001b[2J.js' },
      { path: 'calc.js', line: 3 },
      { path: 'x'.repeat(5000) },
    ]) {
      const r = await h.call('project.viewFile', bad);
      expect(r.ok ? 'ok' : r.error.code, JSON.stringify(bad).slice(0, 40)).toBe('invalid_input');
    }
    const early = await h.call('project.viewFile', { path: 'calc.js' });
    expect(early.ok ? 'ok' : early.error.code).toBe('no_project');

    expect((await h.call('project.open', { path: h.project })).ok).toBe(true);
    expect(await h.call('project.viewFile', { path: 'calc.js' })).toEqual({
      ok: true,
      value: { path: 'calc.js', text: 'one\ntwo\n', totalLines: 2 },
    });
    const git = await h.call('project.viewFile', { path: '.git/HEAD' });
    expect(git.ok ? 'ok' : git.error).toMatchObject({ code: 'invalid_input', message: expect.stringContaining('protected') });
  });
});
