import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { run as runToolsCommand } from '../cli/index.js';
import { runToolChecked } from '../agent/index.js';
import { COMMAND_KEY_TOOLS, type PermissionCheckRequest } from '../permissions/index.js';
import { toolFacts } from './facts.js';
import { formatCatalogue, toolCatalogue, type CatalogueEntry } from './catalogue.js';
import { tempProject, toolCtx } from './tools.testkit.js';
import { SUB_AGENT_TOOL_NAMES, TOOL_NAMES, createToolRegistry, parseToolArgs, unknownToolMessage } from './registry.js';

const p = tempProject();
afterAll(() => p.cleanup());
const registry = createToolRegistry({ projectRoot: p.root, dataDir: p.outside, secretsToScrub: () => [] });

describe('the registry', () => {
  it('has every tool declare what it touches, and derives every list from those declarations', () => {
    const FILE_ACCESS = ['none', 'write', 'delete', 'move'];
    for (const t of registry.list()) {
      // The type requires it; this catches a tool built around the type (a cast, plain JavaScript).
      expect(typeof t.touches?.changesFiles, t.name).toBe('boolean');
      expect(typeof t.touches?.keyFromCommand, t.name).toBe('boolean');
      expect(FILE_ACCESS, t.name).toContain(t.touches?.fileAccess);
    }
    const facts = toolFacts(registry);
    const changing = registry.list().filter((t) => facts.changesFiles(t.name)).map((t) => t.name);
    expect(changing).toEqual(['write_file', 'edit_file', 'delete_path', 'move_path', 'run_command', 'run_sandboxed', 'run_container', 'run_capability']);
    expect(registry.list().filter((t) => facts.editsInProject(t.name)).map((t) => t.name)).toEqual(['write_file', 'edit_file', 'delete_path', 'move_path']);
    expect(facts.toolsOfAccess('write')).toEqual(['write_file', 'edit_file']);
    expect(facts.toolsOfAccess('delete')).toEqual(['delete_path']);
    expect(facts.toolsOfAccess('move')).toEqual(['move_path']);
    // The key grammar's command tools (permissions/keyGrammar.ts) are exactly the tools that declare command keys.
    expect([...facts.commandKeyTools()].sort()).toEqual([...COMMAND_KEY_TOOLS].sort());
    expect(facts.changesFiles('not_a_tool')).toBe(true);
    expect(facts.editsInProject('not_a_tool')).toBe(false);
  });

  it('holds the 26 tools of the reference design in six categories', () => {
    const names = registry.list().map((t) => t.name);
    expect(names).toEqual([...TOOL_NAMES]);
    const count = (c: string) => registry.list().filter((t) => t.category === c).length;
    expect({
      read: count('read'),
      edit: count('edit'),
      execute: count('execute'),
      vcs: count('vcs'),
      web: count('web'),
      agent: count('agent'),
    }).toEqual({
      read: 5,
      edit: 4,
      execute: 5,
      vcs: 3,
      web: 3,
      agent: 6,
    });
    for (const t of registry.list()) expect(t.description.length, t.name).toBeGreaterThan(40);
  });

  it("gives a sub-agent exactly the seed's nine, all Permission None; anything else is unknown", async () => {
    const sub = createToolRegistry({ projectRoot: p.root, dataDir: p.outside, secretsToScrub: () => [] }).subAgentRegistry();
    expect(sub.list().map((t) => t.name)).toEqual([...SUB_AGENT_TOOL_NAMES]);
    expect(sub.list()).toHaveLength(9);
    for (const name of TOOL_NAMES.filter((n) => !(SUB_AGENT_TOOL_NAMES as readonly string[]).includes(n))) {
      expect(sub.get(name), name).toBeUndefined();
    }
    expect(unknownToolMessage('write_file')).toBe('unknown tool: write_file');
    const sample: Record<string, unknown> = {
      read_file: { path: 'a' },
      glob: { pattern: '*' },
      grep: { pattern: 'x' },
      diff: {},
      web_search: { query: 'q' },
      web_fetch: { url: 'https://93.184.216.34/' },
      github_search: { kind: 'code', query: 'q' },
      agent: { prompt: 'p' },
      reason: { thought: 't' },
    };
    for (const t of sub.list()) {
      const parsed = parseToolArgs(t, sample[t.name]);
      expect(parsed.ok, t.name).toBe(true);
      expect(await t.permission((parsed as { args: unknown }).args as never, { projectRoot: p.root }), t.name).toEqual({ kind: 'none' });
    }
  });

  it('turns each schema into an object JSON Schema for the model', () => {
    for (const t of registry.list()) {
      const s = registry.toJsonSchema(t);
      expect(s.type, t.name).toBe('object');
      expect(s.$schema).toBeUndefined();
    }
    expect(registry.toJsonSchema(registry.get('read_file')!)).toMatchObject({
      properties: { path: { type: 'string' }, offset: { type: 'integer', minimum: 1 } },
      required: ['path'],
      additionalProperties: false,
    });
  });

  it('names the bad field before any permission check', () => {
    expect(parseToolArgs(registry.get('read_file')!, { path: 3, limit: 0 })).toEqual({
      ok: false,
      error:
        'read_file: invalid arguments: "path": Invalid input: expected string, received number; "limit": Too small: expected number to be >=1',
    });
    expect(parseToolArgs(registry.get('grep')!, { pattern: 'x', colour: true })).toEqual({
      ok: false,
      error: 'grep: invalid arguments: unknown field "colour"',
    });
    expect(parseToolArgs(registry.get('reason')!, undefined)).toMatchObject({ ok: false, error: expect.stringContaining('"thought"') });
  });

  it('runs a registry tool end to end', async () => {
    p.write('hello.txt', 'hi\n');
    const t = registry.get('read_file')!;
    const parsed = parseToolArgs(t, { path: 'hello.txt' });
    expect(await t.execute((parsed as { args: unknown }).args, toolCtx(p.root))).toMatchObject({ content: '1\thi' });
  });
});

describe('the catalogue', () => {
  const entries = toolCatalogue(registry);
  const byName = new Map(entries.map((e) => [e.name, e]));

  it('states permission, key template, environment and sub-agent membership', () => {
    const none = [
      'read_file',
      'list_dir',
      'glob',
      'grep',
      'diff',
      'process_output',
      'git_status',
      'git_log',
      'web_search',
      'web_fetch',
      'github_search',
      'agent',
      'reason',
      'memory',
      'list_capabilities',
    ];
    for (const e of entries) expect(e.permission, e.name).toBe(none.includes(e.name) ? 'none' : 'ask');
    expect(byName.get('write_file')).toMatchObject({
      keyTemplate: 'write_file:<project-relative path>',
      environment: 'host',
      subAgent: false,
    });
    expect(byName.get('run_command')).toMatchObject({ environment: 'shell', keyTemplate: 'run_command:<program>' });
    expect(byName.get('commit')).toMatchObject({ keyTemplate: 'commit:<branch>', permission: 'ask' });
    expect(byName.get('web_fetch')).toMatchObject({
      permission: 'none',
      keyTemplate: 'web_fetch:<host>',
      subAgent: true,
      asksWhen: expect.stringContaining('loopback'),
    });
    expect(
      entries
        .filter((e) => e.subAgent)
        .map((e) => e.name)
        .sort(),
    ).toEqual([...SUB_AGENT_TOOL_NAMES].sort());
  });

  it('prints a table, and JSON through `codecoder tools --json`', async () => {
    expect(formatCatalogue(entries).split('\n')[0]).toMatch(/^tool\s+category\s+permission\s+key\s+environment\s+sub-agent$/);
    let out = '';
    const stdout = new Writable({ write: (c, _e, cb) => ((out += String(c)), cb()) });
    const io = { stdin: process.stdin, stdout, stderr: stdout, env: { ...process.env, CODECODER_DATA_DIR: p.outside } };
    expect(await runToolsCommand(['--json'], io)).toBe(0);
    const json = JSON.parse(out) as CatalogueEntry[];
    expect(json).toHaveLength(26);
    expect(json[0]).toMatchObject({ name: 'read_file', category: 'read', permission: 'none', parameters: { type: 'object' } });
    expect(await runToolsCommand(['--bogus'], io)).toBe(2);
  });
});

describe("with the permission engine's runToolChecked", () => {
  it('web_fetch on loopback asks web_fetch:<host>, and runs once the gate allows it', async () => {
    const server = createServer((_req, res) => res.end('local answer'));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
    const seen: PermissionCheckRequest[] = [];
    const gate = { check: async (req: PermissionCheckRequest) => (seen.push(req), { allowed: true, via: 'once' as const }) };
    try {
      const run = await runToolChecked(registry.get('web_fetch')!, { url: `http://${host}/x` }, gate, toolCtx(p.root));
      expect(seen[0]!.permission).toMatchObject({ kind: 'ask', key: { raw: `web_fetch:${host}` } });
      expect(run.status).toBe('executed');
      expect(run.result.content).toContain('local answer');
      const denied = await runToolChecked(
        registry.get('web_fetch')!,
        { url: `http://${host}/x` },
        { check: async () => ({ allowed: false, via: 'user-deny' as const }) },
        toolCtx(p.root),
      );
      expect(denied.status).toBe('refused');
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});
