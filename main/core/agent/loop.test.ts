import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startScriptedServer, type ScriptedServer, type ScriptInput } from '../llm/index.js';
import { ApprovalQueue } from '../approvals/index.js';
import { runAgent, type AgentLoopDeps, type RunInput } from './loop.js';
import {
  bigTool,
  echoTool,
  EventLog,
  fakeGate,
  instantRetry,
  registryOf,
  scriptedProvider,
  tempDir,
  toolResultsSent,
  waitTool,
  writeTool,
} from './agent.testkit.js';

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function setup(kind: 'anthropic' | 'openai', script: ScriptInput, extra: Partial<AgentLoopDeps> = {}) {
  server = await startScriptedServer({ script });
  const approvals = new ApprovalQueue();
  const log = new EventLog();
  const written: { path: string; text: string }[] = [];
  const seen = { started: 0, aborted: 0 };
  const root = await tempDir();
  const logDir = await tempDir('cc-agent-logs-');
  const deps: AgentLoopDeps = {
    provider: scriptedProvider(kind, server, instantRetry),
    registry: registryOf([echoTool(), writeTool(written), bigTool(50_000), waitTool(seen)]),
    gate: fakeGate(approvals),
    emit: log.emit,
    projectRoot: root,
    logDir,
    memory: null,
    ...extra,
  };
  const run = (input: Partial<RunInput> = {}) => runAgent(deps, { prompt: 'do the thing', conversationId: 'c1', ...input });
  return { server, approvals, log, written, seen, deps, run };
}

describe.each(['anthropic', 'openai'] as const)('agent loop over %s', (kind) => {
  it('puts the project root, the platform and CODECODER.md in the system prompt', async () => {
    const t = await setup(kind, { turns: [{ text: 'ok' }] });
    await writeFile(path.join(t.deps.projectRoot, 'CODECODER.md'), 'Always run the tests with npm test.\n');
    const { memory: _drop, ...deps } = t.deps;
    await runAgent(deps, { prompt: 'hi', conversationId: 'c' });
    const body = t.server.requests[0]!.body;
    const system =
      kind === 'anthropic' ? (body.system as { text: string }[])[0]!.text : String((body.messages as { content: string }[])[0]!.content);
    expect(system).toContain(`Project root: ${t.deps.projectRoot}`);
    expect(system).toContain(`Platform: ${process.platform}`);
    expect(system).toContain('Always run the tests with npm test.');
  });

  it('runs a streamed tool call after an approval and feeds the result back', async () => {
    const t = await setup(kind, {
      turns: [
        { text: 'I will write it.', toolCalls: [{ name: 'write_note', input: { path: 'notes/a.md', text: 'hello' } }] },
        { text: 'Done.' },
      ],
    });
    t.approvals.subscribe((n) => {
      if (n.type === 'approval.requested') t.approvals.answer(n.approval.id, { choice: 'once' });
    });
    const result = await t.run();
    expect(result.stopReason).toBe('end_turn');
    expect(result.finalText).toBe('Done.');
    expect(t.written).toEqual([{ path: 'notes/a.md', text: 'hello' }]);
    expect(t.log.of('tool.call')[0]).toMatchObject({ tool: 'write_note', key: 'write_note:notes/a.md', decision: 'allowed', via: 'once' });
    const order = t.log.types().filter((x) => x.startsWith('tool.'));
    expect(order).toEqual(['tool.requested', 'tool.call', 'tool.result']);
    expect(toolResultsSent(t.server.requests[1]!.body)).toEqual(['wrote 5 characters to notes/a.md']);
    expect(t.log.of('run.finished')[0]).toMatchObject({ stopReason: 'end_turn', turns: 2 });
    expect(t.log.of('usage')).toHaveLength(2);
    // The system prompt carries the project context and the tools their schemas.
    const body = t.server.requests[0]!.body;
    expect(JSON.stringify(body)).toContain(t.deps.projectRoot);
    expect(JSON.stringify(body)).toContain('"write_note"');
  });

  it("sends a denial with the user's reason back to the model and never executes", async () => {
    const t = await setup(kind, {
      turns: [
        { toolCalls: [{ name: 'write_note', input: { path: 'prod.cfg', text: 'x' } }] },
        { text: 'Understood, I will not touch it.' },
      ],
    });
    t.approvals.subscribe((n) => {
      if (n.type === 'approval.requested') t.approvals.answer(n.approval.id, { choice: 'deny', reason: 'never edit prod.cfg' });
    });
    const result = await t.run();
    expect(result.stopReason).toBe('end_turn');
    expect(t.written).toEqual([]);
    expect(t.log.of('tool.call')[0]).toMatchObject({ decision: 'denied', via: 'user-deny' });
    const sent = toolResultsSent(t.server.requests[1]!.body);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain('never edit prod.cfg');
  });

  it('stops with "denied" when told to stop on a denial, closing the rest of the turn', async () => {
    const t = await setup(
      kind,
      {
        turns: [
          {
            toolCalls: [
              { name: 'write_note', input: { path: 'a', text: 'x' } },
              { name: 'read_note', input: { path: 'b' } },
            ],
          },
        ],
      },
      { stopOnDenial: true },
    );
    t.approvals.subscribe((n) => n.type === 'approval.requested' && t.approvals.answer(n.approval.id, { choice: 'deny' }));
    const result = await t.run();
    expect(result.stopReason).toBe('denied');
    const last = result.messages.at(-1)!;
    expect(last.content.map((b) => b.type)).toEqual(['tool_result', 'tool_result']);
    expect(t.server.requests).toHaveLength(1);
  });

  it('runs several calls of one turn in order; bad calls become tool errors the model reads', async () => {
    const t = await setup(kind, {
      turns: [
        {
          toolCalls: [
            { name: 'read_note', input: { path: 'one' } },
            { name: 'no_such_tool', input: {} },
            { name: 'read_note', input: { wrong: 1 } },
            { name: 'read_note', input: { path: 'two' } },
          ],
        },
        { text: 'ok' },
      ],
    });
    await t.run();
    const sent = toolResultsSent(t.server.requests[1]!.body);
    expect(sent[0]).toContain('contents of one');
    expect(sent[1]).toContain("unknown tool 'no_such_tool'");
    expect(sent[2]).toMatch(/Invalid arguments for read_note: .*path/);
    expect(sent[3]).toContain('contents of two');
    expect(t.log.of('tool.result').map((e) => e.isError)).toEqual([false, true, true, false]);
    expect(t.log.of('tool.call').map((e) => e.decision)).toEqual(['allowed', 'invalid', 'invalid', 'allowed']);
  });

  it('cuts a long output to head + tail and says where the full log is', async () => {
    const t = await setup(kind, { turns: [{ toolCalls: [{ name: 'big_output', input: {} }] }, { text: 'ok' }] }, { maxResultChars: 2000 });
    await t.run();
    const sent = toolResultsSent(t.server.requests[1]!.body)[0]!;
    expect(sent.length).toBeLessThan(2500);
    expect(sent).toContain('line 0000');
    expect(sent).toContain('line 4999');
    const res = t.log.of('tool.result')[0]!;
    expect(res.fullLogPath).toBeDefined();
    expect(sent).toContain(res.fullLogPath!);
    expect((await readFile(res.fullLogPath!, 'utf8')).split('\n')).toHaveLength(5000);
  });

  it('stops at the turn limit', async () => {
    const turn = { toolCalls: [{ name: 'read_note', input: { path: 'x' } }] };
    const t = await setup(kind, { turns: [turn, turn, turn] }, { maxTurns: 2 });
    const result = await t.run();
    expect(result.stopReason).toBe('max_turns');
    expect(t.server.requests).toHaveLength(2);
  });

  it('a bad key ends the run with error invalid_key', async () => {
    const t = await setup(kind, { turns: [{ error: { status: 401 } }] });
    const result = await t.run();
    expect(result.stopReason).toBe('error');
    expect(result.error?.code).toBe('invalid_key');
    expect(t.log.of('run.finished')[0]!.error?.code).toBe('invalid_key');
  });

  it('a 429 is retried and the run succeeds', async () => {
    const t = await setup(kind, { turns: [{ error: { status: 429, retryAfterMs: 1 } }, { text: 'hello after the limit' }] });
    const result = await t.run();
    expect(result.stopReason).toBe('end_turn');
    expect(result.finalText).toBe('hello after the limit');
    expect(t.log.of('model.retry')[0]).toMatchObject({ code: 'rate_limited', attempt: 1 });
  });

  it('cancelling mid-stream keeps the streamed text and finishes as cancelled', async () => {
    const t = await setup(kind, { turns: [{ text: 'I am thinking about a long answer', stall: true }] });
    const ac = new AbortController();
    const done = t.run({ signal: ac.signal });
    await t.log.next('text.delta');
    ac.abort();
    ac.abort(); // twice is harmless
    const result = await done;
    expect(result.stopReason).toBe('cancelled');
    expect(result.messages.at(-1)?.role).toBe('assistant');
    expect(t.log.of('run.finished')).toHaveLength(1);
    ac.abort(); // after the end too
  });

  it('cancelling mid-command aborts the tool and closes the call with "cancelled by user"', async () => {
    const t = await setup(kind, {
      turns: [
        {
          toolCalls: [
            { name: 'wait_forever', input: {} },
            { name: 'read_note', input: { path: 'after' } },
          ],
        },
        { text: 'never' },
      ],
    });
    const ac = new AbortController();
    const done = t.run({ signal: ac.signal });
    await t.log.next('tool.output');
    ac.abort();
    const result = await done;
    expect(result.stopReason).toBe('cancelled');
    expect(t.seen).toEqual({ started: 1, aborted: 1 });
    const results = t.log.of('tool.result');
    expect(results.map((r) => [r.tool, r.content, r.cancelled])).toEqual([
      ['wait_forever', 'cancelled by user', true],
      ['read_note', 'cancelled by user', true],
    ]);
    // The transcript pairs every call with a result.
    expect(result.messages.at(-1)!.content.map((b) => b.type === 'tool_result' && b.content)).toEqual([
      'cancelled by user',
      'cancelled by user',
    ]);
    expect(t.server.requests).toHaveLength(1);
  });

  it('cancelling while an approval is pending denies it as cancelled', async () => {
    const t = await setup(kind, { turns: [{ toolCalls: [{ name: 'write_note', input: { path: 'a', text: 'b' } }] }, { text: 'never' }] });
    const ac = new AbortController();
    const done = t.run({ signal: ac.signal });
    await new Promise<void>((r) => t.approvals.subscribe((n) => n.type === 'approval.requested' && r()));
    ac.abort();
    const result = await done;
    expect(result.stopReason).toBe('cancelled');
    expect(t.approvals.size).toBe(0);
    expect(t.written).toEqual([]);
    expect(t.log.of('tool.result')[0]).toMatchObject({ content: 'cancelled by user', cancelled: true });
  });
});
