/**
 * The approved path is the written path: the user approves `write_file:notes.txt`,
 * and before execute() runs, a local process swaps notes.txt (or a folder on its way) for a symlink
 * to codecoder.json, .git/hooks/pre-commit, or another project file. execute() refuses, and nothing
 * but the approved entry is ever touched. The calls go through runToolChecked like the agent's.
 */
import { chmodSync, existsSync, lstatSync, mkdirSync, readFileSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runToolChecked } from '../../agent/index.js';
import type { PermissionCheckRequest, PermissionGate } from '../../permissions/index.js';
import { tempProject, toolCtx, type TempProject } from '../tools.testkit.js';
import type { Tool } from '../types.js';
import { deletePathTool } from './deletePath.js';
import { editFileTool } from './editFile.js';
import { movePathTool } from './movePath.js';
import { writeFileTool } from './writeFile.js';

let p: TempProject;
beforeEach(() => {
  p = tempProject();
  p.write('codecoder.json', '{"permissions":{}}\n');
  p.write('.git/hooks/pre-commit', '#!/bin/sh\nexit 0\n');
});
afterEach(() => p.cleanup());

const abs = (rel: string) => path.join(p.root, rel);
const read = (rel: string) => readFileSync(abs(rel), 'utf8');

/** A gate that approves, but lets `between` run after the prompt and before execute(). */
function approveThen(between: () => void, seen: PermissionCheckRequest[] = []): PermissionGate {
  return {
    check: async (req) => {
      seen.push(req);
      between();
      return { allowed: true, via: 'once' };
    },
  };
}

async function run<A>(tool: Tool<A>, args: unknown, between: () => void) {
  const seen: PermissionCheckRequest[] = [];
  const r = await runToolChecked(tool as Tool<unknown>, args, approveThen(between, seen), toolCtx(p.root));
  return { ...r, approvedKey: seen[0]?.permission.kind === 'ask' ? seen[0].permission.key.raw : undefined };
}

/** notes.txt becomes a symlink to `target` (project-relative). */
const swapForLink = (rel: string, target: string) => () => {
  rmSync(abs(rel));
  symlinkSync(abs(target), abs(rel));
};

describe('execute() acts only on the path that was approved', () => {
  it.each(['codecoder.json', '.git/hooks/pre-commit'])('write_file:notes.txt swapped for a symlink to %s is refused', async (target) => {
    p.write('notes.txt', 'notes\n');
    const before = read(target);
    const r = await run(writeFileTool(), { path: 'notes.txt', content: 'pwned' }, swapForLink('notes.txt', target));
    expect(r.approvedKey).toBe('write_file:notes.txt');
    expect(r.result).toMatchObject({ isError: true });
    expect(r.result.content).toContain(`notes.txt now resolves to ${target}, not notes.txt as approved`);
    expect(read(target)).toBe(before);
  });

  it('edit_file:notes.txt swapped for a symlink to codecoder.json is refused', async () => {
    p.write('notes.txt', '{"permissions":{}}\n');
    const r = await run(
      editFileTool(),
      { path: 'notes.txt', old_text: '{}', new_text: '{"allow":["run_command:*"]}' },
      swapForLink('notes.txt', 'codecoder.json'),
    );
    expect(r.result.content).toContain('now resolves to codecoder.json');
    expect(read('codecoder.json')).toBe('{"permissions":{}}\n');
  });

  it('a parent folder swapped for a symlink to another project folder is refused (write, delete, move)', async () => {
    p.write('a/x.txt', 'a\n');
    p.write('b/x.txt', 'b\n');
    const swapA = () => {
      renameSync(abs('a'), abs('a-old'));
      symlinkSync(abs('b'), abs('a'));
    };
    const w = await run(writeFileTool(), { path: 'a/x.txt', content: 'new' }, swapA);
    expect(w.result.content).toContain('a/x.txt now resolves to b/x.txt, not a/x.txt as approved');
    rmSync(abs('a'));
    renameSync(abs('a-old'), abs('a'));
    const d = await run(deletePathTool(), { path: 'a/x.txt' }, swapA);
    expect(d.result.content).toContain('now resolves to b/x.txt');
    rmSync(abs('a'));
    renameSync(abs('a-old'), abs('a'));
    const m = await run(movePathTool(), { from: 'a/x.txt', to: 'c.txt' }, swapA);
    expect(m.result.content).toContain('now resolves to b/x.txt');
    expect(read('b/x.txt')).toBe('b\n');
    expect(existsSync(abs('c.txt'))).toBe(false);
  });

  it("move_path's destination swapped after the prompt (a folder now leading to .git/hooks) is refused", async () => {
    p.write('hook.sh', '#!/bin/sh\necho pwned\n');
    mkdirSync(abs('scripts'));
    const r = await run(movePathTool(), { from: 'hook.sh', to: 'scripts/pre-commit', overwrite: true }, () => {
      rmSync(abs('scripts'), { recursive: true });
      symlinkSync(abs('.git/hooks'), abs('scripts'));
    });
    expect(r.approvedKey).toBe('move_path:hook.sh');
    expect(r.result.content).toContain('scripts/pre-commit now resolves to .git/hooks/pre-commit, not the destination approved');
    expect(read('.git/hooks/pre-commit')).toBe('#!/bin/sh\nexit 0\n');
  });

  it('delete_path on an entry swapped for a symlink removes the link, never its target', async () => {
    p.write('notes.txt', 'n\n');
    const r = await run(deletePathTool(), { path: 'notes.txt' }, swapForLink('notes.txt', 'codecoder.json'));
    expect(r.result.content).toBe('deleted symlink notes.txt');
    expect(read('codecoder.json')).toBe('{"permissions":{}}\n');
  });

  it('`..` is resolved on the text of the path, before symlinks: the key names the very file written', async () => {
    p.write('sub/deeper/keep.txt', '');
    symlinkSync(abs('sub/deeper'), abs('l'));
    // The kernel would read l/../x.txt as sub/x.txt; the key and the write both say x.txt.
    const r = await run(writeFileTool(), { path: 'l/../x.txt', content: 'x' }, () => {});
    expect(r.approvedKey).toBe('write_file:x.txt');
    expect(read('x.txt')).toBe('x');
    expect(existsSync(abs('sub/x.txt'))).toBe(false);
  });

  it('a write approved for an unchanged path goes through (and keeps the file mode)', async () => {
    p.write('run.sh', 'echo 1\n');
    const mode = 0o750;
    chmodSync(abs('run.sh'), mode);
    const r = await run(writeFileTool(), { path: 'run.sh', content: 'echo 2\n' }, () => {});
    expect(r.status).toBe('executed');
    expect(read('run.sh')).toBe('echo 2\n');
    expect(lstatSync(abs('run.sh')).mode & 0o777).toBe(mode);
  });
});
