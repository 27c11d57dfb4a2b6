import { symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, tempProject, toolCtx, type TempProject } from '../tools.testkit.js';
import { agentTool } from './agent.js';
import { memoryTool } from './memory.js';
import { reasonTool } from './reason.js';

let p: TempProject;
beforeEach(() => {
  p = tempProject();
});
afterEach(() => p.cleanup());

describe('agent', () => {
  it('runs a sub-agent through deps.runSubAgent with the parent context', async () => {
    const seen: { prompt: string; depth: number }[] = [];
    const tool = agentTool({
      runSubAgent: async ({ prompt, parentCtx }) => {
        seen.push({ prompt, depth: parentCtx.depth });
        return 'the answer';
      },
    });
    expect(await call(tool, { prompt: 'review x' }, toolCtx(p.root))).toEqual({ content: 'the answer', data: { depth: 1 } });
    expect(seen).toEqual([{ prompt: 'review x', depth: 0 }]);
  });

  it('refuses at depth 1 with the exact message, without calling the loop', async () => {
    let called = false;
    const tool = agentTool({ runSubAgent: async () => ((called = true), 'x') });
    expect(await call(tool, { prompt: 'again' }, toolCtx(p.root, { depth: 1 }))).toEqual({
      content: 'sub-agent depth limit (1) reached',
      isError: true,
    });
    expect(called).toBe(false);
  });

  it('says when sub-agents are unavailable, and names a bad prompt', async () => {
    expect((await call(agentTool({}), { prompt: 'x' }, toolCtx(p.root))).content).toBe(
      'agent: sub-agents are not available in this session',
    );
    expect(agentTool({}).parameters.safeParse({ prompt: '' }).error!.issues[0]!.path).toEqual(['prompt']);
  });

  it('is cancelled with the parent', async () => {
    const ac = new AbortController();
    const tool = agentTool({
      runSubAgent: ({ parentCtx }) =>
        new Promise((_, reject) =>
          parentCtx.signal.addEventListener('abort', () => reject(Object.assign(new Error('aborted'), { name: 'AbortError' }))),
        ),
    });
    const pending = call(tool, { prompt: 'long' }, toolCtx(p.root, { signal: ac.signal }));
    ac.abort();
    expect(await pending).toEqual({ isError: true, content: 'agent: cancelled' });
  });
});

describe('reason', () => {
  it('returns the thought unchanged', async () => {
    expect((await call(reasonTool(), { thought: 'plan: a then b' }, toolCtx(p.root))).content).toBe('plan: a then b');
  });
});

describe('memory', () => {
  const tool = memoryTool();

  it('recalls CODECODER.md and lists the other notes', async () => {
    p.write('CODECODER.md', '# Project\nUse pnpm.\n');
    p.write('.codecoder/memory/decisions.md', 'We chose zod.\nTests use vitest.\n');
    p.write('.codecoder/memory/skip.txt', 'not a note');
    const r = await call(tool, {}, toolCtx(p.root));
    expect(r.content).toBe('CODECODER.md:\n# Project\nUse pnpm.\n\nother notes (read one with note="<name>"):\n- decisions.md (3 lines)');
    expect((await call(tool, { note: 'decisions.md' }, toolCtx(p.root))).content).toBe(
      '.codecoder/memory/decisions.md:\nWe chose zod.\nTests use vitest.\n',
    );
  });

  it('searches every note, all words, any case', async () => {
    p.write('CODECODER.md', 'Run tests with VITEST run\n');
    p.write('.codecoder/memory/a.md', 'vitest is fast\nother\n');
    const r = await call(tool, { query: 'vitest RUN' }, toolCtx(p.root));
    expect(r.content).toBe('CODECODER.md:1: Run tests with VITEST run');
    expect((await call(tool, { query: 'nothing-here' }, toolCtx(p.root))).content).toBe('no lines match "nothing-here" in 2 notes');
  });

  it('says when there are no notes, and skips a note that points outside', async () => {
    expect((await call(tool, {}, toolCtx(p.root))).content).toBe('no memory notes yet (CODECODER.md or .codecoder/memory/*.md)');
    writeFileSync(path.join(p.outside, 'secret.md'), 'secret');
    p.write('.codecoder/memory/ok.md', 'fine');
    symlinkSync(path.join(p.outside, 'secret.md'), path.join(p.root, '.codecoder/memory/leak.md'));
    const r = await call(tool, { query: 'secret' }, toolCtx(p.root));
    expect(r.content).toBe('no lines match "secret" in 1 note\n[skipped: .codecoder/memory/leak.md (points outside the project)]');
  });

  it('refuses a note name with folders and contradictory arguments', () => {
    expect(tool.parameters.safeParse({ note: '../../etc/passwd' }).error!.issues[0]!.path).toEqual(['note']);
    expect(tool.parameters.safeParse({ note: 'a.md', query: 'x' }).error!.issues[0]!.path).toEqual(['note']);
  });
});
