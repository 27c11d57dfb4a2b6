/** The seam in runChecked: what the gate sees after PreToolUse hooks, and what the model reads after PostToolUse. */
import { describe, expect, it } from 'vitest';
import type { Decision, Permission, PermissionCheckRequest, PermissionGate } from '../permissions/index.js';
import type { ToolCallFacts } from './hooks.js';
import { afterToolCall, hookedGate, type ToolHooks } from './toolCallHooks.js';

const askKey: Permission = { kind: 'ask', key: { tool: 'run_command', action: 'ls', raw: 'run_command:ls' }, flags: { notes: ['n1'] } };
const call = (permission: Permission): ToolCallFacts => ({
  tool: 'run_command',
  environment: 'shell',
  args: {},
  permission,
  conversationId: 'c',
});

function recordingGate(): PermissionGate & { seen: PermissionCheckRequest[] } {
  const seen: PermissionCheckRequest[] = [];
  return { seen, check: async (r) => (seen.push(r), { allowed: true, via: 'session' }) };
}
const req = (permission: Permission): PermissionCheckRequest => ({
  tool: 'run_command',
  environment: 'shell',
  permission,
  args: {},
  agentId: 'a',
  conversationId: 'c',
  depth: 0,
});
const hooks = (pre: ToolHooks['preToolUse'], post: ToolHooks['postToolUse'] = async () => []): ToolHooks => ({
  preToolUse: pre,
  postToolUse: post,
});

describe('hookedGate', () => {
  it('no hooks, or no opinion: the gate itself', async () => {
    const gate = recordingGate();
    expect(await hookedGate(undefined, gate, call(askKey))).toBe(gate);
    expect(
      await hookedGate(
        hooks(async () => ({ effect: 'none' })),
        gate,
        call(askKey),
      ),
    ).toBe(gate);
  });

  it('deny: a gate that refuses with the reason, never asking the real one', async () => {
    const gate = recordingGate();
    const g = await hookedGate(
      hooks(async () => ({ effect: 'deny', reason: 'no rm' })),
      gate,
      call(askKey),
    );
    const d: Decision = await g.check(req(askKey));
    expect(d).toEqual({ allowed: false, via: 'hook', reason: 'refused by a hook: no rm', key: 'run_command:ls' });
    expect(gate.seen).toEqual([]);
  });

  it('ask, or hooks that throw: the real gate is told to ask, with the reason among the notes', async () => {
    for (const pre of [async () => ({ effect: 'ask' as const, reason: 'look' }), async () => Promise.reject(new Error('boom'))]) {
      const gate = recordingGate();
      const g = await hookedGate(hooks(pre), gate, call(askKey));
      await g.check(req(askKey));
      expect(gate.seen[0]!.hookAsks).toMatch(/look|the PreToolUse hooks failed: boom/);
      const p = gate.seen[0]!.permission as Extract<Permission, { kind: 'ask' }>;
      expect(p.flags?.notes?.[0]).toBe('n1');
      expect(p.flags?.notes?.[1]).toMatch(/^hook: (look|the PreToolUse hooks failed: boom)$/);
      expect(p.key).toEqual(askKey.key);
    }
  });

  it('ask on a call without a key cannot be put to the user: refused, never run unasked', async () => {
    const gate = recordingGate();
    const g = await hookedGate(
      hooks(async () => ({ effect: 'ask', reason: 'timed out' })),
      gate,
      call({ kind: 'none' }),
    );
    expect(await g.check(req({ kind: 'none' }))).toMatchObject({ allowed: false, via: 'hook' });
    expect(gate.seen).toEqual([]);
  });
});

describe('afterToolCall', () => {
  it('adds the notes to the result; a failing hook changes nothing', async () => {
    const r = { content: 'wrote a.ts', isError: false };
    expect(
      await afterToolCall(
        hooks(
          async () => ({ effect: 'none' }),
          async () => ['formatted'],
        ),
        call(askKey),
        r,
      ),
    ).toEqual({
      content: 'wrote a.ts\n\n[hook note] formatted',
      isError: false,
    });
    expect(
      await afterToolCall(
        hooks(
          async () => ({ effect: 'none' }),
          async () => Promise.reject(new Error('x')),
        ),
        call(askKey),
        r,
      ),
    ).toBe(r);
    expect(await afterToolCall(undefined, call(askKey), r)).toBe(r);
  });
});
