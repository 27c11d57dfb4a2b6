import type { SettingsService } from '../../settings/settingsService.js';
import type { Handlers } from '../../router/router.js';
import type { WindowContext } from '../windows.js';

export function settingsHandlers(settings: SettingsService): Handlers<WindowContext> {
  return {
    'settings.get': () => settings.get(),
    'settings.update': (input) => settings.update(input),
  };
}
