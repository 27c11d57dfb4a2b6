/**
 * Wires the agent for one project with the real pieces: the permission engine (codecoder.json,
 * audit log, the approval queue as its asker), the 26-tool registry with `runSubAgent`, and the
 * runtime. Used by `codecoder run`; the app's composition root can use it too or wire its own.
 */
import type { LlmProvider } from '../llm/types.js';
import { JsonlAuditLog, MemoryAuditLog } from '../permissions/audit.js';
import { PermissionEngine } from '../permissions/engine.js';
import { ProjectConfig } from '../permissions/projectConfig.js';
import type { Clock } from '../permissions/types.js';
import { systemClock } from '../permissions/types.js';
import type { ToolDeps } from '../tools/deps.js';
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
}

export interface AssembledAgent {
  runtime: AgentRuntime;
  engine: PermissionEngine;
  approvals: ApprovalQueue;
  registry: FullToolRegistry;
  config: ProjectConfig;
  close(): Promise<void>;
}

export async function assembleAgent(opts: AssembleOptions): Promise<AssembledAgent> {
  const clock = opts.clock ?? systemClock;
  const approvals = opts.approvals ?? new ApprovalQueue({ clock });
  const config = await ProjectConfig.open({ projectRoot: opts.projectRoot });
  const audit = opts.memoryAudit ? new MemoryAuditLog() : JsonlAuditLog.forProject(opts.dataDir, opts.projectRoot);
  const secrets = opts.secrets ?? [];
  // The registry first (the engine reads tool environments when it compiles codecoder.json); its
  // runSubAgent reaches the runtime built below.
  let runtime: AgentRuntime | undefined;
  const registry = createToolRegistry({
    ...opts.toolDeps,
    projectRoot: opts.projectRoot,
    dataDir: opts.dataDir,
    runSubAgent: (req) => runtime!.runSubAgent(req),
    secretsToScrub: () => [...secrets, ...(opts.toolDeps?.secretsToScrub?.() ?? [])],
  });
  const engine = new PermissionEngine({
    projectRoot: opts.projectRoot,
    asker: approvals.asker(),
    clock,
    config,
    audit,
    environmentOfKey: (raw) => {
      const colon = raw.indexOf(':');
      return registry.get(colon < 0 ? raw : raw.slice(0, colon))?.environment;
    },
  });
  runtime = createAgentRuntime({
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
  return {
    runtime,
    engine,
    approvals,
    registry,
    config,
    async close() {
      runtime.dispose();
      engine.close();
      config.close();
      await audit.flush().catch(() => {});
    },
  };
}
