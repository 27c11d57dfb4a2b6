import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { liveInGroup } from '../../env/processes.testkit.js';
import { parseToolArgs, toJsonSchema } from '../registry.js';
import type { Tool } from '../types.js';
import { createExecuteTools } from './index.js';
import { tempProject, testCtx, testDeps } from './execute.testkit.js';

function setup() {
  const { root, dataDir } = tempProject();
  const set = createExecuteTools(testDeps(root, dataDir));
  const tool = (name: string) => set.tools.find((t) => t.name === name) as Tool<any>;
  return { root, dataDir, set, tool, ctx: testCtx(root, dataDir) };
}

const PROBE = 'test -t 1 && echo out=tty || echo out=pipe; test -t 0 && echo in=tty || echo in=other';

describe('run_command: tty', () => {
  it('by default gives a pipe on stdout/stderr and a terminal on stdin', async () => {
    const { tool, ctx } = setup();
    const r = await tool('run_command').execute({ command: PROBE }, ctx);
    expect(r.content).toContain('out=pipe');
    expect(r.content).toContain('in=tty');
    expect(ctx.chunks.join('')).toBe('out=pipe\nin=tty\n');
  });

  it('with tty: true keeps the pty on stdout, as before', async () => {
    const { tool, ctx } = setup();
    const r = await tool('run_command').execute({ command: PROBE, tty: true }, ctx);
    expect(r.content).toContain('out=tty');
    expect(ctx.chunks.join('')).toBe('out=tty\r\nin=tty\r\n');
  });

  it('refuses a tty that is not a boolean, naming the field', () => {
    const { tool } = setup();
    const r = parseToolArgs(tool('run_command'), { command: 'ls', tty: 'yes' });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toMatch(/^run_command: invalid arguments: "tty": /);
  });

  it('describes the choice to the model', () => {
    const { tool } = setup();
    const rc = tool('run_command');
    expect(rc.description).toMatch(/tty: true/);
    const tty = (toJsonSchema(rc).properties as Record<string, { type: string; description: string }>).tty!;
    expect(tty.type).toBe('boolean');
    expect(tty.description).toMatch(/pipe/);
    expect(tty.description).toMatch(/colours/);
  });

  it('on timeout kills the whole group, in either mode, and leaves no FIFO folder behind', async () => {
    for (const tty of [false, true]) {
      const { tool, ctx } = setup();
      const r = await tool('run_command').execute(
        { command: 'readlink /proc/$$/fd/1; sleep 300 & sleep 300; wait', timeout_ms: 300, tty },
        ctx,
      );
      expect(r.content).toContain('timed out');
      expect(liveInGroup(pidOf(r))).toEqual([]);
      const target = ctx.chunks.join('').split(/\r?\n/)[0]!;
      if (tty) expect(target).toMatch(/^\/dev\/pts\//);
      else expect(existsSync(path.dirname(target))).toBe(false);
    }
  });

  it('background runs in pipe mode: process_output reads it, the exit code is kept', async () => {
    const { tool, ctx, set } = setup();
    const started = await tool('run_command').execute({ command: `${PROBE}; exit 5`, background: true }, ctx);
    const id = (started.data as { id: string }).id;
    await set.processes.get(id)!.done;
    const o = await tool('process_output').execute({ id }, ctx);
    expect(o.content).toContain('exited with code 5');
    expect(o.content).toContain('out=pipe\nin=tty\n');
  });
});

function pidOf(r: { data?: unknown }): number {
  const pid = (r.data as { pid?: number }).pid;
  if (typeof pid !== 'number') throw new Error('run_command result has no pid');
  return pid;
}
