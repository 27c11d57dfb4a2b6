/**
 * A command that prints 200 MB, through the whole runtime (scripted model, loop, tool call,
 * conversation file): the live stream stays bounded, its end is shown before the result, and the
 * conversation keeps a bounded tail. Time is a manual clock: no sleeps.
 */
import { stat } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startScriptedServer, type ScriptedServer } from '../llm/index.js';
import { defineTool, ToolFailure, type Tool } from '../tools/index.js';
import { ApprovalQueue } from '../approvals/index.js';
import type { AgentEvent, AgentEventOf } from './events.js';
import { LIVE_OUTPUT_DEFAULTS } from './liveOutput.js';
import { RECORDED_OUTPUT_BYTES } from './recordedEvents.js';
import { createAgentRuntime } from './runtime.js';
import { EventLog, fakeGate, manualTime, noRetry, numberedLine, numberedLines, registryOf, scriptedProvider, tempDir } from './agent.testkit.js';

const TOTAL = 200_000_000;
const BYTES_PER_MS = 100_000; // 100 MB/s
const bytes = (s: string) => Buffer.byteLength(s, 'utf8');

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Prints `total` bytes of numbered lines, the manual clock moving at 100 MB/s; then ends as `mode` says. */
function floodTool(time: ReturnType<typeof manualTime>): Tool {
  return defineTool({
    name: 'flood',
    description: 'Prints a lot, fast',
    category: 'execute',
    environment: 'host',
    touches: { changesFiles: false, fileAccess: 'none', keyFromCommand: false },
    parameters: z.object({ mode: z.enum(['ok', 'throw', 'wait']), total: z.number() }).strict(),
    permission: () => ({ kind: 'none' }),
    execute: async (args: { mode: 'ok' | 'throw' | 'wait'; total: number }, ctx) => {
      for (const chunk of numberedLines(args.total)) {
        ctx.output(chunk);
        time.advance(chunk.length / BYTES_PER_MS);
      }
      if (args.mode === 'throw') throw new ToolFailure('the command crashed');
      if (args.mode === 'wait') await new Promise((resolve) => ctx.signal.addEventListener('abort', resolve));
      return { content: 'flooded' };
    },
  }) as Tool;
}

async function setup(mode: 'ok' | 'throw' | 'wait', total = TOTAL) {
  server = await startScriptedServer({
    script: { turns: [{ toolCalls: [{ id: 'call_flood', name: 'flood', input: { mode, total } }] }, { text: 'Done.' }] },
  });
  const time = manualTime(1_700_000_000_000);
  const log = new EventLog();
  const approvals = new ApprovalQueue();
  const tools = registryOf([floodTool(time)]);
  const runtime = createAgentRuntime({
    provider: scriptedProvider('anthropic', server, noRetry),
    gate: fakeGate(approvals),
    registry: () => tools,
    subAgentRegistry: () => tools,
    approvals,
    emit: log.emit,
    projectRoot: await tempDir('cc-proj-'),
    dataDir: await tempDir('cc-data-'),
    memory: null,
    clock: { now: time.now },
    liveOutput: { timers: time.timers },
    cancelGraceMs: 50,
  });
  return { time, log, runtime };
}

function callEvents(log: EventLog) {
  const events = log.events.filter((e) => 'callId' in e && e.callId === 'call_flood');
  const outputs = events.filter((e): e is AgentEventOf<'tool.output'> => e.type === 'tool.output');
  const resultAt = events.findIndex((e) => e.type === 'tool.result');
  return { events, outputs, resultAt };
}

describe('a 200 MB command through the runtime', () => {
  it('streams a bounded view ending in the real last lines before the result, and records a bounded tail', async () => {
    const t = await setup('ok');
    const handle = await t.runtime.start({ prompt: 'flood' });
    const result = await handle.done;
    expect(result.stopReason).toBe('end_turn');

    const { events, outputs, resultAt } = callEvents(t.log);
    const sent = outputs.reduce((n, e) => n + bytes(e.chunk), 0);
    const elapsedS = TOTAL / BYTES_PER_MS / 1000;
    expect(sent).toBeLessThanOrEqual(
      LIVE_OUTPUT_DEFAULTS.burstBytes + LIVE_OUTPUT_DEFAULTS.bytesPerSecond * elapsedS + LIVE_OUTPUT_DEFAULTS.tailChars + 200,
    );
    // The flush of the end comes before the result; nothing follows it.
    expect(resultAt).toBe(events.length - 1);
    expect(events[resultAt - 1]).toBe(outputs.at(-1));
    expect(outputs.at(-1)!.chunk).toMatch(/not shown live/);
    expect(outputs.at(-1)!.chunk.endsWith(numberedLine(TOTAL / 100 - 1))).toBe(true);
    expect(t.time.pending()).toBe(0);

    // The conversation file: one output event for the call, its tail bounded.
    const conv = await t.runtime.conversations.load(handle.conversationId);
    const stored = conv.events.filter((e): e is AgentEventOf<'tool.output'> => e.type === 'tool.output');
    expect(stored).toHaveLength(1);
    expect(bytes(JSON.stringify(stored[0]!.chunk))).toBeLessThanOrEqual(RECORDED_OUTPUT_BYTES + 200);
    expect(stored[0]!.chunk.endsWith(numberedLine(TOTAL / 100 - 1))).toBe(true);
    const size = (await stat(t.runtime.conversations.fileOf(handle.conversationId))).size;
    expect(size).toBeLessThanOrEqual(RECORDED_OUTPUT_BYTES + 16 * 1024);
  });

  it('flushes before the result and leaves no timer when the tool fails', async () => {
    const t = await setup('throw', 20_000_000);
    const result = await (await t.runtime.start({ prompt: 'flood' })).done;
    expect(result.stopReason).toBe('end_turn');
    const { events, outputs, resultAt } = callEvents(t.log);
    expect(events[resultAt]).toMatchObject({ isError: true, content: expect.stringContaining('the command crashed') });
    expect(events[resultAt - 1]).toBe(outputs.at(-1));
    expect(outputs.at(-1)!.chunk.endsWith(numberedLine(20_000_000 / 100 - 1))).toBe(true);
    expect(t.time.pending()).toBe(0);
  });

  it('on cancel: what was skipped before the abort is shown before the cancelled result, and no timer is left', async () => {
    const t = await setup('wait', 20_000_000);
    const handle = await t.runtime.start({ prompt: 'flood' });
    // The flood ran synchronously up to its wait; a flush is pending on the timer.
    await t.log.next('tool.output');
    await new Promise((r) => setImmediate(r));
    expect(t.time.pending()).toBe(1);
    handle.cancel();
    const result = await handle.done;
    expect(result.stopReason).toBe('cancelled');
    const { events, outputs, resultAt } = callEvents(t.log);
    expect(events[resultAt]).toMatchObject({ cancelled: true });
    expect(events[resultAt - 1]).toBe(outputs.at(-1));
    expect(outputs.at(-1)!.chunk.endsWith(numberedLine(20_000_000 / 100 - 1))).toBe(true);
    expect(t.time.pending()).toBe(0);
    const isOutput = (e: AgentEvent) => e.type === 'tool.output';
    expect(events.slice(resultAt).some(isOutput)).toBe(false);
  });
});
