import { classifyCommand, commandPermission } from '../../permissions/index.js';
import type { Handlers } from '../../router/index.js';
import { toolCatalogue } from '../../tools/index.js';
import { mapErrors } from '../errors.js';
import type { ProjectRuntimes } from '../projectRuntimes.js';
import type { WindowContext } from '../windows.js';
import { AppError } from '../../../../shared/contract/index.js';

export function permissionHandlers(runtimes: ProjectRuntimes): Handlers<WindowContext> {
  return {
    'allowlist.list': async (_i, ctx) => (await runtimes.of(ctx)).allowlist(),
    'allowlist.add': async ({ key, scope, ttlMs }, ctx) => {
      const rt = await runtimes.of(ctx);
      const engine = rt.agent.engine;
      await mapErrors(async () => {
        if (scope === 'project') await engine.setProjectEntry(key);
        else if (scope === 'deny') await engine.addDenyRule(key);
        else engine.addSessionEntry(key, ttlMs);
      });
      return rt.allowlist();
    },
    'allowlist.remove': async ({ key, scope }, ctx) => {
      const rt = await runtimes.of(ctx);
      const engine = rt.agent.engine;
      await mapErrors(async () => {
        if (scope === 'project' || scope === 'preset') await engine.removeProjectEntry(key);
        else if (scope === 'deny') await engine.removeDenyRule(key);
        else if (!engine.removeSessionEntry(key)) throw new AppError('not_found', `${key} is not in this session's allowlist.`);
      });
      return rt.allowlist();
    },
    'allowlist.undoRemove': async ({ key, scope }, ctx) => {
      const rt = await runtimes.of(ctx);
      if (!(await mapErrors(() => rt.agent.engine.undoRemove(key, scope))))
        throw new AppError(
          'not_found',
          `Nothing to undo: ${key} was not removed from the ${scope === 'deny' ? 'deny rules' : scope} allowlist in this session.`,
        );
      return rt.allowlist();
    },
    'allowlist.changeScope': async ({ key, from, to }, ctx) => {
      const rt = await runtimes.of(ctx);
      const engine = rt.agent.engine;
      await mapErrors(async () => {
        // The destination first: a refused move (the ceiling, a malformed file) leaves the entry where it was.
        if (to === 'project') {
          await engine.setProjectEntry(key, 'AlwaysThisProject');
          if (from === 'session') engine.removeSessionEntry(key);
        } else if (from !== 'session') {
          engine.addSessionEntry(key);
          await engine.removeProjectEntry(key);
        }
      });
      return rt.allowlist();
    },
    'allowlist.reload': async (_i, ctx) => {
      const rt = await runtimes.of(ctx);
      await mapErrors(() => rt.agent.engine.reload());
      return rt.allowlist();
    },
    'permissions.trust': async ({ sha256 }, ctx) => {
      const rt = await runtimes.of(ctx);
      await mapErrors(() => rt.agent.engine.trustProject(sha256));
      // The file's presets count now: offer them, as at session start.
      rt.offerPresets();
      return rt.allowlist();
    },
    'permissions.untrust': async (_i, ctx) => {
      const rt = await runtimes.of(ctx);
      await mapErrors(() => rt.agent.engine.revokeTrust());
      return rt.allowlist();
    },
    'permissions.test': async ({ command }, ctx) => {
      const rt = await runtimes.of(ctx);
      const c = classifyCommand(command);
      const classification =
        c.kind === 'simple'
          ? { kind: c.kind, key: c.key, program: c.program, argv: c.argv, ...(c.subcommand ? { subcommand: c.subcommand } : {}) }
          : c.kind === 'compound'
            ? { kind: c.kind, key: c.key, reason: c.reason, notes: c.notes }
            : { kind: c.kind, key: null, reason: c.reason };
      const r = rt.agent.engine.dryRun({ tool: 'run_command', environment: 'shell', permission: commandPermission(command) });
      return {
        classification,
        result: { decision: r.decision, via: r.via, key: r.key, violations: r.violations, ...(r.reason ? { reason: r.reason } : {}) },
      };
    },
    'audit.query': async (q, ctx) => {
      const rt = await runtimes.of(ctx);
      return rt.agent.engine.queryAudit(q);
    },
    'tools.catalogue': async (_i, ctx) => {
      const rt = await runtimes.of(ctx);
      return toolCatalogue(rt.agent.registry).map(({ name, category, description, permission, keyTemplate, environment, subAgent, touches }) => ({
        name,
        category,
        description,
        permission,
        keyTemplate,
        environment,
        subAgent,
        touches,
      }));
    },
  };
}
