import type { Handlers } from '../../router/index.js';
import { mapErrors } from '../errors.js';
import type { ProjectRuntimes } from '../projectRuntimes.js';
import type { WindowContext } from '../windows.js';
import { DEFAULT_MAX_AGENTS } from '../../../../shared/contract/index.js';

/** The window's project's background agents (main/core/agents/): the board's methods. */
export function agentsHandlers(runtimes: ProjectRuntimes, limit: () => number = () => DEFAULT_MAX_AGENTS): Handlers<WindowContext> {
  const agents = async (ctx: WindowContext) => (await runtimes.of(ctx)).agents();
  // git's refusals (a branch git will not make, a worktree it cannot remove) reach the board as conflicts, in git's words.
  return {
    'agents.list': async (_i, ctx) => ({ agents: await mapErrors(async () => (await agents(ctx)).list()), limit: limit() }),
    'agents.start': async ({ prompt, name }, ctx) =>
      mapErrors(async () => (await agents(ctx)).start({ prompt, ...(name ? { name } : {}) })),
    'agents.stop': async ({ id }, ctx) => mapErrors(async () => (await agents(ctx)).stop(id)),
    'agents.diff': async ({ id }, ctx) => mapErrors(async () => (await agents(ctx)).diff(id)),
    'agents.merge': async ({ id }, ctx) => mapErrors(async () => (await agents(ctx)).merge(id)),
    'agents.events': async ({ id }, ctx) => mapErrors(async () => (await agents(ctx)).events(id)),
    'agents.discard': async ({ id }, ctx) => {
      await mapErrors(async () => (await agents(ctx)).discard(id));
      return { ok: true as const };
    },
  };
}
