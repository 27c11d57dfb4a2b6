/**
 * MCP servers under the permission engine, with real servers: server-everything over stdio, a
 * misbehaving fixture, and an in-process Streamable HTTP server. Each case of docs/mcp.md is here.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { copyFile, mkdir } from 'node:fs/promises';
import { detectEngineCached, sandboxProblem } from '../env/index.js';
import { ProjectTrust, TrustStore } from '../permissions/index.js';
import { EVERYTHING, FIXTURE, McpTestBed, fixtureEntry, processesMatching, until } from './mcp.testkit.js';

const bed = new McpTestBed();
afterEach(() => bed.cleanup());

const everything = { command: EVERYTHING, args: ['stdio'] };
const sbx = await sandboxProblem();
const engine = await detectEngineCached();

describe('MCP tools through the permission engine', () => {
  it('runs a tool allowed once, and asks again for the next call', async () => {
    const h = await bed.project({ mcpServers: { everything } });
    await h.manager.sync();
    await until(() => h.manager.tool('mcp__everything__echo') !== undefined, 15_000, 'echo tool');
    h.asker.answer({ choice: 'once' });
    const r = await h.call('mcp__everything__echo', { message: 'hello mcp' });
    expect(r.status).toBe('executed');
    expect(r.result.content).toContain('hello mcp');
    expect(h.asker.asked[0]!.key.raw).toBe('mcp:everything:echo');
    expect(h.asker.asked[0]!.environment).toBe('shell');
    expect(h.asker.asked[0]!.ceiling).toBe('session');
    expect(h.asker.asked[0]!.flags?.notes?.[0]).toContain('MCP server "everything"');
    // The audit log names the server through the key and the tool name.
    const audit = await h.engine.queryAudit();
    expect(audit.at(-1)).toMatchObject({ tool: 'mcp__everything__echo', key: 'mcp:everything:echo', via: 'once' });
    h.asker.answer({ choice: 'deny', reason: 'not now' });
    const again = await h.call('mcp__everything__echo', { message: 'twice' });
    expect(again.status).toBe('refused');
    expect(h.asker.asked).toHaveLength(2);
  }, 30_000);

  it('remembers a session grant for the tool, and mcp:<server>:* covers the whole server', async () => {
    const h = await bed.project({ mcpServers: { everything } });
    await h.manager.sync();
    await until(() => h.manager.tool('mcp__everything__get-sum') !== undefined, 15_000, 'tools');
    h.asker.answer({ choice: 'session' });
    expect((await h.call('mcp__everything__get-sum', { a: 2, b: 3 })).result.content).toContain('5');
    expect((await h.call('mcp__everything__get-sum', { a: 4, b: 3 })).result.content).toContain('7');
    expect(h.asker.asked).toHaveLength(1);
    // Another tool of the same server still asks; a server wildcard then covers it.
    h.engine.addSessionEntry('mcp:everything:*');
    expect((await h.call('mcp__everything__echo', { message: 'wild' })).status).toBe('executed');
    expect(h.asker.asked).toHaveLength(1);
  }, 30_000);

  it('turns images and embedded resources into bounded text for the model', async () => {
    const h = await bed.project({ mcpServers: { everything } });
    await h.manager.sync();
    await until(() => h.manager.tool('mcp__everything__get-tiny-image') !== undefined, 15_000, 'tools');
    h.engine.addSessionEntry('mcp:everything:*');
    const img = await h.call('mcp__everything__get-tiny-image', {});
    expect(img.result.isError).toBeFalsy();
    expect(img.result.content).toMatch(/\[image: image\/png, [\d.]+ [KMG]?B — not shown to the model\]/);
    const res = await h.call('mcp__everything__get-resource-reference', { resourceType: 'Text', resourceId: 1 });
    expect(res.result.content).toMatch(/\[resource \S+/);
  }, 30_000);

  it('refuses a project grant for a host stdio server (the ceiling) and passes only what the entry names in its environment', async () => {
    const h = await bed.project(
      { mcpServers: { everything: { ...everything, env: { GREETING: '${GREETING}' } } } },
      { env: { GREETING: 'hi from the env', ANTHROPIC_API_KEY: 'sk-ant-never-passed-on' } },
    );
    process.env.CC_MCP_TEST_SECRET = 'app-secret-value-123';
    try {
      await h.manager.sync();
      await until(() => h.manager.tool('mcp__everything__get-env') !== undefined, 15_000, 'get-env');
      h.asker.answer({ choice: 'project' });
      const r = await h.call('mcp__everything__get-env', {});
      expect(r.status).toBe('refused');
      expect(r.result.content).toContain('CeilingViolation');
      h.asker.answer({ choice: 'once' });
      const env = JSON.parse((await h.call('mcp__everything__get-env', {})).result.content) as Record<string, string>;
      expect(env.GREETING).toBe('hi from the env');
      expect(env.CC_MCP_TEST_SECRET).toBeUndefined();
      expect(env.ANTHROPIC_API_KEY).toBeUndefined();
      expect(Object.keys(env).sort()).toEqual(expect.arrayContaining(['GREETING', 'HOME', 'PATH']));
      expect(Object.keys(env).filter((k) => !['GREETING', 'HOME', 'PATH'].includes(k))).toEqual([]);
      // The file keeps the placeholder: the value is never written back.
      expect(JSON.stringify(h.config.snapshot().mcpServers)).toContain('${GREETING}');
      // And an allowlist entry at project scope for that server is a CeilingViolation at load.
      await expect(h.engine.setProjectEntry('mcp:everything:*')).rejects.toThrow(/CeilingViolation/);
    } finally {
      delete process.env.CC_MCP_TEST_SECRET;
    }
  }, 30_000);

  it("refuses a project's ${VAR} naming one of the app's credentials", async () => {
    const h = await bed.project(
      { mcpServers: { leak: { ...fixtureEntry('tools', 'x'), env: { K: '${ANTHROPIC_API_KEY}' } } } },
      { env: { ANTHROPIC_API_KEY: 'sk-ant-xxxxxxxxxx' } },
    );
    await h.manager.sync();
    const s = h.manager.servers().find((x) => x.name === 'leak')!;
    expect(s.status).toBe('failed');
    expect(s.reason).toContain("CodeCoder's own credentials");
    expect(h.spawned).toEqual([]);
  });

  it.skipIf(sbx !== undefined)(
    `accepts a project grant for a sandboxed server${sbx ? ` (skipped: ${sbx})` : ''}`,
    async () => {
      const h = await bed.project({ mcpServers: { boxed: { ...fixtureEntry('tools', 'look'), sandbox: true } } });
      await h.manager.sync();
      await until(() => h.manager.tool('mcp__boxed__look') !== undefined, 20_000, 'sandboxed tool');
      expect(h.manager.environmentOfKey('mcp:boxed:look')).toBe('sandbox');
      h.asker.answer({ choice: 'project' });
      const r = await h.call('mcp__boxed__look', { text: 'in the box' });
      expect(r.status).toBe('executed');
      expect(r.status === 'executed' && r.decision.via).toBe('project');
      expect(h.config.snapshot().allowlist.map((e) => e.key)).toContain('mcp:boxed:look');
      // The next call is covered by codecoder.json without asking.
      const again = await h.call('mcp__boxed__look', { text: 'again' });
      expect(again.status === 'executed' && again.decision.via).toBe('project');
      expect(h.asker.asked).toHaveLength(1);
    },
    40_000,
  );

  it.skipIf(!engine.ok)(
    `accepts a project grant for a server in a container: project read-only except allowWrite${engine.ok ? '' : ` (skipped: ${engine.reason})`}`,
    async () => {
      const h = await bed.project({
        mcpServers: { boxed: { command: 'sh', args: ['/work/shServer.sh'], env: { TOKEN: 'passed' }, container: { allowWrite: ['out'] } } },
      });
      await copyFile(path.join(path.dirname(FIXTURE), 'shServer.sh'), path.join(h.root, 'shServer.sh'));
      await mkdir(path.join(h.root, 'out'));
      await h.manager.sync();
      await until(() => h.manager.servers()[0]!.status !== 'starting', 60_000, 'container server');
      const s0 = h.manager.servers()[0]!;
      expect(s0, `${s0.reason} ${s0.stderrTail}`).toMatchObject({ status: 'ready', environment: 'docker' });
      h.asker.answer({ choice: 'project' });
      const r = await h.call('mcp__boxed__where', {});
      expect(r.status === 'executed' && r.decision.via).toBe('project');
      expect(r.result.content).toBe('project writable: no; out writable: yes; TOKEN=passed');
      expect(existsSync(path.join(h.root, 'out', 'ok'))).toBe(true);
      expect(existsSync(path.join(h.root, '.written'))).toBe(false);
    },
    90_000,
  );

  it('refuses a call matched by a deny rule, including the server and global wildcards, without asking', async () => {
    for (const rule of ['mcp:everything:echo', 'mcp:everything:*', 'mcp:*', 'mcp:EVERYTHING:*']) {
      const h = await bed.project({ deny: [rule], mcpServers: { everything } });
      h.engine.addSessionEntry('mcp:everything:echo');
      await h.manager.sync();
      await until(() => h.manager.tool('mcp__everything__echo') !== undefined, 15_000, 'echo');
      const r = await h.call('mcp__everything__echo', { message: 'x' });
      expect(r.status, rule).toBe('refused');
      expect(r.result.content).toContain(`deny rule "${rule}"`);
      expect(h.asker.asked).toHaveLength(0);
      await bed.cleanup();
    }
  }, 60_000);
});

describe('MCP server lifecycle', () => {
  it('reports a server that crashes mid-call, keeps its stderr tail, and restarts it with backoff', async () => {
    const h = await bed.project({ mcpServers: { crashy: fixtureEntry('crash') } });
    await h.manager.sync();
    await until(() => h.manager.tool('mcp__crashy__crash') !== undefined, 8000, 'crash tool');
    h.engine.addSessionEntry('mcp:crashy:*');
    const r = await h.call('mcp__crashy__crash', {});
    expect(r.result.isError).toBe(true);
    expect(r.result.content).toMatch(/stopped during the call|connection closed/i);
    await until(() => h.manager.servers()[0]!.status === 'failed', 5000, 'failed');
    const failed = h.manager.servers()[0]!;
    expect(failed.reason).toMatch(/exited with code 3.*restarting/);
    expect(failed.stderrTail).toContain('boom: crashing on purpose');
    await until(() => h.manager.servers()[0]!.status === 'ready', 8000, 'restarted');
    expect(h.spawned.length).toBe(2);
    expect((await h.call('mcp__crashy__ok', {})).result.content).toContain('ok');
  }, 30_000);

  it('gives up on a server that never answers initialize, and ends its process', async () => {
    const h = await bed.project(
      { mcpServers: { mute: fixtureEntry('silent') } },
      { manager: { timeouts: { initializeMs: 1500 }, backoff: { initialMs: 20, maxMs: 20, maxRestarts: 1 } } },
    );
    await h.manager.sync();
    await until(() => /gave up/.test(h.manager.servers()[0]!.reason ?? ''), 8000, 'gave up');
    const s = h.manager.servers()[0]!;
    expect(s.status).toBe('failed');
    expect(s.reason).toContain('no answer to initialize within 1500 ms');
    expect(s.stderrTail).toContain('silent server up');
    expect(h.spawned).toHaveLength(2);
    expect(h.manager.tools()).toEqual([]);
    await until(() => processesMatching(`${FIXTURE} silent`).length === 0, 3000, 'no process left');
  }, 20_000);

  it('fails a server that never answers tools/list', async () => {
    const h = await bed.project(
      { mcpServers: { quiet: fixtureEntry('nolist') } },
      { manager: { timeouts: { listToolsMs: 300 }, backoff: { maxRestarts: 0 } } },
    );
    await h.manager.sync();
    await until(() => h.manager.servers()[0]!.status === 'failed', 8000, 'failed');
    expect(h.manager.servers()[0]!.reason).toContain('no answer to tools/list within 300 ms');
    await until(() => processesMatching(`${FIXTURE} nolist`).length === 0, 3000, 'no process left');
  }, 20_000);

  it.each(['flood', 'floodLines'])(
    'ends a server that floods stdout (%s) without growing memory',
    async (mode) => {
      const h = await bed.project(
        { mcpServers: { loud: fixtureEntry(mode) } },
        { manager: { backoff: { initialMs: 20, maxMs: 20, maxRestarts: 0 }, stdio: { maxMessageBytes: 1024 * 1024, killGraceMs: 300 } } },
      );
      const before = process.memoryUsage().rss;
      await h.manager.sync();
      await until(() => h.manager.servers()[0]!.status === 'failed', 10_000, 'failed');
      const s = h.manager.servers()[0]!;
      expect(s.reason).toMatch(
        mode === 'flood' ? /more than 1048576 bytes to stdout without a line break/ : /lines to stdout that are not JSON-RPC/,
      );
      expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
      await until(() => processesMatching(`${FIXTURE} ${mode}`).length === 0, 3000, 'no process left');
    },
    20_000,
  );

  it('times out a call, sends notifications/cancelled, and cancels on Stop', async () => {
    const h = await bed.project({ mcpServers: { slow: fixtureEntry('hang') } }, { manager: { timeouts: { callMs: 300 } } });
    await h.manager.sync();
    await until(() => h.manager.tool('mcp__slow__hang') !== undefined, 8000, 'hang tool');
    h.engine.addSessionEntry('mcp:slow:hang');
    const r = await h.call('mcp__slow__hang', {});
    expect(r.result.content).toContain('did not answer hang within 300 ms');
    const stop = new AbortController();
    const pending = h.call('mcp__slow__hang', {}, stop.signal);
    setTimeout(() => stop.abort(), 100);
    expect((await pending).result.content).toMatch(/cancel/);
    const conn = h.manager.connection('slow')!;
    await until(() => (conn.stderrTail.match(/cancelled request/g) ?? []).length >= 2, 3000, 'two cancellations');
  }, 20_000);

  it("never spawns an untrusted codecoder.json's servers, and starts them once trusted", async () => {
    const marker = path.join(await bed.tempDir('cc-mcp-marker-'), 'started');
    const store = TrustStore.forDataDir(await bed.tempDir('cc-mcp-trust-'));
    const h = await bed.project(
      { mcpServers: { spy: fixtureEntry('marker', marker) } },
      { trust: (root, config) => ProjectTrust.open({ store, projectRoot: root, config }) },
    );
    const trust = h.trust;
    expect(trust.state().status).toBe('untrusted');
    await h.manager.sync();
    await new Promise((r) => setTimeout(r, 300));
    expect(h.manager.servers()[0]).toMatchObject({ status: 'untrusted' });
    expect(h.spawned).toEqual([]);
    expect(existsSync(marker)).toBe(false);
    expect(processesMatching(marker)).toEqual([]);
    expect(h.manager.tools()).toEqual([]);
    await trust.trust();
    await h.manager.sync();
    await until(() => h.manager.servers()[0]!.status === 'ready', 8000, 'ready');
    expect(existsSync(marker)).toBe(true);
    expect(h.spawned).toHaveLength(1);
  }, 20_000);

  it("does not start an untrusted .mcp.json's servers until it is trusted", async () => {
    const h = await bed.project({});
    const marker = path.join(h.root, 'started');
    const { writeFile } = await import('node:fs/promises');
    await writeFile(path.join(h.root, '.mcp.json'), JSON.stringify({ mcpServers: { side: fixtureEntry('marker', marker) } }));
    const { McpManager } = await import('./manager.js');
    const m = await McpManager.open({
      projectRoot: h.root,
      dataDir: h.dataDir,
      project: { servers: () => undefined, isTrusted: () => false },
      trustStore: TrustStore.forDataDir(h.dataDir),
      expand: { env: {}, appSecrets: [] },
    });
    try {
      await m.sync();
      expect(m.servers()[0]).toMatchObject({ name: 'side', source: 'mcp.json', status: 'untrusted' });
      expect(existsSync(marker)).toBe(false);
      await m.trustMcpJson();
      await until(() => m.servers()[0]!.status === 'ready', 8000, 'ready');
      expect(existsSync(marker)).toBe(true);
    } finally {
      await m.close();
    }
  }, 20_000);

  it('stops every server when the project closes (no process left)', async () => {
    const h = await bed.project({ mcpServers: { a: fixtureEntry('tools', 'one'), b: { ...everything } } });
    await h.manager.sync();
    await until(() => h.manager.servers().every((s) => s.status === 'ready'), 15_000, 'ready');
    const pids = [...h.spawned];
    await h.manager.close();
    for (const pid of pids) expect(() => process.kill(pid, 0)).toThrow();
  }, 30_000);
});

describe('MCP tool lists', () => {
  it('follows notifications/tools/list_changed', async () => {
    const h = await bed.project({ mcpServers: { g: fixtureEntry('tools', 'grow') } });
    await h.manager.sync();
    await until(() => h.manager.tool('mcp__g__grow') !== undefined, 8000, 'grow');
    expect(h.manager.tool('mcp__g__grown')).toBeUndefined();
    h.engine.addSessionEntry('mcp:g:*');
    expect((await h.call('mcp__g__grow', {})).result.content).toBe('grew');
    await until(() => h.manager.tool('mcp__g__grown') !== undefined, 5000, 'the new tool');
  }, 20_000);
});

describe('MCP tool names', () => {
  it('resolves names that collide after sanitising, reports them, and keys each apart', async () => {
    const h = await bed.project({ mcpServers: { 'my.server': fixtureEntry('tools', 'a.b', 'a_b', 'a b', 'plain', 'x'.repeat(80)) } });
    await h.manager.sync();
    await until(() => h.manager.servers()[0]!.status === 'ready', 8000, 'ready');
    const names = h.manager.tools().map((t) => t.name);
    expect(names).toContain('mcp__my_server__plain');
    const collided = h.manager.tools().filter((t) => t.mcp.tool.startsWith('a'));
    expect(collided).toHaveLength(3);
    for (const t of collided) {
      expect(t.name).toMatch(/^mcp__my_server__a_b_[0-9a-f]{8}$/);
      expect(t.mcp.key).toMatch(/^mcp:my_server:a_b_[0-9a-f]{8}$/);
    }
    expect(new Set(collided.map((t) => t.mcp.key)).size).toBe(3);
    for (const n of names) expect(n).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(names.find((n) => n.includes('xxxx'))!.length).toBe(64);
    expect(h.manager.report().join('\n')).toMatch(/"a b" and "a.b" and "a_b" are all "a_b" once sanitised/);
    // Each call reaches the tool it names on the server.
    h.engine.addSessionEntry('mcp:my_server:*');
    const dot = collided.find((t) => t.mcp.tool === 'a.b')!;
    expect((await h.call(dot.name, {})).result.content).toBe('a.b: {}');
  }, 20_000);
});

describe('MCP tool names across servers', () => {
  it('offers neither of two tools of different servers that would share a model-facing name', async () => {
    const h = await bed.project({ mcpServers: { a: fixtureEntry('tools', 'b__c', 'own'), a__b: fixtureEntry('tools', 'c') } });
    await h.manager.sync();
    await until(() => h.manager.servers().every((s) => s.status === 'ready'), 8000, 'ready');
    const names = h.manager.tools().map((t) => t.name);
    expect(names).toEqual(['mcp__a__own']);
    expect(h.manager.report().join('\n')).toContain('mcp__a__b__c would name tools of two servers (mcp:a:b__c and mcp:a__b:c)');
  }, 20_000);
});

describe('remote MCP servers', () => {
  it('connects over Streamable HTTP, and keys of a remote server stay within the session', async () => {
    const url = await bed.httpServer();
    const h = await bed.project({ mcpServers: { web: { url, headers: { 'X-Token': '${TOKEN}' } } } }, { env: { TOKEN: 't0k' } });
    await h.manager.sync();
    await until(() => h.manager.tool('mcp__web__shout') !== undefined, 8000, 'shout');
    expect(h.manager.environmentOfKey('mcp:web:shout')).toBe('remote');
    h.asker.answer({ choice: 'project' }, { choice: 'session' });
    const refused = await h.call('mcp__web__shout', { text: 'hi' });
    expect(refused.result.content).toContain('CeilingViolation');
    expect(refused.result.content).toContain('remote server acts on the world');
    const r = await h.call('mcp__web__shout', { text: 'hi' });
    expect(r.result.content).toBe('HI');
    expect(h.asker.asked[1]!.ceiling).toBe('session');
  }, 20_000);

  it('falls back to HTTP+SSE when the server does not take Streamable HTTP', async () => {
    const url = await bed.sseServer();
    const h = await bed.project({ mcpServers: { old: { url } } });
    await h.manager.sync();
    await until(() => h.manager.servers()[0]!.status !== 'starting', 8000, 'connected');
    expect(h.manager.servers()[0]!.reason).toBeNull();
    h.engine.addSessionEntry('mcp:old:shout');
    expect((await h.call('mcp__old__shout', { text: 'sse' })).result.content).toBe('SSE');
  }, 20_000);
});
