/**
 * Background agents through the router, as the Agents board uses them: agents.start, the approval
 * on the project's queue naming its agent (answered with approvals.answer), agents.status events,
 * agents.list / diff / events / merge / discard, and a clear error for a folder that is no repository.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EventName, PendingApprovalView, Result } from '../../../shared/contract/index.js';
import { gitIn, gitProject } from '../agents/agents.testkit.js';
import { useTempDir } from '../fs/tempDir.testkit.js';
import { startScriptedServer, type ScriptInput } from '../llm/index.js';
import { createPlainNodeCore } from './plainNodeCore.js';
import type { WindowSession } from './windows.js';

const temp = useTempDir();

async function open(project: string, script: ScriptInput) {
  const dataDir = await temp('cc-app-agents-data-');
  const server = await startScriptedServer({ script });
  const core = createPlainNodeCore({
    dataDir,
    env: {},
    llmOverride: () => ({ provider: 'anthropic', model: 'scripted', baseUrl: server.url, apiKey: 'k' }),
  });
  const events: { name: EventName; payload: unknown }[] = [];
  const window: WindowSession = { id: 'w1', project: null, emit: (name, payload) => void events.push({ name, payload }) };
  core.windows.add(window);
  const call = async <T = unknown>(method: string, input: unknown = {}): Promise<Result<T>> =>
    (await core.router.call(method, input, { caller: 'w1', window })) as Result<T>;
  const value = async <T = any>(method: string, input: unknown = {}): Promise<T> => {
    const r = await call<T>(method, input);
    if (!r.ok) throw new Error(`${method}: ${r.error.code}: ${r.error.message}`);
    return r.value;
  };
  await value('project.open', { path: project });
  return {
    call,
    value,
    events,
    async close() {
      await core.runtimes.closeAll();
      await server.close();
    },
  };
}

const until = async <T>(fn: () => Promise<T | undefined>): Promise<T> => {
  for (let i = 0; i < 300; i++) {
    const v = await fn();
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('timed out');
};

describe('agents.* through the router', () => {
  it('start → approval naming the agent → answered → finished → diff, events, merge, discard', async () => {
    const project = await gitProject(temp, { 'a.txt': 'a\n' });
    const h = await open(project, {
      models: ['scripted'],
      turns: [{ match: { lastUser: 'task' }, toolCalls: [{ id: 't1', name: 'write_file', input: { path: 'a.txt', content: 'agent\n' } }] }],
      whenExhausted: { text: 'done' },
    });
    try {
      const started = await h.value('agents.start', { prompt: 'task: change a.txt', name: 'fixer' });
      expect(started).toMatchObject({ id: 'fixer', branch: 'codecoder/fixer' });
      const approval = await until(async () =>
        (await h.value<PendingApprovalView[]>('approvals.list')).find((a) => a.conversationId === started.conversationId),
      );
      expect(approval).toMatchObject({ worktreeAgentId: 'fixer', key: 'write_file:a.txt' });
      const waiting = await until(async () => (await h.value('agents.list')).agents.find((a: any) => a.status === 'waiting'));
      expect(waiting.waitingApprovals).toEqual([approval.id]);
      await h.value('approvals.answer', { id: approval.id, answer: { choice: 'once' } });
      const done = await until(async () => (await h.value('agents.list')).agents.find((a: any) => a.status === 'finished'));
      expect(done).toMatchObject({ id: 'fixer', filesChanged: 1 });
      expect(h.events.some((e) => e.name === 'agents.status' && (e.payload as any).agent.status === 'running')).toBe(true);
      expect(h.events.some((e) => e.name === 'agent.event' && (e.payload as any).conversationId === started.conversationId)).toBe(true);

      const diff = await h.value('agents.diff', { id: 'fixer' });
      expect(diff.files).toEqual([{ path: 'a.txt', change: 'modified', protected: false }]);
      const transcript = await h.value('agents.events', { id: 'fixer' });
      expect(transcript.events.some((e: any) => e.type === 'run.finished')).toBe(true);
      const merged = await h.value('agents.merge', { id: 'fixer' });
      expect(merged).toMatchObject({ outcome: 'fast-forward', agent: { status: 'merged' } });
      expect(await readFile(path.join(project, 'a.txt'), 'utf8')).toBe('agent\n');

      expect(await h.value('agents.discard', { id: 'fixer' })).toEqual({ ok: true });
      expect((await h.value('agents.list')).agents).toEqual([]);
      expect(h.events.some((e) => e.name === 'agents.status' && (e.payload as any).removed === true)).toBe(true);
      expect(gitIn(project, 'branch', '--list', 'codecoder/*')).toBe('');
      // Bad input never reaches the service.
      const bad = await h.call('agents.start', { prompt: 'x', name: 'Not A Name' });
      expect(bad.ok).toBe(false);
    } finally {
      await h.close();
    }
  });

  it('a folder that is not a git repository says so', async () => {
    const h = await open(await temp('cc-app-agents-plain-'), { turns: [] });
    try {
      const r = await h.call('agents.list');
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.message).toMatch(/No background agents here: .*git repository/);
    } finally {
      await h.close();
    }
  });
});
