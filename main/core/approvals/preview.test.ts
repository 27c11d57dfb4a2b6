import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { editFileTool, writeFileTool, runCommandTool, ProcessTable, globTool, type Tool } from '../tools/index.js';
import { tempProject, type TempProject } from '../tools/tools.testkit.js';
import { buildPreview } from './preview.testkit.js';

let p: TempProject;
beforeEach(() => {
  p = tempProject();
});
afterEach(() => p.cleanup());

describe('approval previews', () => {
  it('shows the literal argv of a simple command and a display reading of a compound one', async () => {
    const run = runCommandTool({ projectRoot: p.root, dataDir: p.outside, secretsToScrub: () => [] }, new ProcessTable()) as Tool;
    const argv = async (command: string) => (await buildPreview(run, { command }, p.root))?.argv;
    expect(await argv('git commit -m "fix: a && b"')).toEqual(['git', 'commit', '-m', 'fix: a && b']);
    expect(await argv('git status && git push origin main')).toEqual(['git', 'status', '&&', 'git', 'push', 'origin', 'main']);
    expect(await buildPreview(run, { command: 'ls -la' }, p.root)).toEqual({ command: 'ls -la', argv: ['ls', '-la'] });
  });

  it('diffs a write against the file on disk and an edit against its result', async () => {
    p.write('a.txt', 'one\ntwo\n');
    const write = writeFileTool() as Tool;
    const w = await buildPreview(write, { path: 'a.txt', content: 'one\nthree\n' }, p.root);
    expect(w?.diff).toContain('-two');
    expect(w?.diff).toContain('+three');
    // The contract's unified diff: headers then hunks — no jsdiff "Index:"/"=====" preamble, no tab after a name.
    expect(w?.diff?.startsWith('--- a/a.txt\n+++ b/a.txt\n@@ -1,2 +1,2 @@\n')).toBe(true);
    const created = await buildPreview(write, { path: 'new.txt', content: 'hello\n' }, p.root);
    expect(created?.diff).toContain('+hello');
    const e = await buildPreview(editFileTool() as Tool, { path: 'a.txt', old_text: 'two', new_text: 'TWO', replace_all: false }, p.root);
    expect(e?.diff).toContain('+TWO');
    expect(await buildPreview(write, { path: '../outside', content: 'x' }, p.root)).toEqual({ path: '../outside' });
  });

  it('says nothing for arguments the call would refuse, or a tool with nothing to add', async () => {
    expect(await buildPreview(writeFileTool() as Tool, { path: 'a.txt' }, p.root)).toBeUndefined();
    expect(await buildPreview(globTool() as Tool, { pattern: '*' }, p.root)).toBeUndefined();
    expect(await buildPreview(undefined, { path: 'a.txt' }, p.root)).toBeUndefined();
  });
});
