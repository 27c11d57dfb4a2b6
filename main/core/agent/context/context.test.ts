import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  detectContextOverflow,
  createProvider,
  startScriptedServer,
  type ScriptedServer,
  type ScriptInput,
  type LlmMessage,
  type LlmProvider,
} from '../../llm/index.js';
import { ApprovalQueue } from '../../approvals/index.js';
import { runAgent, type AgentLoopDeps } from '../loop.js';
import { createAgentRuntime } from '../runtime.js';
import { SUBAGENT_MARKER } from '../systemPrompt.js';
import { bigTool, echoTool, EventLog, fakeAgentTool, fakeGate, noRetry, registryOf, toolResultsSent } from '../agent.testkit.js';
import type { ToolRegistry } from '../../tools/index.js';
import { SUMMARY_HEADER } from './compaction.js';
import { ContextManager } from './manager.js';
import { encodingFor, loadTokenizer } from './tokenizer.js';
import { TokenCounter } from './tokens.js';
import { ContextWindows, knownWindow } from './window.js';
import { useTempDir } from '../../fs/tempDir.testkit.js';

const tempDirs = useTempDir();

const dirs: string[] = [];
let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});
const temp = async (prefix = 'cc-ctx-') => {
  const d = await tempDirs(prefix);
  dirs.push(d);
  return d;
};

describe('too-long errors as each server words them', () => {
  it('reads the window and the refused size where the server gives them', () => {
    expect(
      detectContextOverflow(
        400,
        {
          error: {
            code: 'context_length_exceeded',
            message: "This model's maximum context length is 8192 tokens. However, your messages resulted in 9100 tokens.",
          },
        },
        '',
      ),
    ).toEqual({ contextWindow: 8192, promptTokens: 9100 });
    expect(
      detectContextOverflow(
        400,
        { type: 'error', error: { type: 'invalid_request_error', message: 'prompt is too long: 210033 tokens > 200000 maximum' } },
        '',
      ),
    ).toEqual({
      contextWindow: 200000,
      promptTokens: 210033,
    });
    expect(
      detectContextOverflow(
        400,
        {
          error: {
            type: 'exceed_context_size_error',
            message: 'the request exceeds the available context size, try increasing it',
            n_ctx: 4096,
            n_prompt_tokens: 5000,
          },
        },
        '',
      ),
    ).toEqual({ contextWindow: 4096, promptTokens: 5000 });
    expect(
      detectContextOverflow(
        400,
        { error: 'the input length exceeds the context length' },
        '400 "the input length exceeds the context length"',
      ),
    ).toEqual({});
    expect(
      detectContextOverflow(
        400,
        { message: 'The prompt (total length 5000) is too long to fit into the model (context length 4096).' },
        '',
      ),
    ).toEqual({ contextWindow: 4096, promptTokens: 5000 });
  });

  it('leaves every other error alone', () => {
    expect(detectContextOverflow(400, { error: { message: 'Invalid request.' } }, '')).toBeUndefined();
    expect(detectContextOverflow(401, { error: { message: 'prompt is too long' } }, '')).toBeUndefined();
    expect(detectContextOverflow(429, { error: { code: 'context_length_exceeded' } }, '')).toBeUndefined();
  });

  it('becomes a context_overflow LlmError through the real SDK', async () => {
    server = await startScriptedServer({ script: { contextLimit: { maxChars: 10, wording: 'openai' }, turns: [{ text: 'x' }] } });
    const p = createProvider({ provider: 'openai', model: 'm', baseUrl: server.openaiUrl, apiKey: 'sk-test-0000' }, { retry: noRetry });
    const err = await (async () => {
      for await (const _ of p.stream({ system: 's', messages: [{ role: 'user', content: [{ type: 'text', text: 'hello' }] }], tools: [] }));
    })().catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'context_overflow', overflow: { contextWindow: 2 } });
  });
});

describe('context windows', () => {
  it('knows common models by name (org prefix and tag ignored) and nothing else', () => {
    expect(knownWindow('claude-sonnet-4-5')).toBe(200_000);
    expect(knownWindow('gpt-4o-mini')).toBe(128_000);
    expect(knownWindow('qwen2.5-coder:7b')).toBe(32_768);
    expect(knownWindow('meta-llama/llama-3.1-70b')).toBe(131_072);
    expect(knownWindow('llama3.1:8b')).toBe(131_072);
    expect(knownWindow('my-own-model')).toBeUndefined();
  });

  it('learns only downwards, beats the setting, and is remembered in its file', async () => {
    const file = path.join(await temp(), 'windows.json');
    const w = new ContextWindows(file);
    expect(w.resolve('openai-compatible', 'm', 100_000)).toBe(100_000);
    w.learn('openai-compatible', 'm', 75_000);
    w.learn('openai-compatible', 'm', 90_000);
    expect(w.resolve('openai-compatible', 'm', 100_000)).toBe(75_000);
    expect(w.resolve('openai-compatible', 'm', 50_000)).toBe(50_000);
    expect(w.resolve('anthropic', 'm')).toBe(128_000);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ 'openai-compatible:m': 75_000 });
    expect(new ContextWindows(file).get('openai-compatible', 'm')).toBe(75_000);
  });
});

describe('counting before sending', () => {
  const msg = (text: string): LlmMessage => ({ role: 'user', content: [{ type: 'text', text }] });
  it("anchors on the server's count of the previous request and estimates what was added", () => {
    const c = new TokenCounter();
    const first = [msg('a'.repeat(3000))];
    const req = { system: 'sys', messages: first, tools: [] };
    const raw = c.count(req);
    c.observe(req, 700);
    expect(c.count(req)).toBe(700);
    const next = [...first, msg('b'.repeat(3000))];
    const added = c.count({ ...req, messages: next }) - 700;
    // The addition is scaled by what the server taught (700 reported for `raw` estimated).
    expect(added).toBeGreaterThan(0);
    expect(Math.abs(added - Math.ceil((700 / raw) * (raw - 2)))).toBeLessThan(20);
    // A rewritten transcript has no anchor: the calibrated estimate of everything.
    expect(c.count({ ...req, messages: [msg('b'.repeat(3000))] })).toBeLessThan(raw);
  });
});

describe('a real tokenizer for OpenAI models', () => {
  const msg = (text: string): LlmMessage => ({ role: 'user', content: [{ type: 'text', text }] });
  it('picks the encoding by model name, and none for Claude or local models', () => {
    for (const m of ['gpt-4o', 'gpt-4o-mini', 'gpt-4.1-nano', 'gpt-5', 'o3', 'o4-mini', 'openai/gpt-4.1', 'gpt-oss:20b'])
      expect(encodingFor('openai-compatible', m)).toBe('o200k_base');
    for (const m of ['gpt-4', 'gpt-4-turbo', 'gpt-3.5-turbo']) expect(encodingFor('openai', m)).toBe('cl100k_base');
    expect(encodingFor('anthropic', 'claude-sonnet-4-5')).toBeUndefined();
    expect(encodingFor('anthropic', 'gpt-4o')).toBeUndefined();
    for (const m of ['llama3.1', 'qwen2.5-coder:7b', 'o3x', 'scripted']) expect(encodingFor('openai-compatible', m)).toBeUndefined();
  });

  it('counts what the tokenizer counts, a special-token spelling included, and anchors on the server as before', async () => {
    const tokenize = await loadTokenizer('o200k_base');
    const { countTokens } = await import('gpt-tokenizer/encoding/o200k_base');
    const code = 'export const value_1 = computeThing(a, b) ?? fallback; // <|endoftext|> in a file is text\n'.repeat(200);
    const c = new TokenCounter();
    c.useTokenizer(tokenize);
    expect(c.exact).toBe(true);
    const req = { system: 'sys', messages: [msg(code)], tools: [] };
    const exact = countTokens(code, { disallowedSpecial: new Set() }) + countTokens('sys');
    expect(c.count(req)).toBeGreaterThanOrEqual(exact);
    expect(c.count(req)).toBeLessThanOrEqual(exact + 8); // framing tokens only
    // Where the character estimate is far off (prose, about 4.5 characters a token), the tokenizer is not.
    const prose = {
      system: '',
      messages: [msg('The quick brown fox jumps over the lazy dog near the river bank. '.repeat(100))],
      tools: [],
    };
    const proseTokens = tokenize(prose.messages[0]!.content[0]!.type === 'text' ? prose.messages[0]!.content[0]!.text : '');
    expect(new TokenCounter().count(prose) / proseTokens).toBeGreaterThan(1.3);
    expect(c.count(prose) / proseTokens).toBeLessThan(1.01);
    // The server's figure anchors the prefix; what is added is counted by the tokenizer.
    c.observe(req, exact + 10);
    const added = msg('hello world');
    expect(c.count({ ...req, messages: [...req.messages, added] })).toBe(exact + 10 + c.countMessages([added]));
    expect(c.countMessages([added])).toBeLessThanOrEqual(8);
  });

  it('a context manager for an OpenAI model loads it and counts with it before compacting', async () => {
    const provider = { kind: 'openai', model: 'gpt-4.1-mini', contextWindow: 2_000 } as unknown as LlmProvider;
    const m = new ContextManager({ provider, logDir: await temp(), windows: new ContextWindows() });
    await m.fit({ system: 's', messages: [msg('x '.repeat(3000))], tools: [] }, 'budget');
    expect(m.counter.exact).toBe(true);
    const claude = new ContextManager({
      provider: { kind: 'anthropic', model: 'claude-sonnet-4-5' } as unknown as LlmProvider,
      logDir: await temp(),
      windows: new ContextWindows(),
    });
    await claude.fit({ system: 's', messages: [msg('x '.repeat(3000))], tools: [] }, 'budget');
    expect(claude.counter.exact).toBe(false);
  });
});

/** A loop over the scripted server with a small window: every figure below is in tokens of 4 characters. */
async function loopWith(kind: 'anthropic' | 'openai', script: ScriptInput, contextWindow: number, extra: Partial<AgentLoopDeps> = {}) {
  server = await startScriptedServer({ script });
  const root = await temp();
  const log = new EventLog();
  const provider = createProvider(
    kind === 'anthropic'
      ? { provider: 'anthropic', model: 'scripted', baseUrl: server.url, apiKey: 'sk-test-0000', contextWindow }
      : { provider: 'openai', model: 'scripted', baseUrl: server.openaiUrl, apiKey: 'sk-test-0000', contextWindow },
    { retry: noRetry },
  );
  const deps: AgentLoopDeps = {
    provider,
    registry: registryOf([echoTool(), bigTool(6_000)]),
    gate: fakeGate(new ApprovalQueue()),
    emit: log.emit,
    projectRoot: root,
    logDir: path.join(root, 'logs'),
    memory: null,
    systemPrompt: 'You are the main agent.',
    context: { windows: new ContextWindows() },
    ...extra,
  };
  return { deps, log, server };
}

const SUMMARY_TURNS = Array.from({ length: 6 }, () => ({
  match: { system: 'You summarise earlier turns' },
  text: 'The user wants notes read. Decided to read them one by one. Open work: finish reading.',
}));
const bigTurns = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ text: `step ${i + 1}`, toolCalls: [{ id: `call_${i + 1}`, name: 'big_output', input: {} }] }));

describe.each(['anthropic', 'openai'] as const)('the loop keeps requests under the budget (%s wire)', (kind) => {
  it('cuts old tool results first and keeps the latest whole, under 85% of the window every turn', async () => {
    const t = await loopWith(kind, { turns: [...SUMMARY_TURNS, ...bigTurns(12), { text: 'done' }] }, 12_000);
    const r = await runAgent(t.deps, { prompt: 'read the big outputs', conversationId: 'c' });
    expect(r.stopReason).toBe('end_turn');
    expect(t.log.of('context.compacted').length).toBeGreaterThan(0);
    const main = t.server.requests.filter((q) => q.turn !== null && !JSON.stringify(q.body).includes('You summarise earlier turns'));
    expect(main.length).toBe(13);
    for (const q of main.slice(1)) expect(JSON.stringify(q.body).length / 4).toBeLessThanOrEqual(12_000 * 0.85);
    const last = toolResultsSent(main.at(-1)!.body);
    expect(last.at(-1)).toContain('line 0599'); // the latest result is whole
    expect(last.at(-1)).not.toContain('characters omitted');
    // Cutting old results came first; the cut ones named their full log.
    expect(t.log.of('context.compacted')[0]!.kind).toBe('trim');
    expect(main.some((q) => toolResultsSent(q.body).some((c) => c.includes('the full output is in')))).toBe(true);
  });

  it('summarises old turns into a note that keeps the user messages and the paths', async () => {
    const t = await loopWith(
      kind,
      {
        turns: [
          ...SUMMARY_TURNS,
          { toolCalls: [{ id: 'call_r', name: 'read_note', input: { path: 'docs/plan.md' } }] },
          ...bigTurns(10),
          { text: 'done' },
        ],
      },
      12_000,
      { context: { windows: new ContextWindows(), targetRatio: 0.25 } },
    );
    const r = await runAgent(t.deps, { prompt: 'read the plan, then the big outputs', conversationId: 'c' });
    expect(r.stopReason).toBe('end_turn');
    const summary = t.log.of('context.compacted').find((e) => e.kind === 'summary');
    expect(summary).toBeDefined();
    expect(summary!.afterTokens).toBeLessThan(summary!.beforeTokens);
    const asked = t.server.requests.find((q) => JSON.stringify(q.body).includes('You summarise earlier turns'));
    expect(asked).toBeDefined();
    const note = r.messages[0]!.content[0] as { type: 'text'; text: string };
    expect(note.text.startsWith(SUMMARY_HEADER)).toBe(true);
    expect(note.text).toContain('> read the plan, then the big outputs');
    expect(note.text).toContain('docs/plan.md');
    expect(note.text).toContain('Open work: finish reading.');
    expect(r.messages[1]!.role).toBe('assistant');
  });

  it('recovers from a refusal without numbers: learns the window, compacts, retries', async () => {
    const t = await loopWith(
      kind,
      {
        contextLimit: { maxChars: 40_000, wording: kind === 'anthropic' ? 'anthropic' : 'ollama' },
        turns: [...SUMMARY_TURNS, ...bigTurns(10), { text: 'done' }],
      },
      200_000,
    );
    const r = await runAgent(t.deps, { prompt: 'go', conversationId: 'c' });
    expect(r.stopReason).toBe('end_turn');
    const refused = t.server.requests.findIndex((q) => q.refused);
    expect(refused).toBeGreaterThan(0);
    expect(t.log.of('context.compacted')[0]).toMatchObject({ reason: 'overflow' });
    expect(t.server.requests.slice(refused + 1).filter((q) => q.refused)).toEqual([]);
  });

  it('gives up after two compact-and-retry rounds in a row, with the typed error', async () => {
    const t = await loopWith(
      kind,
      { contextLimit: { maxChars: 600, wording: 'openai' }, turns: [...SUMMARY_TURNS, ...bigTurns(3), { text: 'done' }] },
      200_000,
    );
    const r = await runAgent(t.deps, { prompt: 'go', conversationId: 'c' });
    expect(r.stopReason).toBe('error');
    expect(r.error?.code).toBe('context_overflow');
    // The first turn fits nothing at all: 1 request + 2 retries, never a third.
    expect(t.server.requests.filter((q) => !JSON.stringify(q.body).includes('You summarise earlier turns')).length).toBeLessThanOrEqual(3);
  });
});

describe('/compact and resuming', () => {
  it('/compact summarises, is recorded in the conversation file, and a resumed run continues from the note', async () => {
    server = await startScriptedServer({
      script: {
        turns: [
          ...SUMMARY_TURNS.slice(0, 1),
          ...bigTurns(3),
          { text: 'first answer' },
          { match: { lastUser: 'and now?' }, text: 'continued' },
        ],
      },
    });
    const log = new EventLog();
    const approvals = new ApprovalQueue();
    const tools = registryOf([bigTool(6_000)]);
    const runtime = createAgentRuntime({
      provider: createProvider(
        { provider: 'anthropic', model: 'scripted', baseUrl: server.url, apiKey: 'sk-test-0000' },
        { retry: noRetry },
      ),
      gate: fakeGate(approvals),
      registry: () => tools,
      subAgentRegistry: () => tools,
      approvals,
      emit: log.emit,
      projectRoot: await temp('cc-proj-'),
      dataDir: await temp('cc-data-'),
      memory: null,
    });
    const first = await runtime.start({ prompt: 'look around' });
    expect((await first.done).stopReason).toBe('end_turn');
    const cid = first.conversationId;
    const compact = await runtime.start({ prompt: '/compact', conversationId: cid });
    const done = await compact.done;
    expect(done.finalText).toBe('Earlier turns were summarised.');
    expect(log.of('context.compacted').at(-1)).toMatchObject({ kind: 'summary', reason: 'manual' });
    const loaded = await runtime.conversations.load(cid);
    expect((loaded.messages[0]!.content[0] as { text: string }).text.startsWith(SUMMARY_HEADER)).toBe(true);
    const before = server.requests.length;
    const resumed = await runtime.start({ prompt: 'and now?', conversationId: cid });
    expect((await resumed.done).finalText).toBe('continued');
    const body = JSON.stringify(server.requests[before]!.body);
    expect(body).toContain('Earlier turns summarised');
    // The older turns are gone from the prompt; the latest turn (call_3 and its result) is whole.
    expect(body).not.toContain('call_1');
    expect(body).not.toContain('call_2');
    expect(body).toContain('line 0599');
    runtime.dispose();
  });
});

describe('sub-agents get the same treatment within their own transcript', () => {
  it("compacts a child's transcript under the same budget and reports its usage", async () => {
    const child = { system: SUBAGENT_MARKER };
    server = await startScriptedServer({
      script: {
        turns: [
          ...SUMMARY_TURNS,
          { toolCalls: [{ id: 'call_parent', name: 'agent', input: { prompt: 'read the big outputs' } }] },
          ...Array.from({ length: 10 }, (_, i) => ({ match: child, toolCalls: [{ id: `c_${i}`, name: 'big_output', input: {} }] })),
          { match: child, text: 'child done' },
          { text: 'parent done' },
        ],
      },
    });
    const log = new EventLog();
    const approvals = new ApprovalQueue();
    const reg: { main?: ToolRegistry; sub?: ToolRegistry } = {};
    const runtime = createAgentRuntime({
      provider: createProvider(
        { provider: 'anthropic', model: 'scripted', baseUrl: server.url, apiKey: 'sk-test-0000', contextWindow: 12_000 },
        { retry: noRetry },
      ),
      gate: fakeGate(approvals),
      registry: () => reg.main!,
      subAgentRegistry: () => reg.sub!,
      approvals,
      emit: log.emit,
      projectRoot: await temp('cc-proj-'),
      dataDir: await temp('cc-data-'),
      memory: null,
    });
    const agent = fakeAgentTool(runtime.runSubAgent);
    reg.main = registryOf([agent]);
    reg.sub = registryOf([bigTool(6_000)]);
    const r = await (await runtime.start({ prompt: 'delegate' })).done;
    expect(r.finalText).toBe('parent done');
    const childCompactions = log.of('context.compacted').filter((e) => e.depth === 1);
    expect(childCompactions.length).toBeGreaterThan(0);
    const childRequests = server.requests.filter((q) => JSON.stringify(q.body.system).includes(SUBAGENT_MARKER));
    expect(childRequests.length).toBe(11);
    for (const q of childRequests.slice(1)) expect(JSON.stringify(q.body).length / 4).toBeLessThanOrEqual(12_000 * 0.85);
    expect(log.of('subagent.finished')[0]!.usage!.inputTokens).toBeGreaterThan(0);
    runtime.dispose();
  });
});
