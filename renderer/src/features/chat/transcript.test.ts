import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../../../shared/contract/index.js';
import {
  appendOutput,
  buildTranscript,
  describeAnswer,
  describeContext,
  describeUsage,
  howFromVia,
  MAX_OUTPUT_CHARS,
  modelIsSilent,
  TranscriptBuilder,
  type ToolItem,
} from './transcript.js';

let t = 0;
const main = { runId: 'r1', conversationId: 'c1', agentId: 'main', depth: 0 };
const ev = (e: Record<string, unknown>, base: Record<string, unknown> = main) => ({ at: ++t, ...base, ...e }) as AgentEvent;

describe('buildTranscript', () => {
  it('streams text into one assistant message per turn, and a user message per run', () => {
    const items = buildTranscript([
      ev({ type: 'run.started', prompt: 'hi', provider: 'anthropic', model: 'm' }),
      ev({ type: 'text.delta', text: 'Hel' }),
      ev({ type: 'text.delta', text: 'lo **world**' }),
      ev({ type: 'run.finished', stopReason: 'end_turn', turns: 1, usage: { inputTokens: 1, outputTokens: 1 }, finalText: 'Hello' }),
    ]);
    expect(items.map((i) => i.kind)).toEqual(['user', 'assistant']);
    expect(items[0]).toMatchObject({ text: 'hi' });
    expect(items[1]).toMatchObject({ text: 'Hello **world**', streaming: false });
  });

  it('a checkpoint is a row of its own after the turn text: with an id, with an error, after a restore', () => {
    const items = buildTranscript([
      ev({ type: 'run.started', prompt: 'edit', provider: 'p', model: 'm' }),
      ev({ type: 'text.delta', text: 'Editing.' }),
      ev({ type: 'checkpoint', kind: 'turn', label: 'turn 1 of “edit”', turn: 1, checkpointId: 'cp_1' }),
      ev({ type: 'checkpoint', kind: 'turn', label: 'turn 2 of “edit”', turn: 2, error: 'This project is too large to snapshot' }),
      ev({ type: 'checkpoint', kind: 'before-restore', label: 'turn 1 of “edit”', checkpointId: 'cp_undo' }, { ...main, runId: '' }),
    ]);
    expect(items.map((i) => i.kind)).toEqual(['user', 'assistant', 'checkpoint', 'checkpoint', 'checkpoint']);
    expect(items.slice(2)).toMatchObject([
      { checkpointKind: 'turn', checkpointId: 'cp_1', label: 'turn 1 of “edit”' },
      { checkpointKind: 'turn', error: 'This project is too large to snapshot' },
      { checkpointKind: 'before-restore', checkpointId: 'cp_undo' },
    ]);
    expect(items[1]).toMatchObject({ streaming: false });
  });

  it('builds one card per tool call: args, key, approval, decision and how, output, result', () => {
    const items = buildTranscript([
      ev({ type: 'run.started', prompt: 'build', provider: 'p', model: 'm' }),
      ev({ type: 'text.delta', text: 'Running.' }),
      ev({ type: 'tool.requested', callId: 'k1', tool: 'run_command', args: { command: 'npm test' } }),
      ev({
        type: 'approval.requested',
        approvalId: 'a1',
        kind: 'tool',
        request: {
          tool: 'run_command',
          environment: 'shell',
          key: { tool: 'run_command', action: 'npm', raw: 'run_command:npm' },
          args: {},
          agentId: 'main',
          conversationId: 'c1',
          depth: 0,
          ceiling: 'session',
        },
      }),
      ev({ type: 'approval.resolved', approvalId: 'a1', answer: { choice: 'session', ttlMs: 900_000 }, cancelled: false }),
      ev({
        type: 'tool.call',
        callId: 'k1',
        tool: 'run_command',
        args: { command: 'npm test' },
        key: 'run_command:npm',
        decision: 'allowed',
        via: 'session',
      }),
      ev({ type: 'tool.output', callId: 'k1', chunk: 'ok 1\r\n' }),
      ev({ type: 'tool.output', callId: 'k1', chunk: 'ok 2\r\n' }),
      ev({
        type: 'tool.result',
        callId: 'k1',
        tool: 'run_command',
        content: 'exit 0',
        isError: false,
        cancelled: false,
        durationMs: 12,
        data: { exitCode: 0 },
      }),
      ev({ type: 'text.delta', text: 'Done.' }),
    ]);
    expect(items.map((i) => i.kind)).toEqual(['user', 'assistant', 'tool', 'assistant']);
    const card = items[2] as ToolItem;
    expect(card).toMatchObject({
      callId: 'k1',
      tool: 'run_command',
      args: { command: 'npm test' },
      key: 'run_command:npm',
      decision: 'allowed',
      how: 'session',
      output: 'ok 1\r\nok 2\r\n',
      approval: { approvalId: 'a1', status: 'answered', answer: 'allowed for this session (15 min)' },
      result: { content: 'exit 0', isError: false, data: { exitCode: 0 } },
    });
    expect(items[1]).toMatchObject({ text: 'Running.', streaming: false });
  });

  it('nests a sub-agent transcript under its agent call by parentCallId', () => {
    const child = { runId: 'r2', conversationId: 'c1', agentId: 'main/sub-1', depth: 1, parentCallId: 'call-agent' };
    const items = buildTranscript([
      ev({ type: 'run.started', prompt: 'review', provider: 'p', model: 'm' }),
      ev({ type: 'tool.requested', callId: 'call-agent', tool: 'agent', args: { prompt: 'read README' } }),
      ev({ type: 'tool.call', callId: 'call-agent', tool: 'agent', args: { prompt: 'read README' }, decision: 'allowed', via: 'none' }),
      ev({ type: 'subagent.started', parentCallId: 'call-agent', childAgentId: 'main/sub-1', childRunId: 'r2', prompt: 'read README' }),
      ev({ type: 'run.started', prompt: 'read README', provider: 'p', model: 'm' }, child),
      ev({ type: 'text.delta', text: 'Reading.' }, child),
      ev({ type: 'tool.requested', callId: 'c-read', tool: 'read_file', args: { path: 'README.md' } }, child),
      ev({ type: 'tool.call', callId: 'c-read', tool: 'read_file', args: { path: 'README.md' }, decision: 'allowed', via: 'none' }, child),
      ev(
        { type: 'tool.result', callId: 'c-read', tool: 'read_file', content: '# demo', isError: false, cancelled: false, durationMs: 1 },
        child,
      ),
      ev(
        { type: 'run.finished', stopReason: 'end_turn', turns: 2, usage: { inputTokens: 1, outputTokens: 1 }, finalText: 'It is a demo.' },
        child,
      ),
      ev({
        type: 'subagent.finished',
        parentCallId: 'call-agent',
        childAgentId: 'main/sub-1',
        childRunId: 'r2',
        stopReason: 'end_turn',
        answer: 'It is a demo.',
        usage: { inputTokens: 4_000, outputTokens: 120, cacheReadTokens: 3_000, costUsd: 0.0042 },
      }),
      ev({
        type: 'tool.result',
        callId: 'call-agent',
        tool: 'agent',
        content: 'It is a demo.',
        isError: false,
        cancelled: false,
        durationMs: 5,
      }),
    ]);
    // The child's events never leak into the main transcript.
    expect(items.map((i) => i.kind)).toEqual(['user', 'tool']);
    const agent = items[1] as ToolItem;
    expect(agent.how).toBe('none');
    expect(agent.sub).toMatchObject({ childAgentId: 'main/sub-1', prompt: 'read README', status: 'end_turn', answer: 'It is a demo.' });
    // The sub-agent's own cost, on its card.
    expect(agent.sub!.usage).toBe('4.0k in (3.0k cached) · 120 out · $0.0042');
    expect(agent.sub!.items.map((i) => i.kind)).toEqual(['assistant', 'tool']);
    expect(agent.sub!.items[1]).toMatchObject({ tool: 'read_file', depth: 1, agentId: 'main/sub-1', result: { content: '# demo' } });
    expect(agent.result?.content).toBe('It is a demo.');
  });

  it('shows a denial with its reason and how it was reached', () => {
    const items = buildTranscript([
      ev({ type: 'tool.requested', callId: 'w', tool: 'write_file', args: { path: 'a', content: 'x' } }),
      ev({
        type: 'tool.call',
        callId: 'w',
        tool: 'write_file',
        args: {},
        key: 'write_file:a',
        decision: 'denied',
        via: 'user-deny',
        reason: 'not now',
      }),
      ev({
        type: 'tool.result',
        callId: 'w',
        tool: 'write_file',
        content: 'denied: not now',
        isError: true,
        cancelled: false,
        durationMs: 0,
      }),
    ]);
    expect(items[0]).toMatchObject({ decision: 'denied', how: 'denied', reason: 'not now' });
  });

  it('drops partial text on a retry that discards it, and notes the retry', () => {
    const items = buildTranscript([
      ev({ type: 'text.delta', text: 'half a sen' }),
      ev({ type: 'model.retry', attempt: 1, delayMs: 10, code: 'rate_limited', discardPartial: true }),
      ev({ type: 'text.delta', text: 'Whole answer.' }),
    ]);
    // The retry succeeded: its "retrying…" line is gone.
    expect(items.map((i) => (i.kind === 'assistant' ? i.text : i.kind))).toEqual(['Whole answer.']);
  });

  it('keeps the "retrying…" line while the model is silent, and when the run fails', () => {
    const retry = ev({ type: 'model.retry', attempt: 1, delayMs: 10, code: 'overloaded', discardPartial: false });
    expect(buildTranscript([retry]).map((i) => i.kind)).toEqual(['notice']);
    const failed = buildTranscript([
      retry,
      ev({
        type: 'run.finished',
        stopReason: 'error',
        turns: 1,
        usage: { inputTokens: 0, outputTokens: 0 },
        finalText: '',
        error: { code: 'overloaded', message: 'overloaded' },
      }),
    ]);
    expect(failed.map((i) => (i.kind === 'notice' ? i.text : i.kind))).toEqual([
      'The model call failed (overloaded); retrying (attempt 1)…',
      'The run failed: overloaded',
    ]);
    // A tool call also means the model answered.
    const called = buildTranscript([retry, ev({ type: 'tool.requested', callId: 'c', tool: 'glob', args: { pattern: '*' } })]);
    expect(called.map((i) => i.kind)).toEqual(['tool']);
  });

  it('an allowed call records when it started running', () => {
    const items = buildTranscript([
      ev({ type: 'tool.call', callId: 'x', tool: 'run_command', args: { command: 'ls' }, decision: 'allowed', via: 'once', at: 500 }),
    ]);
    expect(items[0]).toMatchObject({ startedAt: 500 });
  });

  it('Stop: calls left without a result are shown cancelled, and the stop is noted', () => {
    const items = buildTranscript([
      ev({
        type: 'tool.call',
        callId: 'x',
        tool: 'run_command',
        args: { command: 'sleep 100' },
        key: 'run_command:sleep',
        decision: 'allowed',
        via: 'once',
      }),
      ev({ type: 'run.finished', stopReason: 'cancelled', turns: 1, usage: { inputTokens: 0, outputTokens: 0 }, finalText: '' }),
    ]);
    expect(items[0]).toMatchObject({ result: { cancelled: true } });
    expect(items[1]).toMatchObject({ kind: 'notice', text: 'Stopped by you.' });
  });

  it('a run error is one notice in the user words main chose', () => {
    const items = buildTranscript([
      ev({
        type: 'run.finished',
        stopReason: 'error',
        turns: 0,
        usage: { inputTokens: 0, outputTokens: 0 },
        finalText: '',
        error: { code: 'auth', message: 'The API key was refused.' },
      }),
    ]);
    expect(items).toMatchObject([{ kind: 'notice', tone: 'error', text: 'The run failed: The API key was refused.' }]);
  });

  it('snapshots are stable until something changes, and unchanged items keep their identity', () => {
    const b = new TranscriptBuilder();
    b.push(ev({ type: 'text.delta', text: 'a' }));
    b.push(ev({ type: 'tool.requested', callId: 'q', tool: 'read_file', args: {} }));
    const s1 = b.snapshot();
    expect(b.snapshot()).toBe(s1);
    b.push(ev({ type: 'tool.result', callId: 'q', tool: 'read_file', content: 'x', isError: false, cancelled: false, durationMs: 1 }));
    const s2 = b.snapshot();
    expect(s2).not.toBe(s1);
    expect(s2[0]).toBe(s1[0]);
    expect(s2[1]).not.toBe(s1[1]);
  });

  it('assembles 2,000 messages quickly (the transcript must stay fast)', () => {
    const events: AgentEvent[] = [];
    for (let i = 0; i < 1000; i++) {
      const base = { ...main, runId: `r${i}` };
      events.push(ev({ type: 'run.started', prompt: `question ${i}`, provider: 'p', model: 'm' }, base));
      for (let k = 0; k < 10; k++) events.push(ev({ type: 'text.delta', text: `chunk ${k} ` }, base));
      events.push(
        ev({ type: 'run.finished', stopReason: 'end_turn', turns: 1, usage: { inputTokens: 1, outputTokens: 1 }, finalText: '' }, base),
      );
    }
    const start = performance.now();
    const items = buildTranscript(events);
    const ms = performance.now() - start;
    expect(items).toHaveLength(2000);
    expect(ms).toBeLessThan(200);
  });
});

describe('howFromVia', () => {
  it('maps the engine via to None / project / session / once / denied', () => {
    expect(['none', 'project', 'session', 'once', 'user-deny', 'deny-rule', 'ceiling', 'invalid'].map((v) => howFromVia(v))).toEqual([
      'none',
      'project',
      'session',
      'once',
      'denied',
      'denied',
      'denied',
      'invalid',
    ]);
    expect([howFromVia('mode', 'allowed'), howFromVia('mode', 'denied')]).toEqual(['mode', 'denied']);
  });
});

describe('pairing a prompt with its card', () => {
  const request = (callId?: string) => ({
    tool: 'run_command',
    environment: 'shell' as const,
    key: { tool: 'run_command', action: 'ls', raw: 'run_command:ls' },
    args: {},
    agentId: 'main',
    conversationId: 'c1',
    depth: 0,
    ceiling: 'session' as const,
    ...(callId ? { callId } : {}),
  });
  const twoCalls = [
    ev({ type: 'run.started', prompt: 'two', provider: 'p', model: 'm' }),
    ev({ type: 'tool.requested', callId: 'first', tool: 'run_command', args: { command: 'ls' } }),
    ev({ type: 'tool.requested', callId: 'second', tool: 'run_command', args: { command: 'pwd' } }),
  ];

  it('goes by the call id the request names, even when another call of that tool is newer', () => {
    const items = buildTranscript([
      ...twoCalls,
      ev({ type: 'approval.requested', approvalId: 'a1', kind: 'tool', request: request('first') }),
    ]);
    const cards = items.filter((i): i is ToolItem => i.kind === 'tool');
    expect(cards.find((c) => c.callId === 'first')).toMatchObject({
      key: 'run_command:ls',
      approval: { approvalId: 'a1', status: 'pending' },
    });
    expect(cards.find((c) => c.callId === 'second')!.approval).toBeUndefined();
  });

  it('falls back to the newest undecided call of the tool for a record without call ids', () => {
    const items = buildTranscript([...twoCalls, ev({ type: 'approval.requested', approvalId: 'a1', kind: 'tool', request: request() })]);
    expect(items.filter((i): i is ToolItem => i.kind === 'tool' && i.approval !== undefined).map((c) => c.callId)).toEqual(['second']);
  });
});

describe('a command’s output in its card', () => {
  it('stays bounded: whole lines leave from the front and are counted, the stream adds up', () => {
    let cur = { output: '', outputDropped: 0 };
    let total = 0;
    const line = `${'x'.repeat(99)}\n`;
    for (let i = 0; i < 20_000; i++) {
      cur = appendOutput(cur, line);
      total += line.length;
      expect(cur.output.length).toBeLessThanOrEqual(MAX_OUTPUT_CHARS);
    }
    expect(cur.outputDropped + cur.output.length).toBe(total);
    expect(cur.outputDropped % line.length).toBe(0);
    expect(cur.output.endsWith(line)).toBe(true);
  });

  it('never keeps half a surrogate pair when there is no line break to cut at', () => {
    const cur = appendOutput({ output: '😀'.repeat(MAX_OUTPUT_CHARS / 2), outputDropped: 0 }, 'a'.repeat(9));
    expect(cur.output.codePointAt(0)).toBe(0x1f600);
    expect(cur.outputDropped % 2).toBe(0);
  });
});

describe('usage and compaction in the transcript', () => {
  const base = { at: 1, runId: 'r1', conversationId: 'c1', agentId: 'main', depth: 0 };
  it('shows each turn’s tokens and cost, sums the conversation (sub-agents included), and says "unknown price"', () => {
    const b = new TranscriptBuilder();
    b.push({ ...base, type: 'usage', turn: 1, inputTokens: 12_000, outputTokens: 300, cacheReadTokens: 10_000, costUsd: 0.0123 });
    b.push({
      ...base,
      depth: 1,
      agentId: 'main/sub-1',
      parentCallId: 'call_x',
      type: 'usage',
      turn: 1,
      inputTokens: 1000,
      outputTokens: 10,
      costUsd: 0.001,
    });
    const rows = b.snapshot().filter((i) => i.kind === 'usage');
    expect(rows.map((r) => (r as { text: string }).text)).toEqual(['turn 1 · 12k in (10k cached) · 300 out · $0.0123']);
    expect(b.usage).toEqual({ calls: 2, input: 13_000, cached: 10_000, output: 310, cost: 0.0123 + 0.001 });
    b.push({ ...base, type: 'usage', turn: 2, inputTokens: 10, outputTokens: 1, costUsd: null });
    expect(b.usage.cost).toBeNull();
    expect(describeUsage(b.usage)).toContain('unknown price');
  });

  it('numbers turns per conversation: a second message goes on from the first one’s last turn', () => {
    const run = (runId: string) => ({ ...base, runId });
    const b = new TranscriptBuilder();
    b.push({ ...run('r1'), type: 'run.started', prompt: 'first', provider: 'p', model: 'm' });
    b.push({ ...run('r1'), type: 'usage', turn: 1, inputTokens: 10, outputTokens: 1, costUsd: 0 });
    b.push({ ...run('r1'), type: 'usage', turn: 2, inputTokens: 10, outputTokens: 1, costUsd: 0 });
    b.push({ ...run('r2'), type: 'run.started', prompt: 'second', provider: 'p', model: 'm' });
    b.push({ ...run('r2'), type: 'usage', turn: 1, inputTokens: 10, outputTokens: 1, costUsd: 0 });
    // The summariser's call during a run is labelled as the compaction's, and moves no turn number.
    b.push({ ...run('r2'), type: 'usage', turn: 1, summary: true, inputTokens: 10, outputTokens: 1, costUsd: 0 });
    b.push({ ...run('r2'), type: 'usage', turn: 2, inputTokens: 10, outputTokens: 1, costUsd: 0 });
    const labels = b
      .snapshot()
      .filter((i) => i.kind === 'usage')
      .map((r) => (r as { text: string }).text.split(' · ')[0]);
    expect(labels).toEqual(['turn 1', 'turn 2', 'turn 3', 'compaction summary', 'turn 4']);
  });

  it('shows /compact as a compaction marker, never as a user message or "turn 0"', () => {
    const b = new TranscriptBuilder();
    const r = { ...base, runId: 'rc' };
    b.push({ ...r, type: 'run.started', prompt: '/compact', provider: 'p', model: 'm' });
    expect(b.snapshot().map((i) => i.kind)).toEqual(['compaction']);
    expect(b.snapshot()[0]).toMatchObject({ pending: true });
    b.push({ ...r, type: 'usage', turn: 0, summary: true, inputTokens: 5000, outputTokens: 200, costUsd: 0.01 });
    b.push({
      ...r,
      type: 'context.compacted',
      kind: 'summary',
      reason: 'manual',
      beforeTokens: 50_000,
      afterTokens: 4000,
      window: 200_000,
      durationMs: 3,
    });
    b.push({
      ...r,
      type: 'run.finished',
      stopReason: 'end_turn',
      turns: 0,
      usage: { inputTokens: 5000, outputTokens: 200 },
      finalText: 'Earlier turns were summarised.',
    });
    const items = b.snapshot();
    expect(items.some((i) => i.kind === 'user')).toBe(false);
    expect(items.find((i) => i.kind === 'compaction')).toMatchObject({
      pending: false,
      text: 'Earlier turns summarised — 50k → 4.0k tokens (/compact)',
    });
    expect(items.filter((i) => i.kind === 'usage').map((i) => (i as { text: string }).text)).toEqual([
      'compaction summary · 5.0k in · 200 out · $0.0100',
    ]);
  });

  it('a /compact with nothing to shorten says so on its marker', () => {
    const b = new TranscriptBuilder();
    const r = { ...base, runId: 'rn' };
    b.push({ ...r, type: 'run.started', prompt: ' /compact ', provider: 'p', model: 'm' });
    b.push({
      ...r,
      type: 'run.finished',
      stopReason: 'end_turn',
      turns: 0,
      usage: { inputTokens: 0, outputTokens: 0 },
      finalText: 'Nothing to compact yet.',
    });
    expect(b.snapshot()).toMatchObject([{ kind: 'compaction', pending: false, text: 'Nothing to compact yet.' }]);
    expect(modelIsSilent(b.snapshot())).toBe(true);
  });

  it('shows a compaction as a marker with the token figures', () => {
    const b = new TranscriptBuilder();
    b.push({
      ...base,
      type: 'context.compacted',
      kind: 'summary',
      reason: 'budget',
      beforeTokens: 180_000,
      afterTokens: 30_000,
      window: 200_000,
      durationMs: 5,
    });
    expect(b.snapshot().at(-1)).toMatchObject({ kind: 'compaction', text: 'Earlier turns summarised — 180k → 30k tokens' });
  });
});

describe('the context gauge', () => {
  const base = { at: 1, runId: 'r1', conversationId: 'c1', agentId: 'main', depth: 0 };
  it("follows the main agent's last call, with main's window and compaction point, and a compaction's new size", () => {
    const b = new TranscriptBuilder();
    expect(b.context).toBeNull();
    const context = { window: 200_000, compactAt: 170_000 };
    b.push({ ...base, type: 'usage', turn: 1, inputTokens: 124_000, outputTokens: 10, costUsd: 0, context });
    expect(b.context).toEqual({ used: 124_000, window: 200_000, compactAt: 170_000 });
    expect(describeContext(b.context!)).toBe('62 % of 200k, compaction at 85 %');
    // A sub-agent's call and the summariser's do not move the main conversation's gauge.
    b.push({
      ...base,
      depth: 1,
      agentId: 'main/sub-1',
      parentCallId: 'c',
      type: 'usage',
      turn: 1,
      inputTokens: 5,
      outputTokens: 1,
      context,
    });
    b.push({ ...base, type: 'usage', turn: 1, summary: true, inputTokens: 150_000, outputTokens: 900 });
    expect(b.context?.used).toBe(124_000);
    b.push({
      ...base,
      type: 'context.compacted',
      kind: 'summary',
      reason: 'budget',
      beforeTokens: 175_000,
      afterTokens: 30_000,
      window: 200_000,
      durationMs: 1,
    });
    expect(describeContext(b.context!)).toBe('15 % of 200k, compaction at 85 %');
  });

  it('a compaction seen without a usage figure still says the size, without inventing the compaction point', () => {
    expect(describeContext({ used: 64_000, window: 128_000 })).toBe('50 % of 128k');
  });
});

describe('modelIsSilent', () => {
  const started = ev({ type: 'run.started', prompt: 'hi', provider: 'anthropic', model: 'm' });
  it('after the prompt and after a result, until text streams or a tool runs', () => {
    expect(modelIsSilent(buildTranscript([started]))).toBe(true);
    expect(modelIsSilent(buildTranscript([started, ev({ type: 'text.delta', text: 'Hel' })]))).toBe(false);
    const call = ev({ type: 'tool.call', callId: 'x', tool: 'glob', args: {}, decision: 'allowed', via: 'none' });
    expect(modelIsSilent(buildTranscript([started, call]))).toBe(false);
    const result = ev({ type: 'tool.result', callId: 'x', tool: 'glob', content: 'a', isError: false, cancelled: false, durationMs: 1 });
    expect(modelIsSilent(buildTranscript([started, call, result]))).toBe(true);
    // Waiting for the user's answer is not the model thinking.
    expect(modelIsSilent(buildTranscript([started, ev({ type: 'tool.requested', callId: 'y', tool: 'write_file', args: {} })]))).toBe(
      false,
    );
  });
});

describe('describeAnswer', () => {
  it('says which hunks an allow-once took when part of a change was allowed', () => {
    expect(describeAnswer({ choice: 'once' })).toBe('allowed once');
    expect(describeAnswer({ choice: 'once', hunks: [0, 2] })).toBe('allowed once, only hunks 1, 3');
    expect(describeAnswer({ choice: 'once', hunks: [1] })).toBe('allowed once, only hunk 2');
  });
});
