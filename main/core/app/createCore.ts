/**
 * The composition root of the plain-Node core: it wires services into the router and does no work
 * of its own. Both the Electron shell and the web host call it, passing their stores and hooks.
 */
import { DEFAULT_MAX_AGENTS } from '../../../shared/contract/index.js';
import type { LlmSettings } from '../llm/index.js';
import { RecentProjects } from '../projects/index.js';
import { Router, type RouterLog } from '../router/index.js';
import { SettingsService } from '../settings/index.js';
import type { JsonStore, SecretStore } from '../stores/index.js';
import { agentHandlers } from './handlers/agent.js';
import { agentsHandlers } from './handlers/agents.js';
import { checkpointHandlers } from './handlers/checkpoints.js';
import { modeHandlers } from './handlers/modes.js';
import { hookHandlers } from './handlers/hooks.js';
import { mcpHandlers } from './handlers/mcp.js';
import { permissionHandlers } from './handlers/permissions.js';
import { projectHandlers } from './handlers/project.js';
import { settingsHandlers, withOverride } from './handlers/settings.js';
import type { HostHooks } from './host.js';
import { ProjectRuntimes } from './projectRuntimes.js';
import { WindowRegistry, type WindowContext, type WindowSession } from './windows.js';

export interface CoreDeps {
  host: HostHooks;
  dataDir: string;
  stores: { settings: JsonStore; recent: JsonStore };
  secrets: SecretStore;
  env?: NodeJS.ProcessEnv;
  log?: RouterLog;
  /** Model settings that replace the Settings service's (a scripted model server for demos and tests). */
  llmOverride?: () => LlmSettings;
  /** Why the override is in use, in the Settings screen's words (default: a scripted model). */
  llmOverrideWhy?: string;
}

export interface Core {
  router: Router<WindowContext>;
  windows: WindowRegistry;
  settings: SettingsService;
  recent: RecentProjects;
  runtimes: ProjectRuntimes;
  /** Call when a window or connection closes. */
  closeWindow(id: string): Promise<void>;
}

export function createCore(deps: CoreDeps): Core {
  const windows = new WindowRegistry();
  const settings = new SettingsService({ store: deps.stores.settings, secrets: deps.secrets, env: deps.env ?? {} });
  const recent = new RecentProjects(deps.stores.recent);
  const override = deps.llmOverride
    ? { settings: deps.llmOverride, why: deps.llmOverrideWhy ?? 'a scripted model was set when CodeCoder started' }
    : undefined;
  settings.onChange((s) => windows.broadcast('settings.changed', withOverride(s, override)));

  const maxAgents = () => settings.get().maxAgents ?? DEFAULT_MAX_AGENTS;
  const runtimes = new ProjectRuntimes((projectRoot) => ({
    projectRoot,
    dataDir: deps.dataDir,
    llm: deps.llmOverride ?? (() => settings.llmConfig()),
    secrets: () => settings.secretValues(),
    search: () => settings.searchConfig(),
    containerEngine: () => settings.containerEngine(),
    secret: (name) => deps.secrets.get(name),
    maxAgents,
    publish: (name, payload) => windows.broadcastToProject(projectRoot, name, payload),
  }));

  // A window that starts showing a project holds its runtime; the last window to leave closes it.
  const onProjectChange = async (window: WindowSession, previous: string | null) => {
    if (window.project) await runtimes.acquire(window.project.path);
    if (previous) await runtimes.release(previous);
  };

  const router = new Router<WindowContext>(
    {
      ...settingsHandlers(settings, override),
      ...projectHandlers({ host: deps.host, recent, onProjectChange }),
      ...permissionHandlers(runtimes),
      ...agentHandlers(runtimes),
      ...modeHandlers(runtimes),
      ...checkpointHandlers(runtimes),
      ...mcpHandlers(runtimes),
      ...hookHandlers(runtimes),
      ...agentsHandlers(runtimes, maxAgents),
    },
    deps.log,
  );

  return {
    router,
    windows,
    settings,
    recent,
    runtimes,
    closeWindow: async (id) => {
      const w = windows.get(id);
      windows.remove(id);
      if (w?.project) await runtimes.release(w.project.path);
    },
  };
}
