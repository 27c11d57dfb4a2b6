/**
 * The agent with the real pieces — the permission engine, the 26-tool registry (real write_file,
 * run_command on a PTY, the real agent tool) — driven by the scripted server through each real SDK.
 */
import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startScriptedServer, type ScriptedServer, type ScriptInput } from '../llm/index.js';
import { assembleAgent, type AssembledAgent } from './assemble.js';
import { EventLog, instantRetry, scriptedProvider, SUBAGENT_MARKER, tempDir, toolResultsSent } from '../agent/agent.testkit.js';

let server: ScriptedServer | undefined;
let agent: AssembledAgent | undefined;
afterEach(async () => {
  await agent?.close();
  await server?.close();
  agent = undefined;
  server = undefined;
});

async function setup(kind: 'anthropic' | 'openai', script: ScriptInput, apiKey?: string) {
  server = await startScriptedServer({ script });
  const root = await tempDir('cc-int-proj-');
  await writeFile(path.join(root, 'README.md'), '# Integration\nhello from the readme\n');
  execFileSync('git', ['init', '-q'], { cwd: root });
  const log = new EventLog();
  agent = await assembleAgent({
    projectRoot: root,
    dataDir: await tempDir('cc-int-data-'),
    provider: scriptedProvider(kind, server, instantRetry, apiKey),
    emit: log.emit,
    memoryAudit: true,
    // The PTY runner waits its whole kill grace on every cancel (see the report); keep it short here.
    toolDeps: { execute: { killGraceMs: 50 } },
    runtime: { memory: null, cancelGraceMs: 5000 },
  });
  return { server, agent, log, root };
}

const child = { system: SUBAGENT_MARKER };

function psLines(marker: string): string[] {
  return execFileSync('ps', ['-eo', 'pid,pgid,args'], { encoding: 'utf8' })
    .split('\n')
    .filter((l) => l.includes(marker) && !l.includes('ps -eo'));
}

describe.each(['anthropic', 'openai'] as const)('the real engine and tools over %s', (kind) => {
  it('writes a file after an approval, and a denial reason reaches the model', async () => {
    const t = await setup(kind, {
      turns: [
        { text: 'Writing.', toolCalls: [{ name: 'write_file', input: { path: 'out/hello.txt', content: 'hi\n' } }] },
        { toolCalls: [{ name: 'run_command', input: { command: 'git push origin main' } }] },
        { text: 'Fine, no push.' },
      ],
    });
    t.agent.approvals.subscribe((n) => {
      if (n.type !== 'approval.requested' || n.approval.kind !== 'tool') return;
      const r = n.approval.request;
      if (r.key.raw === 'write_file:out/hello.txt') t.agent.approvals.answer(n.approval.id, { choice: 'once' });
      else t.agent.approvals.answer(n.approval.id, { choice: 'deny', reason: 'pushing is for humans' });
    });
    const result = await (await t.agent.runtime.start({ prompt: 'write hello, then push' })).done;
    expect(result.stopReason).toBe('end_turn');
    expect(await readFile(path.join(t.root, 'out/hello.txt'), 'utf8')).toBe('hi\n');
    const calls = t.log.of('tool.call');
    expect(calls.map((c) => [c.tool, c.key, c.decision, c.via])).toEqual([
      ['write_file', 'write_file:out/hello.txt', 'allowed', 'once'],
      ['run_command', 'run_command:git', 'denied', 'user-deny'],
    ]);
    expect(t.log.of('approval.requested')[1]!.request).toMatchObject({ ceiling: 'session', environment: 'shell' });
    // Each prompt names the call it is for, so the UI pairs it with the right card.
    expect(t.log.of('approval.requested').map((a) => a.request?.callId)).toEqual(t.log.of('tool.call').map((c) => c.callId));
    expect(toolResultsSent(t.server.requests[2]!.body).at(-1)).toContain('pushing is for humans');
  });

  it('runs a real sub-agent with the nine read-only tools, and locks depth at 1', async () => {
    const t = await setup(kind, {
      turns: [
        { toolCalls: [{ id: 'call_sub', name: 'agent', input: { prompt: 'What does the README say?' } }] },
        {
          match: child,
          toolCalls: [
            { name: 'read_file', input: { path: 'README.md' } },
            { name: 'agent', input: { prompt: 'recurse' } },
            { name: 'write_file', input: { path: 'x', content: 'y' } },
          ],
        },
        { match: child, text: 'It says hello from the readme.' },
        { text: 'Done.' },
      ],
    });
    const result = await (await t.agent.runtime.start({ prompt: 'ask a sub-agent' })).done;
    expect(result.stopReason).toBe('end_turn');
    const childReq = t.server.requests[1]!.body;
    const names = ((childReq.tools as { name?: string; function?: { name: string } }[]) ?? [])
      .map((x) => x.name ?? x.function?.name)
      .sort();
    expect(names).toEqual(['agent', 'diff', 'github_search', 'glob', 'grep', 'read_file', 'reason', 'web_fetch', 'web_search']);
    const childResults = toolResultsSent(t.server.requests[2]!.body);
    expect(childResults[0]).toContain('hello from the readme');
    expect(childResults[1]).toContain('sub-agent depth limit (1) reached');
    expect(childResults[2]).toMatch(/unknown tool 'write_file'/);
    expect(toolResultsSent(t.server.requests[3]!.body)).toEqual(['It says hello from the readme.']);
    expect(t.log.events.filter((e) => e.depth === 1).every((e) => e.parentCallId === 'call_sub')).toBe(true);
  });

  it('cancels a running command with its whole process group, then a 429 and a bad key', async () => {
    const marker = `sleep ${3000 + Math.floor(Math.random() * 900)}`;
    const t = await setup(kind, {
      turns: [
        { toolCalls: [{ name: 'run_command', input: { command: `sh -c '${marker} & ${marker} & echo started; wait'` } }] },
        { error: { status: 429, retryAfterMs: 1 } },
        { text: 'after the limit' },
        { error: { status: 401 } },
      ],
    });
    t.agent.approvals.subscribe((n) => n.type === 'approval.requested' && t.agent.approvals.answer(n.approval.id, { choice: 'session' }));
    const h = await t.agent.runtime.start({ prompt: 'run it' });
    await t.log.next('tool.output', (e) => e.chunk.includes('started'));
    expect(psLines(marker).length).toBeGreaterThanOrEqual(2);
    h.cancel();
    const r = await h.done;
    expect(r.stopReason).toBe('cancelled');
    expect(t.log.of('tool.result')[0]).toMatchObject({ tool: 'run_command', content: 'cancelled by user', cancelled: true });
    expect(psLines(marker)).toEqual([]);

    const r2 = await (await t.agent.runtime.start({ prompt: 'again', conversationId: h.conversationId })).done;
    expect(r2.finalText).toBe('after the limit');
    expect(t.log.of('model.retry')).toHaveLength(1);
    // The resumed transcript carried the cancelled call's result.
    expect(toolResultsSent(t.server.requests[2]!.body).map((x) => x.replace('[error] ', ''))).toEqual(['cancelled by user']);

    const r3 = await (await t.agent.runtime.start({ prompt: 'once more' })).done;
    expect(r3.stopReason).toBe('error');
    expect(r3.error?.code).toBe('invalid_key');
  });
});

describe('session presets from codecoder.json', () => {
  it('are offered as one approval; once accepted, the key runs without asking', async () => {
    server = await startScriptedServer({
      script: { turns: [{ toolCalls: [{ name: 'run_command', input: { command: 'git status' } }] }, { text: 'clean' }] },
    });
    const root = await tempDir('cc-int-proj-');
    execFileSync('git', ['init', '-q'], { cwd: root });
    await writeFile(path.join(root, 'codecoder.json'), JSON.stringify({ allowlist: { 'run_command:git': 'AlwaysThisSession' } }));
    const log = new EventLog();
    agent = await assembleAgent({
      projectRoot: root,
      dataDir: await tempDir('cc-int-data-'),
      provider: scriptedProvider('anthropic', server, instantRetry),
      emit: log.emit,
      memoryAudit: true,
      runtime: { memory: null },
    });
    const a = agent;
    // Folder trust: the presets of a codecoder.json this user has not trusted are not offered.
    expect(a.engine.sessionPresets()).toEqual([]);
    await a.engine.trustProject();
    expect(a.engine.sessionPresets()).toEqual(['run_command:git']);
    const offered = a.runtime.offerSessionPresets(a.engine.sessionPresets(), 'session-start');
    const [pending] = a.approvals.list();
    expect(pending).toMatchObject({ kind: 'presets', presets: ['run_command:git'] });
    a.approvals.answer(pending!.id, { choice: 'session' });
    expect(a.engine.acceptPresets(await offered)).toEqual(['run_command:git']);
    const r = await (await a.runtime.start({ prompt: 'status?' })).done;
    expect(r.stopReason).toBe('end_turn');
    expect(log.of('tool.call')[0]).toMatchObject({ key: 'run_command:git', decision: 'allowed', via: 'session' });
    expect(log.of('approval.requested').filter((e) => e.kind === 'tool')).toHaveLength(0);
  });
});

describe('100 start/cancel cycles of a command that spawns children (real run_command)', () => {
  it('leaves no process behind', async () => {
    const marker = `sleep ${4000 + Math.floor(Math.random() * 900)}`;
    const cycles = 100;
    const turn = { toolCalls: [{ name: 'run_command', input: { command: `sh -c '${marker} & ${marker} & echo started; wait'` } }] };
    const t = await setup('anthropic', { turns: Array.from({ length: cycles }, () => turn) });
    t.agent.approvals.subscribe((n) => n.type === 'approval.requested' && t.agent.approvals.answer(n.approval.id, { choice: 'session' }));
    let cancelled = 0;
    for (let i = 0; i < cycles; i++) {
      const h = await t.agent.runtime.start({ prompt: `cycle ${i}` });
      await t.log.next('tool.output', (e) => e.runId === h.runId && e.chunk.includes('started'));
      h.cancel();
      const r = await h.done;
      h.cancel(); // after the end: harmless
      if (r.stopReason === 'cancelled') cancelled++;
    }
    expect(cancelled).toBe(cycles);
    expect(t.log.of('approval.requested')).toHaveLength(1); // session scope after the first
    expect(psLines(marker)).toEqual([]);
  }, 300_000); // ~15 s on an idle machine; generous for a loaded CI box
});
