/**
 * MCP through the whole core, as a window uses it: a user-level server starts with the project, its
 * tool reaches the model, the approval carries the server, tool, hints and arguments, the result
 * comes back; disable, restart and "add a server" through the router.
 */
import { execFileSync } from 'node:child_process';
import { readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventName, McpView, PendingApprovalView, Result } from '../../../shared/contract/index.js';
import { startScriptedServer } from '../llm/index.js';
import { FIXTURE, until } from '../mcp/mcp.testkit.js';
import { createPlainNodeCore } from './plainNodeCore.js';
import type { WindowSession } from './windows.js';
import { useTempDir } from '../fs/tempDir.testkit.js';

const tempDirs = useTempDir();

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

describe('MCP through the core', () => {
  it("starts a user-level server, asks for its tool with the server's details, and returns its result", async () => {
    const dataDir = await tempDirs('cc-mcpcore-data-');
    const project = await tempDirs('cc-mcpcore-project-');
    cleanups.push(
      () => rm(dataDir, { recursive: true, force: true }),
      () => rm(project, { recursive: true, force: true }),
    );
    execFileSync('git', ['init', '-q'], { cwd: project });
    await writeFile(
      path.join(dataDir, 'mcp.json'),
      JSON.stringify({ mcpServers: { mine: { command: process.execPath, args: [FIXTURE, 'tools', 'lookup'] } } }),
    );
    const server = await startScriptedServer({
      script: { models: ['scripted'], turns: [{ toolCalls: [{ name: 'mcp__mine__lookup', input: { text: 'q' } }] }, { text: 'done' }] },
    });
    const core = createPlainNodeCore({
      dataDir,
      env: {},
      llmOverride: () => ({ provider: 'anthropic', model: 'scripted', baseUrl: server.url, apiKey: 'k' }),
    });
    cleanups.push(
      () => server.close(),
      () => core.runtimes.closeAll(),
    );
    const events: { name: EventName; payload: any }[] = [];
    const window: WindowSession = { id: 'w1', project: null, emit: (name, payload) => void events.push({ name, payload }) };
    core.windows.add(window);
    const call = async <T = any>(method: string, input: unknown = {}): Promise<T> => {
      const r = (await core.router.call(method, input, { caller: 'w1', window })) as Result<T>;
      if (!r.ok) throw new Error(`${method}: ${r.error.code}: ${r.error.message}`);
      return r.value;
    };
    await call('project.open', { path: project });
    let view: McpView = await call('mcp.list');
    await until(() => events.some((e) => e.name === 'mcp.changed' && e.payload.servers[0]?.status === 'ready'), 10_000, 'ready');
    view = await call('mcp.list');
    expect(view.servers[0]).toMatchObject({ name: 'mine', source: 'user', status: 'ready', ceiling: 'session' });
    expect(view.servers[0]!.tools[0]).toMatchObject({ name: 'mcp__mine__lookup', key: 'mcp:mine:lookup', level: 'ask' });

    const conv = await call<{ id: string }>('conversations.create');
    const { runId } = await call<{ runId: string }>('agent.send', { conversationId: conv.id, text: 'look it up' });
    await until(() => events.some((e) => e.name === 'approvals.changed' && e.payload.length > 0), 10_000, 'approval');
    const prompt = events.find((e) => e.name === 'approvals.changed' && e.payload.length > 0)!.payload[0] as PendingApprovalView;
    expect(prompt).toMatchObject({
      tool: 'mcp__mine__lookup',
      key: 'mcp:mine:lookup',
      environment: 'shell',
      ceiling: 'session',
      args: { text: 'q' },
    });
    expect(prompt.preview?.mcp).toEqual({ server: 'mine', tool: 'lookup', hints: ['read-only (the server says so; not verified)'] });
    await call('approvals.answer', { id: prompt.id, answer: { choice: 'once' } });
    await until(
      () => events.some((e) => e.name === 'agent.event' && e.payload.type === 'run.finished' && e.payload.runId === runId),
      10_000,
      'run',
    );
    const result = events.find((e) => e.name === 'agent.event' && e.payload.type === 'tool.result')!.payload;
    expect(result).toMatchObject({ tool: 'mcp__mine__lookup', content: 'lookup: {"text":"q"}', isError: false });
    const audit = await call<{ tool: string; key: string }[]>('audit.query', { tool: 'mcp__mine__lookup' });
    expect(audit[0]).toMatchObject({ tool: 'mcp__mine__lookup', key: 'mcp:mine:lookup' });

    view = await call('mcp.setEnabled', { name: 'mine', enabled: false });
    expect(view.servers[0]).toMatchObject({ status: 'disabled', tools: [] });
    await expect(call('mcp.restart', { name: 'mine' })).rejects.toThrow(/conflict: MCP server "mine" is disabled/);

    // Adding a server writes codecoder.json (no file before: trust-free, so the app's own write keeps it trusted).
    view = await call('mcp.add', { name: 'added', command: process.execPath, args: [FIXTURE, 'tools', 'ping'] });
    const written = JSON.parse(await readFile(path.join(project, 'codecoder.json'), 'utf8')) as { mcpServers: Record<string, unknown> };
    expect(written.mcpServers.added).toEqual({ command: process.execPath, args: [FIXTURE, 'tools', 'ping'] });
    await until(
      () => events.some((e) => e.name === 'mcp.changed' && e.payload.servers.some((s: any) => s.name === 'added' && s.status === 'ready')),
      10_000,
      'added ready',
    );
    await expect(call('mcp.add', { name: 'added', command: 'x' })).rejects.toThrow(/already has an MCP server named "added"/);

    // A user-level server goes to the data folder's mcp.json, beside the one already there, 0600.
    view = await call('mcp.add', { name: 'mine2', url: 'https://mcp.example.test/mcp', scope: 'user' });
    const user = JSON.parse(await readFile(path.join(dataDir, 'mcp.json'), 'utf8')) as { mcpServers: Record<string, unknown> };
    expect(Object.keys(user.mcpServers)).toEqual(['mine', 'mine2']);
    expect((await stat(path.join(dataDir, 'mcp.json'))).mode & 0o777).toBe(0o600);
    expect(view.servers.find((s) => s.name === 'mine2')).toMatchObject({ source: 'user', environment: 'remote' });
  }, 40_000);
});
