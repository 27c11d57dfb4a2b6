/**
 * Many agents at once on this machine, against the scripted model: what a tool call costs each
 * agent when 8 run in parallel, as a ratio to one agent alone, measured in the same run.
 *
 * 1. Loop overhead per tool call: each agent makes CALLS read_file calls (no approval), one per model
 *    turn. Overhead = (the agents' wall time − the same HTTP requests replayed raw, with fetch, by as
 *    many concurrent streams to a fresh scripted server) / CALLS: what the loop, tools, engine,
 *    events and recording add to each call beyond the model round trip, as each agent feels it.
 * 2. Approval round trip p95, host side: each agent makes ROUNDS run_command calls that ask; the
 *    client answers "Allow once" the moment approvals.changed lists the prompt. A sample is
 *    tool.requested → tool.call (the host's own timestamps): classify, preview, queue, the event out,
 *    the answer through the router, the engine letting the call run. The page's paint is not in it
 *    (bench/approval.bench.ts measures the whole trip with one agent in Chromium).
 *
 * Everything goes through the router as a window drives it (bench/coreClient.ts): the core, the
 * scripted model server and this client share one Node process, as the web host does.
 */
import type { AgentEvent } from '../shared/contract/index.js';
import { startScriptedServer } from '../main/core/llm/index.js';
import { percentiles } from './timing.js';
import { startCoreClient, type CoreClient } from './coreClient.js';
import { conversationDriver, type ParallelDriver } from './parallelDrivers.js';
import type { BenchRow } from './types.js';

const PARALLEL = 8;
const CALLS = 30;
const ROUNDS = 12;
const RUNS = 2;

/** Markers that name one agent's step and are never a prefix of another's (`-end`). */
const mark = (kind: string, agent: number, step: number | 'go') => `${kind}-${agent}-${step}-end`;

type Turn = NonNullable<Parameters<typeof startCoreClient>[0]['script']['turns']>[number];

/** Per agent: the prompt's marker starts it; each step's tool result carries the next step's marker. */
function chainScript(agents: number, steps: number, kind: string, callFor: (agent: number, step: number) => Turn['toolCalls']): Turn[] {
  const turns: Turn[] = [];
  for (let a = 0; a < agents; a++) {
    for (let s = 0; s < steps; s++)
      turns.push({ match: { lastUser: s === 0 ? mark(kind, a, 'go') : mark(kind, a, s - 1) }, toolCalls: callFor(a, s) });
    turns.push({ match: { lastUser: mark(kind, a, steps - 1) }, text: `agent ${a} done` });
  }
  return turns;
}

/** Resolves when every run in `runIds` has finished; each run must end with end_turn. */
function whenFinished(client: CoreClient, runIds: () => ReadonlySet<string>, count: number) {
  const ended = new Map<string, string>();
  return new Promise<void>((resolve, reject) => {
    const off = client.on((name, payload) => {
      if (name !== 'agent.event') return;
      const e = payload as AgentEvent;
      if (e.type !== 'run.finished') return;
      ended.set(e.runId, e.stopReason);
      if (ended.size < count || ![...runIds()].every((id) => ended.has(id))) return;
      off();
      const bad = [...ended].filter(([, why]) => why !== 'end_turn');
      if (bad.length) reject(new Error(`runs ended otherwise: ${bad.map(([id, why]) => `${id} ${why}`).join(', ')}`));
      else resolve();
    });
  });
}

async function loopOverhead(driver: ParallelDriver, agents: number) {
  const files: Record<string, string> = {};
  for (let a = 0; a < agents; a++) for (let s = 0; s < CALLS; s++) files[`data/f-${a}-${s}.txt`] = `${mark('mk', a, s)}\n`;
  const turns = chainScript(agents, CALLS, 'mk', (a, s) => [{ name: 'read_file', input: { path: `data/f-${a}-${s}.txt` } }]);
  const client = await startCoreClient({ script: { models: ['scripted'], turns }, files });
  try {
    const prepared = await driver.prepare(client, agents);
    const runIds = new Set<string>();
    const done = whenFinished(client, () => runIds, agents);
    const t0 = performance.now();
    await Promise.all(prepared.map(async (p, a) => runIds.add(await p.start(mark('mk', a, 'go')))));
    await done;
    const loopMs = performance.now() - t0;

    // The same requests, raw: each agent's bodies in order, the agents' streams concurrent.
    const byAgent = Array.from({ length: agents }, (_, a) =>
      client.model.requests.filter((q) => JSON.stringify(q.body).includes(mark('mk', a, 'go'))).map((q) => JSON.stringify(q.body)),
    );
    if (byAgent.some((b) => b.length !== CALLS + 1)) throw new Error(`expected ${CALLS + 1} requests per agent: ${byAgent.map((b) => b.length)}`);
    const raw = await startScriptedServer({ script: { models: ['scripted'], turns } });
    const t1 = performance.now();
    await Promise.all(
      byAgent.map(async (bodies) => {
        for (const body of bodies)
          await (
            await fetch(`${raw.url}/v1/messages`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'x-api-key': 'k', 'anthropic-version': '2023-06-01' },
              body,
            })
          ).text();
      }),
    );
    const rawMs = performance.now() - t1;
    await raw.close();
    return { loopMs, rawMs, perCall: (loopMs - rawMs) / CALLS };
  } finally {
    await client.close();
  }
}

async function approvalRoundTrips(driver: ParallelDriver, agents: number) {
  const turns = chainScript(agents, ROUNDS, 'ap', (a, s) => [{ name: 'run_command', input: { command: `echo ${mark('ap', a, s)}` } }]);
  const client = await startCoreClient({ script: { models: ['scripted'], turns }, files: {} });
  try {
    const prepared = await driver.prepare(client, agents);
    const requested = new Map<string, number>();
    const executing = new Map<string, number>();
    const answered = new Set<string>();
    const failures: unknown[] = [];
    const off = client.on((name, payload) => {
      if (name === 'agent.event') {
        const e = payload as AgentEvent;
        if (e.type === 'tool.requested' && e.tool === 'run_command') requested.set(e.callId, e.at);
        if (e.type === 'tool.call' && e.tool === 'run_command') executing.set(e.callId, e.at);
      }
      // Answered the moment the host lists it, as a user who has already decided.
      for (const p of driver.pendingOf(name, payload)) {
        if (p.kind !== 'tool' || answered.has(p.id)) continue;
        answered.add(p.id);
        driver.answer(client, p, { choice: 'once' }).catch((err: unknown) => failures.push(err));
      }
    });
    const runIds = new Set<string>();
    const done = whenFinished(client, () => runIds, agents);
    await Promise.all(prepared.map(async (p, a) => runIds.add(await p.start(mark('ap', a, 'go')))));
    await done;
    off();
    if (failures.length) throw new Error(`an answer failed: ${String(failures[0])}`);
    const samples = [...requested].map(([callId, at]) => {
      const ran = executing.get(callId);
      if (ran === undefined) throw new Error(`run_command ${callId} never ran`);
      return ran - at;
    });
    if (samples.length !== agents * ROUNDS) throw new Error(`expected ${agents * ROUNDS} approvals, saw ${samples.length}`);
    return samples;
  } finally {
    await client.close();
  }
}

export default async function (report: (row: BenchRow) => void): Promise<void> {
  const driver = conversationDriver;
  await loopOverhead(driver, 1); // warm up the SDK, JIT, sockets
  // The machine is shared: the best of RUNS rounds for each figure, alternating one and many.
  const best = { one: Infinity, many: Infinity, oneLoop: 0, oneRaw: 0, manyLoop: 0, manyRaw: 0 };
  for (let r = 0; r < RUNS; r++) {
    const one = await loopOverhead(driver, 1);
    if (one.perCall < best.one) Object.assign(best, { one: one.perCall, oneLoop: one.loopMs, oneRaw: one.rawMs });
    const many = await loopOverhead(driver, PARALLEL);
    if (many.perCall < best.many) Object.assign(best, { many: many.perCall, manyLoop: many.loopMs, manyRaw: many.rawMs });
  }
  report({
    name: `loop overhead per tool call, 1 ${driver.unit} alone (${CALLS} read_file calls)`,
    value: best.one.toFixed(2),
    unit: 'ms',
    baseline: `${CALLS + 1} raw HTTP round trips ${best.oneRaw.toFixed(0)} ms vs the run ${best.oneLoop.toFixed(0)} ms`,
    ratio: best.oneLoop / best.oneRaw,
  });
  report({
    name: `loop overhead per tool call, ${PARALLEL} ${driver.unit}s in parallel (${CALLS} calls each, as each feels it)`,
    value: best.many.toFixed(2),
    unit: 'ms',
    baseline: `1 ${driver.unit} alone ${best.one.toFixed(2)} ms (raw ${PARALLEL}×${CALLS + 1} round trips ${best.manyRaw.toFixed(0)} ms vs the runs ${best.manyLoop.toFixed(0)} ms)`,
    ratio: best.many / best.one,
  });

  const oneSamples: number[] = [];
  const manySamples: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    oneSamples.push(...(await approvalRoundTrips(driver, 1)));
    manySamples.push(...(await approvalRoundTrips(driver, PARALLEL)));
  }
  const one = percentiles(oneSamples);
  const many = percentiles(manySamples);
  report({
    name: `approval round trip p95, host side, 1 ${driver.unit} alone (${oneSamples.length} prompts, p50 ${one.p50} ms)`,
    value: one.p95,
    unit: 'ms',
  });
  report({
    name: `approval round trip p95, host side, ${PARALLEL} ${driver.unit}s in parallel (${manySamples.length} prompts, p50 ${many.p50} ms)`,
    value: many.p95,
    unit: 'ms',
    baseline: `1 ${driver.unit} alone p95 ${one.p95} ms`,
    ratio: many.p95 / Math.max(one.p95, 1),
  });
}
