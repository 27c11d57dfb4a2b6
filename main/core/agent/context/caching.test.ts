/**
 * Prompt caching, request by request, through the real SDKs against the loopback wires: the
 * Anthropic breakpoints (last tool, system, end of the previous turn, end of this request), a
 * prefix that only grows, and the cache figures read back from usage (the scripted server
 * emulates both providers' caches).
 */
import { rm } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import {
  startScriptedServer,
  type ScriptedServer,
  canonicalPrefix,
  prefixShare,
  withCacheBreakpoints,
  createProvider,
} from '../../llm/index.js';
import { ApprovalQueue } from '../../approvals/index.js';
import { runAgent } from '../loop.js';
import { ContextWindows } from './window.js';
import { bigTool, echoTool, EventLog, fakeGate, noRetry, registryOf, scriptedProvider, tempDir, toolResultsSent } from '../agent.testkit.js';

let server: ScriptedServer | undefined;
const dirs: string[] = [];
afterEach(async () => {
  await server?.close();
  server = undefined;
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

const EPHEMERAL = { type: 'ephemeral' };
type Block = { type: string; cache_control?: unknown };
type Msg = { role: string; content: Block[] | string };

async function runTurns(kind: 'anthropic' | 'openai', turns: number, contextWindow?: number) {
  server = await startScriptedServer({
    script: {
      turns: [
        ...Array.from({ length: turns }, (_, i) => ({
          text: `step ${i}`,
          toolCalls: [{ id: `call_${i}`, name: i % 2 ? 'read_note' : 'big_output', input: i % 2 ? { path: `n${i}.md` } : {} }],
        })),
        { text: 'done' },
      ],
    },
  });
  const root = await tempDir();
  dirs.push(root, `${root}-logs`);
  const log = new EventLog();
  const result = await runAgent(
    {
      provider: contextWindow
        ? createProvider(
            kind === 'anthropic'
              ? { provider: 'anthropic', model: 'scripted', baseUrl: server.url, apiKey: 'k', contextWindow }
              : { provider: 'openai', model: 'scripted', baseUrl: server.openaiUrl, apiKey: 'k', contextWindow },
            { retry: noRetry },
          )
        : scriptedProvider(kind, server, noRetry),
      registry: registryOf([echoTool(), bigTool(6_000)]),
      gate: fakeGate(new ApprovalQueue()),
      emit: log.emit,
      projectRoot: root,
      logDir: `${root}-logs`,
      memory: null,
      ...(contextWindow ? { context: { windows: new ContextWindows() } } : {}),
    },
    { prompt: 'go', conversationId: 'c' },
  );
  return { result, log, requests: server.requests };
}

describe('Anthropic prompt caching', () => {
  it('marks the last tool, the system prompt, the previous turn end and the request end, every request', async () => {
    const { result, requests } = await runTurns('anthropic', 6);
    expect(result.stopReason).toBe('end_turn');
    expect(requests).toHaveLength(7);
    for (const [i, r] of requests.entries()) {
      const tools = r.body.tools as Block[];
      expect(tools.at(-1)!.cache_control).toEqual(EPHEMERAL);
      expect(tools.slice(0, -1).every((t) => t.cache_control === undefined)).toBe(true);
      expect((r.body.system as Block[])[0]!.cache_control).toEqual(EPHEMERAL);
      const messages = r.body.messages as Msg[];
      const marked = messages.flatMap((m, mi) => (m.content as Block[]).flatMap((b, bi) => (b.cache_control ? [[mi, bi]] : [])));
      // The end of this request…
      expect(marked.at(-1)).toEqual([messages.length - 1, (messages.at(-1)!.content as Block[]).length - 1]);
      // …and from the second request on, the end of the previous one (what it wrote is read now).
      if (i > 0) {
        const prevLen = (requests[i - 1]!.body.messages as Msg[]).length;
        expect(marked).toHaveLength(2);
        expect(marked[0]![0]).toBe(prevLen - 1);
      } else expect(marked).toHaveLength(1);
      // Never more than the API's 4 breakpoints.
      expect(marked.length + 2).toBeLessThanOrEqual(4);
    }
  });

  it('keeps the prefix byte-stable and reads the cache from the second request on', async () => {
    const { log, requests } = await runTurns('anthropic', 6);
    for (let i = 1; i < requests.length; i++) {
      const prev = canonicalPrefix('anthropic', requests[i - 1]!.body);
      expect(canonicalPrefix('anthropic', requests[i]!.body).startsWith(prev)).toBe(true);
      const next = canonicalPrefix('anthropic', requests[i]!.body);
      expect(prefixShare('anthropic', requests[i - 1]!.body, requests[i]!.body)).toBeCloseTo(prev.length / next.length, 6);
    }
    const usage = log.of('usage');
    expect(usage[0]!.cacheReadTokens).toBeUndefined();
    expect(usage[0]!.cacheWriteTokens).toBeGreaterThan(0);
    for (const u of usage.slice(1)) {
      expect(u.cacheReadTokens).toBeGreaterThan(0);
      // The whole prompt is counted: uncached + read + written.
      expect(u.inputTokens).toBeGreaterThan(u.cacheReadTokens! + (u.cacheWriteTokens ?? 0));
    }
  });
});

/** The body of a request cut after its message `mi`, block `bi`: the prefix that breakpoint caches. */
function bodyUpTo(body: Record<string, unknown>, mi: number, bi: number): Record<string, unknown> {
  const messages = (body.messages as Msg[])
    .slice(0, mi + 1)
    .map((m, i) => (i === mi ? { ...m, content: (m.content as Block[]).slice(0, bi + 1) } : m));
  return { ...body, messages };
}

describe('withCacheBreakpoints', () => {
  const text = (t: string) => ({ type: 'text' as const, text: t });
  const msgs = () => [
    { role: 'user' as const, content: [text('task')] },
    { role: 'assistant' as const, content: [text('a1')] },
    { role: 'user' as const, content: [text('r1'), text('r1b')] },
    { role: 'assistant' as const, content: [text('a2')] },
    { role: 'user' as const, content: [text('r2')] },
  ];
  const marked = (ms: { content: unknown }[]) =>
    ms.flatMap((m, mi) => (m.content as Block[]).flatMap((b, bi) => (b.cache_control ? [`${mi}.${bi}`] : [])));
  it('marks the anchor block (found by identity) and the end; without one, the previous turn end', () => {
    const input = msgs();
    expect(marked(withCacheBreakpoints(input, input[0]!.content[0]))).toEqual(['0.0', '4.0']);
    expect(marked(withCacheBreakpoints(input))).toEqual(['2.1', '4.0']);
    // The anchor at the very end is one breakpoint, not two.
    expect(marked(withCacheBreakpoints(input, input[4]!.content[0]))).toEqual(['4.0']);
    // A block the request does not hold (an equal copy is not the block): the shape rule applies.
    expect(marked(withCacheBreakpoints(input, text('task')))).toEqual(['2.1', '4.0']);
    // Nothing given was marked in place.
    expect(marked(input)).toEqual([]);
  });
});

describe('a compaction keeps the cached head', () => {
  it('cuts the results nearest the recent turns first and marks the end of the unchanged head, which the cache reads', async () => {
    // 6,000-character results against a 12k-token window: the budget is crossed a few times.
    const { result, log, requests } = await runTurns('anthropic', 14, 12_000);
    expect(result.stopReason).toBe('end_turn');
    const compactions = log.of('context.compacted');
    expect(compactions.length).toBeGreaterThan(0);
    expect(compactions.every((c) => c.kind === 'trim')).toBe(true);
    const usage = log.of('usage');
    expect(usage).toHaveLength(requests.length);
    let shrunk = 0;
    for (let i = 1; i < requests.length; i++) {
      const prev = requests[i - 1]!.body;
      const body = requests[i]!.body;
      const messages = body.messages as Msg[];
      const marks = messages.flatMap((m, mi) => (m.content as Block[]).flatMap((b, bi) => (b.cache_control ? [[mi, bi] as const] : [])));
      // Two message breakpoints: the anchor, then the request's end.
      expect(marks).toHaveLength(2);
      const [mi, bi] = marks[0]!;
      const head = canonicalPrefix('anthropic', bodyUpTo(body, mi, bi));
      // What the anchor covers was sent unchanged by the previous request (its cache entry exists).
      expect(canonicalPrefix('anthropic', prev).startsWith(head)).toBe(true);
      // And it is the whole shared prefix, to the message: nothing cacheable is left unmarked.
      expect(prefixShare('anthropic', prev, body)).toBeLessThan((head.length + 20_000) / canonicalPrefix('anthropic', body).length);
      const isCompacted = canonicalPrefix('anthropic', body).length < canonicalPrefix('anthropic', prev).length;
      if (!isCompacted) continue;
      shrunk++;
      // The head survived the compaction: well over the tools and system prompt are read from cache.
      expect(messages.length).toBeGreaterThan(6);
      expect(usage[i]!.cacheReadTokens! * 4).toBeGreaterThanOrEqual(head.length - 4);
      expect(prefixShare('anthropic', prev, body)).toBeGreaterThan(0.3);
      // The results cut are those just before the recent turns; the first results are whole.
      const results = toolResultsSent(body);
      expect(results[0]).not.toContain('characters omitted');
      expect(results.at(-1)).not.toContain('characters omitted');
      expect(results.some((r) => r.includes('characters omitted'))).toBe(true);
    }
    expect(shrunk).toBe(compactions.length);
  });
});

describe('OpenAI automatic caching', () => {
  it('sends a prefix that only grows, and reads cached_tokens into usage', async () => {
    const { log, requests } = await runTurns('openai', 6);
    for (let i = 1; i < requests.length; i++) {
      expect(canonicalPrefix('openai', requests[i]!.body).startsWith(canonicalPrefix('openai', requests[i - 1]!.body).slice(0, -2))).toBe(
        true,
      );
    }
    const cached = log.of('usage').map((u) => u.cacheReadTokens ?? 0);
    expect(cached[0]).toBe(0);
    expect(cached.at(-1)).toBeGreaterThanOrEqual(1024);
  });
});
