import { rm } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { startScriptedServer, type ScriptedServer } from '../llm/index.js';
import { ApprovalQueue } from '../approvals/index.js';
import { createAgentRuntime } from './runtime.js';
import { CALL_STOPPED_REASON } from './toolCall.js';
import { EventLog, fakeGate, noRetry, registryOf, scriptedProvider, tempDir, toolResultsSent, waitTool } from './agent.testkit.js';

let server: ScriptedServer | undefined;
const dirs: string[] = [];
afterEach(async () => {
  await server?.close();
  server = undefined;
  await Promise.all(dirs.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

/** A runtime whose model calls `wait_forever` first and then says `after`; `seen` counts the tool's starts and aborts. */
async function waitingRuntime(after: string) {
  server = await startScriptedServer({
    script: { turns: [{ toolCalls: [{ id: 'call_wait', name: 'wait_forever', input: {} }] }, { text: after }] },
  });
  const approvals = new ApprovalQueue();
  const seen = { started: 0, aborted: 0 };
  const reg = registryOf([waitTool(seen)]);
  const log = new EventLog();
  const projectRoot = await tempDir('cc-proj-');
  const dataDir = await tempDir('cc-data-');
  dirs.push(projectRoot, dataDir);
  const runtime = createAgentRuntime({
    provider: scriptedProvider('anthropic', server, noRetry),
    gate: fakeGate(approvals),
    registry: () => reg,
    subAgentRegistry: () => reg,
    approvals,
    emit: log.emit,
    projectRoot,
    dataDir,
    memory: null,
  });
  return { runtime, log, seen, server };
}

describe('runtime.stopCall', () => {
  it('stops one running call; the run goes on and the model reads that the user stopped it', async () => {
    const { runtime, log, seen, server } = await waitingRuntime('understood, moving on');
    const h = await runtime.start({ prompt: 'wait' });
    await log.next('tool.output');
    // Another conversation's id, or an unknown call, stops nothing.
    expect(runtime.stopCall('conv_other', 'call_wait')).toBe(false);
    expect(runtime.stopCall(h.conversationId, 'call_nope')).toBe(false);
    expect(runtime.stopCall(h.conversationId, 'call_wait')).toBe(true);
    const result = await log.next('tool.result');
    expect(result).toMatchObject({ callId: 'call_wait', cancelled: true, isError: true, content: CALL_STOPPED_REASON });
    const end = await h.done;
    expect(end.stopReason).toBe('end_turn');
    expect(seen.aborted).toBe(1);
    expect(
      log
        .of('text.delta')
        .map((e) => e.text)
        .join(''),
    ).toContain('understood, moving on');
    expect(toolResultsSent(server.requests.at(-1)!.body).join('\n')).toContain('stopped by the user');
    // Ended: nothing left to stop.
    expect(runtime.stopCall(h.conversationId, 'call_wait')).toBe(false);
  });
});

describe('runtime.idle', () => {
  it('after cancelAll, resolves only once the cancelled run has ended and written its last record', async () => {
    const { runtime, log } = await waitingRuntime('never reached');
    const h = await runtime.start({ prompt: 'wait' });
    await log.next('tool.output');
    let ended = false;
    void h.done.then(() => (ended = true));
    runtime.cancelAll();
    await runtime.idle();
    expect(ended).toBe(true);
    expect(runtime.activeRuns()).toEqual([]);
    // Nothing runs: idle resolves at once.
    await runtime.idle();
  });
});
