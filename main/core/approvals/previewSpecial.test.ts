/**
 * The approval prompt's preview reads the file a write would change. A FIFO or a huge file put there
 * must not hang the prompt or fill memory.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, ftruncateSync, openSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempProject, type TempProject } from '../tools/tools.testkit.js';
import { editFileTool, writeFileTool, type Tool } from '../tools/index.js';
import { buildPreview } from './preview.testkit.js';

let p: TempProject;
beforeEach(() => {
  p = tempProject();
});
afterEach(() => p.cleanup());

const within = <T>(ms: number, work: Promise<T>) =>
  Promise.race([work, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`still running after ${ms} ms`)), ms))]);

describe('preview of a write to something that is not a plain small file', () => {
  it('a FIFO: answers at once, with no diff of its content', async () => {
    execFileSync('mkfifo', [path.join(p.root, 'pipe')]);
    const w = await within(2000, buildPreview(writeFileTool() as Tool, { path: 'pipe', content: 'x\n' }, p.root));
    expect(w).toMatchObject({ path: 'pipe' });
    const e = await within(2000, buildPreview(editFileTool() as Tool, { path: 'pipe', old_text: 'a', new_text: 'b' }, p.root));
    expect(e).toEqual({ path: 'pipe' });
  });

  it('a sparse 8 GiB file is not read into memory', async () => {
    const fd = openSync(path.join(p.root, 'big.bin'), 'w');
    ftruncateSync(fd, 8 * 1024 ** 3);
    closeSync(fd);
    const e = await within(2000, buildPreview(editFileTool() as Tool, { path: 'big.bin', old_text: 'a', new_text: 'b' }, p.root));
    expect(e).toEqual({ path: 'big.bin' });
  });
});
