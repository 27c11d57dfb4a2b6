/**
 * Permission modes with the real engine, registry and runtime, driven by the scripted server: plan
 * mode offers the read-only tools and refuses a change without a prompt; accept edits writes without
 * a prompt but still asks for a command; leaving plan mode carries the plan into the next message.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ScriptInput } from '../llm/index.js';
import { PLAN_REFUSAL } from '../permissions/index.js';
import { toolCatalogue } from '../tools/index.js';
import { realAgentHarness } from './realAgent.testkit.js';
import { toolResultsSent } from '../agent/agent.testkit.js';

const realAgent = realAgentHarness();

async function setup(script: ScriptInput) {
  const t = await realAgent(script, { files: { 'README.md': '# Modes\n' } });
  const prompts: string[] = [];
  t.agent.approvals.subscribe((n) => {
    if (n.type !== 'approval.requested' || n.approval.kind !== 'tool') return;
    prompts.push(n.approval.request.key.raw);
    t.agent.approvals.answer(n.approval.id, { choice: 'deny', reason: 'not now' });
  });
  return { ...t, prompts };
}

const toolNames = (body: Record<string, unknown>) => ((body.tools as { name: string }[] | undefined) ?? []).map((t) => t.name);

describe('permission modes in a run', () => {
  it('plan mode: the model is offered the read-only set; a write is refused without a prompt and the model is told why', async () => {
    const t = await setup({
      turns: [{ toolCalls: [{ name: 'write_file', input: { path: 'plan.txt', content: 'x' } }] }, { text: 'Here is my plan.' }],
    });
    const h = await t.agent.runtime.start({ prompt: 'plan it', mode: 'plan' });
    expect((await h.done).stopReason).toBe('end_turn');
    // Offered: exactly the catalogue's None tools; none of the tools that change things.
    const offered = toolNames(t.server.requests[0]!.body);
    expect(offered).toEqual(toolCatalogue(t.agent.registry).flatMap((e) => (e.permission === 'none' ? [e.name] : [])));
    expect(offered).toContain('read_file');
    for (const changing of ['write_file', 'edit_file', 'move_path', 'delete_path', 'run_command', 'commit', 'run_capability'])
      expect(offered).not.toContain(changing);
    expect(t.prompts).toEqual([]);
    expect(t.log.of('tool.call').map((c) => [c.tool, c.decision, c.via])).toEqual([['write_file', 'denied', 'mode']]);
    expect(toolResultsSent(t.server.requests[1]!.body).at(-1)).toContain(PLAN_REFUSAL);
    await expect(stat(path.join(t.root, 'plan.txt'))).rejects.toThrow();
    expect(t.agent.runtime.modes.get(h.conversationId)).toBe('plan');
  });

  it('accept edits: a write runs without a prompt (audited via mode), a command still asks', async () => {
    const t = await setup({
      turns: [
        { toolCalls: [{ name: 'write_file', input: { path: 'src/a.txt', content: 'edited\n' } }] },
        { toolCalls: [{ name: 'run_command', input: { command: 'touch b.txt' } }] },
        { text: 'Done.' },
      ],
    });
    const h = await t.agent.runtime.start({ prompt: 'edit', mode: 'edits' });
    expect((await h.done).stopReason).toBe('end_turn');
    expect(await readFile(path.join(t.root, 'src/a.txt'), 'utf8')).toBe('edited\n');
    expect(t.prompts).toEqual(['run_command:touch']);
    expect(toolNames(t.server.requests[0]!.body)).toContain('write_file');
    const audit = await t.agent.engine.queryAudit();
    expect(audit.find((r) => r.tool === 'write_file')).toMatchObject({ via: 'mode', decision: 'allow', key: 'write_file:src/a.txt' });
  });

  it('leaving plan mode with carryPlan: the next message carries the plan, once', async () => {
    const t = await setup({ turns: [{ text: 'Plan: 1. edit a. 2. test.' }, { text: 'Doing it.' }, { text: 'Again.' }] });
    const first = await t.agent.runtime.start({ prompt: 'make a plan', mode: 'plan' });
    await first.done;
    expect(t.agent.runtime.modes.hasPlan(first.conversationId)).toBe(true);
    t.agent.runtime.modes.set(first.conversationId, 'edits', { carryPlan: true });
    await (
      await t.agent.runtime.start({ prompt: 'go', conversationId: first.conversationId })
    ).done;
    await (
      await t.agent.runtime.start({ prompt: 'more', conversationId: first.conversationId })
    ).done;
    expect(t.agent.runtime.modes.hasPlan(first.conversationId)).toBe(false);
    const started = t.log.of('run.started').map((e) => e.prompt);
    expect(started[1]).toMatch(
      /^\[Plan mode is over \(edits inside the project are now allowed.*Carry out the plan you proposed above\.\]\n\ngo$/,
    );
    expect(started[2]).toBe('more');
  });

  it('leaving plan mode before any plan was written carries nothing: the next message goes as typed', async () => {
    const t = await setup({ turns: [{ text: 'Done.' }] });
    const conv = await t.agent.runtime.conversations.create({ title: 'c' });
    t.agent.runtime.modes.set(conv.id, 'plan');
    t.agent.runtime.modes.set(conv.id, 'edits', { carryPlan: true });
    expect(t.agent.runtime.modes.carriesPlan(conv.id)).toBe(false);
    await (await t.agent.runtime.start({ prompt: 'go', conversationId: conv.id })).done;
    expect(t.log.of('run.started').map((e) => e.prompt)).toEqual(['go']);
  });
});
