import type { Settings } from '../../../../shared/contract/index.js';
import { engineInUse } from '../../env/index.js';
import { isLlmError, listModels, type LlmSettings, testConnection } from '../../llm/index.js';
import type { SettingsService } from '../../settings/index.js';
import type { Handlers } from '../../router/index.js';
import type { WindowContext } from '../windows.js';

export interface LlmOverride {
  settings: () => LlmSettings;
  /** Why these settings are not the ones in use, for the Settings screen. */
  why: string;
}

/** The settings as the screen shows them: with the override named, when there is one. */
export function withOverride(s: Settings, override: LlmOverride | undefined): Settings {
  if (!override) return s;
  const o = override.settings();
  return { ...s, llmOverride: { provider: o.provider, model: o.model, why: override.why } };
}

export function settingsHandlers(settings: SettingsService, override?: LlmOverride): Handlers<WindowContext> {
  return {
    'settings.get': async () => withOverride(await settings.get(), override),
    'settings.update': async (input) => withOverride(await settings.update(input), override),
    // The form's values, not the saved ones and not the override: what the user typed is what is tested.
    'settings.testConnection': async (input) => {
      // Saved: the provider's stored key (unless one is typed), its context window and prices.
      const tried = { ...settings.llmConfigFor(input.provider), model: input.model };
      delete tried.baseUrl; // an empty field means the provider's default address, whatever was saved
      if (input.baseUrl) tried.baseUrl = input.baseUrl;
      if (input.apiKey) tried.apiKey = input.apiKey;
      const check = await testConnection(tried);
      if (!override) return check;
      const o = override.settings();
      return { ...check, overriddenBy: { provider: o.provider, model: o.model, why: override.why } };
    },
    // The same choice, and the same environment, as run_container's (env/run.ts reads process.env).
    'settings.engineInUse': async () => {
      const { host, copyProject } = settings.containerEngine();
      return engineInUse({ setting: host, copyProject, env: process.env });
    },
    // The provider that answers the agent: a flag's when one overrides Settings, else the saved one.
    'settings.listModels': async () => {
      const used = override ? override.settings() : settings.llmConfig();
      try {
        return { ok: true as const, provider: used.provider, models: await listModels(used) };
      } catch (err) {
        if (!isLlmError(err)) throw err;
        return { ok: false as const, provider: used.provider, message: err.message, code: err.code };
      }
    },
  };
}
