import type { Handlers } from '../../router/index.js';
import { addServer, addUserServer, removeServer, removeUserServer, updateServer, updateUserServer } from '../../mcp/index.js';
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
    'mcp.update': async (input, ctx) => {
      const { rt, mcp } = await withMcp(ctx);
      const source = sourceOf(mcp.servers(), input.name);
      await mapErrors(() =>
        source === 'user' ? updateUserServer(rt.dataDir, input) : updateServer(rt.agent.config, rt.agent.trust, input),
      );
      await mcp.sync();
      void rt.publishAllowlist();
      return rt.mcp();
    },
    'mcp.remove': async ({ name }, ctx) => {
      const { rt, mcp } = await withMcp(ctx);
      const source = sourceOf(mcp.servers(), name);
      await mapErrors(() => (source === 'user' ? removeUserServer(rt.dataDir, name) : removeServer(rt.agent.config, rt.agent.trust, name)));
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

/** Where a server's entry is written: codecoder.json or the user's mcp.json; a folder's .mcp.json is not ours to edit. */
function sourceOf(servers: readonly { name: string; source: 'user' | 'project' | 'mcp.json' }[], name: string): 'user' | 'project' {
  const s = servers.find((x) => x.name === name);
  if (!s) throw new AppError('not_found', `There is no MCP server named "${name}".`);
  if (s.source === 'mcp.json')
    throw new AppError(
      'conflict',
      `"${name}" comes from this folder's .mcp.json, the repository's file: edit it there (and trust it again).`,
    );
  return s.source;
}
