/**
 * Permission modes through the real engine: each mode against each kind of key — a read (None), an
 * edit inside the project for each edit tool, a protected path, a path outside the project, a move
 * whose destination is outside, a deny rule, an allowlisted key, a shell key, another Ask tool and
 * invalid input — with the prompts counted and the audit record read back.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deletePathTool, editFileTool, movePathTool, writeFileTool, type Tool } from '../tools/index.js';
import { builtInToolFacts } from '../tools/tools.testkit.js';
import { commandPermission, formatKey } from './keys.js';
import { ConversationModes, PLAN_REFUSAL, nextMode, type PermissionMode } from './modes.js';
import { makeEngine, request, tempProject, type Harness } from './permissions.testkit.js';
import type { Permission } from './types.js';

let root: string;
let cleanup: () => Promise<void>;
let modes: ConversationModes;
let h: Harness;

beforeEach(async () => {
  ({ root, cleanup } = await tempProject());
  await mkdir(path.join(root, 'src'));
  await mkdir(path.join(root, 'secret'));
  await mkdir(path.join(root, 'tests'));
  await writeFile(path.join(root, 'src', 'a.ts'), 'export const a = 1;\n');
  await writeFile(path.join(root, 'secret', 'k.txt'), 'k\n');
  await writeFile(path.join(root, '.mcp.json'), '{}');
  await writeFile(
    path.join(root, 'codecoder.json'),
    JSON.stringify({ allowlist: { 'write_file:tests/**': 'AlwaysThisProject' }, deny: ['write_file:secret/**', 'delete_path:secret/**'] }),
  );
  modes = new ConversationModes();
  h = await makeEngine(root, { modeOf: (c) => modes.get(c), tools: builtInToolFacts() });
});
afterEach(async () => {
  h.engine.close();
  await cleanup();
});

const perm = async (tool: Tool<never>, args: unknown): Promise<Permission> =>
  (tool as unknown as Tool<unknown>).permission(tool.parameters.parse(args), { projectRoot: root });

interface Case {
  name: string;
  tool: string;
  permission: () => Promise<Permission> | Permission;
  /** Expected outcome per mode: 'prompt' = the user is asked; otherwise the via without a prompt. */
  expect: Record<PermissionMode, 'prompt' | { allowed: boolean; via: string }>;
}

const NONE = { allowed: true, via: 'none' };
const PLAN = { allowed: false, via: 'mode' };
const MODE_ALLOW = { allowed: true, via: 'mode' };

/** Issue 22 item 1: accept-edits wrote .mcp.json (the MCP servers the next trusted run starts). */
const MCP_JSON_CASES: Case[] = (
  [
    ['write_file to .mcp.json', writeFileTool, { path: '.mcp.json', content: 'y' }],
    ['edit_file of .mcp.json', editFileTool, { path: '.mcp.json', old_text: '{}', new_text: '{"mcpServers":{}}' }],
    ['delete_path of .mcp.json', deletePathTool, { path: '.mcp.json' }],
    ['move_path onto .mcp.json', movePathTool, { from: 'src/a.ts', to: '.mcp.json', overwrite: true }],
  ] as const
).map(([name, make, args]) => ({
  name,
  tool: make().name,
  permission: () => perm(make() as never, args),
  expect: { ask: 'prompt', plan: PLAN, edits: 'prompt' },
}));

const CASES: Case[] = [
  {
    name: 'a read (Permission::None)',
    tool: 'read_file',
    permission: () => ({ kind: 'none' }),
    expect: { ask: NONE, plan: NONE, edits: NONE },
  },
  {
    name: 'write_file inside the project',
    tool: 'write_file',
    permission: () => perm(writeFileTool() as never, { path: 'src/b.ts', content: 'x' }),
    expect: { ask: 'prompt', plan: PLAN, edits: MODE_ALLOW },
  },
  {
    name: 'edit_file inside the project',
    tool: 'edit_file',
    permission: () => perm(editFileTool() as never, { path: 'src/a.ts', old_text: '1', new_text: '2' }),
    expect: { ask: 'prompt', plan: PLAN, edits: MODE_ALLOW },
  },
  {
    name: 'move_path inside the project',
    tool: 'move_path',
    permission: () => perm(movePathTool() as never, { from: 'src/a.ts', to: 'src/c.ts' }),
    expect: { ask: 'prompt', plan: PLAN, edits: MODE_ALLOW },
  },
  {
    name: 'delete_path inside the project',
    tool: 'delete_path',
    permission: () => perm(deletePathTool() as never, { path: 'src/a.ts' }),
    expect: { ask: 'prompt', plan: PLAN, edits: MODE_ALLOW },
  },
  {
    name: 'write_file to a protected path (codecoder.json)',
    tool: 'write_file',
    permission: () => perm(writeFileTool() as never, { path: 'codecoder.json', content: '{}' }),
    expect: { ask: 'prompt', plan: PLAN, edits: 'prompt' },
  },
  {
    name: 'edit_file in .git/',
    tool: 'edit_file',
    permission: () => perm(editFileTool() as never, { path: '.git/config', old_text: 'a', new_text: 'b' }),
    expect: { ask: 'prompt', plan: PLAN, edits: 'prompt' },
  },
  ...MCP_JSON_CASES,
  {
    name: 'write_file outside the project',
    tool: 'write_file',
    permission: () => perm(writeFileTool() as never, { path: '../outside.txt', content: 'x' }),
    expect: { ask: 'prompt', plan: PLAN, edits: 'prompt' },
  },
  {
    name: 'move_path whose destination is outside the project',
    tool: 'move_path',
    permission: () => perm(movePathTool() as never, { from: 'src/a.ts', to: '../gone.ts' }),
    expect: { ask: 'prompt', plan: PLAN, edits: 'prompt' },
  },
  {
    name: 'move_path into .codecoder/',
    tool: 'move_path',
    permission: () => perm(movePathTool() as never, { from: 'src/a.ts', to: '.codecoder/a.ts' }),
    expect: { ask: 'prompt', plan: PLAN, edits: 'prompt' },
  },
  {
    name: 'write_file under a deny rule',
    tool: 'write_file',
    permission: () => perm(writeFileTool() as never, { path: 'secret/k.txt', content: 'x' }),
    expect: {
      ask: { allowed: false, via: 'deny-rule' },
      plan: { allowed: false, via: 'deny-rule' },
      edits: { allowed: false, via: 'deny-rule' },
    },
  },
  {
    name: 'delete_path under a deny rule',
    tool: 'delete_path',
    permission: () => perm(deletePathTool() as never, { path: 'secret/k.txt' }),
    expect: {
      ask: { allowed: false, via: 'deny-rule' },
      plan: { allowed: false, via: 'deny-rule' },
      edits: { allowed: false, via: 'deny-rule' },
    },
  },
  {
    name: 'write_file covered by a project entry',
    tool: 'write_file',
    permission: () => perm(writeFileTool() as never, { path: 'tests/x.test.ts', content: 'x' }),
    // Plan mode is read-only even where the allowlist would allow.
    expect: { ask: { allowed: true, via: 'project' }, plan: PLAN, edits: { allowed: true, via: 'project' } },
  },
  {
    name: 'a shell key (run_command:git)',
    tool: 'run_command',
    permission: () => commandPermission('git status'),
    expect: { ask: 'prompt', plan: PLAN, edits: 'prompt' },
  },
  {
    name: 'a shell command that deletes files (rm)',
    tool: 'run_command',
    permission: () => commandPermission('rm -rf src'),
    expect: { ask: 'prompt', plan: PLAN, edits: 'prompt' },
  },
  {
    name: 'another Ask tool (commit)',
    tool: 'commit',
    permission: () => ({ kind: 'ask', key: formatKey('commit', 'main') }),
    expect: { ask: 'prompt', plan: PLAN, edits: 'prompt' },
  },
  {
    name: 'invalid input',
    tool: 'run_command',
    permission: () => commandPermission('echo $((1+'),
    expect: {
      ask: { allowed: false, via: 'invalid' },
      plan: { allowed: false, via: 'invalid' },
      edits: { allowed: false, via: 'invalid' },
    },
  },
];

describe.each(['ask', 'plan', 'edits'] as const)('mode %s', (mode) => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    modes.set('conv-1', mode);
    const want = c.expect[mode];
    if (want === 'prompt') h.asker.answer({ choice: 'once' });
    const d = await h.engine.check(request(c.tool, await c.permission()));
    await h.audit.flush();
    const [record] = await h.audit.query();
    if (want === 'prompt') {
      expect(h.asker.asked).toHaveLength(1);
      expect(d).toMatchObject({ allowed: true, via: 'once', asked: true });
      return;
    }
    expect(h.asker.asked).toHaveLength(0);
    expect(d).toMatchObject({ ...want, asked: false });
    expect(record).toMatchObject({ via: want.via, decision: want.allowed ? 'allow' : 'deny' });
    if (want === PLAN) expect(d.reason).toBe(PLAN_REFUSAL);
    // A mode grants nothing: the session allowlist and codecoder.json are unchanged.
    expect(h.engine.listSession()).toEqual([]);
    expect(h.engine.listProject().map((e) => e.key)).toEqual(['write_file:tests/**']);
  });
});

describe('modes and scopes', () => {
  it('no mode lifts a shell key above session scope: a project answer in accept-edits is refused by the ceiling', async () => {
    modes.set('conv-1', 'edits');
    h.asker.answer({ choice: 'project' });
    const d = await h.engine.check(request('run_command', commandPermission('git status')));
    expect(d).toMatchObject({ allowed: false, via: 'ceiling' });
    h.asker.answer({ choice: 'session' });
    expect(await h.engine.check(request('run_command', commandPermission('git status')))).toMatchObject({ allowed: true, via: 'session' });
    expect(h.engine.listProject().map((e) => e.key)).toEqual(['write_file:tests/**']);
  });

  it('a mode belongs to its conversation: another conversation still asks', async () => {
    modes.set('conv-1', 'edits');
    const p = await perm(writeFileTool() as never, { path: 'src/b.ts', content: 'x' });
    expect(await h.engine.check(request('write_file', p))).toMatchObject({ allowed: true, via: 'mode' });
    h.asker.answer({ choice: 'deny' });
    expect(await h.engine.check({ ...request('write_file', p), conversationId: 'conv-2' })).toMatchObject({
      allowed: false,
      via: 'user-deny',
    });
    expect(h.asker.asked).toHaveLength(1);
  });

  it('the dry run (codecoder check --mode) answers as the mode would', async () => {
    const p = await perm(writeFileTool() as never, { path: 'src/b.ts', content: 'x' });
    const req = { tool: 'write_file', environment: 'host' as const, permission: p };
    expect(h.engine.dryRun(req)).toMatchObject({ decision: 'ask', via: 'ask' });
    expect(h.engine.dryRun(req, [], 'edits')).toMatchObject({ decision: 'allow', via: 'mode', key: 'write_file:src/b.ts' });
    expect(h.engine.dryRun(req, [], 'plan')).toMatchObject({ decision: 'deny', via: 'mode', reason: PLAN_REFUSAL });
    const shell = { tool: 'run_command', environment: 'shell' as const, permission: commandPermission('git push') };
    expect(h.engine.dryRun(shell, [], 'edits')).toMatchObject({ decision: 'ask', via: 'ask' });
  });
});

describe('ConversationModes', () => {
  it('starts in Ask, cycles ask → plan → edits → ask, and carries the plan once when leaving plan mode', () => {
    const m = new ConversationModes();
    expect(m.get('c')).toBe('ask');
    expect([nextMode('ask'), nextMode('plan'), nextMode('edits')]).toEqual(['plan', 'edits', 'ask']);
    const seen: string[] = [];
    m.onChange((c) => seen.push(`${c}:${m.get(c)}${m.carriesPlan(c) ? '+carry' : ''}`));
    m.set('c', 'plan');
    expect(m.hasPlan('c')).toBe(false);
    m.notePlan('c');
    expect(m.hasPlan('c')).toBe(true);
    m.set('c', 'edits', { carryPlan: true });
    expect(m.hasPlan('c')).toBe(false);
    expect(m.carriesPlan('c')).toBe(true);
    expect(m.takeCarry('c')).toMatch(/Carry out the plan/);
    expect(seen).toEqual(['c:plan', 'c:plan', 'c:edits+carry', 'c:edits']);
    expect(m.takeCarry('c')).toBeUndefined();
    m.set('c', 'plan');
    m.set('c', 'ask');
    expect(m.carriesPlan('c')).toBe(false);
    expect(seen).toEqual(['c:plan', 'c:plan', 'c:edits+carry', 'c:edits', 'c:plan', 'c:ask']);
    expect(() => m.set('c', 'yolo' as never)).toThrow(/unknown permission mode/);
  });

  it('carries nothing when plan mode ends before the agent proposed a plan; a plan belongs to one stay in plan mode', () => {
    const m = new ConversationModes();
    m.set('c', 'plan');
    m.set('c', 'edits', { carryPlan: true });
    expect(m.carriesPlan('c')).toBe(false);
    expect(m.takeCarry('c')).toBeUndefined();
    // An answer outside plan mode is no plan.
    m.notePlan('c');
    expect(m.hasPlan('c')).toBe(false);
    // A plan from an earlier stay does not count for the next one.
    m.set('c', 'plan');
    m.notePlan('c');
    m.set('c', 'ask');
    m.set('c', 'plan');
    expect(m.hasPlan('c')).toBe(false);
    m.set('c', 'ask', { carryPlan: true });
    expect(m.carriesPlan('c')).toBe(false);
  });
});
