import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runQuickJs } from './quickjs.js';
import { useTempDir } from '../../fs/tempDir.testkit.js';

const tempDirs = useTempDir();

function project(): string {
  const base = tempDirs.sync('cc-qjs-');
  mkdirSync(path.join(base, 'p'));
  writeFileSync(path.join(base, 'p', 'in.txt'), 'inside');
  writeFileSync(path.join(base, 'secret.txt'), 'outside');
  return path.join(base, 'p');
}

describe('the wasm environment (QuickJS)', () => {
  it('calls the default export with the arguments and returns its JSON value', async () => {
    const r = await runQuickJs({
      code: 'export default async (a) => ({ up: a.text.toUpperCase(), n: a.n * 2 })',
      args: { text: 'hi', n: 21 },
    });
    expect(r).toEqual({ ok: true, value: { up: 'HI', n: 42 }, logs: [] });
  });

  it('has no process, require, fetch, or file access unless granted', async () => {
    const r = await runQuickJs({
      code: 'export default () => [typeof process, typeof require, typeof fetch, typeof readFile, typeof XMLHttpRequest, typeof globalThis.std]',
      args: {},
    });
    expect(r).toMatchObject({ ok: true, value: ['undefined', 'undefined', 'undefined', 'undefined', 'undefined', 'undefined'] });
  });

  it('stops at the memory limit, also for memory grown by realloc', async () => {
    const small = await runQuickJs({
      code: 'export default () => { const a = []; for (;;) a.push([a.length, { k: a.length }]); }',
      args: {},
      memoryLimitBytes: 8 * 1024 * 1024,
    });
    expect(small).toMatchObject({ ok: false, kind: 'memory' });
    const r = await runQuickJs({
      code: 'export default () => { const a = []; for (;;) a.push(new Array(1024).fill(a.length)); }',
      args: {},
      memoryLimitBytes: 8 * 1024 * 1024,
    });
    expect(r).toMatchObject({ ok: false, kind: 'memory' });
  });

  it('stops busy code at the deadline (the interrupt handler, on an injected clock)', async () => {
    let t = 0;
    const r = await runQuickJs({ code: 'export default () => { for (;;) {} }', args: {}, timeoutMs: 1000, now: () => (t += 10) });
    expect(r).toMatchObject({ ok: false, kind: 'timeout' });
  });

  it('stops code that waits forever on a promise at the deadline', async () => {
    const r = await runQuickJs({ code: 'export default () => new Promise(() => {})', args: {}, timeoutMs: 50 });
    expect(r).toMatchObject({ ok: false, kind: 'timeout' });
  });

  it('stops on cancel', async () => {
    const ac = new AbortController();
    ac.abort();
    const r = await runQuickJs({ code: 'export default () => { for (;;) {} }', args: {}, signal: ac.signal });
    expect(r).toMatchObject({ ok: false, kind: 'cancelled' });
  });

  it('reads project files when granted, and nothing outside the project', async () => {
    const root = project();
    const ok = await runQuickJs({
      code: 'export default async () => await readFile("in.txt")',
      args: {},
      grants: ['read_project'],
      projectRoot: root,
    });
    expect(ok).toMatchObject({ ok: true, value: 'inside' });
    const out = await runQuickJs({
      code: 'export default async () => await readFile("../secret.txt")',
      args: {},
      grants: ['read_project'],
      projectRoot: root,
    });
    expect(out).toMatchObject({ ok: false, kind: 'error' });
    expect(!out.ok && out.error).toContain('outside the project');
    const abs = await runQuickJs({
      code: 'export default async () => await readFile("/etc/passwd")',
      args: {},
      grants: ['read_project'],
      projectRoot: root,
    });
    expect(abs.ok).toBe(false);
  });

  it('reports guest errors and a missing default export', async () => {
    expect(await runQuickJs({ code: 'export default () => { throw new TypeError("bad") }', args: {} })).toMatchObject({
      ok: false,
      kind: 'error',
      error: 'TypeError: bad',
    });
    expect(await runQuickJs({ code: 'export const x = 1', args: {} })).toMatchObject({ ok: false, kind: 'error' });
    expect(await runQuickJs({ code: 'this is not js', args: {} })).toMatchObject({ ok: false, kind: 'error' });
  });

  it('captures console.log', async () => {
    const lines: string[] = [];
    const r = await runQuickJs({
      code: 'export default () => { console.log("a", { b: 1 }); return 1 }',
      args: {},
      onLog: (l) => lines.push(l),
    });
    expect(r).toMatchObject({ ok: true, logs: ['a {"b":1}'] });
    expect(lines).toEqual(['a {"b":1}\n']);
  });
});
