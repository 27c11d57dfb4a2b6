import { readFileSync, writeFileSync, symlinkSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ceilingOf, type Permission } from '../../permissions/index.js';
import { tempProject, testCtx, testDeps } from '../execute/execute.testkit.js';
import type { Tool } from '../types.js';
import { capabilityTools } from './index.js';

function setup() {
  const { root, dataDir } = tempProject();
  const tools = capabilityTools(testDeps(root, dataDir));
  const tool = (name: string) => tools.find((t) => t.name === name) as Tool<any>;
  return { root, dataDir, tool, ctx: testCtx(root, dataDir) };
}

const upper = {
  name: 'upper',
  description: 'Upper-cases text',
  parameters: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'], additionalProperties: false },
  environment: 'wasm',
  code: 'export default (a) => a.text.toUpperCase()',
};

async function permit(t: Tool<any>, args: unknown, root: string): Promise<Permission> {
  return t.permission(args, { projectRoot: root });
}

describe('capabilities', () => {
  it('create asks with create_capability:<name> (always: it writes .codecoder) and writes manifest + code', async () => {
    const { tool, root, ctx } = setup();
    const p = await permit(tool('create_capability'), upper, root);
    expect(p).toMatchObject({ kind: 'ask', key: { raw: 'create_capability:upper' }, flags: { protectedPath: true } });
    const r = await tool('create_capability').execute(upper, ctx);
    expect(r.isError).toBeFalsy();
    const dir = path.join(root, '.codecoder/capabilities/upper');
    expect(JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8'))).toMatchObject({ name: 'upper', environment: 'wasm' });
    expect(readFileSync(path.join(dir, 'main.js'), 'utf8')).toBe(upper.code);
    const list = await tool('list_capabilities').execute({}, ctx);
    expect(list.content).toContain('"upper"');
    expect(await permit(tool('list_capabilities'), {}, root)).toEqual({ kind: 'none' });
  });

  it('validates name, environment and parameters, naming the field', () => {
    const { tool } = setup();
    const bad = (over: object) => tool('create_capability').parameters.safeParse({ ...upper, ...over });
    const fields = (r: ReturnType<typeof bad>) => r.error?.issues.map((i) => i.path.join('.'));
    expect(fields(bad({ name: 'Bad Name' }))).toEqual(['name']);
    expect(fields(bad({ name: 'run_command' }))).toEqual(['name']);
    expect(fields(bad({ environment: 'host' }))).toEqual(['environment']);
    expect(fields(bad({ parameters: { type: 'string' } }))).toEqual(['parameters']);
    expect(fields(bad({ parameters: { type: 'object', properties: { x: { type: 'nonsense' } } } }))).toEqual(['parameters']);
  });

  it('runs a wasm capability; its key is bound to the content, so changing the code voids the grant', async () => {
    const { tool, root, ctx } = setup();
    await tool('create_capability').execute(upper, ctx);
    const run = tool('run_capability');
    const p1 = await permit(run, { name: 'upper', args: { text: 'hi' } }, root);
    expect(p1.kind).toBe('ask');
    if (p1.kind !== 'ask') return;
    expect(p1.key.raw).toMatch(/^run_capability:upper@[0-9a-f]{12}$/);
    expect(p1.environment).toBe('wasm');
    expect(ceilingOf(p1.environment!)).toBe('project');
    const r = await run.execute({ name: 'upper', args: { text: 'hi' } }, ctx);
    expect(r.content).toContain('"HI"');

    // A project grant of p1.key.raw would be stored under that exact string. New code → new key.
    await tool('create_capability').execute({ ...upper, code: 'export default (a) => a.text + " pwned"' }, ctx);
    const p2 = await permit(run, { name: 'upper', args: { text: 'hi' } }, root);
    expect(p2.kind === 'ask' && p2.key.raw).not.toBe(p1.key.raw);
    // Same for an edit by hand, and for a change of environment alone.
    const file = path.join(root, '.codecoder/capabilities/upper/main.js');
    writeFileSync(file, 'export default () => 1');
    const p3 = await permit(run, { name: 'upper', args: { text: 'hi' } }, root);
    expect(p3.kind === 'ask' && p3.key.raw).not.toBe(p2.kind === 'ask' && p2.key.raw);
  });

  it('refuses to run code that changed between the permission check and execute', async () => {
    const { tool, root, ctx } = setup();
    await tool('create_capability').execute(upper, ctx);
    const run = tool('run_capability');
    await permit(run, { name: 'upper', args: { text: 'a' } }, root);
    writeFileSync(path.join(root, '.codecoder/capabilities/upper/main.js'), 'export default () => "swapped"');
    const r = await run.execute({ name: 'upper', args: { text: 'a' } }, ctx);
    expect(r.isError).toBe(true);
    expect(r.content).toContain('changed after it was approved');
  });

  it('a shell capability carries the shell environment: its ceiling is the session', async () => {
    const { tool, root, ctx } = setup();
    await tool('create_capability').execute(
      { ...upper, name: 'count', environment: 'shell', code: 'echo "args=$1"; exit 0', parameters: { type: 'object' } },
      ctx,
    );
    const p = await permit(tool('run_capability'), { name: 'count', args: { n: 1 } }, root);
    expect(p).toMatchObject({ kind: 'ask', environment: 'shell' });
    expect(p.kind === 'ask' && ceilingOf(p.environment!)).toBe('session');
    const r = await tool('run_capability').execute({ name: 'count', args: { n: 1 } }, ctx);
    expect(r.content).toContain('args={"n":1}');
    expect(r.content).toContain('exit code 0');
  });

  it('a sandbox capability runs in the OS sandbox', async () => {
    const { tool, root, ctx } = setup();
    await tool('create_capability').execute(
      {
        ...upper,
        name: 'touchy',
        environment: 'sandbox',
        code: 'echo ok > made.txt; echo no > /etc/cc-escape 2>&1; echo "$CAPABILITY_ARGS"',
        parameters: { type: 'object' },
      },
      ctx,
    );
    const p = await permit(tool('run_capability'), { name: 'touchy', args: {} }, root);
    expect(p).toMatchObject({ kind: 'ask', environment: 'sandbox' });
    const r = await tool('run_capability').execute({ name: 'touchy', args: {} }, ctx);
    expect(readFileSync(path.join(root, 'made.txt'), 'utf8')).toBe('ok\n');
    expect(r.content).toMatch(/Read-only file system|Permission denied/);
  });

  it('checks arguments against the capability schema, naming the field; unknown names are invalid', async () => {
    const { tool, root, ctx } = setup();
    await tool('create_capability').execute(upper, ctx);
    const p = await permit(tool('run_capability'), { name: 'upper', args: { text: 5 } }, root);
    expect(p.kind).toBe('invalid');
    expect(p.kind === 'invalid' && p.reason).toContain('args.text');
    const missing = await permit(tool('run_capability'), { name: 'nope', args: {} }, root);
    expect(missing.kind === 'invalid' && missing.reason).toContain('"name"');
  });

  it('refuses a capabilities folder that is a symlink out of the project', async () => {
    const { tool, root, ctx, dataDir } = setup();
    mkdirSync(path.join(root, '.codecoder'));
    symlinkSync(dataDir, path.join(root, '.codecoder/capabilities'));
    const r = await tool('create_capability').execute(upper, ctx);
    expect(r.isError).toBe(true);
    expect(r.content).toContain('outside the project');
  });
});
