/**
 * The composition root of the plain-Node core: it wires services into the router and does no work
 * of its own. Both the Electron shell and the web host call it, passing their stores and hooks.
 */
import { RecentProjects } from '../projects/recentProjects.js';
import { Router, type RouterLog } from '../router/router.js';
import { SettingsService } from '../settings/settingsService.js';
import type { JsonStore, SecretStore } from '../stores/types.js';
import { projectHandlers } from './handlers/project.js';
import { settingsHandlers } from './handlers/settings.js';
import type { HostHooks } from './host.js';
import { WindowRegistry, type WindowContext, type WindowSession } from './windows.js';

export interface CoreDeps {
  host: HostHooks;
  dataDir: string;
  stores: { settings: JsonStore; recent: JsonStore };
  secrets: SecretStore;
  env?: NodeJS.ProcessEnv;
  log?: RouterLog;
}

export interface Core {
  router: Router<WindowContext>;
  windows: WindowRegistry;
  settings: SettingsService;
  recent: RecentProjects;
  /** Call when a window or connection closes. */
  closeWindow(id: string): Promise<void>;
}

export function createCore(deps: CoreDeps): Core {
  const windows = new WindowRegistry();
  const settings = new SettingsService({ store: deps.stores.settings, secrets: deps.secrets, env: deps.env ?? {} });
  const recent = new RecentProjects(deps.stores.recent);
  settings.onChange((s) => windows.broadcast('settings.changed', s));

  const onProjectChange = (_window: WindowSession, _previous: string | null) => {
    // Project services (permission engine, agent) attach here.
  };

  const router = new Router<WindowContext>(
    {
      ...settingsHandlers(settings),
      ...projectHandlers({ host: deps.host, recent, onProjectChange }),
    },
    deps.log,
  );

  return {
    router,
    windows,
    settings,
    recent,
    closeWindow: async (id) => {
      const w = windows.get(id);
      windows.remove(id);
      if (w?.project) await onProjectChange(w, w.project.path);
    },
  };
}
