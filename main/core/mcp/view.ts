/** The MCP tab's view of a project: servers, tools with key and level, problems (contract: shared/contract/mcp.ts). */
import type { McpView } from '../../../shared/contract/index.js';
import { parseKey, ceilingOf, type PermissionEngine } from '../permissions/index.js';
import type { McpManager } from './manager.js';

/** `agent`: the project's MCP servers (when enabled) and the engine that levels their tools. */
export function mcpView(agent: { mcp?: McpManager | undefined; engine: Pick<PermissionEngine, 'dryRun'> }): McpView {
  const m = agent.mcp;
  if (!m) return { servers: [], problems: [], mcpJson: 'absent' };
  return {
    servers: m.servers().map((s) => ({
      ...s,
      ceiling: ceilingOf(s.environment),
      tools: s.tools.map((t) => {
        const r = agent.engine.dryRun({ tool: t.name, environment: s.environment, permission: { kind: 'ask', key: parseKey(t.key) } });
        return { ...t, level: r.decision, via: r.via };
      }),
    })),
    problems: m.report(),
    mcpJson: m.mcpJsonTrustState(),
  };
}
