import { afterEach, describe, expect, it } from 'vitest';
import { startScriptedServer, type ScriptedServer, type ScriptInput } from '../llm/index.js';
import type { ToolRegistry } from '../tools/index.js';
import { ApprovalQueue } from '../approvals/index.js';
import { createAgentRuntime } from './runtime.js';
import { Semaphore } from './semaphore.js';
import { SUBAGENT_MARKER } from './systemPrompt.js';
import {
  echoTool,
  EventLog,
  fakeAgentTool,
  fakeGate,
  noRetry,
  registryOf,
  scriptedProvider,
  tempDir,
  toolResultsSent,
  writeTool,
} from './agent.testkit.js';

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const child = { system: SUBAGENT_MARKER };

async function setup(kind: 'anthropic' | 'openai', script: ScriptInput, maxConcurrentSubAgents = 3) {
  server = await startScriptedServer({ script });
  const approvals = new ApprovalQueue();
  const log = new EventLog();
  const dataDir = await tempDir('cc-data-');
  const root = await tempDir('cc-proj-');
  const reg: { main?: ToolRegistry; sub?: ToolRegistry } = {};
  const runtime = createAgentRuntime({
    provider: scriptedProvider(kind, server, noRetry),
    gate: fakeGate(approvals),
    registry: () => reg.main!,
    subAgentRegistry: () => reg.sub!,
    approvals,
    emit: log.emit,
    projectRoot: root,
    dataDir,
    memory: null,
    maxConcurrentSubAgents,
  });
  // Built after the runtime, with its runSubAgent — the way the composition root wires it.
  const agent = fakeAgentTool(runtime.runSubAgent);
  reg.main = registryOf([echoTool(), writeTool([]), agent]);
  reg.sub = registryOf([echoTool(), agent]);
  return { server, runtime, log, approvals };
}

describe.each(['anthropic', 'openai'] as const)('sub-agents over %s', (kind) => {
  it('runs a child with the read-only set and returns its final answer as the tool result', async () => {
    const t = await setup(kind, {
      turns: [
        { toolCalls: [{ id: 'call_parent', name: 'agent', input: { prompt: 'Summarise the README' } }] },
        { match: child, toolCalls: [{ name: 'read_note', input: { path: 'README.md' } }] },
        { match: child, text: 'The README says hello.' },
        { text: 'My sub-agent reports: hello.' },
      ],
    });
    const handle = await t.runtime.start({ prompt: 'What does the README say?' });
    const result = await handle.done;
    expect(result.stopReason).toBe('end_turn');
    expect(result.finalText).toBe('My sub-agent reports: hello.');
    const [parent1, child1, child2, parent2] = t.server.requests;
    expect(toolResultsSent(parent2!.body)).toEqual(['The README says hello.']);
    // The child saw only the read-only tools, and its own context (not the parent's transcript).
    const toolNames = (b: Record<string, unknown>) =>
      ((b.tools as { name?: string; function?: { name: string } }[]) ?? []).map((x) => x.name ?? x.function?.name).sort();
    expect(toolNames(child1!.body)).toEqual(['agent', 'read_note']);
    expect(toolNames(parent1!.body)).toEqual(['agent', 'read_note', 'write_note']);
    expect(JSON.stringify(child1!.body)).toContain('Summarise the README');
    expect(JSON.stringify(child1!.body)).not.toContain('What does the README say?');
    expect(toolResultsSent(child2!.body)).toEqual(['contents of README.md']);

    const started = t.log.of('subagent.started')[0]!;
    expect(started).toMatchObject({ parentCallId: 'call_parent', agentId: 'main', depth: 0, childAgentId: 'main/sub-1' });
    const childEvents = t.log.events.filter((e) => e.agentId === 'main/sub-1');
    expect(childEvents.length).toBeGreaterThan(3);
    expect(childEvents.every((e) => e.depth === 1 && e.parentCallId === 'call_parent' && e.runId === started.childRunId)).toBe(true);
    expect(t.log.of('subagent.finished')[0]).toMatchObject({ stopReason: 'end_turn', answer: 'The README says hello.' });

    // The child's transcript is kept with the conversation.
    const saved = await t.runtime.conversations.load(handle.conversationId);
    expect(saved.subagents).toHaveLength(1);
    expect(saved.subagents[0]).toMatchObject({ parentCallId: 'call_parent', childAgentId: 'main/sub-1', stopReason: 'end_turn' });
    expect(saved.subagents[0]!.messages).toHaveLength(4);
  });

  it('locks depth at 1: a child calling agent gets the depth-limit tool error', async () => {
    const t = await setup(kind, {
      turns: [
        { toolCalls: [{ name: 'agent', input: { prompt: 'go deeper' } }] },
        { match: child, toolCalls: [{ name: 'agent', input: { prompt: 'deeper still' } }] },
        { match: child, text: 'I could not go deeper.' },
        { text: 'ok' },
      ],
    });
    const result = await (await t.runtime.start({ prompt: 'p' })).done;
    expect(result.stopReason).toBe('end_turn');
    const childSecond = t.server.requests[2]!;
    expect(toolResultsSent(childSecond.body)[0]).toContain('sub-agent depth limit (1) reached');
    expect(t.log.of('subagent.started')).toHaveLength(1);
    expect(t.server.requests).toHaveLength(4);
  });

  it('cancelling mid-sub-agent stops the child stream and closes the parent call', async () => {
    const t = await setup(kind, {
      turns: [
        { toolCalls: [{ name: 'agent', input: { prompt: 'look around' } }] },
        { match: child, text: 'I am looking at many files', stall: true },
        { text: 'never' },
      ],
    });
    const handle = await t.runtime.start({ prompt: 'p' });
    await t.log.next('text.delta', (e) => e.depth === 1);
    handle.cancel();
    handle.cancel();
    const result = await handle.done;
    expect(result.stopReason).toBe('cancelled');
    expect(t.log.of('subagent.finished')[0]).toMatchObject({ stopReason: 'cancelled' });
    expect(t.log.of('tool.result').filter((r) => r.tool === 'agent')[0]).toMatchObject({ content: 'cancelled by user', cancelled: true });
    expect(t.log.of('run.finished').map((e) => [e.agentId, e.stopReason])).toEqual([
      ['main/sub-1', 'cancelled'],
      ['main', 'cancelled'],
    ]);
    expect(t.server.requests).toHaveLength(2);
    expect(t.runtime.activeRuns()).toEqual([]);
  });

  it('runs the sub-agents of one turn concurrently, bounded by the semaphore', async () => {
    const three = [1, 2, 3].map((i) => ({ name: 'agent', input: { prompt: `task ${i}` } }));
    const t = await setup(
      kind,
      {
        turns: [
          { toolCalls: three },
          { match: { ...child, lastUser: 'task 1' }, text: 'one' },
          { match: { ...child, lastUser: 'task 2' }, text: 'two' },
          { match: { ...child, lastUser: 'task 3' }, text: 'three' },
          { text: 'all done' },
        ],
      },
      2,
    );
    const result = await (await t.runtime.start({ prompt: 'p' })).done;
    expect(result.stopReason).toBe('end_turn');
    let running = 0;
    let max = 0;
    for (const e of t.log.events) {
      if (e.type === 'subagent.started') max = Math.max(max, ++running);
      if (e.type === 'subagent.finished') running--;
    }
    expect(max).toBe(2);
    // Results come back in call order whatever order the children finished in.
    expect(toolResultsSent(t.server.requests.at(-1)!.body)).toEqual(['one', 'two', 'three']);
  });
});

describe('resuming a conversation after a restart', () => {
  it('continues with the same messages', async () => {
    server = await startScriptedServer({
      script: {
        turns: [{ toolCalls: [{ name: 'read_note', input: { path: 'a' } }] }, { text: 'first answer' }, { text: 'second answer' }],
      },
    });
    const dataDir = await tempDir('cc-data-');
    const root = await tempDir('cc-proj-');
    const make = () => {
      const approvals = new ApprovalQueue();
      const reg = registryOf([echoTool()]);
      return createAgentRuntime({
        provider: scriptedProvider('anthropic', server!, noRetry),
        gate: fakeGate(approvals),
        registry: () => reg,
        subAgentRegistry: () => reg,
        approvals,
        emit: () => {},
        projectRoot: root,
        dataDir,
        memory: null,
      });
    };
    const first = make();
    const h1 = await first.start({ prompt: 'first question' });
    await h1.done;
    first.dispose();
    const second = make();
    const listed = await second.conversations.list();
    // The prompt and the final reply: tool calls and their results are not messages the user reads.
    expect(listed).toEqual([
      expect.objectContaining({ id: h1.conversationId, title: 'first question', messageCount: 2, createdAt: expect.any(Number) }),
    ]);
    const r2 = await (await second.start({ prompt: 'second question', conversationId: h1.conversationId })).done;
    expect(r2.finalText).toBe('second answer');
    const sent = JSON.stringify(server.requests[2]!.body.messages);
    for (const s of ['first question', 'contents of a', 'first answer', 'second question']) expect(sent).toContain(s);
    const saved = await second.conversations.load(h1.conversationId);
    expect(saved.messages).toHaveLength(6);
    // The events were kept too, deltas coalesced: one text.delta per streamed answer.
    const types = saved.events.map((e) => e.type);
    expect(types.filter((x) => x === 'run.started')).toHaveLength(2);
    expect(types.filter((x) => x === 'run.finished')).toHaveLength(2);
    expect(saved.events.filter((e) => e.type === 'text.delta').map((e) => e.type === 'text.delta' && e.text)).toEqual([
      'first answer',
      'second answer',
    ]);
  });
});

describe('Semaphore', () => {
  it('bounds, queues, and lets a waiter be cancelled', async () => {
    const s = new Semaphore(1);
    const r1 = await s.acquire();
    const ac = new AbortController();
    const waiting = s.acquire(ac.signal);
    const later = s.acquire();
    ac.abort();
    await expect(waiting).rejects.toThrow(/cancelled/);
    r1();
    r1(); // releasing twice is harmless
    const r3 = await later;
    expect(s.running).toBe(1);
    r3();
    expect(s.running).toBe(0);
  });
});

describe('runtime.stop and listConversations', () => {
  it('stops the run of a conversation by id and reports running conversations', async () => {
    server = await startScriptedServer({ script: { turns: [{ text: 'thinking for a long time', stall: true }] } });
    const approvals = new ApprovalQueue();
    const reg = registryOf([echoTool()]);
    const log = new EventLog();
    const runtime = createAgentRuntime({
      provider: scriptedProvider('openai', server, noRetry),
      gate: fakeGate(approvals),
      registry: () => reg,
      subAgentRegistry: () => reg,
      approvals,
      emit: log.emit,
      projectRoot: await tempDir('cc-proj-'),
      dataDir: await tempDir('cc-data-'),
      memory: null,
    });
    const h = await runtime.start({ prompt: 'think' });
    await log.next('text.delta');
    expect((await runtime.listConversations()).map((c) => [c.id, c.running])).toEqual([[h.conversationId, true]]);
    await expect(runtime.start({ prompt: 'again', conversationId: h.conversationId })).rejects.toThrow(/already has a run/);
    expect(runtime.stop(h.conversationId)).toBe(true);
    expect((await h.done).stopReason).toBe('cancelled');
    expect(runtime.stop(h.conversationId)).toBe(false);
    expect((await runtime.listConversations())[0]!.running).toBe(false);
  });
});
