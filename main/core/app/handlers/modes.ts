import { AppError, type ConversationModeView } from '../../../../shared/contract/index.js';
import type { Handlers } from '../../router/router.js';
import type { ProjectRuntime } from '../projectRuntime.js';
import type { ProjectRuntimes } from '../projectRuntimes.js';
import type { WindowContext } from '../windows.js';

/** Permission modes: per conversation, in the project runtime's memory; every window of the project is told. */
export function modeHandlers(runtimes: ProjectRuntimes): Handlers<WindowContext> {
  const view = (rt: ProjectRuntime, conversationId: string): ConversationModeView => {
    const modes = rt.agent.runtime.modes;
    return { conversationId, mode: modes.get(conversationId), carryPlan: modes.carriesPlan(conversationId) };
  };
  const known = async (rt: ProjectRuntime, id: string) => {
    if (!(await rt.agent.runtime.conversations.list()).some((c) => c.id === id))
      throw new AppError('not_found', `There is no conversation ${id} in this project.`);
  };
  return {
    'mode.get': async ({ conversationId }, ctx) => {
      const rt = await runtimes.of(ctx);
      await known(rt, conversationId);
      return view(rt, conversationId);
    },
    'mode.set': async ({ conversationId, mode, carryPlan }, ctx) => {
      const rt = await runtimes.of(ctx);
      await known(rt, conversationId);
      rt.agent.runtime.modes.set(conversationId, mode, carryPlan === undefined ? {} : { carryPlan });
      const v = view(rt, conversationId);
      rt.publish('mode.changed', v);
      return v;
    },
  };
}
