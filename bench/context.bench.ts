/**
 * Long conversations, against the scripted server through the real SDKs:
 * 1. Prefix stability: over a 50-turn conversation with 10 KB tool results, the share of the input
 *    tokens of each request that repeat the previous request from its start (cache markers left
 *    out), the mean per request on both wire formats (goal ≥ 90%); weighted by size and the server's
 *    emulated cache read share are printed beside it. A request's share is at most the previous
 *    request's size over its own, so early requests (a small prefix plus a 10 KB result) are low
 *    whatever is done; a compaction keeps the head whole so the cache survives it.
 * 2. 200 turns of 30 KB tool results against a 100k-token window (the server refuses anything
 *    longer): failures (goal 0) and the peak request as a share of the window (goal ≤ 85%).
 * 3. Compaction time: mean milliseconds per compaction (cut or summary, the summariser answering
 *    at once), as a ratio of the mean model round trip of the same run.
 * 4. Counting before sending, as the loop does it (the server's figure for the previous request
 *    plus what was added), over a 50-turn conversation with 10 KB results: milliseconds per request
 *    with the o200k tokenizer, against the character estimate.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { runAgent, ContextWindows, loadTokenizer, TokenCounter } from '../main/core/agent/index.js';
import { type LlmMessage, createProvider, canonicalPrefix, prefixShare, startScriptedServer } from '../main/core/llm/index.js';
import type { AgentEvent } from '../shared/contract/index.js';
import type { PermissionGate } from '../main/core/permissions/index.js';
import type { Tool, ToolRegistry } from '../main/core/tools/index.js';
import type { BenchRow } from './types.js';

const allowNone: PermissionGate = { check: async () => ({ allowed: true, via: 'none' }) };
const noRetry = { maxRetries: 0, backoffMs: () => 0, sleep: async () => {} };

function bigTool(chars: number): ToolRegistry {
  const tool: Tool = {
    name: 'read_big',
    description: 'Returns a large text',
    category: 'read',
    environment: 'host',
    touches: { changesFiles: false, fileAccess: 'none', keyFromCommand: false },
    parameters: z.object({ n: z.number() }) as z.ZodType,
    permission: () => ({ kind: 'none' }),
    execute: async (args) => {
      const n = (args as { n: number }).n;
      const line = (i: number) => `result ${n} line ${i} `.padEnd(63, '.');
      return {
        content: Array.from({ length: Math.ceil(chars / 64) }, (_, i) => line(i))
          .join('\n')
          .slice(0, chars),
      };
    },
  };
  return { list: () => [tool], get: (name) => (name === tool.name ? tool : undefined) };
}

async function conversation(kind: 'anthropic' | 'openai', opts: { turns: number; resultChars: number; windowTokens?: number }) {
  const summaries = Array.from({ length: 80 }, () => ({
    match: { system: 'You summarise earlier turns' },
    text: 'The user asked for every result to be read. All results so far were read; open work: read the rest.',
  }));
  const turns = [
    ...summaries,
    ...Array.from({ length: opts.turns }, (_, i) => ({ text: `Reading ${i}.`, toolCalls: [{ name: 'read_big', input: { n: i } }] })),
    { text: 'done' },
  ];
  const server = await startScriptedServer({
    script: { turns, ...(opts.windowTokens ? { contextLimit: { maxChars: opts.windowTokens * 4, wording: 'openai' as const } } : {}) },
  });
  const provider = createProvider(
    kind === 'anthropic'
      ? {
          provider: 'anthropic',
          model: 'scripted',
          baseUrl: server.url,
          apiKey: 'k',
          ...(opts.windowTokens ? { contextWindow: opts.windowTokens } : {}),
        }
      : {
          provider: 'openai',
          model: 'scripted',
          baseUrl: server.openaiUrl,
          apiKey: 'k',
          ...(opts.windowTokens ? { contextWindow: opts.windowTokens } : {}),
        },
    { retry: noRetry },
  );
  const dir = mkdtempSync(path.join(tmpdir(), 'cc-bench-ctx-'));
  const events: AgentEvent[] = [];
  const t0 = performance.now();
  const result = await runAgent(
    {
      provider,
      registry: bigTool(opts.resultChars),
      gate: allowNone,
      emit: (e) => void events.push(e),
      projectRoot: dir,
      logDir: path.join(dir, 'logs'),
      memory: null,
      maxTurns: opts.turns + 5,
      context: { windows: new ContextWindows() },
    },
    { prompt: 'Read every result.', conversationId: 'bench' },
  );
  const wallMs = performance.now() - t0;
  rmSync(dir, { recursive: true, force: true });
  const requests = server.requests.slice();
  await server.close();
  return { result, events, requests, wallMs };
}

/** Counts each request of a 50-turn conversation as the loop does; mean ms per request, and the last request. */
function countingRun(counter: TokenCounter): { ms: number; last: LlmMessage[]; system: string } {
  const system = 'You are a coding agent.'.repeat(50);
  const messages: LlmMessage[] = [{ role: 'user', content: [{ type: 'text', text: 'Read every result.' }] }];
  let ms = 0;
  for (let i = 0; i < 50; i++) {
    const req = { system, messages: messages.slice(), tools: [] };
    const t0 = performance.now();
    const n = counter.count(req);
    ms += performance.now() - t0;
    counter.observe(req, n); // the server's figure, as usage reports it
    const body = Array.from({ length: 160 }, (_, k) => `  const value_${i}_${k} = compute(${k}, "turn ${i}"); // line ${k}`).join('\n');
    messages.push({
      role: 'assistant',
      content: [{ type: 'tool_use', id: `call_${i}`, name: 'read_file', input: { path: `src/f${i}.ts` } }],
    });
    messages.push({ role: 'user', content: [{ type: 'tool_result', toolUseId: `call_${i}`, content: body.slice(0, 10_000) }] });
  }
  return { ms: ms / 50, last: messages, system };
}

export default async function (report: (row: BenchRow) => void): Promise<void> {
  {
    const t0 = performance.now();
    const tokenize = await loadTokenizer('o200k_base');
    const loadMs = performance.now() - t0;
    const estimate = countingRun(new TokenCounter()).ms;
    const exact = new TokenCounter();
    exact.useTokenizer(tokenize);
    const run = countingRun(exact);
    // The naive way: tokenising the whole of the last request again (what each count would cost
    // without the per-message memory and the server's anchor).
    const t1 = performance.now();
    for (const m of run.last)
      for (const b of m.content) tokenize(b.type === 'text' ? b.text : b.type === 'tool_result' ? b.content : JSON.stringify(b.input));
    tokenize(run.system);
    const naive = performance.now() - t1;
    report({
      name: 'counting a request before sending (o200k tokenizer, 50 turns × 10 KB)',
      value: run.ms.toFixed(2),
      unit: `ms mean per request (the character estimate: ${estimate.toFixed(3)} ms; loading the encoding once: ${loadMs.toFixed(0)} ms, in the background)`,
      baseline: `tokenising the whole last request (${naive.toFixed(1)} ms)`,
      ratio: run.ms / naive,
      goal: '≤ 0.1 (each message is tokenised once)',
      met: run.ms / naive <= 0.1,
    });
  }

  for (const kind of ['anthropic', 'openai'] as const) {
    const { result, events, requests } = await conversation(kind, { turns: 50, resultChars: 10_000 });
    if (result.stopReason !== 'end_turn') throw new Error(`prefix bench ended ${result.stopReason}`);
    const main = requests.filter((q) => q.turn !== null && !JSON.stringify(q.body.system ?? q.body.messages).includes('You summarise'));
    // The goal is on the mean per request (the wording); weighted by each request's size
    // (the share of all input tokens sent that a cache can serve) is printed beside it.
    const sizes = main.map((q) => canonicalPrefix(kind, q.body).length);
    const shares = main.slice(1).map((q, i) => prefixShare(kind, main[i]!.body, q.body));
    const mean = shares.reduce((s, x, i) => s + x * sizes[i + 1]!, 0) / sizes.slice(1).reduce((s, x) => s + x, 0);
    const perRequest = shares.reduce((s, x) => s + x, 0) / shares.length;
    const usage = events.filter((e): e is Extract<AgentEvent, { type: 'usage' }> => e.type === 'usage' && e.depth === 0);
    const read = usage.reduce((s, u) => s + (u.cacheReadTokens ?? 0), 0);
    const input = usage.reduce((s, u) => s + u.inputTokens, 0);
    const compactions = events.filter((e) => e.type === 'context.compacted').length;
    report({
      name: `prefix stability, 50 turns × 10 KB results (${kind})`,
      value: (perRequest * 100).toFixed(1),
      unit: `% mean per request of its input that repeats the previous request's prefix (weighted by size ${(mean * 100).toFixed(1)}%; server cache read ${((read / input) * 100).toFixed(0)}% of input; ${compactions} compaction${compactions === 1 ? '' : 's'})`,
      baseline: 'the whole request',
      ratio: perRequest,
      goal: '≥ 90% per request',
      met: perRequest >= 0.9,
    });
  }

  const WINDOW = 100_000;
  const long = await conversation('openai', { turns: 200, resultChars: 30_000, windowTokens: WINDOW });
  const refused = long.requests.filter((q) => q.refused).length;
  const failures = refused + (long.result.stopReason === 'end_turn' ? 0 : 1);
  const peakTokens = Math.max(...long.requests.map((q) => JSON.stringify(q.body).length / 4));
  report({
    name: '200 turns × 30 KB results, 100k-token window: failures',
    value: failures,
    unit: `(${refused} refused requests, run ${long.result.stopReason} after ${long.result.turns} turns)`,
    goal: '0',
    met: failures === 0,
  });
  report({
    name: '200 turns × 30 KB results: peak request',
    value: Math.round(peakTokens),
    unit: 'tokens (4 characters each, as the server counts)',
    baseline: 'the 100k window',
    ratio: peakTokens / WINDOW,
    goal: '≤ 0.85',
    met: peakTokens / WINDOW <= 0.85,
  });
  const compactions = long.events.filter((e): e is Extract<AgentEvent, { type: 'context.compacted' }> => e.type === 'context.compacted');
  const meanCompaction = compactions.reduce((s, e) => s + e.durationMs, 0) / Math.max(1, compactions.length);
  const meanTurn = long.wallMs / Math.max(1, long.requests.length);
  const summaries = compactions.filter((e) => e.kind === 'summary').length;
  report({
    name: 'compaction time (200-turn run)',
    value: meanCompaction.toFixed(1),
    unit: `ms mean over ${compactions.length} compactions (${summaries} summaries, ${compactions.length - summaries} cuts)`,
    baseline: `a model round trip (${meanTurn.toFixed(1)} ms mean)`,
    ratio: meanCompaction / meanTurn,
  });
}
