/**
 * All MCP servers of one open project: which may start, their connections, and their tools as
 * registry entries.
 *
 * - A project file's servers (codecoder.json, .mcp.json) start only while that file is trusted
 *   (folder trust): until then they are "untrusted" and no process is spawned. User-level servers
 *   (the data folder's mcp.json) are the user's own and start with any project.
 * - Servers start with `sync()` (the project opened, a file was reloaded or trusted) and all stop
 *   with `close()` (the project closed).
 * - Tool names: `mcp__<server>__<tool>`; collisions are resolved (names.ts) and reported.
 */
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import type { TrustStore, Environment } from '../permissions/index.js';
import {
  MCP_JSON,
  USER_MCP_FILE,
  mcpKeyEnvironment,
  readServersFile,
  serverList,
  serverForm,
  serverTarget,
  type ConfigProblem,
  type ServerSpec,
} from './config.js';
import { DEFAULT_BACKOFF, DEFAULT_TIMEOUTS, ServerConnection, type Backoff, type ServerStatus, type Timeouts } from './connection.js';
import type { ExpandSources } from './expand.js';
import { McpJsonTrust, type FileTrust } from './mcpJsonTrust.js';
import { nameTools, type Collision } from './names.js';
import type { StdioTransportOptions } from './stdioTransport.js';
import { mcpTool, type McpRegistryTool } from './tool.js';

export interface McpManagerDeps {
  projectRoot: string;
  dataDir: string;
  /** Files the app reads a secret from (`--api-key-file`): unreadable from a sandboxed server. */
  hiddenFiles?: readonly string[];
  /** codecoder.json as loaded: its "mcpServers" value and whether this user trusts the file. */
  project: { servers(): unknown; isTrusted(): boolean };
  trustStore?: TrustStore;
  expand: ExpandSources;
  timeouts?: Partial<Timeouts>;
  backoff?: Partial<Backoff>;
  stdio?: StdioTransportOptions;
  /** Status, tools or the server list changed. */
  onChange?: () => void;
}

export interface McpToolView {
  name: string;
  tool: string;
  key: string;
  description: string;
  hints: string[];
}

export interface McpServerView {
  name: string;
  id: string;
  source: ServerSpec['source'];
  transport: 'stdio' | 'http';
  environment: Environment;
  status: ServerStatus;
  reason: string | null;
  stderrTail: string | null;
  /** What runs: the command line or the URL, with its variables by name only. */
  target: string;
  /** The entry's fields for the edit form (variables by name only). */
  form: ReturnType<typeof serverForm>;
  tools: McpToolView[];
}

export class McpManager {
  private specs: ServerSpec[] = [];
  private problems: ConfigProblem[] = [];
  private readonly conns = new Map<string, { conn: ServerConnection; fingerprint: string }>();
  /** Servers the user turned off for this session (by name). */
  private readonly userDisabled = new Set<string>();
  private toolCache: { tools: Map<string, McpRegistryTool>; collisions: Collision[] } | undefined;
  private mcpJsonBytes: Buffer | undefined;
  private mcpJsonState: FileTrust = 'absent';
  private mcpJsonTrust: McpJsonTrust;
  private closed = false;
  private syncing: Promise<void> = Promise.resolve();

  private constructor(
    private readonly deps: McpManagerDeps,
    folder: string,
  ) {
    this.mcpJsonTrust = new McpJsonTrust(folder, deps.trustStore);
  }

  /** Reads the server list (no server starts before `sync()`). */
  static async open(deps: McpManagerDeps): Promise<McpManager> {
    const m = new McpManager(deps, await realpath(deps.projectRoot));
    await m.readConfig();
    return m;
  }

  // ------------------------------------------------------------------ configuration

  private async readConfig(): Promise<void> {
    const user = await readServersFile(path.join(this.deps.dataDir, USER_MCP_FILE));
    const mcpJson = await readServersFile(path.join(this.deps.projectRoot, MCP_JSON));
    this.mcpJsonBytes = mcpJson.exists && !mcpJson.error ? mcpJson.bytes : undefined;
    this.mcpJsonState = await this.mcpJsonTrust.state(this.mcpJsonBytes);
    const list = serverList({
      ...(user.exists && !user.error ? { user: user.value } : {}),
      project: this.deps.project.servers(),
      ...(this.mcpJsonBytes ? { mcpJson: (mcpJson as { value?: unknown }).value } : {}),
    });
    const fileProblems: ConfigProblem[] = [];
    if (user.exists && user.error) fileProblems.push({ name: '*', source: 'user', message: user.error });
    if (mcpJson.exists && mcpJson.error) fileProblems.push({ name: '*', source: 'mcp.json', message: mcpJson.error });
    this.specs = list.servers;
    this.problems = [...fileProblems, ...list.problems];
    this.toolCache = undefined;
  }

  /** May this server start? A project file's only while trusted; never when disabled. */
  private blocked(spec: ServerSpec): { status: ServerStatus; reason: string } | undefined {
    if (spec.disabled) return { status: 'disabled', reason: 'disabled in its entry ("disabled": true)' };
    if (this.userDisabled.has(spec.name)) return { status: 'disabled', reason: 'turned off for this session' };
    if (spec.source === 'project' && !this.deps.project.isTrusted()) {
      return { status: 'untrusted', reason: 'codecoder.json is not trusted in this folder: its servers do not start until you trust it' };
    }
    if (spec.source === 'mcp.json' && this.mcpJsonState !== 'trusted') {
      return {
        status: 'untrusted',
        reason: `.mcp.json ${this.mcpJsonState === 'changed' ? 'changed since you trusted it' : 'is not trusted in this folder'}: its servers do not start until you trust it`,
      };
    }
    return undefined;
  }

  /**
   * Re-reads the server list and brings connections in line: starts what may start, stops what may
   * not (or changed). Serialised: a sync waits for the previous one.
   */
  sync(): Promise<void> {
    const run = this.syncing.then(() => this.syncNow());
    this.syncing = run.catch(() => undefined);
    return run;
  }

  private async syncNow(): Promise<void> {
    if (this.closed) return;
    await this.readConfig();
    const wanted = new Map<string, { spec: ServerSpec; fingerprint: string }>();
    for (const spec of this.specs) {
      if (this.blocked(spec)) continue;
      wanted.set(spec.name, { spec, fingerprint: JSON.stringify([spec.kind, spec.entry, spec.id, spec.source]) });
    }
    const stops: Promise<void>[] = [];
    for (const [name, c] of this.conns) {
      const w = wanted.get(name);
      if (!w || w.fingerprint !== c.fingerprint) {
        this.conns.delete(name);
        stops.push(c.conn.stop());
      }
    }
    await Promise.all(stops);
    const starts: Promise<void>[] = [];
    for (const [name, w] of wanted) {
      if (this.conns.has(name)) continue;
      const conn = new ServerConnection(w.spec, {
        projectRoot: this.deps.projectRoot,
        dataDir: this.deps.dataDir,
        ...(this.deps.hiddenFiles ? { hiddenFiles: this.deps.hiddenFiles } : {}),
        expand: this.deps.expand,
        timeouts: { ...DEFAULT_TIMEOUTS, ...this.deps.timeouts },
        backoff: { ...DEFAULT_BACKOFF, ...this.deps.backoff },
        ...(this.deps.stdio ? { stdio: this.deps.stdio } : {}),
        onChange: () => this.changed(),
      });
      this.conns.set(name, { conn, fingerprint: w.fingerprint });
      starts.push(conn.start());
    }
    this.changed();
    await Promise.all(starts);
  }

  private changed(): void {
    this.toolCache = undefined;
    try {
      this.deps.onChange?.();
    } catch {
      // A listener's failure is not the server's.
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.syncing.catch(() => undefined);
    const all = [...this.conns.values()];
    this.conns.clear();
    await Promise.all(all.map((c) => c.conn.stop()));
    this.toolCache = undefined;
  }

  // ------------------------------------------------------------------ the user's controls

  private specNamed(name: string): ServerSpec {
    const s = this.specs.find((x) => x.name === name);
    if (!s) throw new Error(`no MCP server named "${name}"`);
    return s;
  }

  async setEnabled(name: string, enabled: boolean): Promise<void> {
    this.specNamed(name);
    if (enabled) this.userDisabled.delete(name);
    else this.userDisabled.add(name);
    await this.sync();
  }

  async restart(name: string): Promise<void> {
    const spec = this.specNamed(name);
    const c = this.conns.get(name);
    if (!c) {
      const b = this.blocked(spec);
      throw new Error(`MCP server "${name}" is ${b?.status ?? 'not running'}${b ? `: ${b.reason}` : ''}`);
    }
    await c.conn.restart();
  }

  /** Trusts `.mcp.json` as it is on disk now (the review shows its servers). */
  async trustMcpJson(): Promise<void> {
    await this.readConfig();
    if (!this.mcpJsonBytes) throw new Error('there is no readable .mcp.json in this folder');
    await this.mcpJsonTrust.trust(this.mcpJsonBytes);
    await this.sync();
  }

  async trustMcpJsonForRun(): Promise<void> {
    await this.readConfig();
    if (this.mcpJsonBytes) this.mcpJsonTrust.trustForRun(this.mcpJsonBytes);
  }

  mcpJsonTrustState(): FileTrust {
    return this.mcpJsonState;
  }

  // ------------------------------------------------------------------ tools and keys

  private named(): { tools: Map<string, McpRegistryTool>; collisions: Collision[] } {
    if (this.toolCache) return this.toolCache;
    const tools = new Map<string, McpRegistryTool>();
    const collisions: Collision[] = [];
    // Names can also meet across servers (server "a__b" tool "c", server "a" tool "b__c"): one name
    // must never reach two tools, so neither is offered.
    const clashed = new Set<string>();
    for (const { conn } of this.conns.values()) {
      if (conn.status !== 'ready') continue;
      const defs = new Map(conn.tools.map((t) => [t.name, t]));
      const n = nameTools(conn.spec.id, [...defs.keys()]);
      collisions.push(...n.collisions);
      for (const t of n.tools) {
        const other = tools.get(t.modelName);
        if (other || clashed.has(t.modelName)) {
          clashed.add(t.modelName);
          tools.delete(t.modelName);
          collisions.push({
            on: t.modelName,
            names: [other?.mcp.key ?? t.modelName, t.key],
            message: `${t.modelName} would name tools of two servers (${other ? `${other.mcp.key} and ` : ''}${t.key}): neither is offered`,
          });
          continue;
        }
        tools.set(t.modelName, mcpTool(conn, t, defs.get(t.raw)!));
      }
    }
    this.toolCache = { tools, collisions };
    return this.toolCache;
  }

  /** Registry entries of every ready server's tools. */
  tools(): McpRegistryTool[] {
    return [...this.named().tools.values()];
  }
  tool(name: string): McpRegistryTool | undefined {
    return this.named().tools.get(name);
  }

  /** Name collisions and entries that could not be used, in words. */
  report(): string[] {
    return [...this.problems.map((p) => `${p.source} ${p.name}: ${p.message}`), ...this.named().collisions.map((c) => c.message)];
  }

  /**
   * The environment of an `mcp:` key, which decides its ceiling: its server's; `mcp:*` and keys of
   * servers not configured count as `shell` (they may cover a host server). Undefined for other keys.
   */
  environmentOfKey(raw: string): Environment | undefined {
    return mcpKeyEnvironment(raw, this.specs);
  }

  servers(): McpServerView[] {
    const tools = this.tools();
    return this.specs.map((spec) => {
      const c = this.conns.get(spec.name)?.conn;
      const blocked = this.blocked(spec);
      const status = c ? c.status : (blocked?.status ?? 'disabled');
      const reason = c ? (c.reason ?? null) : (blocked?.reason ?? null);
      return {
        name: spec.name,
        id: spec.id,
        source: spec.source,
        transport: spec.kind === 'remote' ? 'http' : 'stdio',
        environment: spec.environment,
        status,
        reason,
        stderrTail: c?.stderrTail || null,
        target: serverTarget(spec),
        form: serverForm(spec),
        tools: tools
          .filter((t) => t.mcp.server === spec.name)
          .map((t) => ({ name: t.name, tool: t.mcp.tool, key: t.mcp.key, description: t.mcp.description, hints: t.mcp.hints })),
      };
    });
  }

  /** For tests: the live connection of a server. */
  connection(name: string): ServerConnection | undefined {
    return this.conns.get(name)?.conn;
  }
}
