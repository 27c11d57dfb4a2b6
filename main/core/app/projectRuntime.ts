/**
 * Everything one open project owns: its permission engine (codecoder.json, session allowlist,
 * audit log), the tool registry, the approval queue and the agent. Shared by every window that shows
 * the project; pushes its events to those windows only.
 */
import path from 'node:path';
import {
  AppError,
  DEFAULT_MAX_AGENTS,
  type AllowlistView,
  type ConversationModeView,
  type EventName,
  type EventPayload,
  type HooksView,
  type McpView,
  type PendingApprovalView,
} from '../../../shared/contract/index.js';
import { USER_HOOKS_FILE } from '../hooks/index.js';
import { mcpView } from '../mcp/index.js';
import { assembleAgent, type AssembleOptions, type AssembledAgent } from '../assembly/index.js';
import { AgentsService, engineMergeAsker } from '../agents/index.js';
import type { PendingApproval } from '../approvals/index.js';
import { cannotUndoNote } from '../checkpoints/index.js';
import { settingsProvider, type LlmSettings } from '../llm/index.js';
import type { WebSearchSettings } from '../tools/index.js';
import { allowlistView } from './allowlistView.js';

export interface ProjectRuntimeDeps {
  projectRoot: string;
  dataDir: string;
  /** The model settings at the time of each turn (Settings, or a scripted server). */
  llm: () => LlmSettings;
  /** API keys the app holds: scrubbed from every child process. */
  secrets: () => string[];
  /** web_search / github_search settings with their keys, read at each call. */
  search?: () => { webSearch?: WebSearchSettings; githubToken?: string };
  /** run_container's engine from Settings, read at each call. */
  containerEngine?: () => { host?: string; copyProject?: boolean };
  /** The secret store, for `${VAR}` in an MCP server's env and headers. */
  secret?: (name: string) => string | undefined;
  /** How many background agents run at once (Settings `maxAgents`). */
  maxAgents?: () => number;
  /** Sends an event to the windows that show this project. */
  publish<E extends EventName>(name: E, payload: EventPayload<E>): void;
}

export class ProjectRuntime {
  private readonly previews = new Map<string, PendingApprovalView>();
  /** Conversations whose commands run in a container ("agent in a container"), while the project is open. */
  private readonly inContainer = new Set<string>();
  readonly environmentOfKey: (raw: string) => import('../permissions/types.js').Environment | undefined;

  /** The project's background agents, or why there are none (the folder is not a git repository…). */
  private agentsOrWhy: AgentsService | string = 'background agents are starting';

  private constructor(
    readonly root: string,
    readonly agent: AssembledAgent,
    private readonly deps: ProjectRuntimeDeps,
  ) {
    this.environmentOfKey = agent.environmentOfKey;
  }

  /** The background agents, or a clear error saying why this project has none. */
  agents(): AgentsService {
    if (typeof this.agentsOrWhy === 'string') throw new AppError('conflict', `No background agents here: ${this.agentsOrWhy}.`);
    return this.agentsOrWhy;
  }

  static async open(deps: ProjectRuntimeDeps): Promise<ProjectRuntime> {
    // The engine and queue report changes through callbacks made before the runtime object exists.
    const ref: { rt?: ProjectRuntime } = {};
    // What the project's agent and its background agents share: the model, the keys, the tools' settings.
    const common: Pick<AssembleOptions, 'dataDir' | 'provider' | 'secrets' | 'toolDeps'> = {
      dataDir: deps.dataDir,
      provider: settingsProvider(deps.llm),
      secrets: deps.secrets(),
      toolDeps: {
        secretsToScrub: deps.secrets,
        ...(deps.containerEngine ? { containerEngine: deps.containerEngine } : {}),
        commandsInContainer: (conversationId) => ref.rt?.inContainer.has(conversationId) === true,
        ...(deps.search
          ? {
              webSearch: () => deps.search!().webSearch,
              github: () => {
                const token = deps.search!().githubToken;
                return token ? { token } : undefined;
              },
            }
          : {}),
      },
    };
    const agent = await assembleAgent({
      ...common,
      projectRoot: deps.projectRoot,
      emit: (event) => deps.publish('agent.event', event),
      watchConfig: true,
      checkpoints: true,
      onEngineChange: () => {
        void ref.rt?.publishAllowlist();
        ref.rt?.publishMcpSoon();
        // Trust decides whether the project's hooks run.
        ref.rt?.publishHooksSoon();
      },
      hooks: { onRun: () => ref.rt?.publishHooksSoon() },
      mcp: { ...(deps.secret ? { secret: deps.secret } : {}), onChange: () => ref.rt?.publishMcpSoon() },
    });
    const rt = (ref.rt = new ProjectRuntime(deps.projectRoot, agent, deps));
    // Background agents: each on its worktree, under this project's codecoder.json and trust, asking
    // through this project's queue. Opening reconciles what a crash left (their reconcile.ts).
    rt.agentsOrWhy = await AgentsService.open({
      projectRoot: deps.projectRoot,
      dataDir: deps.dataDir,
      limit: deps.maxAgents ?? (() => DEFAULT_MAX_AGENTS),
      approvals: agent.approvals,
      askMerge: engineMergeAsker(agent.engine),
      onEvent: (event) => deps.publish('agent.event', event),
      onStatus: (view, removed) => deps.publish('agents.status', { agent: view, removed }),
      assemble: ({ worktree, emit, approvals }) =>
        assembleAgent({
          ...common,
          projectRoot: worktree,
          configRoot: deps.projectRoot,
          emit,
          approvals,
          watchConfig: true,
          checkpoints: true,
        }),
    }).catch((err: unknown) => (err as Error).message);
    agent.approvals.subscribe(() => void rt.publishApprovals());
    // A switch from any window, or a run taking the carried plan: every window of the project is told.
    agent.runtime.modes.onChange((id) => deps.publish('mode.changed', rt.modeView(id)));
    rt.offerPresets();
    // Checkpoints go with their conversation: those of conversations no longer on disk are pruned.
    void agent.checkpoints.pruneOrphans().catch(() => {});
    // Servers start in the background: opening the project never waits for them.
    void agent.mcp?.sync();
    return rt;
  }

  /** "Agent in a container" for one conversation: its run_command calls run in the container environment. */
  setCommandsInContainer(conversationId: string, on: boolean): void {
    if (on) this.inContainer.add(conversationId);
    else this.inContainer.delete(conversationId);
  }

  commandsInContainer(conversationId: string): boolean {
    return this.inContainer.has(conversationId);
  }

  /** The app's data folder (user-level MCP servers live there). */
  get dataDir(): string {
    return this.deps.dataDir;
  }

  mcp(): McpView {
    return mcpView(this.agent);
  }

  private readonly soon = new Map<string, NodeJS.Timeout>();
  /** Publishes `name` once after `ms`, however often it is asked for meanwhile: one event per burst. */
  private publishSoon<E extends 'mcp.changed' | 'hooks.changed'>(name: E, ms: number, view: () => EventPayload<E>): void {
    if (this.soon.has(name)) return;
    const timer = setTimeout(() => {
      this.soon.delete(name);
      this.deps.publish(name, view());
    }, ms);
    timer.unref?.();
    this.soon.set(name, timer);
  }

  /** Status changes come in bursts (starting → ready, tools listed). */
  publishMcpSoon(): void {
    this.publishSoon('mcp.changed', 50, () => this.mcp());
  }

  /** The Hooks section's view: every declaration, what cannot be read, the last runs. */
  hooksView(): HooksView {
    const hooks = this.agent.hooks;
    const userFile = path.join(this.deps.dataDir, USER_HOOKS_FILE);
    if (!hooks) return { userFile, hooks: [], problems: [], runs: [] };
    const d = hooks.declared();
    return {
      userFile,
      hooks: d.hooks.map(({ id, source, event, matcher, key, command, timeoutMs, environment, enabled, active, inactiveReason }) => ({
        id,
        source,
        event,
        ...(matcher !== undefined ? { matcher } : {}),
        ...(key !== undefined ? { key } : {}),
        command,
        timeoutMs,
        environment,
        enabled,
        active,
        ...(inactiveReason ? { inactiveReason } : {}),
      })),
      problems: d.problems.map((p) => ({ source: p.source, ...(p.event ? { event: p.event } : {}), at: p.at, message: p.message })),
      runs: hooks
        .lastRuns()
        .map(({ hookId, event, command, tool, key, effect, message, exitCode, timedOut, durationMs, at, stdout, stderr }) => ({
          hookId,
          event,
          command,
          ...(tool ? { tool } : {}),
          ...(key ? { key } : {}),
          effect,
          ...(message ? { message } : {}),
          exitCode,
          timedOut,
          durationMs,
          at,
          stdout,
          stderr,
        })),
    };
  }

  /** Runs come in bursts (parallel calls, Pre and Post). */
  publishHooksSoon(): void {
    this.publishSoon('hooks.changed', 100, () => this.hooksView());
  }

  /** The AlwaysThisSession entries of codecoder.json are offered as one prompt when the session starts (and when the folder becomes trusted). */
  offerPresets(): void {
    const presets = this.agent.engine.sessionPresets();
    if (presets.length === 0) return;
    void this.agent.runtime.offerSessionPresets(presets, 'session').then((accepted) => {
      if (accepted.length) this.agent.engine.acceptPresets(accepted);
    });
  }

  async allowlist(): Promise<AllowlistView> {
    return allowlistView(this.agent.engine, this.agent.config, this.root, this.environmentOfKey);
  }

  async pendingApprovals(): Promise<PendingApprovalView[]> {
    const pending = this.agent.approvals.list();
    const live = new Set(pending.map((p) => p.id));
    for (const id of this.previews.keys()) if (!live.has(id)) this.previews.delete(id);
    const out: PendingApprovalView[] = [];
    for (const p of pending) {
      let view = this.previews.get(p.id);
      if (!view) this.previews.set(p.id, (view = await this.toView(p)));
      out.push(view);
    }
    return out;
  }

  private async toView(p: PendingApproval): Promise<PendingApprovalView> {
    if (p.kind === 'presets')
      return {
        id: p.id,
        kind: 'presets',
        agentId: p.agentId,
        conversationId: p.conversationId,
        ...this.worktreeAgentOf(p.conversationId),
        depth: 0,
        createdAt: p.createdAt,
        presets: p.presets,
      };
    const r = p.request;
    const preview = await r.preview?.();
    // A write the classifier knows lands outside the project: checkpoints cannot undo it, and the prompt says so.
    const undo = cannotUndoNote(r.flags?.notes, this.root);
    const notes = undo ? [...(r.flags?.notes ?? []), undo] : r.flags?.notes;
    const flags = r.flags
      ? {
          ...(r.flags.protectedPath ? { protectedPath: true } : {}),
          ...(r.flags.outsideProject ? { outsideProject: true } : {}),
          ...(r.flags.compound ? { compound: true } : {}),
          ...(notes ? { notes } : {}),
          ...(r.flags.programs ? { programs: r.flags.programs } : {}),
        }
      : undefined;
    return {
      id: p.id,
      kind: 'tool',
      agentId: p.agentId,
      conversationId: p.conversationId,
      ...this.worktreeAgentOf(p.conversationId),
      depth: r.depth,
      createdAt: p.createdAt,
      tool: r.tool,
      ...(r.callId ? { callId: r.callId } : {}),
      environment: r.environment,
      key: r.key.raw,
      ceiling: r.ceiling,
      ...(r.scopes ? { scopes: [...r.scopes] } : {}),
      ...(flags ? { flags } : {}),
      args: r.args,
      ...(preview ? { preview } : {}),
    };
  }

  /** A background agent's approval names its agent. */
  private worktreeAgentOf(conversationId: string): { worktreeAgentId?: string } {
    const id = typeof this.agentsOrWhy === 'string' ? undefined : this.agentsOrWhy.agentOfConversation(conversationId);
    return id ? { worktreeAgentId: id } : {};
  }

  /** A conversation's permission mode as the contract shows it. */
  modeView(conversationId: string): ConversationModeView {
    const modes = this.agent.runtime.modes;
    return {
      conversationId,
      mode: modes.get(conversationId),
      carryPlan: modes.carriesPlan(conversationId),
      planReady: modes.hasPlan(conversationId),
    };
  }

  private async publishApprovals(): Promise<void> {
    this.deps.publish('approvals.changed', await this.pendingApprovals());
  }

  async publishAllowlist(): Promise<void> {
    this.deps.publish('allowlist.changed', await this.allowlist());
  }

  async close(): Promise<void> {
    for (const t of this.soon.values()) clearTimeout(t);
    this.soon.clear();
    if (typeof this.agentsOrWhy !== 'string') await this.agentsOrWhy.close();
    this.agent.runtime.cancelAll();
    this.agent.approvals.cancelAll();
    // A cancelled run still writes its last records: let it, before the caller removes or reopens the files.
    await this.agent.runtime.idle();
    await this.agent.close();
  }
}
