/**
 * The per-project composition root: wires the agent for one project with the real pieces — the
 * permission engine (codecoder.json, folder trust, audit log, the approval queue as its asker), the
 * 26-tool registry with `runSubAgent`, MCP servers, checkpoints and the runtime. The app's
 * `ProjectRuntime` and `codecoder run` both use it. It sits above agent/, checkpoints/ and mcp/ so
 * none of them imports another's composition (build/importBoundary.test.ts).
 */
import { createRedactor, heldSecrets } from '../env/index.js';
import { Hooks, HookSwitches, UserHooksFile, type HookRun } from '../hooks/index.js';
import type { LlmProvider } from '../llm/index.js';
import { McpManager, type McpManagerDeps, withMcpTools } from '../mcp/index.js';
import {
  JsonlAuditLog,
  MemoryAuditLog,
  PermissionEngine,
  type EngineDeps,
  ConversationModes,
  ProjectConfig,
  ProjectTrust,
  TrustStore,
  type Clock,
  type Environment,
  systemClock,
} from '../permissions/index.js';
import { CheckpointService, CheckpointStore, checkpointBeforeTurns, type CheckpointLimits } from '../checkpoints/index.js';
import { type ToolDeps, keyEnvironmentResolver, createToolRegistry, toolFacts, type FullToolRegistry } from '../tools/index.js';
import { ApprovalQueue } from '../approvals/index.js';
import { createAgentRuntime, type AgentRuntime, type AgentRuntimeDeps, type Emit } from '../agent/index.js';

export interface AssembleOptions {
  projectRoot: string;
  /**
   * Whose codecoder.json and folder trust apply, when not the project root's: a background agent's
   * worktree takes the project's (main/core/agents/), never its own copy, which the agent could edit —
   * so a worktree never gets more than the project folder would.
   */
  configRoot?: string;
  dataDir: string;
  provider: LlmProvider;
  emit: Emit;
  approvals?: ApprovalQueue;
  clock?: Clock;
  /** Extra tool settings (web search, GitHub, execute limits…). */
  toolDeps?: Partial<Omit<ToolDeps, 'projectRoot' | 'dataDir' | 'runSubAgent'>>;
  /**
   * Secrets the app holds (API keys): scrubbed from every child process environment and, with the
   * ones `toolDeps.secretsToScrub` gives and the values of the app's own variables, redacted by value
   * from every tool result and live output (env/redact.ts).
   */
  secrets?: string[];
  /** Keep the audit trail in memory only (tests, throwaway runs). */
  memoryAudit?: boolean;
  runtime?: Partial<Pick<AgentRuntimeDeps, 'maxTurns' | 'maxConcurrentSubAgents' | 'cancelGraceMs' | 'memory' | 'recordEvents'>>;
  /** Told of every allowlist change (answers, edits, reloads, the file changing on disk). */
  onEngineChange?: EngineDeps['onChange'];
  /** Watch codecoder.json so a manual edit is reported (never applied) until reload. */
  watchConfig?: boolean;
  /** `codecoder run --trust-project`: honour codecoder.json as it is now, for this process only (nothing recorded). */
  trustProjectForRun?: boolean;
  /** Checkpoint the project's files before each turn that may change them (the app and `codecoder run` do). */
  checkpoints?: boolean | Partial<CheckpointLimits>;
  /** Hooks (hooks/): on unless false; `onRun` is told of each run (the Hooks section's last runs). */
  hooks?: false | { onRun?: (run: HookRun) => void; env?: NodeJS.ProcessEnv };
  /** MCP servers (mcp/): off unless given; servers start with `mcp.sync()`, never here. */
  mcp?: Pick<McpManagerDeps, 'timeouts' | 'backoff' | 'stdio' | 'onChange'> & {
    /** The secret store, for `${VAR}` in a server's env and headers. */
    secret?: (name: string) => string | undefined;
    env?: NodeJS.ProcessEnv;
  };
}

export interface AssembledAgent {
  runtime: AgentRuntime;
  engine: PermissionEngine;
  approvals: ApprovalQueue;
  registry: FullToolRegistry;
  config: ProjectConfig;
  /** Folder trust of codecoder.json (the trust store is in the data folder). */
  trust: ProjectTrust;
  /** List, preview and restore checkpoints (present even when none are taken, for the CLI and the UI). */
  checkpoints: CheckpointService;
  /** The project's MCP servers, when enabled. */
  mcp?: McpManager;
  /** The project's hooks (the user's, and codecoder.json's once trusted), when enabled. */
  hooks?: Hooks;
  /** A key's environment (its ceiling): built-in tools, capabilities and MCP servers. */
  environmentOfKey(raw: string): Environment | undefined;
  close(): Promise<void>;
}

export async function assembleAgent(opts: AssembleOptions): Promise<AssembledAgent> {
  const clock = opts.clock ?? systemClock;
  const approvals = opts.approvals ?? new ApprovalQueue({ clock });
  const configRoot = opts.configRoot ?? opts.projectRoot;
  const config = await ProjectConfig.open({ projectRoot: configRoot });
  const trustStore = TrustStore.forDataDir(opts.dataDir);
  const trust = await ProjectTrust.open({ store: trustStore, projectRoot: configRoot, config });
  if (opts.trustProjectForRun) await trust.trustForThisRun();
  const mcp = opts.mcp
    ? await McpManager.open({
        projectRoot: opts.projectRoot,
        dataDir: opts.dataDir,
        project: { servers: () => config.snapshot().mcpServers, isTrusted: () => trust.isTrusted() },
        ...(opts.toolDeps?.hiddenFiles ? { hiddenFiles: opts.toolDeps.hiddenFiles() } : {}),
        trustStore,
        expand: {
          env: opts.mcp.env ?? process.env,
          ...(opts.mcp.secret ? { secret: opts.mcp.secret } : {}),
          appSecrets: opts.secrets ?? [],
        },
        ...(opts.mcp.timeouts ? { timeouts: opts.mcp.timeouts } : {}),
        ...(opts.mcp.backoff ? { backoff: opts.mcp.backoff } : {}),
        ...(opts.mcp.stdio ? { stdio: opts.mcp.stdio } : {}),
        ...(opts.mcp.onChange ? { onChange: opts.mcp.onChange } : {}),
      })
    : undefined;
  if (mcp && opts.trustProjectForRun) await mcp.trustMcpJsonForRun();
  const audit = opts.memoryAudit ? new MemoryAuditLog() : JsonlAuditLog.forProject(opts.dataDir, opts.projectRoot);
  const secrets = opts.secrets ?? [];
  const modes = new ConversationModes();
  const checkpointStore = new CheckpointStore({
    dataDir: opts.dataDir,
    projectRoot: opts.projectRoot,
    ...(typeof opts.checkpoints === 'object' ? { limits: opts.checkpoints } : {}),
  });
  // The registry first (the engine reads tool environments when it compiles codecoder.json); its
  // runSubAgent reaches the runtime built below.
  const late: { runtime?: AgentRuntime } = {};
  const held = () => [...secrets, ...(opts.toolDeps?.secretsToScrub?.() ?? [])];
  const redactor = createRedactor(() => [...held(), ...heldSecrets(process.env)]);
  const builtIn = createToolRegistry({
    ...opts.toolDeps,
    projectRoot: opts.projectRoot,
    dataDir: opts.dataDir,
    runSubAgent: (req) => late.runtime!.runSubAgent(req),
    secretsToScrub: held,
  });
  // MCP tools join the main agent's registry only; the sub-agent registry stays the nine.
  const registry = withMcpTools(builtIn, mcp);
  const builtInEnvironment = keyEnvironmentResolver(builtIn, opts.projectRoot);
  const environmentOfKey = (raw: string): Environment | undefined => mcp?.environmentOfKey(raw) ?? builtInEnvironment(raw);
  const facts = toolFacts(registry);
  const engine = new PermissionEngine({
    projectRoot: opts.projectRoot,
    asker: approvals.asker(),
    clock,
    config,
    trust,
    audit,
    // A capability key's environment is the capability's own, while its content is unchanged.
    // An `mcp:` key's environment is its server's (a host stdio server is `shell`).
    environmentOfKey,
    modeOf: (conversationId) => modes.get(conversationId),
    tools: facts,
    onChange: (change) => {
      // codecoder.json reloaded or its trust changed: which servers may run may have changed too.
      if (mcp && (change.kind === 'reload' || change.kind === 'trust')) void mcp.sync();
      opts.onEngineChange?.(change);
    },
  });
  if (opts.watchConfig) config.watch();
  const userHooks = new UserHooksFile(opts.dataDir);
  const hookSwitches = new HookSwitches(opts.dataDir);
  const hooks =
    opts.hooks === false
      ? undefined
      : new Hooks({
          projectRoot: opts.projectRoot,
          dataDir: opts.dataDir,
          userHooks: () => userHooks.read(),
          projectHooks: () => config.snapshot().hooks,
          isTrusted: () => trust.isTrusted(),
          audit,
          clock,
          secretsToScrub: () => [...secrets, ...(opts.toolDeps?.secretsToScrub?.() ?? [])],
          decisionSoFar: (call) => {
            const v = engine.decide(call);
            return { outcome: v.outcome, via: v.via };
          },
          ...(opts.hooks?.onRun ? { onRun: opts.hooks.onRun } : {}),
          switches: hookSwitches,
          userFile: userHooks,
          ...(opts.hooks?.env ? { env: opts.hooks.env } : {}),
        });
  const runtime = createAgentRuntime({
    provider: opts.provider,
    gate: engine,
    registry: () => registry,
    subAgentRegistry: () => registry.subAgentRegistry(),
    approvals,
    emit: opts.emit,
    projectRoot: opts.projectRoot,
    dataDir: opts.dataDir,
    clock,
    modes,
    redactor,
    ...(hooks ? { hooks } : {}),
    ...(opts.checkpoints ? { checkpointTurns: (run) => checkpointBeforeTurns(checkpointStore, run, facts.changesFiles) } : {}),
    ...opts.runtime,
  });
  late.runtime = runtime;
  const checkpoints = new CheckpointService({
    store: checkpointStore,
    conversations: runtime.conversations,
    audit,
    activeConversations: () => runtime.activeRuns().map((r) => r.conversationId),
    emit: opts.emit,
    now: () => clock.now(),
  });
  return {
    runtime,
    engine,
    approvals,
    registry,
    config,
    trust,
    checkpoints,
    ...(mcp ? { mcp } : {}),
    ...(hooks ? { hooks } : {}),
    environmentOfKey,
    async close() {
      runtime.dispose();
      hooks?.close();
      await mcp?.close();
      engine.close();
      config.close();
      await audit.flush().catch(() => {});
    },
  };
}
