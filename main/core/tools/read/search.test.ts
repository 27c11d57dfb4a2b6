import { execFileSync } from 'node:child_process';
import { symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { globTool } from './glob.js';
import { grepTool, type GrepMatch } from './grep.js';
import { runRg } from './rg.js';
import { call, tempProject, toolCtx, type TempProject } from '../tools.testkit.js';

let p: TempProject;
beforeEach(() => {
  p = tempProject();
});
afterEach(() => p.cleanup());

describe('glob', () => {
  const tool = globTool();

  it('lists matching files sorted, respecting .gitignore and skipping hidden files', async () => {
    p.write('.gitignore', 'dist/\n');
    p.write('src/b.ts', '');
    p.write('src/a.ts', '');
    p.write('src/deep/c.ts', '');
    p.write('dist/out.ts', '');
    p.write('.cfg/x.ts', '');
    p.write('README.md', '');
    const r = await call(tool, { pattern: '**/*.ts' }, toolCtx(p.root));
    expect(r.content).toBe('src/a.ts\nsrc/b.ts\nsrc/deep/c.ts');
    const hidden = await call(tool, { pattern: '*.ts', hidden: true }, toolCtx(p.root));
    expect(hidden.content).toBe('.cfg/x.ts\nsrc/a.ts\nsrc/b.ts\nsrc/deep/c.ts');
    const under = await call(tool, { pattern: '*.ts', path: 'src/deep' }, toolCtx(p.root));
    expect(under.content).toBe('src/deep/c.ts');
    const excl = await call(tool, { pattern: '*.ts', exclude: ['**/deep/**'] }, toolCtx(p.root));
    expect(excl.content).toBe('src/a.ts\nsrc/b.ts');
  });

  it('caps results and counts what was left out', async () => {
    for (let i = 0; i < 30; i++) p.write(`f${String(i).padStart(2, '0')}.txt`, '');
    const r = await call(tool, { pattern: '*.txt', max_results: 10 }, toolCtx(p.root));
    const lines = r.content.split('\n');
    expect(lines.slice(0, 10)).toEqual(Array.from({ length: 10 }, (_, i) => `f0${i}.txt`));
    expect(lines[10]).toBe('[20 more paths not shown (30 in all); narrow the pattern or raise max_results]');
    expect(r.data).toMatchObject({ total: 30 });
  });

  it('says so when nothing matches, and refuses a path outside', async () => {
    expect((await call(tool, { pattern: '*.zig' }, toolCtx(p.root))).content).toBe('no files match *.zig in .');
    expect((await call(tool, { pattern: '*', path: '../outside' }, toolCtx(p.root))).content).toMatch(
      /^glob: "path" is outside the project/,
    );
  });

  it('rejects an empty pattern naming the field', () => {
    const r = tool.parameters.safeParse({ pattern: '' });
    expect(r.error!.issues[0]!.path).toEqual(['pattern']);
  });
});

describe('grep', () => {
  const tool = grepTool();

  it('finds matches as path:line:text, with context and glob filters', async () => {
    p.write('src/a.ts', 'const x = 1;\nfunction foo() {}\nconst y = 2;\n');
    p.write('src/b.py', 'def foo():\n  pass\n');
    p.write('weird:name-1.txt', 'foo here\n');
    const r = await call(tool, { pattern: 'fo+\\(', glob: '*.ts' }, toolCtx(p.root));
    expect(r.content).toBe('src/a.ts:2:function foo() {}');
    const ctx = await call(tool, { pattern: 'function', context: 1 }, toolCtx(p.root));
    expect(ctx.content).toBe('src/a.ts-1-const x = 1;\nsrc/a.ts:2:function foo() {}\nsrc/a.ts-3-const y = 2;');
    const odd = await call(tool, { pattern: 'here', fixed_strings: true }, toolCtx(p.root));
    expect(odd.data).toMatchObject({ matches: [{ path: 'weird:name-1.txt', line: 1, text: 'foo here' }] });
    const ci = await call(tool, { pattern: 'DEF FOO', case_insensitive: true, path: 'src' }, toolCtx(p.root));
    expect(ci.content).toBe('src/b.py:1:def foo():');
  });

  it('caps matches and counts the matches and files left out', async () => {
    for (let f = 0; f < 5; f++) p.write(`f${f}.txt`, Array.from({ length: 100 }, (_, i) => `hit ${i}`).join('\n'));
    const r = await call(tool, { pattern: 'hit', max_results: 150 }, toolCtx(p.root));
    const matches = (r.data as { matches: GrepMatch[] }).matches;
    expect(matches).toHaveLength(150);
    expect(r.content.split('\n').at(-1)).toBe(
      '[350 more matching lines in 3 more files not shown (cap: 150 matches, 100000 characters); narrow the pattern, path or glob]',
    );
  });

  it('caps very long lines', async () => {
    p.write('min.js', `var a="${'z'.repeat(5000)}needle${'z'.repeat(5000)}";`);
    const r = await call(tool, { pattern: 'needle' }, toolCtx(p.root));
    expect(r.content.length).toBeLessThan(700);
    expect(r.content).toContain('[... omitted end of long line]');
  });

  it('reports a bad regex clearly', async () => {
    p.write('a.txt', 'x');
    const r = await call(tool, { pattern: '(unclosed' }, toolCtx(p.root));
    expect(r.isError).toBe(true);
    expect(r.content).toMatch(/^grep: ripgrep failed: regex parse error/);
  });

  it('skips binary files, and does not follow a symlink out of the project', async () => {
    p.write('bin.dat', Buffer.from('needle\0\0\0'));
    writeFileSync(path.join(p.outside, 'leak.txt'), 'needle outside');
    symlinkSync(p.outside, path.join(p.root, 'out'));
    const r = await call(tool, { pattern: 'needle' }, toolCtx(p.root));
    expect(r.content).not.toContain('needle outside');
    const direct = await call(tool, { pattern: 'needle', path: 'out/leak.txt' }, toolCtx(p.root));
    expect(direct.content).toMatch(/^grep: "path" is outside the project/);
  });

  it('is cancelled mid-run: the signal kills rg', async () => {
    // rg blocks reading a FIFO nobody writes to: only a kill ends it.
    execFileSync('mkfifo', [path.join(p.root, 'pipe')]);
    const ac = new AbortController();
    const pending = call(tool, { pattern: 'x', path: 'pipe' }, toolCtx(p.root, { signal: ac.signal }));
    setTimeout(() => ac.abort(), 50);
    expect(await pending).toEqual({ isError: true, content: 'grep: cancelled' });
  });

  it('runRg rejects with AbortError when aborted', async () => {
    execFileSync('mkfifo', [path.join(p.root, 'pipe')]);
    const ac = new AbortController();
    const run = runRg(['--no-config', 'x', 'pipe'], { cwd: p.root, signal: ac.signal, onLine: () => {} });
    setTimeout(() => ac.abort(), 20);
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
  });
});
