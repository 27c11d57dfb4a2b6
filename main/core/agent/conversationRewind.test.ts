/** ConversationStore.rewind: keeps the first N messages and what belongs to them, drops the rest. */
import { rm } from 'node:fs/promises';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { ConversationStore } from './conversations.js';
import type { AgentEvent } from './events.js';
import { useTempDir } from '../fs/tempDir.testkit.js';

const tempDirs = useTempDir();

let data: string;
beforeEach(async () => {
  data = await tempDirs('cc-rewind-');
});
afterEach(async () => rm(data, { recursive: true, force: true }));

const ev = (type: 'run.started' | 'run.finished', runId: string): AgentEvent =>
  (type === 'run.started'
    ? { type, at: 1, runId, conversationId: 'c', agentId: 'main', depth: 0, prompt: runId, provider: 'p', model: 'm' }
    : {
        type,
        at: 1,
        runId,
        conversationId: 'c',
        agentId: 'main',
        depth: 0,
        stopReason: 'end_turn',
        turns: 1,
        usage: { inputTokens: 0, outputTokens: 0 },
        finalText: '',
      }) as AgentEvent;
const msg = (role: 'user' | 'assistant', text: string) => ({ role, content: [{ type: 'text' as const, text }] });

it('rewinds to before a run: its messages and events go, the earlier run keeps its end', async () => {
  const s = new ConversationStore({ dataDir: data, projectRoot: '/p', ids: () => 'c' });
  await s.create();
  await s.appendEvents('c', [ev('run.started', 'r1')]);
  await s.appendMessages('c', [msg('user', 'one')]);
  await s.appendMessages('c', [msg('assistant', 'answer one')]);
  // r1's end is flushed after its last message; r2's start just before its prompt.
  await s.appendEvents('c', [ev('run.finished', 'r1')]);
  await s.appendEvents('c', [ev('run.started', 'r2')]);
  await s.appendMessages('c', [msg('user', 'two')]);
  await s.appendEvents('c', [ev('run.finished', 'r2')]);

  expect(await s.rewind('c', 2)).toEqual({ removedMessages: 1 });
  const c = await s.load('c');
  expect(c.messages.map((m) => (m.content[0] as { text: string }).text)).toEqual(['one', 'answer one']);
  expect(c.events.map((e) => `${e.type}:${e.runId}`)).toEqual(['run.started:r1', 'run.finished:r1']);
  // Appending after a rewind works as before.
  await s.appendMessages('c', [msg('user', 'three')]);
  expect((await s.load('c')).messages).toHaveLength(3);
  expect(await s.rewind('c', 0)).toEqual({ removedMessages: 3 });
  expect((await s.load('c')).events).toEqual([]);
});
