/** The public surface of main/core/settings: what other folders may import (build/coreSurfaces.mjs). */
export { providerKeyEnv, SettingsService } from './settingsService.js';
