/**
 * Long conversations (issue 12), against the scripted server through the real SDKs:
 * 1. Prefix stability: over a 50-turn conversation with 10 KB tool results, the share of the input
 *    tokens of each request that repeat the previous request from its start (cache markers left
 *    out), summed over the conversation, on both wire formats (goal ≥ 90%). The server's emulated cache read share is printed beside it.
 * 2. 200 turns of 30 KB tool results against a 100k-token window (the server refuses anything
 *    longer): failures (goal 0) and the peak request as a share of the window (goal ≤ 85%).
 * 3. Compaction time: mean milliseconds per compaction (cut or summary, the summariser answering
 *    at once), as a ratio of the mean model round trip of the same run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { runAgent, ContextWindows } from '../main/core/agent/index.js';
import { createProvider, canonicalPrefix, prefixShare, startScriptedServer } from '../main/core/llm/index.js';
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

export default async function (report: (row: BenchRow) => void): Promise<void> {
  for (const kind of ['anthropic', 'openai'] as const) {
    const { result, events, requests } = await conversation(kind, { turns: 50, resultChars: 10_000 });
    if (result.stopReason !== 'end_turn') throw new Error(`prefix bench ended ${result.stopReason}`);
    const main = requests.filter((q) => q.turn !== null && !JSON.stringify(q.body.system ?? q.body.messages).includes('You summarise'));
    // Weighted by each request's size: the share of all input tokens sent that repeat the previous
    // request's prefix (what a cache can serve). The unweighted mean per request is printed too.
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
      value: (mean * 100).toFixed(1),
      unit: `% of input tokens repeat the previous request's prefix (mean per request ${(perRequest * 100).toFixed(1)}%; server cache read ${((read / input) * 100).toFixed(0)}% of input; ${compactions} compaction${compactions === 1 ? '' : 's'})`,
      baseline: 'the whole request',
      ratio: mean,
      goal: '≥ 90%',
      met: mean >= 0.9,
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
