/**
 * One MCP server's life: connect (with an `initialize` timeout), list its tools (with a timeout,
 * paginated, bounded), follow `notifications/tools/list_changed`, call tools (timeout, and
 * `notifications/cancelled` through the SDK when the call's AbortSignal fires), and come back after
 * a crash with backoff — keeping the stderr tail and the reason for the UI. Nothing here throws
 * into the app: every failure becomes a status.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  CallToolResultSchema,
  ToolListChangedNotificationSchema,
  type CallToolResult,
  type Tool as McpTool,
} from '@modelcontextprotocol/sdk/types.js';
import type { RemoteEntry, ServerSpec, StdioEntry } from './config.js';
import { expandRecord, type ExpandSources } from './expand.js';
import { launchStdio, type Launch } from './launch.js';
import { BoundedStdioTransport, type StdioTransportOptions } from './stdioTransport.js';

export type ServerStatus = 'starting' | 'ready' | 'failed' | 'disabled' | 'untrusted';

export interface Timeouts {
  initializeMs: number;
  listToolsMs: number;
  callMs: number;
}
export const DEFAULT_TIMEOUTS: Timeouts = { initializeMs: 20_000, listToolsMs: 10_000, callMs: 120_000 };

export interface Backoff {
  /** First delay; doubled after each crash up to maxMs. */
  initialMs: number;
  maxMs: number;
  /** Crashes in a row before giving up (until restarted by hand). */
  maxRestarts: number;
}
export const DEFAULT_BACKOFF: Backoff = { initialMs: 1000, maxMs: 30_000, maxRestarts: 5 };

/** At most this many tools are taken from one server (a server cannot flood the model's tool list). */
export const MAX_TOOLS_PER_SERVER = 200;

export interface ConnectionDeps {
  projectRoot: string;
  dataDir: string;
  hiddenFiles?: readonly string[];
  expand: ExpandSources;
  timeouts: Timeouts;
  backoff: Backoff;
  stdio?: StdioTransportOptions;
  /** Told whenever status or tools change. */
  onChange: () => void;
}

export class ServerConnection {
  status: ServerStatus = 'starting';
  reason: string | undefined;
  tools: McpTool[] = [];
  restarts = 0;
  private client: Client | undefined;
  private transport: Transport | undefined;
  private launch: Launch | undefined;
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;
  private generation = 0;
  private lastStderr = '';

  constructor(
    readonly spec: ServerSpec,
    private readonly deps: ConnectionDeps,
  ) {}

  /** The last lines the server wrote to stderr (kept after a crash). */
  get stderrTail(): string {
    return this.transport instanceof BoundedStdioTransport ? this.transport.stderr() || this.lastStderr : this.lastStderr;
  }
  get pid(): number | undefined {
    return this.transport instanceof BoundedStdioTransport ? this.transport.pid : undefined;
  }

  start(): Promise<void> {
    this.stopped = false;
    return this.connect();
  }

  /** A manual restart: forgets earlier crashes. */
  async restart(): Promise<void> {
    await this.shutdown();
    this.restarts = 0;
    return this.start();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.shutdown();
  }

  private set(status: ServerStatus, reason?: string): void {
    this.status = status;
    this.reason = reason;
    this.deps.onChange();
  }

  private async shutdown(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.generation++;
    const client = this.client;
    const launch = this.launch;
    this.client = undefined;
    this.launch = undefined;
    if (client) await client.close().catch(() => undefined);
    else await this.transport?.close().catch(() => undefined);
    if (this.transport instanceof BoundedStdioTransport) this.lastStderr = this.transport.stderr();
    await launch?.release().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const gen = ++this.generation;
    this.tools = [];
    this.set('starting');
    const fromProject = this.spec.source !== 'user';
    try {
      const client = new Client({ name: 'codecoder', version: '1.0.0' }, { capabilities: {} });
      client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
        if (gen === this.generation) void this.refreshTools(gen);
      });
      this.transport = await this.makeTransport(fromProject);
      this.transport.onclose = undefined;
      const onClose = () => {
        if (gen === this.generation) this.crashed(gen);
      };
      try {
        await this.connectClient(client, this.transport);
      } catch (err) {
        if (this.spec.kind !== 'remote' || this.spec.entry.type || !fallbackToSse(err)) throw err;
        // A server that does not speak Streamable HTTP: the older HTTP+SSE transport at the same URL.
        this.transport = this.sseTransport(this.spec.entry, fromProject);
        await this.connectClient(client, this.transport);
      }
      if (gen !== this.generation) {
        await client.close().catch(() => undefined);
        return;
      }
      this.client = client;
      // Set after connect: the SDK's own onclose chain stays intact, ours is added to it.
      const sdkClose = client.onclose;
      client.onclose = () => {
        sdkClose?.();
        onClose();
      };
      await this.refreshTools(gen);
      if (gen === this.generation && this.status === 'starting') {
        this.restarts = 0;
        this.set('ready');
      }
    } catch (err) {
      if (gen !== this.generation) return;
      const why = this.describe(err);
      await this.shutdown();
      this.failed(why);
    }
  }

  private async connectClient(client: Client, transport: Transport): Promise<void> {
    await client.connect(transport, { timeout: this.deps.timeouts.initializeMs });
  }

  private describe(err: unknown): string {
    const msg = (err as Error)?.message ?? String(err);
    const end = this.transport instanceof BoundedStdioTransport ? this.transport.endReason() : undefined;
    if (/timed out/i.test(msg) && this.status === 'starting') {
      return `no answer to initialize within ${this.deps.timeouts.initializeMs} ms${end ? ` (${end})` : ''}`;
    }
    return end && !msg.includes(end) ? `${msg} (${end})` : msg;
  }

  private async makeTransport(fromProject: boolean): Promise<Transport> {
    if (this.spec.kind === 'remote') {
      const e = this.spec.entry;
      if (e.type === 'sse') return this.sseTransport(e, fromProject);
      return new StreamableHTTPClientTransport(new URL(e.url), { requestInit: { headers: this.headers(e, fromProject) } });
    }
    const entry: StdioEntry = this.spec.entry;
    const env = expandRecord(entry.env, this.deps.expand, fromProject, `mcpServers.${this.spec.name}.env`);
    this.launch = await launchStdio(entry, {
      projectRoot: this.deps.projectRoot,
      dataDir: this.deps.dataDir,
      hiddenFiles: this.deps.hiddenFiles ?? [],
      env,
      fromProject,
    });
    return new BoundedStdioTransport(this.launch.spawn, this.deps.stdio);
  }

  private headers(e: RemoteEntry, fromProject: boolean): Record<string, string> {
    return expandRecord(e.headers, this.deps.expand, fromProject, `mcpServers.${this.spec.name}.headers`);
  }

  private sseTransport(e: RemoteEntry, fromProject: boolean): Transport {
    const headers = this.headers(e, fromProject);
    return new SSEClientTransport(new URL(e.url), {
      requestInit: { headers },
      eventSourceInit: {
        fetch: (url, init) => fetch(url, { ...init, headers: { ...(init?.headers as Record<string, string>), ...headers } }),
      },
    });
  }

  private async refreshTools(gen: number): Promise<void> {
    const client = this.client;
    if (!client) return;
    const tools: McpTool[] = [];
    let cursor: string | undefined;
    try {
      do {
        const page = await client.listTools(cursor ? { cursor } : undefined, { timeout: this.deps.timeouts.listToolsMs });
        tools.push(...page.tools);
        cursor = page.nextCursor;
      } while (cursor && tools.length < MAX_TOOLS_PER_SERVER);
    } catch (err) {
      if (gen !== this.generation) return;
      const msg = (err as Error).message;
      throw new Error(
        /timed out/i.test(msg) ? `no answer to tools/list within ${this.deps.timeouts.listToolsMs} ms` : `tools/list failed: ${msg}`,
      );
    }
    if (gen !== this.generation) return;
    this.tools = tools.slice(0, MAX_TOOLS_PER_SERVER);
    this.deps.onChange();
  }

  private crashed(gen: number): void {
    if (this.stopped || gen !== this.generation) return;
    const end = this.transport instanceof BoundedStdioTransport ? this.transport.endReason() : undefined;
    void this.shutdown().then(() => this.failed(end ?? 'the connection closed'));
  }

  /** Failed: restart with backoff unless stopped or out of attempts. */
  private failed(why: string): void {
    if (this.stopped) return;
    this.tools = [];
    const b = this.deps.backoff;
    if (this.restarts >= b.maxRestarts) {
      this.set('failed', `${why}; gave up after ${this.restarts} restarts (restart it by hand)`);
      return;
    }
    const delay = Math.min(b.maxMs, b.initialMs * 2 ** this.restarts);
    this.restarts++;
    this.set('failed', `${why}; restarting in ${Math.round(delay / 100) / 10} s`);
    const gen = this.generation;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (!this.stopped && gen === this.generation) void this.connect();
    }, delay);
    this.timer.unref?.();
  }

  /** Calls a tool. Rejects when the server is not ready, the call times out or the signal aborts. */
  async callTool(name: string, args: Record<string, unknown>, signal: AbortSignal, timeoutMs?: number): Promise<CallToolResult> {
    const client = this.client;
    if (!client || this.status !== 'ready')
      throw new Error(`MCP server "${this.spec.name}" is ${this.status}${this.reason ? `: ${this.reason}` : ''}`);
    const timeout = timeoutMs ?? this.deps.timeouts.callMs;
    try {
      return (await client.callTool({ name, arguments: args }, CallToolResultSchema, { signal, timeout })) as CallToolResult;
    } catch (err) {
      const msg = (err as Error).message;
      if (signal.aborted) throw err;
      if (/timed out/i.test(msg))
        throw new Error(`MCP server "${this.spec.name}" did not answer ${name} within ${timeout} ms (the call was cancelled)`);
      if (/connection closed/i.test(msg)) {
        const end = this.transport instanceof BoundedStdioTransport ? this.transport.endReason() : undefined;
        throw new Error(`MCP server "${this.spec.name}" stopped during the call${end ? ` (${end})` : ''}`);
      }
      throw err;
    }
  }
}

function fallbackToSse(err: unknown): boolean {
  const code = (err as { code?: unknown }).code;
  return typeof code === 'number' && code >= 400 && code < 500;
}
