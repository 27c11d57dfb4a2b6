import type { Handlers } from '../../router/index.js';
import { AppError } from '../../../../shared/contract/index.js';
import { mapErrors } from '../errors.js';
import type { ProjectRuntimes } from '../projectRuntimes.js';
import type { WindowContext } from '../windows.js';

/** The Hooks section: list (with the last runs) and the per-hook switch. */
export function hookHandlers(runtimes: ProjectRuntimes): Handlers<WindowContext> {
  const withHooks = async (ctx: WindowContext) => {
    const rt = await runtimes.of(ctx);
    const hooks = rt.agent.hooks;
    if (!hooks) throw new AppError('not_found', 'Hooks are not enabled for this project.');
    return { rt, hooks };
  };
  const changed = (rt: Awaited<ReturnType<typeof withHooks>>['rt']) => {
    rt.publishHooksSoon();
    return rt.hooksView();
  };
  return {
    'hooks.list': async (_i, ctx) => (await runtimes.of(ctx)).hooksView(),
    'hooks.setEnabled': async ({ id, enabled }, ctx) => {
      const { rt, hooks } = await withHooks(ctx);
      await mapErrors(() => hooks.setEnabled(id, enabled));
      return changed(rt);
    },
    'hooks.addUser': async (input, ctx) => {
      const { rt, hooks } = await withHooks(ctx);
      await mapErrors(() => hooks.addUserHook(input));
      return changed(rt);
    },
    'hooks.removeUser': async ({ id }, ctx) => {
      const { rt, hooks } = await withHooks(ctx);
      await mapErrors(() => hooks.removeUserHook(id));
      return changed(rt);
    },
  };
}
