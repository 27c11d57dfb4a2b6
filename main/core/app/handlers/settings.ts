import type { Settings } from '../../../../shared/contract/index.js';
import { type LlmSettings, testConnection } from '../../llm/index.js';
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
    'settings.testConnection': () => testConnection(override ? override.settings() : settings.llmConfig()),
  };
}
