/**
 * Wires the agent for one project with the real pieces: the permission engine (codecoder.json,
 * audit log, the approval queue as its asker), the 26-tool registry with `runSubAgent`, and the
 * runtime. Used by `codecoder run`; the app's composition root can use it too or wire its own.
 */
import type { LlmProvider } from '../llm/types.js';
import { JsonlAuditLog, MemoryAuditLog } from '../permissions/audit.js';
import { PermissionEngine, type EngineDeps } from '../permissions/engine.js';
import { ProjectConfig } from '../permissions/projectConfig.js';
import { ProjectTrust } from '../permissions/trust/projectTrust.js';
import { TrustStore } from '../permissions/trust/trustStore.js';
import type { Clock } from '../permissions/types.js';
import { systemClock } from '../permissions/types.js';
import type { ToolDeps } from '../tools/deps.js';
import { keyEnvironmentResolver } from '../tools/keyEnvironment.js';
import { createToolRegistry, type FullToolRegistry } from '../tools/registry.js';
import { ApprovalQueue } from './approvals.js';
import type { Emit } from './events.js';
import { createAgentRuntime, type AgentRuntime, type AgentRuntimeDeps } from './runtime.js';

export interface AssembleOptions {
  projectRoot: string;
  dataDir: string;
  provider: LlmProvider;
  emit: Emit;
  approvals?: ApprovalQueue;
  clock?: Clock;
  /** Extra tool settings (web search, GitHub, execute limits…). */
  toolDeps?: Partial<Omit<ToolDeps, 'projectRoot' | 'dataDir' | 'runSubAgent'>>;
  /** Secrets the app holds (API keys): scrubbed from every child process environment. */
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
}

export interface AssembledAgent {
  runtime: AgentRuntime;
  engine: PermissionEngine;
  approvals: ApprovalQueue;
  registry: FullToolRegistry;
  config: ProjectConfig;
  /** Folder trust of codecoder.json (the trust store is in the data folder). */
  trust: ProjectTrust;
  close(): Promise<void>;
}

export async function assembleAgent(opts: AssembleOptions): Promise<AssembledAgent> {
  const clock = opts.clock ?? systemClock;
  const approvals = opts.approvals ?? new ApprovalQueue({ clock });
  const config = await ProjectConfig.open({ projectRoot: opts.projectRoot });
  const trust = await ProjectTrust.open({ store: TrustStore.forDataDir(opts.dataDir), projectRoot: opts.projectRoot, config });
  if (opts.trustProjectForRun) await trust.trustForThisRun();
  const audit = opts.memoryAudit ? new MemoryAuditLog() : JsonlAuditLog.forProject(opts.dataDir, opts.projectRoot);
  const secrets = opts.secrets ?? [];
  // The registry first (the engine reads tool environments when it compiles codecoder.json); its
  // runSubAgent reaches the runtime built below.
  const late: { runtime?: AgentRuntime } = {};
  const registry = createToolRegistry({
    ...opts.toolDeps,
    projectRoot: opts.projectRoot,
    dataDir: opts.dataDir,
    runSubAgent: (req) => late.runtime!.runSubAgent(req),
    secretsToScrub: () => [...secrets, ...(opts.toolDeps?.secretsToScrub?.() ?? [])],
  });
  const engine = new PermissionEngine({
    projectRoot: opts.projectRoot,
    asker: approvals.asker(),
    clock,
    config,
    trust,
    audit,
    // A capability key's environment is the capability's own, while its content is unchanged.
    environmentOfKey: keyEnvironmentResolver(registry, opts.projectRoot),
    ...(opts.onEngineChange ? { onChange: opts.onEngineChange } : {}),
  });
  if (opts.watchConfig) config.watch();
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
    ...opts.runtime,
  });
  late.runtime = runtime;
  return {
    runtime,
    engine,
    approvals,
    registry,
    config,
    trust,
    async close() {
      runtime.dispose();
      engine.close();
      config.close();
      await audit.flush().catch(() => {});
    },
  };
}
