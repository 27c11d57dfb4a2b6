/** The MCP tab's view of a project: servers, tools with key and level, problems (contract: shared/contract/mcp.ts). */
import type { McpView } from '../../../shared/contract/index.js';
import type { AssembledAgent } from '../agent/index.js';
import { parseKey, ceilingOf } from '../permissions/index.js';

export function mcpView(agent: Pick<AssembledAgent, 'mcp' | 'engine'>): McpView {
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
