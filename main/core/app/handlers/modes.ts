import { AppError } from '../../../../shared/contract/index.js';
import type { Handlers } from '../../router/index.js';
import type { ProjectRuntime } from '../projectRuntime.js';
import type { ProjectRuntimes } from '../projectRuntimes.js';
import type { WindowContext } from '../windows.js';

/** Permission modes: per conversation, in the project runtime's memory; every window of the project is told. */
export function modeHandlers(runtimes: ProjectRuntimes): Handlers<WindowContext> {
  const known = async (rt: ProjectRuntime, id: string) => {
    if (!(await rt.agent.runtime.conversations.list()).some((c) => c.id === id))
      throw new AppError('not_found', `There is no conversation ${id} in this project.`);
  };
  return {
    // Reading never fails for an id: a conversation never set (or not yet written) is in Ask.
    'mode.get': async ({ conversationId }, ctx) => {
      const rt = await runtimes.of(ctx);
      return rt.modeView(conversationId);
    },
    'mode.set': async ({ conversationId, mode, carryPlan }, ctx) => {
      const rt = await runtimes.of(ctx);
      await known(rt, conversationId);
      // The runtime publishes mode.changed to every window of the project (projectRuntime.ts).
      rt.agent.runtime.modes.set(conversationId, mode, carryPlan === undefined ? {} : { carryPlan });
      return rt.modeView(conversationId);
    },
  };
}
