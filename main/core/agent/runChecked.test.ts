import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Tool, ToolContext } from '../tools/index.js';
import { formatKey, type Decision, type Permission, type PermissionCheckRequest, type PermissionGate } from '../permissions/index.js';
import { runToolChecked } from './runChecked.js';
import { makeEngine, tempProject } from '../permissions/permissions.testkit.js';
import type { CallDecision } from './runChecked.js';

const schema = z.object({ path: z.string().min(1), content: z.string() });
type Args = z.infer<typeof schema>;

/** A tool whose execute records every call: the proof that it never runs unless the check passed. */
function recordingTool(
  permission: (a: Args) => Permission | Promise<Permission> = (a) => ({ kind: 'ask', key: formatKey('write_file', a.path) }),
) {
  const calls: Args[] = [];
  const tool: Tool<Args> = {
    name: 'write_file',
    description: 'test',
    category: 'edit',
    environment: 'host',
    touches: { changesFiles: true, fileAccess: 'write', keyFromCommand: false },
    parameters: schema,
    permission,
    async execute(args) {
      calls.push(args);
      return { content: `wrote ${args.path}` };
    },
  };
  return { tool, calls };
}

const ctx = (signal = new AbortController().signal): ToolContext => ({
  projectRoot: '/nonexistent',
  signal,
  output: () => undefined,
  agentId: 'agent',
  conversationId: 'conv',
  depth: 0,
  logDir: '/tmp',
});

const gate = (d: Decision | (() => Promise<Decision>), seen: PermissionCheckRequest[] = []): PermissionGate => ({
  async check(req) {
    seen.push(req);
    return typeof d === 'function' ? d() : d;
  },
});

describe('runToolChecked: execute() never runs unless the check passed', () => {
  it('bad arguments: a clear error naming the field; neither permission() nor execute() runs', async () => {
    let permissionCalls = 0;
    const { tool, calls } = recordingTool(() => {
      permissionCalls++;
      return { kind: 'none' };
    });
    const r = await runToolChecked(tool, { path: 42, content: 'x' }, gate({ allowed: true, via: 'none' }), ctx());
    expect(r.status).toBe('invalid-args');
    expect(r.result).toMatchObject({ isError: true });
    expect(r.result.content).toMatch(/^Invalid arguments for write_file: path: /);
    const missing = await runToolChecked(tool, {}, gate({ allowed: true, via: 'none' }), ctx());
    expect(missing.result.content).toMatch(/path: .*; content: /);
    expect(permissionCalls).toBe(0);
    expect(calls).toHaveLength(0);
  });

  it('every refusal path leaves execute() uncalled', async () => {
    const { tool, calls } = recordingTool();
    const refusals: PermissionGate[] = [
      gate({ allowed: false, via: 'user-deny', reason: 'no' }),
      gate({ allowed: false, via: 'deny-rule' }),
      gate({ allowed: false, via: 'ceiling' }),
      gate({ allowed: false, via: 'invalid' }),
      gate(async () => {
        throw new Error('engine crashed');
      }),
      gate({ allowed: 'yes' } as unknown as Decision),
      gate(undefined as unknown as Decision),
    ];
    for (const g of refusals) {
      const r = await runToolChecked(tool, { path: 'a', content: 'b' }, g, ctx());
      expect(r.status).toBe('refused');
      expect(r.result.isError).toBe(true);
    }
    const throwing = recordingTool(() => {
      throw new Error('realpath failed');
    });
    expect(
      (await runToolChecked(throwing.tool, { path: 'a', content: 'b' }, gate({ allowed: true, via: 'once' }), ctx())).result.content,
    ).toMatch(/realpath failed/);
    const bogus = recordingTool(() => ({ kind: 'maybe' }) as unknown as Permission);
    expect((await runToolChecked(bogus.tool, { path: 'a', content: 'b' }, gate({ allowed: true, via: 'once' }), ctx())).status).toBe(
      'refused',
    );
    const ac = new AbortController();
    const cancelled = await runToolChecked(
      tool,
      { path: 'a', content: 'b' },
      gate(async () => (ac.abort(), { allowed: true, via: 'once' })),
      ctx(ac.signal),
    );
    expect(cancelled.status).toBe('refused');
    expect(calls).toHaveLength(0);
    expect(throwing.calls).toHaveLength(0);
    expect(bogus.calls).toHaveLength(0);
  });

  it('runs exactly once when allowed, with the checked (frozen) arguments', async () => {
    const seen: PermissionCheckRequest[] = [];
    const { tool, calls } = recordingTool((a) => {
      expect(() => ((a as { path: string }).path = 'elsewhere')).toThrow();
      return { kind: 'ask', key: formatKey('write_file', a.path) };
    });
    const r = await runToolChecked(
      tool,
      { path: 'a.txt', content: 'hi', extra: 'stripped' },
      gate({ allowed: true, via: 'session' }, seen),
      ctx(),
    );
    expect(r).toMatchObject({ status: 'executed', result: { content: 'wrote a.txt' } });
    expect(calls).toEqual([{ path: 'a.txt', content: 'hi' }]);
    expect(seen[0]).toMatchObject({
      tool: 'write_file',
      environment: 'host',
      permission: { kind: 'ask', key: { raw: 'write_file:a.txt' } },
      agentId: 'agent',
    });
  });

  it('with the real engine: denied, asked-and-refused and invalid calls never execute', async () => {
    const { root, cleanup } = await tempProject();
    try {
      const { writeFile } = await import('node:fs/promises');
      await writeFile(`${root}/codecoder.json`, '{"deny": ["write_file:.env"], "allowlist": {"write_file:ok/**": "AlwaysThisProject"}}');
      const h = await makeEngine(root);
      const { tool, calls } = recordingTool();
      expect((await runToolChecked(tool, { path: '.env', content: '' }, h.engine, ctx())).status).toBe('refused');
      h.asker.answer({ choice: 'deny' });
      expect((await runToolChecked(tool, { path: 'x', content: '' }, h.engine, ctx())).status).toBe('refused');
      expect(calls).toHaveLength(0);
      expect((await runToolChecked(tool, { path: 'ok/y', content: '' }, h.engine, ctx())).status).toBe('executed');
      expect(calls.map((c) => c.path)).toEqual(['ok/y']);
    } finally {
      await cleanup();
    }
  });

  it('a tool that throws in execute() is reported as failed', async () => {
    const { tool } = recordingTool();
    tool.execute = async () => {
      throw new Error('disk full');
    };
    const r = await runToolChecked(tool, { path: 'a', content: '' }, gate({ allowed: true, via: 'once' }), ctx());
    expect(r).toMatchObject({ status: 'failed', result: { isError: true, content: 'write_file failed: disk full' } });
  });

  it('onDecision: told once, before execute(), what was decided or why the gate was never reached', async () => {
    const order: string[] = [];
    const told: CallDecision[] = [];
    const onDecision = (d: CallDecision) => (told.push(d), order.push(`decided ${d.decision}`));
    const { tool } = recordingTool();
    tool.execute = async (a) => (order.push('execute'), { content: `wrote ${a.path}` });
    const seen: PermissionCheckRequest[] = [];
    await runToolChecked(tool, { path: 'a', content: '' }, gate({ allowed: true, via: 'session' }, seen), ctx(), { callId: 'c1', onDecision });
    expect(order).toEqual(['decided allowed', 'execute']);
    expect(told[0]).toEqual({ args: { path: 'a', content: '' }, key: 'write_file:a', decision: 'allowed', via: 'session' });
    expect(seen[0]?.callId).toBe('c1');

    told.length = 0;
    await runToolChecked(tool, { path: 42 }, gate({ allowed: true, via: 'none' }), ctx(), { onDecision });
    await runToolChecked(tool, { path: 'a', content: '' }, gate({ allowed: false, via: 'user-deny', reason: 'no' }), ctx(), { onDecision });
    await runToolChecked(tool, { path: 'a', content: '' }, gate(async () => Promise.reject(new Error('engine crashed'))), ctx(), { onDecision });
    await runToolChecked(tool, { path: 'a', content: '' }, gate({ allowed: 'yes' } as unknown as Decision), ctx(), { onDecision });
    expect(told.map((d) => [d.decision, d.via])).toEqual([
      ['invalid', 'invalid'],
      ['denied', 'user-deny'],
      ['invalid', 'invalid'],
      ['invalid', 'invalid'],
    ]);
    expect(told[0]).toMatchObject({ args: { path: 42 }, reason: expect.stringMatching(/^Invalid arguments for write_file: path/) });
    expect(told[2]?.reason).toBe('the permission check failed: engine crashed');
    expect(order.filter((o) => o === 'execute')).toHaveLength(1);

    // A hook that fails leaves the tool unrun.
    const r = runToolChecked(tool, { path: 'a', content: '' }, gate({ allowed: true, via: 'once' }), ctx(), {
      onDecision: () => {
        throw new Error('transcript gone');
      },
    });
    await expect(r).rejects.toThrow('transcript gone');
    expect(order.filter((o) => o === 'execute')).toHaveLength(1);
  });
});
