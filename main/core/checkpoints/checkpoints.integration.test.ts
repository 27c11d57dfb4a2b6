/**
 * Checkpoints in a real run: the real engine, registry (write_file, edit_file, run_command on a PTY)
 * and runtime, driven by the scripted server. A turn of edits and a turn with `rm` through
 * run_command are restored byte for byte, the restore is audited and announced, the conversation is
 * rewound on request, and a read-only turn takes no checkpoint. Undoing a restore that rewound the
 * conversation brings the messages back too, unless the conversation moved on since (refused).
 */
import { execFileSync } from 'node:child_process';
import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { realAgentHarness } from '../assembly/realAgent.testkit.js';
import type { ScriptInput } from '../llm/index.js';

const realAgent = realAgentHarness();
const BIN = Buffer.from([0, 159, 146, 150, 13, 10, 255, 0]);

async function setup(script: ScriptInput) {
  const t = await realAgent(script, { files: { 'README.md': '# Checkpoints\r\nline two\n' }, assemble: { checkpoints: true } });
  await writeFile(path.join(t.root, 'logo.bin'), BIN);
  execFileSync('git', ['init', '-q'], { cwd: t.root });
  // Allow everything once: the test is about undoing what was allowed.
  t.agent.approvals.subscribe((n) => {
    if (n.type === 'approval.requested' && n.approval.kind === 'tool') t.agent.approvals.answer(n.approval.id, { choice: 'once' });
  });
  return t;
}

describe('checkpoints in a run', () => {
  it('a turn of edits and an rm through run_command, restored byte for byte; the conversation rewound on request', async () => {
    const t = await setup({
      turns: [
        { text: 'Reading.', toolCalls: [{ name: 'read_file', input: { path: 'README.md' } }] },
        {
          toolCalls: [
            { name: 'write_file', input: { path: 'src/new.ts', content: 'export {};\n' } },
            { name: 'edit_file', input: { path: 'README.md', old_text: 'line two', new_text: 'line 2' } },
          ],
        },
        { toolCalls: [{ name: 'run_command', input: { command: 'rm logo.bin' } }] },
        { text: 'Done.' },
      ],
    });
    const before = { readme: await readFile(path.join(t.root, 'README.md')), logo: await readFile(path.join(t.root, 'logo.bin')) };
    const h = await t.agent.runtime.start({ prompt: 'tidy up' });
    expect((await h.done).stopReason).toBe('end_turn');
    await expect(stat(path.join(t.root, 'logo.bin'))).rejects.toThrow();

    // Turn 1 only read: no checkpoint. Turns 2 and 3 may change files: one each.
    const cps = t.log.of('checkpoint');
    expect(cps.map((c) => [c.kind, c.turn, c.error])).toEqual([
      ['turn', 2, undefined],
      ['turn', 3, undefined],
    ]);
    expect(cps[0]!.label).toBe('turn 2 of “tidy up”');
    // The checkpoint event comes before the calls of its turn.
    const order = t.log.events.map((e) => e.type);
    expect(order.indexOf('checkpoint')).toBeLessThan(order.indexOf('tool.call', order.indexOf('tool.result') + 1));

    const first = cps[0]!.checkpointId!;
    const preview = await t.agent.checkpoints.preview(first);
    expect(preview.changes).toEqual([
      { path: 'README.md', change: 'restore' },
      { path: 'logo.bin', change: 'recreate' },
      { path: 'src/new.ts', change: 'delete' },
    ]);
    const r = await t.agent.checkpoints.restore(first, { rewindConversation: true });
    expect(await readFile(path.join(t.root, 'README.md'))).toEqual(before.readme);
    expect(await readFile(path.join(t.root, 'logo.bin'))).toEqual(before.logo);
    await expect(stat(path.join(t.root, 'src'))).rejects.toThrow();

    // Rewound to before the run's message: the conversation is empty again, plus the restore notice.
    expect(r.rewoundMessages).toBeGreaterThan(0);
    const conv = await t.agent.runtime.conversations.load(h.conversationId);
    expect(conv.messages).toEqual([]);
    expect(conv.events.map((e) => e.type)).toEqual(['checkpoint']);
    expect(conv.events[0]).toMatchObject({ kind: 'before-restore', checkpointId: r.undo.id });

    const audit = await t.agent.engine.queryAudit({ tool: 'checkpoint_restore' });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ decision: 'allow', key: `checkpoint_restore:${first}`, asked: true });
    expect(audit[0]!.reason).toContain('3 files (1 restored, 1 brought back, 1 removed)');

    // And the restore is undone by restoring to the checkpoint taken before it.
    await t.agent.checkpoints.restore(r.undo.id);
    expect(await readFile(path.join(t.root, 'src/new.ts'), 'utf8')).toBe('export {};\n');
    await expect(stat(path.join(t.root, 'logo.bin'))).rejects.toThrow();
  });

  it('a restore is refused while the agent runs in the project', async () => {
    const t = await setup({
      turns: [{ toolCalls: [{ name: 'run_command', input: { command: 'sleep 5' } }] }, { text: 'ok' }],
    });
    const h = await t.agent.runtime.start({ prompt: 'wait' });
    await expect.poll(() => t.log.of('checkpoint').length).toBe(1);
    await expect(t.agent.checkpoints.restore(t.log.of('checkpoint')[0]!.checkpointId!)).rejects.toThrow(/stop it before restoring/);
    h.cancel();
    await h.done;
  });

  it('undoing a restore that rewound the conversation brings back the files and the messages; the prompt comes back for editing', async () => {
    const t = await setup({
      turns: [{ toolCalls: [{ name: 'write_file', input: { path: 'README.md', content: 'rewritten\n' } }] }, { text: 'Rewrote it.' }],
    });
    const h = await t.agent.runtime.start({ prompt: 'rewrite the readme' });
    expect((await h.done).stopReason).toBe('end_turn');
    const conversations = t.agent.runtime.conversations;
    const full = await conversations.load(h.conversationId);
    expect(full.messages.length).toBeGreaterThan(0);
    const cp = t.log.of('checkpoint')[0]!.checkpointId!;

    const r = await t.agent.checkpoints.restore(cp, { rewindConversation: true });
    expect(r.rewoundMessages).toBe(full.messages.length);
    expect(r.rewoundPrompt).toBe('rewrite the readme');
    expect((await conversations.load(h.conversationId)).messages).toEqual([]);
    // The checkpoint taken before the restore now carries the conversation too.
    const undo = (await t.agent.checkpoints.list(h.conversationId)).find((c) => c.id === r.undo.id)!;
    expect(undo.conversationChange).toEqual({ back: full.messages.length, cut: 0 });

    const back = await t.agent.checkpoints.restore(r.undo.id, { rewindConversation: true });
    expect(back.restoredMessages).toBe(full.messages.length);
    expect(await readFile(path.join(t.root, 'README.md'), 'utf8')).toBe('rewritten\n');
    expect((await conversations.load(h.conversationId)).messages).toEqual(full.messages);
    const audit = await t.agent.engine.queryAudit({ tool: 'checkpoint_restore' });
    expect(
      audit.map((a) => a.reason).filter((x) => x?.includes(`${full.messages.length} messages of the conversation were brought back`)),
    ).toHaveLength(1);

    // Undoing the undo rewinds again.
    const again = await t.agent.checkpoints.restore(back.undo.id, { rewindConversation: true });
    expect(again.rewoundMessages).toBe(full.messages.length);
    expect((await conversations.load(h.conversationId)).messages).toEqual([]);
  });

  it('an undo refuses, with a reason and nothing changed, when the conversation has newer messages; the files alone can still come back', async () => {
    const t = await setup({
      turns: [
        { toolCalls: [{ name: 'write_file', input: { path: 'README.md', content: 'rewritten\n' } }] },
        { text: 'Rewrote it.' },
        { text: 'A newer answer.' },
      ],
    });
    const h = await t.agent.runtime.start({ prompt: 'rewrite the readme' });
    await h.done;
    const r = await t.agent.checkpoints.restore(t.log.of('checkpoint')[0]!.checkpointId!, { rewindConversation: true });
    // The user goes on in the rewound conversation.
    const next = await t.agent.runtime.start({ prompt: 'something else', conversationId: h.conversationId });
    await next.done;
    const conv = await t.agent.runtime.conversations.load(h.conversationId);
    expect(conv.messages.length).toBe(2);

    await expect(t.agent.checkpoints.restore(r.undo.id, { rewindConversation: true })).rejects.toMatchObject({
      name: 'CheckpointError',
      code: 'conflict',
      message: expect.stringMatching(/Nothing was restored: 2 messages were added to the conversation since/),
    });
    expect(await readFile(path.join(t.root, 'README.md'), 'utf8')).toBe('# Checkpoints\r\nline two\n');
    expect((await t.agent.runtime.conversations.load(h.conversationId)).messages).toEqual(conv.messages);

    const filesOnly = await t.agent.checkpoints.restore(r.undo.id);
    expect(filesOnly.restoredMessages).toBe(0);
    expect(await readFile(path.join(t.root, 'README.md'), 'utf8')).toBe('rewritten\n');
    expect((await t.agent.runtime.conversations.load(h.conversationId)).messages).toEqual(conv.messages);
  });
});
