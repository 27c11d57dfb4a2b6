/**
 * Test support for MCP: temp project and data folders, real servers (server-everything over stdio,
 * the misbehaving fixture, an in-process Streamable HTTP server on loopback), and a manager wired
 * to a permission engine. Imported only by tests; everything it starts is stopped by `cleanup()`.
 */
import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { createServer, type Server as HttpServer } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SSEServerTransport } from '@modelcontextprotocol/sdk/server/sse.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { z } from 'zod';
import { useTempDir } from '../fs/tempDir.testkit.js';
import { MemoryAuditLog, PermissionEngine, ProjectConfig, type TrustSource } from '../permissions/index.js';
import { runToolChecked } from '../agent/index.js';
import { alwaysTrusted, ManualClock, ScriptedAsker } from '../permissions/permissions.testkit.js';
import type { Tool, ToolContext } from '../tools/index.js';
import { McpManager, type McpManagerDeps } from './manager.js';
import { builtInToolFacts } from '../tools/tools.testkit.js';

const here = path.dirname(fileURLToPath(import.meta.url));
export const FIXTURE = path.join(here, 'testkit', 'fixtureServer.mjs');
export const EVERYTHING = path.resolve(here, '../../../node_modules/.bin/mcp-server-everything');

export function fixtureEntry(...args: string[]): Record<string, unknown> {
  return { command: process.execPath, args: [FIXTURE, ...args] };
}

export interface McpHarness {
  root: string;
  dataDir: string;
  manager: McpManager;
  engine: PermissionEngine;
  asker: ScriptedAsker;
  audit: MemoryAuditLog;
  config: ProjectConfig;
  spawned: number[];
  trust: TrustSource;
  call(name: string, args: unknown, signal?: AbortSignal): ReturnType<typeof runToolChecked>;
}

export class McpTestBed {
  private readonly tempDirs = useTempDir();
  private managers: McpManager[] = [];
  private configs: ProjectConfig[] = [];
  private https: HttpServer[] = [];

  async tempDir(prefix: string): Promise<string> {
    return this.tempDirs(prefix);
  }

  /** A project whose codecoder.json holds `file` (allowlist, deny, mcpServers), with an engine and a manager. */
  async project(
    file: Record<string, unknown>,
    opts: {
      trust?: TrustSource | ((root: string, config: ProjectConfig) => Promise<TrustSource>);
      manager?: Partial<McpManagerDeps>;
      env?: Record<string, string>;
    } = {},
  ): Promise<McpHarness> {
    const root = await this.tempDir('cc-mcp-project-');
    const dataDir = await this.tempDir('cc-mcp-data-');
    await writeFile(path.join(root, 'codecoder.json'), JSON.stringify(file, null, 2));
    const config = await ProjectConfig.open({ projectRoot: root });
    this.configs.push(config);
    const trust = typeof opts.trust === 'function' ? await opts.trust(root, config) : (opts.trust ?? alwaysTrusted());
    const spawned: number[] = [];
    const manager = await McpManager.open({
      projectRoot: root,
      dataDir,
      project: { servers: () => config.snapshot().mcpServers, isTrusted: () => trust.isTrusted() },
      expand: { env: opts.env ?? {}, appSecrets: [] },
      timeouts: { initializeMs: 5000, listToolsMs: 5000, callMs: 10_000 },
      backoff: { initialMs: 50, maxMs: 200, maxRestarts: 2 },
      stdio: { onSpawn: (pid) => spawned.push(pid), killGraceMs: 500 },
      ...opts.manager,
    });
    this.managers.push(manager);
    const asker = new ScriptedAsker();
    const audit = new MemoryAuditLog();
    const engine = new PermissionEngine({
      projectRoot: root,
      asker: asker.fn,
      clock: new ManualClock(),
      config,
      trust,
      audit,
      environmentOfKey: (raw) => manager.environmentOfKey(raw) ?? undefined,
      tools: builtInToolFacts(),
    });
    const call = async (name: string, args: unknown, signal = new AbortController().signal) => {
      const tool = manager.tool(name);
      if (!tool)
        throw new Error(
          `no MCP tool ${name}; have ${manager
            .tools()
            .map((t) => t.name)
            .join(', ')}`,
        );
      const ctx: ToolContext = {
        projectRoot: root,
        signal,
        output: () => undefined,
        agentId: 'a',
        conversationId: 'c',
        depth: 0,
        logDir: dataDir,
      };
      return runToolChecked(tool as Tool<Record<string, unknown>>, args, engine, ctx);
    };
    return { root, dataDir, manager, engine, asker, audit, config, spawned, trust, call };
  }

  /** An in-process Streamable HTTP MCP server on loopback (stateless: a server per request). */
  async httpServer(): Promise<string> {
    const http = createServer((req, res) => {
      if (req.method !== 'POST') {
        res.writeHead(405).end();
        return;
      }
      const server = shoutServer();
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
      res.on('close', () => {
        void transport.close();
        void server.close();
      });
      void server.connect(transport).then(() => transport.handleRequest(req, res));
    });
    return this.listen(http);
  }

  /**
   * An older HTTP+SSE MCP server (GET opens the event stream, POSTs go to /messages): a POST to its
   * URL gets 405, so the client falls back to SSE.
   */
  async sseServer(): Promise<string> {
    const sessions = new Map<string, SSEServerTransport>();
    const http = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      if (req.method === 'GET' && url.pathname === '/mcp') {
        const transport = new SSEServerTransport('/messages', res);
        sessions.set(transport.sessionId, transport);
        res.on('close', () => sessions.delete(transport.sessionId));
        void shoutServer().connect(transport);
        return;
      }
      const t = url.pathname === '/messages' ? sessions.get(url.searchParams.get('sessionId') ?? '') : undefined;
      if (req.method === 'POST' && t) return void t.handlePostMessage(req, res);
      res.writeHead(405).end();
    });
    return this.listen(http);
  }

  private async listen(http: HttpServer): Promise<string> {
    this.https.push(http);
    await new Promise<void>((r) => http.listen(0, '127.0.0.1', () => r()));
    const addr = http.address() as { port: number };
    return `http://127.0.0.1:${addr.port}/mcp`;
  }

  async cleanup(): Promise<void> {
    await Promise.all(this.managers.splice(0).map((m) => m.close()));
    for (const c of this.configs.splice(0)) c.close();
    await Promise.all(this.https.splice(0).map((h) => new Promise((r) => h.close(() => r(undefined)))));
  }
}

function shoutServer(): McpServer {
  const server = new McpServer({ name: 'http-fixture', version: '1.0.0' });
  server.registerTool(
    'shout',
    { description: 'upper-cases text', inputSchema: { text: z.string() }, annotations: { readOnlyHint: true } },
    async ({ text }) => ({ content: [{ type: 'text', text: text.toUpperCase() }] }),
  );
  return server;
}

/** Processes whose command line contains `needle`, from ps (not our own bookkeeping). */
export function processesMatching(needle: string): string[] {
  const out = execFileSync('ps', ['-eo', 'pid=,stat=,args='], { encoding: 'utf8' });
  return out.split('\n').filter((l) => l.includes(needle) && !/^\s*\d+\s+Z/.test(l) && !l.includes('ps -eo'));
}

/** Polls until `f` is true (or throws after `ms`). */
export async function until(f: () => boolean, ms = 8000, what = 'condition'): Promise<void> {
  const end = Date.now() + ms;
  while (!f()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
