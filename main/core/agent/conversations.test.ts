import { appendFile, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LlmMessage } from '../llm/index.js';
import { ConversationStore } from './conversations.js';
import { tempDir } from './agent.testkit.js';

const user = (text: string): LlmMessage => ({ role: 'user', content: [{ type: 'text', text }] });
const assistant = (text: string): LlmMessage => ({ role: 'assistant', content: [{ type: 'text', text }] });

describe('ConversationStore', () => {
  it('stores conversations in the data folder, never in the project, and lists them', async () => {
    const dataDir = await tempDir('cc-data-');
    const root = await tempDir('cc-proj-');
    let t = 1000;
    const store = new ConversationStore({ dataDir, projectRoot: root, clock: { now: () => t++ } });
    const a = await store.create({ title: 'Fix the   tests\nplease' });
    await store.appendMessages(a.id, [user('fix'), assistant('fixed')]);
    const b = await store.create({ title: 'Second' });
    expect(store.fileOf(a.id).startsWith(dataDir)).toBe(true);
    expect(store.fileOf(a.id).startsWith(root)).toBe(false);
    const list = await store.list();
    expect(list.map((c) => [c.id, c.title, c.messageCount]).sort()).toEqual(
      [
        [a.id, 'Fix the tests please', 2],
        [b.id, 'Second', 0],
      ].sort(),
    );
    const loaded = await store.load(a.id);
    expect(loaded.messages).toEqual([user('fix'), assistant('fixed')]);
    expect(loaded.meta.projectRoot).toBe(path.resolve(root));
  });

  it('a torn last line (crash mid-write) is ignored and cut before the next append', async () => {
    const dataDir = await tempDir('cc-data-');
    const store = new ConversationStore({ dataDir, projectRoot: '/tmp/proj-x' });
    const c = await store.create({ title: 't' });
    await store.appendMessages(c.id, [user('one'), assistant('two')]);
    await appendFile(store.fileOf(c.id), '{"type":"message","at":1,"message":{"role":"user","con');
    // A fresh store = the app after a restart.
    const after = new ConversationStore({ dataDir, projectRoot: '/tmp/proj-x' });
    const loaded = await after.load(c.id);
    expect(loaded.messages).toEqual([user('one'), assistant('two')]);
    expect(loaded.skippedLines).toBe(1);
    await after.appendMessages(c.id, [user('three')]);
    const text = await readFile(after.fileOf(c.id), 'utf8');
    expect(text.endsWith('\n')).toBe(true);
    expect(
      text
        .split('\n')
        .filter(Boolean)
        .every((l) => JSON.parse(l)),
    ).toBe(true);
    expect((await after.load(c.id)).messages.map((m) => m.content[0])).toEqual([
      { type: 'text', text: 'one' },
      { type: 'text', text: 'two' },
      { type: 'text', text: 'three' },
    ]);
  });

  it('concurrent appends never interleave lines', async () => {
    const store = new ConversationStore({ dataDir: await tempDir('cc-data-'), projectRoot: '/tmp/p' });
    const c = await store.create();
    await Promise.all(Array.from({ length: 50 }, (_, i) => store.appendMessages(c.id, [user(`m${i} ${'x'.repeat(5000)}`)])));
    expect((await store.load(c.id)).messages).toHaveLength(50);
  });

  it('rejects ids that could leave the folder and names a missing conversation', async () => {
    const store = new ConversationStore({ dataDir: await tempDir('cc-data-'), projectRoot: '/tmp/p' });
    expect(() => store.fileOf('../../etc/passwd')).toThrow(/invalid/);
    await expect(store.load('missing')).rejects.toThrow(/no conversation 'missing'/);
    await expect(store.appendMessages('missing', [user('x')])).rejects.toThrow(/no conversation 'missing'/);
  });

  it('a file without a header is skipped by list', async () => {
    const store = new ConversationStore({ dataDir: await tempDir('cc-data-'), projectRoot: '/tmp/p' });
    const c = await store.create({ title: 'ok' });
    await writeFile(path.join(store.dir, 'junk.jsonl'), 'garbage\n');
    expect((await store.list()).map((s) => s.id)).toEqual([c.id]);
  });

  it('renames (the last title counts), counts only what the user reads as messages, deletes', async () => {
    const dataDir = await tempDir('cc-data-');
    try {
      const store = new ConversationStore({ dataDir, projectRoot: '/tmp/proj-r' });
      const c = await store.create();
      await store.appendMessages(c.id, [
        user('list files'),
        { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'glob', input: {} }] },
        { role: 'user', content: [{ type: 'tool_result', toolUseId: 't1', content: 'a.ts' }] },
        assistant('There is a.ts.'),
      ]);
      await store.rename(c.id, 'Files   of\nthe project');
      await store.rename(c.id, 'Listing');
      const [listed] = await store.list();
      expect(listed).toMatchObject({ id: c.id, title: 'Listing', messageCount: 2 });
      expect((await store.load(c.id)).meta.title).toBe('Listing');
      await store.remove(c.id);
      expect(await store.list()).toEqual([]);
      await expect(store.remove(c.id)).rejects.toMatchObject({ code: 'not_found' });
      await expect(store.rename(c.id, 'x')).rejects.toMatchObject({ code: 'not_found' });
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
