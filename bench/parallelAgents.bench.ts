/**
 * Many agents at once on this machine, against the scripted model: what a tool call costs each
 * agent when 8 run in parallel, as a ratio to one agent alone, measured in the same run.
 *
 * Every agent's first tool call asks, and the client holds those first prompts until every agent
 * is waiting on one (a barrier): setting up (a worktree each, the assembly) is then behind them, and
 * from the moment they are all answered the agents really run side by side. What follows is timed.
 *
 * 1. Loop overhead per tool call: after the barrier (a one-line write_file) each agent makes CALLS
 *    read_file calls (no approval), one per model turn. Overhead = (the barrier's release → the
 *    last run.finished − the same requests replayed through the Anthropic SDK alone, by as many
 *    concurrent streams, to a fresh scripted server) / (CALLS + 1): what the loop, tools, engine,
 *    events and recording add to each call beyond the model round trip, as each agent feels it.
 *    The same in this process's CPU time per call (the load average here is often far above the two
 *    cores, and CPU time is what the app itself spends, whoever else runs).
 * 2. Approval round trip p95, host side: after the barrier each agent makes ROUNDS run_command calls
 *    that ask; the client answers "Allow once" the moment the host lists the prompt. A sample is
 *    tool.requested → tool.call, as this window receives them (in-process, synchronous): classify, preview, queue, the event out,
 *    the answer through the router, the engine letting the call run. The page's paint is not in it
 *    (bench/approval.bench.ts measures the whole trip with one agent in Chromium).
 *
 * Everything goes through the router as a window drives it (bench/coreClient.ts): the core, the
 * scripted model server and this client share one Node process, as the web host does.
 */
import Anthropic from '@anthropic-ai/sdk';
import type { AgentEvent, PendingApprovalView } from '../shared/contract/index.js';
import { startScriptedServer, type ScriptInput } from '../main/core/llm/index.js';
import { startCoreClient, type CoreClient } from './coreClient.js';
import { agentsDriver, type ParallelDriver } from './parallelDrivers.js';
import { percentiles } from './timing.js';
import type { BenchRow } from './types.js';

const PARALLEL = 8;
const CALLS = 30;
const ROUNDS = 12;
const RUNS = 3;

type Turn = ScriptInput['turns'][number];
type ToolCall = { name: string; input: Record<string, unknown> };

/** This process's CPU time so far (user + system), in ms: steadier than wall time on a shared machine. */
const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** A call id naming one agent's step; never a prefix of another's (`-end`). Its tool result carries it. */
const callId = (kind: string, agent: number, step: number) => `call-${kind}-${agent}-${step}-end`;
const goMarker = (kind: string, agent: number) => `go-${kind}-${agent}-end`;

/**
 * Per agent: its prompt's marker serves the barrier call (step 0); each later turn is served to the
 * request whose last message is the previous step's result; a text turn ends the run.
 */
function chainScript(
  agents: number,
  kind: string,
  barrier: (a: number) => ToolCall,
  steps: number,
  step: (a: number, s: number) => ToolCall,
): Turn[] {
  const turns: Turn[] = [];
  for (let a = 0; a < agents; a++) {
    turns.push({ match: { lastUser: goMarker(kind, a) }, toolCalls: [{ id: callId(kind, a, 0), ...barrier(a) }] });
    for (let s = 1; s <= steps; s++)
      turns.push({ match: { lastUser: callId(kind, a, s - 1) }, toolCalls: [{ id: callId(kind, a, s), ...step(a, s) }] });
    turns.push({ match: { lastUser: callId(kind, a, steps) }, text: `agent ${a} done` });
  }
  return turns;
}

/**
 * Runs `agents` agents to their end: holds every first prompt until all agents wait on one, then
 * answers them all (the release), and every later prompt at once. Resolves with the release time
 * (performance.now) and the host's timestamps of each asking call.
 */
async function runAll(client: CoreClient, driver: ParallelDriver, agents: number, kind: string) {
  const prepared = await driver.prepare(client, agents);
  const requested = new Map<string, number>();
  const executing = new Map<string, number>();
  const finished = new Map<string, string>();
  const held = new Map<string, PendingApprovalView>();
  const answered = new Set<string>();
  const failures: unknown[] = [];
  let releasedAt: number | null = null;
  let lastFinish = 0;
  let releasedCpu = 0;
  let lastFinishCpu = 0;
  const conversations = new Set<string>();
  const answer = (p: PendingApprovalView) => {
    answered.add(p.id);
    driver.answer(client, p, { choice: 'once' }).catch((err: unknown) => failures.push(err));
  };
  let allDone: () => void = () => {};
  const done = new Promise<void>((resolve) => (allDone = resolve));
  const off = client.on((name, payload) => {
    if (name === 'agent.event') {
      const e = payload as AgentEvent;
      // Events reach this window synchronously, in this process: their arrival is when they were sent, to the microsecond.
      if (e.type === 'tool.requested') requested.set(e.callId, performance.now());
      if (e.type === 'tool.call') executing.set(e.callId, performance.now());
      if (e.type === 'run.finished' && e.depth === 0) {
        finished.set(e.conversationId, e.stopReason);
        lastFinish = performance.now();
        lastFinishCpu = cpuMs();
        if (conversations.size === agents && [...conversations].every((c) => finished.has(c))) allDone();
      }
    }
    for (const p of driver.pendingOf(name, payload)) {
      if (p.kind !== 'tool' || answered.has(p.id) || held.has(p.id)) continue;
      if (releasedAt !== null) answer(p);
      else held.set(p.id, p);
    }
    if (releasedAt === null && new Set([...held.values()].map((p) => p.conversationId)).size === agents) {
      releasedAt = performance.now();
      releasedCpu = cpuMs();
      for (const p of held.values()) answer(p);
    }
  });
  try {
    for (const [a, p] of prepared.entries()) conversations.add(await p.start(goMarker(kind, a)));
    if ([...conversations].every((c) => finished.has(c))) allDone();
    await done;
  } finally {
    off();
  }
  if (failures.length) throw new Error(`an answer failed: ${String(failures[0])}`);
  const bad = [...finished].filter(([, why]) => why !== 'end_turn');
  if (bad.length) throw new Error(`runs ended otherwise: ${bad.map(([c, why]) => `${c} ${why}`).join(', ')}`);
  if (releasedAt === null) throw new Error('the agents never all waited on their first prompt');
  // The asking calls after the release: their round trips are the samples.
  const samples = [...requested]
    .filter(([id]) => id.startsWith(`call-${kind}-`) && !id.endsWith('-0-end'))
    .map(([id, at]) => {
      const ran = executing.get(id);
      if (ran === undefined) throw new Error(`${id} never ran`);
      return ran - at;
    });
  return { wallMs: lastFinish - releasedAt, cpuMs: lastFinishCpu - releasedCpu, samples };
}

async function loopOverhead(driver: ParallelDriver, agents: number) {
  const turns = chainScript(
    agents,
    'mk',
    (a) => ({ name: 'write_file', input: { path: `bench-${a}.txt`, content: 'x\n' } }),
    CALLS,
    () => ({ name: 'read_file', input: { path: 'README.md' } }),
  );
  const client = await startCoreClient({ script: { models: ['scripted'], turns }, files: {} });
  try {
    const { wallMs, cpuMs: loopCpu } = await runAll(client, driver, agents, 'mk');
    // The same requests, raw: each agent's bodies after its barrier call, in order, the agents' streams concurrent.
    const byAgent = Array.from({ length: agents }, (_, a) =>
      client.model.requests
        .map((q) => JSON.stringify(q.body))
        .filter((body) => body.includes(goMarker('mk', a)) && body.includes(callId('mk', a, 0))),
    );
    if (byAgent.some((b) => b.length !== CALLS + 1))
      throw new Error(`expected ${CALLS + 1} requests per agent after the barrier: ${byAgent.map((b) => b.length)}`);
    // Through the same SDK the app uses (a bare fetch is slower than the SDK here, so it is no floor);
    // the best of two replays, each on a fresh server: the machine is shared.
    let rawMs = Infinity;
    let rawCpu = Infinity;
    for (let replay = 0; replay < 2; replay++) {
      const raw = await startScriptedServer({ script: { models: ['scripted'], turns } });
      const sdk = new Anthropic({ apiKey: 'k', baseURL: raw.url, maxRetries: 0, logLevel: 'off' });
      const t1 = performance.now();
      const c1 = cpuMs();
      await Promise.all(
        byAgent.map(async (bodies) => {
          for (const body of bodies) {
            const stream = await sdk.messages.create({ ...(JSON.parse(body) as Anthropic.MessageCreateParamsStreaming), stream: true });
            for await (const event of stream) void event;
          }
        }),
      );
      rawMs = Math.min(rawMs, performance.now() - t1);
      rawCpu = Math.min(rawCpu, cpuMs() - c1);
      await raw.close();
    }
    return { loopMs: wallMs, rawMs, loopCpu, rawCpu };
  } finally {
    await client.close();
  }
}

async function approvalRoundTrips(driver: ParallelDriver, agents: number) {
  const echo = (a: number, s: number) => ({ name: 'run_command', input: { command: `echo ap-${a}-${s}` } });
  const turns = chainScript(agents, 'ap', (a) => echo(a, 0), ROUNDS, echo);
  const client = await startCoreClient({ script: { models: ['scripted'], turns }, files: {} });
  try {
    const { samples } = await runAll(client, driver, agents, 'ap');
    if (samples.length !== agents * ROUNDS)
      throw new Error(`expected ${agents * ROUNDS} approvals after the barrier, saw ${samples.length}`);
    return samples;
  } finally {
    await client.close();
  }
}

export default async function (report: (row: BenchRow) => void): Promise<void> {
  const driver = agentsDriver;
  const unit = driver.unit;
  await loopOverhead(driver, 1); // warm up the SDK, JIT, sockets
  // The machine is shared: the best of RUNS rounds for each side of each figure, alternating one and many.
  const best = {
    oneLoop: Infinity,
    oneRaw: Infinity,
    manyLoop: Infinity,
    manyRaw: Infinity,
    oneCpu: Infinity,
    oneRawCpu: Infinity,
    manyCpu: Infinity,
    manyRawCpu: Infinity,
  };
  for (let r = 0; r < RUNS; r++) {
    const one = await loopOverhead(driver, 1);
    const many = await loopOverhead(driver, PARALLEL);
    best.oneLoop = Math.min(best.oneLoop, one.loopMs);
    best.oneRaw = Math.min(best.oneRaw, one.rawMs);
    best.manyLoop = Math.min(best.manyLoop, many.loopMs);
    best.manyRaw = Math.min(best.manyRaw, many.rawMs);
    best.oneCpu = Math.min(best.oneCpu, one.loopCpu);
    best.oneRawCpu = Math.min(best.oneRawCpu, one.rawCpu);
    best.manyCpu = Math.min(best.manyCpu, many.loopCpu);
    best.manyRawCpu = Math.min(best.manyRawCpu, many.rawCpu);
  }
  const perCall = (loop: number, raw: number) => (loop - raw) / (CALLS + 1);
  const oneCall = perCall(best.oneLoop, best.oneRaw);
  const manyCall = perCall(best.manyLoop, best.manyRaw);
  report({
    name: `loop overhead per tool call, 1 ${unit} alone (${CALLS} read_file calls after one write)`,
    value: oneCall.toFixed(2),
    unit: 'ms',
    baseline: `the same ${CALLS + 1} requests through the SDK alone ${best.oneRaw.toFixed(0)} ms vs the run ${best.oneLoop.toFixed(0)} ms`,
    ratio: best.oneLoop / best.oneRaw,
  });
  report({
    name: `loop overhead per tool call, ${PARALLEL} ${unit}s in parallel (${CALLS} calls each, as each feels it)`,
    value: manyCall.toFixed(2),
    unit: 'ms',
    baseline: `1 ${unit} alone ${oneCall.toFixed(2)} ms (the SDK alone, ${PARALLEL}×${CALLS + 1} concurrent requests ${best.manyRaw.toFixed(0)} ms vs the runs ${best.manyLoop.toFixed(0)} ms)`,
    ratio: manyCall / oneCall,
  });

  // The same work in CPU time, per call of one agent: what the machine pays, not what an agent waits.
  const oneCpuCall = perCall(best.oneCpu, best.oneRawCpu);
  const manyCpuCall = perCall(best.manyCpu, best.manyRawCpu) / PARALLEL;
  report({
    name: `  CPU per tool call (this process), ${PARALLEL} ${unit}s in parallel vs 1 alone`,
    value: manyCpuCall.toFixed(2),
    unit: 'ms',
    baseline: `1 ${unit} alone ${oneCpuCall.toFixed(2)} ms (each less the SDK alone's CPU for the same requests)`,
    ratio: manyCpuCall / oneCpuCall,
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
    name: `approval round trip p95, host side, 1 ${unit} alone (${oneSamples.length} prompts, p50 ${one.p50.toFixed(2)} ms)`,
    value: one.p95.toFixed(2),
    unit: 'ms',
  });
  report({
    name: `approval round trip p95, host side, ${PARALLEL} ${unit}s in parallel (${manySamples.length} prompts, p50 ${many.p50.toFixed(2)} ms)`,
    value: many.p95.toFixed(2),
    unit: 'ms',
    baseline: `1 ${unit} alone p95 ${one.p95.toFixed(2)} ms`,
    ratio: many.p95 / one.p95,
  });
}
