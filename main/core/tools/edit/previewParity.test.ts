/**
 * The approval prompt shows what execute() does: preview and execute run on the same inputs, and the
 * preview's diff is the change that lands on disk (read back and diffed independently). A CRLF file
 * edited with LF old_text once showed an empty diff while the edit applied.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildPreview } from '../../approvals/preview.testkit.js';
import { unifiedDiff } from '../kit/unified.js';
import { call, tempProject, toolCtx, type TempProject } from '../tools.testkit.js';
import type { Tool } from '../types.js';
import { editFileTool } from './editFile.js';
import { writeFileTool } from './writeFile.js';

let p: TempProject;
beforeEach(() => {
  p = tempProject();
});
afterEach(() => p.cleanup());

const BOM = '\ufeff';
const text = (rel: string) => readFileSync(path.join(p.root, rel), 'utf8').replace(/^\ufeff/, '');

/** Previews, executes, and checks the preview's diff against the file's text before and after. */
async function previewThenRun(tool: Tool, rel: string, args: Record<string, unknown>) {
  const before = text(rel);
  const preview = await buildPreview(tool, args, p.root);
  const result = await call(tool, args, toolCtx(p.root));
  const landed = unifiedDiff(rel, rel, before, text(rel))!;
  return { preview, result, landed: landed.changed ? landed.text : undefined, after: text(rel) };
}

describe('edit_file: the preview diff is the applied change', () => {
  const tool = editFileTool() as Tool;

  it('LF file, one occurrence', async () => {
    p.write('a.txt', 'one\ntwo\nthree\n');
    const r = await previewThenRun(tool, 'a.txt', { path: 'a.txt', old_text: 'two', new_text: 'TWO' });
    expect(r.result.isError).toBeFalsy();
    expect(r.preview?.diff).toContain('+TWO');
    expect(r.preview?.diff).toBe(r.landed);
    expect(r.preview?.diff).toBe((r.result.data as { diff: string }).diff);
  });

  it('CRLF file edited with LF old_text (the prompt used to show an empty diff)', async () => {
    p.write('w.txt', 'one\r\ntwo\r\nthree\r\n');
    const r = await previewThenRun(tool, 'w.txt', { path: 'w.txt', old_text: 'one\ntwo\n', new_text: 'ONE\nTWO\n' });
    expect(r.result.isError).toBeFalsy();
    expect(r.after).toBe('ONE\r\nTWO\r\nthree\r\n');
    expect(r.preview?.diff).toContain('+ONE');
    expect(r.preview?.diff).toBe(r.landed);
  });

  it('a file with a BOM: the BOM is kept and is not part of the diff', async () => {
    p.write('b.txt', `${BOM}alpha\nbeta\n`);
    const r = await previewThenRun(tool, 'b.txt', { path: 'b.txt', old_text: 'beta', new_text: 'gamma' });
    expect(readFileSync(path.join(p.root, 'b.txt'), 'utf8')).toBe(`${BOM}alpha\ngamma\n`);
    expect(r.preview?.diff).toContain('+gamma');
    expect(r.preview?.diff).toBe(r.landed);
  });

  it('replace_all over several occurrences, and a multi-line edit', async () => {
    p.write('c.txt', 'x = 1\ny = x\nz = x\n');
    const all = await previewThenRun(tool, 'c.txt', { path: 'c.txt', old_text: 'x', new_text: 'w', replace_all: true });
    expect(all.after).toBe('w = 1\ny = w\nz = w\n');
    expect(all.preview?.diff).toBe(all.landed);
    const multi = await previewThenRun(tool, 'c.txt', { path: 'c.txt', old_text: 'y = w\nz = w\n', new_text: 'y = 2\n' });
    expect(multi.after).toBe('w = 1\ny = 2\n');
    expect(multi.preview?.diff).toBe(multi.landed);
  });

  it('nothing applied, no diff shown: old_text missing, or ambiguous without replace_all', async () => {
    p.write('d.txt', 'same\nsame\n');
    for (const args of [
      { path: 'd.txt', old_text: 'absent', new_text: 'x' },
      { path: 'd.txt', old_text: 'same', new_text: 'x' },
      { path: 'gone.txt', old_text: 'a', new_text: 'b' },
    ]) {
      const preview = await buildPreview(tool, args, p.root);
      const result = await call(tool, args, toolCtx(p.root));
      expect(result.isError).toBe(true);
      expect(preview).toEqual({ path: args.path });
    }
    expect(text('d.txt')).toBe('same\nsame\n');
  });
});

describe('write_file: the preview diff is the applied change', () => {
  const tool = writeFileTool() as Tool;

  it('overwrite, and a new file in a folder that does not exist yet', async () => {
    p.write('e.txt', 'one\r\ntwo\r\n');
    const over = await previewThenRun(tool, 'e.txt', { path: 'e.txt', content: 'one\ntwo\n' });
    expect(over.preview?.diff).toBe(over.landed);
    const preview = await buildPreview(tool, { path: 'new/dir/f.txt', content: 'hello\n' }, p.root);
    const result = await call(tool, { path: 'new/dir/f.txt', content: 'hello\n' }, toolCtx(p.root));
    expect(preview?.diff).toContain('+hello');
    expect(preview?.diff).toBe((result.data as { diff: string }).diff);
  });

  it('identical content: an empty diff in the preview and the result (the prompt and the card say "no changes")', async () => {
    p.write('g.txt', 'same\n');
    const same = await previewThenRun(tool, 'g.txt', { path: 'g.txt', content: 'same\n' });
    expect(same.preview).toEqual({ path: 'g.txt', diff: '' });
    expect(same.result.data).toMatchObject({ path: 'g.txt', created: false, diff: '' });
    expect(same.after).toBe('same\n');
  });
});
