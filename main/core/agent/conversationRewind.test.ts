/**
 * ConversationStore.rewind: keeps the first N messages and what belongs to them, drops the rest; and
 * the edit it returns puts them back (applyEdit), but never over messages added since.
 */
import { readFile, rm } from 'node:fs/promises';
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

  expect(await s.rewind('c', 2)).toMatchObject({ removedMessages: 1, prompt: 'two' });
  const c = await s.load('c');
  expect(c.messages.map((m) => (m.content[0] as { text: string }).text)).toEqual(['one', 'answer one']);
  expect(c.events.map((e) => `${e.type}:${e.runId}`)).toEqual(['run.started:r1', 'run.finished:r1']);
  // Appending after a rewind works as before.
  await s.appendMessages('c', [msg('user', 'three')]);
  expect((await s.load('c')).messages).toHaveLength(3);
  expect(await s.rewind('c', 0)).toMatchObject({ removedMessages: 3, prompt: 'one' });
  expect((await s.load('c')).events).toEqual([]);
});

async function twoRuns(project = '/p') {
  const s = new ConversationStore({ dataDir: data, projectRoot: project, ids: () => 'c' });
  await s.create();
  await s.appendEvents('c', [ev('run.started', 'r1')]);
  await s.appendMessages('c', [msg('user', 'one')]);
  await s.appendMessages('c', [msg('assistant', 'answer one')]);
  await s.appendEvents('c', [ev('run.finished', 'r1'), ev('run.started', 'r2')]);
  await s.appendMessages('c', [msg('user', 'two\nwith a second line')]);
  await s.appendMessages('c', [msg('assistant', 'answer two')]);
  await s.appendEvents('c', [ev('run.finished', 'r2')]);
  return s;
}

it('the edit a rewind returns puts the conversation back exactly, keeping events added since; its reverse cuts again', async () => {
  const s = await twoRuns();
  const before = await readFile(s.fileOf('c'), 'utf8');
  const beforeLoad = await s.load('c');
  const cut = await s.rewind('c', 2);
  expect(cut.removedMessages).toBe(2);
  expect(cut.prompt).toBe('two\nwith a second line');
  const rewound = await s.load('c');
  // A restore announces itself after the rewind: an events record, which the undo keeps.
  const notice = { ...ev('run.finished', 'restore'), type: 'checkpoint' } as unknown as AgentEvent;
  await s.appendEvents('c', [notice]);
  expect(await s.checkEdit('c', cut.undo)).toBeUndefined();
  const back = await s.applyEdit('c', cut.undo);
  expect(back).toMatchObject({ added: 2, removed: 0 });
  const after = await s.load('c');
  expect(after.messages).toEqual(beforeLoad.messages);
  expect(after.events).toEqual([...beforeLoad.events, notice]);
  expect((await readFile(s.fileOf('c'), 'utf8')).startsWith(before)).toBe(true);
  // Undoing the undo cuts the same messages again.
  expect(await s.applyEdit('c', back.undo)).toMatchObject({ added: 0, removed: 2 });
  expect((await s.load('c')).messages).toEqual(rewound.messages);
});

it('refuses, with a reason and the file untouched, when messages were added after the rewind or it was rewound again', async () => {
  const s = await twoRuns();
  const cut = await s.rewind('c', 2);
  await s.appendMessages('c', [msg('user', 'a newer question')]);
  const file = await readFile(s.fileOf('c'), 'utf8');
  expect(await s.checkEdit('c', cut.undo)).toMatch(/1 message was added to the conversation since/);
  await expect(s.applyEdit('c', cut.undo)).rejects.toMatchObject({ name: 'ConversationError', code: 'conflict' });
  expect(await readFile(s.fileOf('c'), 'utf8')).toBe(file);

  const s2 = await twoRuns('/q');
  const first = await s2.rewind('c', 2);
  await s2.rewind('c', 0);
  expect(await s2.checkEdit('c', first.undo)).toMatch(/no longer as the rewind left it/);
  await expect(s2.applyEdit('c', first.undo)).rejects.toMatchObject({ code: 'conflict' });
});
