import type { Handlers } from '../../router/index.js';
import { addServer, addUserServer } from '../../mcp/index.js';
import { mapErrors as mapKnown } from '../errors.js';
import type { ProjectRuntimes } from '../projectRuntimes.js';
import type { WindowContext } from '../windows.js';
import { AppError } from '../../../../shared/contract/index.js';

/** The manager's errors are written for the user ("no MCP server named …"): a conflict, with that message. */
async function mapErrors<T>(f: () => Promise<T>): Promise<T> {
  try {
    return await mapKnown(f);
  } catch (err) {
    throw err instanceof AppError || !(err instanceof Error) ? err : new AppError('conflict', err.message);
  }
}

export function mcpHandlers(runtimes: ProjectRuntimes): Handlers<WindowContext> {
  const withMcp = async (ctx: WindowContext) => {
    const rt = await runtimes.of(ctx);
    const mcp = rt.agent.mcp;
    if (!mcp) throw new AppError('not_found', 'MCP servers are not enabled for this project.');
    return { rt, mcp };
  };
  return {
    'mcp.list': async (_i, ctx) => (await runtimes.of(ctx)).mcp(),
    'mcp.setEnabled': async ({ name, enabled }, ctx) => {
      const { rt, mcp } = await withMcp(ctx);
      await mapErrors(() => mcp.setEnabled(name, enabled));
      return rt.mcp();
    },
    'mcp.restart': async ({ name }, ctx) => {
      const { rt, mcp } = await withMcp(ctx);
      await mapErrors(() => mcp.restart(name));
      return rt.mcp();
    },
    'mcp.add': async (input, ctx) => {
      const { rt, mcp } = await withMcp(ctx);
      const { scope, ...entry } = input;
      await mapErrors(() => (scope === 'user' ? addUserServer(rt.dataDir, entry) : addServer(rt.agent.config, rt.agent.trust, entry)));
      await mcp.sync();
      void rt.publishAllowlist();
      return rt.mcp();
    },
    'mcp.trustMcpJson': async (_i, ctx) => {
      const { rt, mcp } = await withMcp(ctx);
      await mapErrors(() => mcp.trustMcpJson());
      return rt.mcp();
    },
  };
}
