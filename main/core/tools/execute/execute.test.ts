import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Tool } from '../types.js';
import { createExecuteTools } from './index.js';
import { readLogSlice } from './processTable.js';
import { tempProject, testCtx, testDeps } from './execute.testkit.js';
import { writeFileSync } from 'node:fs';
import path from 'node:path';

function setup(secrets: string[] = []) {
  const { root, dataDir } = tempProject();
  const set = createExecuteTools(testDeps(root, dataDir, secrets));
  const tool = (name: string) => set.tools.find((t) => t.name === name) as Tool<any>;
  return { root, dataDir, set, tool };
}

describe('run_command', () => {
  it('asks with run_command:<program>, keys compounds whole, and refuses invalid commands', async () => {
    const { tool, root } = setup();
    const rc = tool('run_command');
    const p = await rc.permission({ command: 'git status' }, { projectRoot: root });
    expect(p).toMatchObject({ kind: 'ask', key: { raw: 'run_command:git' } });
    const c = await rc.permission({ command: 'git status && git push' }, { projectRoot: root });
    expect(c.kind).toBe('ask');
    expect(c.kind === 'ask' && c.flags?.compound).toBe(true);
    expect((await rc.permission({ command: 'echo "unterminated' }, { projectRoot: root })).kind).toBe('invalid');
    expect((await tool('run_sandboxed').permission({ command: 'npm test' }, { projectRoot: root })).kind === 'ask').toBe(true);
    expect(await tool('run_sandboxed').permission({ command: 'npm test' }, { projectRoot: root })).toMatchObject({
      key: { raw: 'run_sandboxed:npm' },
    });
    expect(await tool('run_container').permission({ command: 'make -j2' }, { projectRoot: root })).toMatchObject({
      key: { raw: 'run_container:make' },
    });
  });

  it('rejects bad arguments with the field named', () => {
    const { tool } = setup();
    const r = tool('run_command').parameters.safeParse({ command: '', timeout_ms: -5 });
    expect(r.success).toBe(false);
    const fields = r.error!.issues.map((i) => i.path.join('.'));
    expect(fields).toContain('command');
    expect(fields).toContain('timeout_ms');
    expect(tool('run_command').parameters.safeParse({ command: 'ls', colour: true }).success).toBe(false);
  });

  it('runs in the project, streams to ctx.output, returns the exit code and the log path', async () => {
    const { tool, root, dataDir } = setup();
    const ctx = testCtx(root, dataDir);
    const r = await tool('run_command').execute({ command: 'pwd; echo out; exit 3' }, ctx);
    expect(r.isError).toBe(true);
    expect(r.content).toContain('exit code 3');
    expect(r.content).toContain(root);
    expect(ctx.chunks.join('')).toContain('out');
    expect((r.data as { exitCode: number }).exitCode).toBe(3);
    expect(readFileSync(r.fullLogPath!, 'utf8')).toContain('out');
    expect(r.fullLogPath!.startsWith(dataDir)).toBe(true);
  });

  it('refuses a cwd outside the project, naming the field', async () => {
    const { tool, root, dataDir } = setup();
    const r = await tool('run_command').execute({ command: 'pwd', cwd: '../..' }, testCtx(root, dataDir));
    expect(r.isError).toBe(true);
    expect(r.content).toContain('"cwd"');
  });

  it('scrubs the secrets the app holds from the child environment', async () => {
    const secret = 'sk-test-0123456789abcdef';
    const before = { ...process.env };
    process.env.ANTHROPIC_API_KEY = secret;
    process.env.SOME_OTHER_NAME = `Bearer ${secret}`;
    try {
      const { tool, root, dataDir } = setup([secret]);
      const r = await tool('run_command').execute({ command: 'env' }, testCtx(root, dataDir));
      expect(r.content).not.toContain(secret);
      expect(r.content).not.toContain('ANTHROPIC_API_KEY');
      expect(r.content).toContain('PATH=');
    } finally {
      process.env = before;
    }
  });

  it('times out and says so', async () => {
    const { tool, root, dataDir } = setup();
    const r = await tool('run_command').execute({ command: 'sleep 300', timeout_ms: 200 }, testCtx(root, dataDir));
    expect(r.isError).toBe(true);
    expect(r.content).toContain('timed out');
  });

  it('cancels mid-run on ctx.signal', async () => {
    const { tool, root, dataDir } = setup();
    const ac = new AbortController();
    const ctx = testCtx(root, dataDir, { signal: ac.signal, output: (c) => c.includes('go') && ac.abort() });
    const r = await tool('run_command').execute({ command: 'echo go; sleep 300' }, ctx);
    expect(r.isError).toBe(true);
    expect(r.content).toMatch(/cancel/);
  });

  it('background: returns an id; process_output reads by offset with the state; process_kill stops it', async () => {
    const { tool, root, dataDir, set } = setup();
    const ctx = testCtx(root, dataDir);
    const started = await tool('run_command').execute({ command: 'echo first; read line; echo never', background: true }, ctx);
    const id = (started.data as { id: string }).id;
    expect(id).toBe('bg1');
    const proc = set.processes.get(id)!;
    // Wait on the process's own output (the log), not on time.
    for (;;) {
      const o = await tool('process_output').execute({ id }, ctx);
      if ((o.data as { available: number }).available > 0 && o.content.includes('first')) {
        expect(o.content).toContain('running');
        const next = (o.data as { next_offset: number }).next_offset;
        const again = await tool('process_output').execute({ id, offset: next }, ctx);
        expect(again.content).not.toContain('first');
        break;
      }
      await new Promise((r) => setImmediate(r));
    }
    expect(await tool('process_kill').permission({ id }, { projectRoot: root })).toMatchObject({
      kind: 'ask',
      key: { raw: 'process_kill:background' },
    });
    const k = await tool('process_kill').execute({ id }, ctx);
    expect(k.content).toContain('stopped');
    expect(proc.state).toBe('killed');
    const after = await tool('process_output').execute({ id }, ctx);
    expect(after.content).toContain('killed');
    const unknown = await tool('process_output').execute({ id: 'bg99' }, ctx);
    expect(unknown.isError).toBe(true);
    expect(unknown.content).toContain('"id"');
  });

  it('background exit is reported with its code', async () => {
    const { tool, root, dataDir, set } = setup();
    const ctx = testCtx(root, dataDir);
    const started = await tool('run_command').execute({ command: 'echo done; exit 4', background: true }, ctx);
    const id = (started.data as { id: string }).id;
    await set.processes.get(id)!.done;
    const o = await tool('process_output').execute({ id }, ctx);
    expect(o.content).toContain('exited with code 4');
    expect(o.content).toContain('done');
  });
});

describe('readLogSlice', () => {
  it('never splits a multi-byte character, from either end', async () => {
    const { dataDir } = tempProject();
    const f = path.join(dataDir, 'l.log');
    writeFileSync(f, 'a€b€c');
    // 'a' (1) + '€' (3): a 2-byte read ending inside € stops before it.
    const s1 = await readLogSlice(f, 0, 2);
    expect(s1.text).toBe('a');
    expect(s1.nextOffset).toBe(1);
    const s2 = await readLogSlice(f, 2, 100); // starts inside the first €
    expect(s2.text).toBe('b€c');
    expect(s2.more).toBe(false);
  });
});
