import { describe, expect, it } from 'vitest';
import type { AskRequest } from '../permissions/index.js';
import { ApprovalError, ApprovalQueue, type ApprovalNotice } from './queue.js';

function req(
  agentId: string,
  conversationId: string,
  raw = 'run_command:git',
  environment: AskRequest['environment'] = 'shell',
): AskRequest {
  const [tool, action] = raw.split(':') as [string, string];
  return {
    tool,
    environment,
    key: { tool, action, raw },
    args: { command: `${action} status` },
    agentId,
    conversationId,
    depth: 0,
    ceiling: environment === 'shell' ? 'session' : 'project',
  };
}

describe('ApprovalQueue', () => {
  it('keeps many pending approvals and resolves each to its own caller, in any order', async () => {
    const q = new ApprovalQueue();
    const asks = Array.from({ length: 30 }, (_, i) => ({ i, p: q.ask(req(`agent-${i % 3}`, `conv-${i % 2}`, `tool${i}:x`, 'host')) }));
    const pending = q.list();
    expect(pending).toHaveLength(30);
    expect(q.list({ conversationId: 'conv-1' })).toHaveLength(15);
    expect(
      q.list({ agentId: 'agent-2', conversationId: 'conv-0' }).every((a) => a.agentId === 'agent-2' && a.conversationId === 'conv-0'),
    ).toBe(true);
    for (const a of [...pending].reverse()) {
      if (a.kind !== 'tool') throw new Error('kind');
      q.answer(a.id, { choice: 'deny', reason: a.request.key.raw });
    }
    for (const { i, p } of asks) expect(await p).toEqual({ choice: 'deny', reason: `tool${i}:x` });
    expect(q.size).toBe(0);
  });

  it('an unknown or already answered id is a clear error', async () => {
    const q = new ApprovalQueue({ ids: () => 'a1' });
    const p = q.ask(req('main', 'c'));
    q.answer('a1', { choice: 'once' });
    await expect(p).resolves.toEqual({ choice: 'once' });
    expect(() => q.answer('a1', { choice: 'once' })).toThrow(/no pending approval with id 'a1'/);
    try {
      q.answer('nope', { choice: 'once' });
    } catch (err) {
      expect(err).toBeInstanceOf(ApprovalError);
      expect((err as ApprovalError).code).toBe('unknown_approval');
    }
  });

  it('refuses a project answer above the ceiling and a malformed answer, keeping the approval pending', () => {
    const q = new ApprovalQueue({ ids: () => 'x' });
    void q.ask(req('main', 'c', 'run_command:git', 'shell'));
    expect(() => q.answer('x', { choice: 'project' })).toThrow(/at most for the session/);
    expect(() => q.answer('x', { choice: 'maybe' } as never)).toThrow(/invalid answer/);
    expect(q.size).toBe(1);
  });

  it('refuses an answer the engine did not offer (a protected path is allowed once only), keeping the approval pending', async () => {
    const q = new ApprovalQueue({ ids: () => 'p' });
    const asked = q.ask({ ...req('main', 'c', 'write_file:.git/hooks/pre-commit', 'host'), scopes: ['once'] });
    expect(() => q.answer('p', { choice: 'project' })).toThrow(/can be allowed once only, not for the project/);
    expect(() => q.answer('p', { choice: 'session' })).toThrow(ApprovalError);
    expect(q.size).toBe(1);
    q.answer('p', { choice: 'once' });
    await expect(asked).resolves.toEqual({ choice: 'once' });
  });

  it('an abort answers deny "cancelled by user" and notifies', async () => {
    const q = new ApprovalQueue();
    const notices: ApprovalNotice[] = [];
    q.subscribe((n) => notices.push(n));
    const ac = new AbortController();
    const p = q.ask(req('main', 'c'), ac.signal);
    ac.abort();
    await expect(p).resolves.toEqual({ choice: 'deny', reason: 'cancelled by user' });
    expect(notices.map((n) => n.type)).toEqual(['approval.requested', 'approval.resolved']);
    expect(notices[1]).toMatchObject({ cancelled: true });
    await expect(q.ask(req('main', 'c'), ac.signal)).resolves.toMatchObject({ choice: 'deny' });
    expect(q.size).toBe(0);
  });

  it('cancelAll denies only the matching conversation', async () => {
    const q = new ApprovalQueue();
    const a = q.ask(req('main', 'c1'));
    void q.ask(req('main', 'c2'));
    expect(q.cancelAll({ conversationId: 'c1' })).toBe(1);
    await expect(a).resolves.toMatchObject({ choice: 'deny', reason: 'cancelled by user' });
    expect(q.list().map((x) => x.conversationId)).toEqual(['c2']);
  });

  it('offers session presets as ONE approval: all, none, or a subset', async () => {
    const q = new ApprovalQueue();
    const all = q.offerPresets(['run_command:git', { key: 'run_command:npm' }, 'run_command:git'], { conversationId: 'c' });
    expect(q.list()).toHaveLength(1);
    const offer = q.list()[0]!;
    expect(offer).toMatchObject({ kind: 'presets', presets: ['run_command:git', 'run_command:npm'] });
    expect(() => q.answer(offer.id, { choice: 'once' })).toThrow(/session presets/);
    q.answer(offer.id, { choice: 'session' });
    await expect(all).resolves.toEqual(['run_command:git', 'run_command:npm']);

    const some = q.offerPresets(['a:1', 'b:2'], { conversationId: 'c' });
    const id = q.list()[0]!.id;
    expect(() => q.answerPresets(id, ['c:3'])).toThrow(/not offered/);
    q.answerPresets(id, ['b:2']);
    await expect(some).resolves.toEqual(['b:2']);

    const none = q.offerPresets(['a:1'], { conversationId: 'c' });
    q.answer(q.list()[0]!.id, { choice: 'deny' });
    await expect(none).resolves.toEqual([]);
    await expect(q.offerPresets([], { conversationId: 'c' })).resolves.toEqual([]);
    expect(q.size).toBe(0);
  });
});
