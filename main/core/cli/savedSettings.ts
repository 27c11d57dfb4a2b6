/**
 * The model settings of `codecoder run`: flags first, then the environment, then what the app saved
 * in Settings (the same settings file and key store in the app's data folder), then defaults.
 * A key the desktop app saved is encrypted with the system keychain (Electron safeStorage), which
 * plain Node cannot open: that case is named, never sent as if it were a key.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { LlmProviderKind, LlmSettings } from '../llm/index.js';
import { providerKeyEnv, SettingsService } from '../settings/index.js';
import { confStore, fileSecretStore, isSealedSecret } from '../stores/index.js';

export const DEFAULT_MODEL: Record<LlmProviderKind, string> = {
  anthropic: 'claude-sonnet-4-5',
  openai: 'gpt-4.1',
  'openai-compatible': 'llama3.1',
};


export interface ResolvedSettings {
  settings: LlmSettings;
  /** Where each part came from, for the user ("provider from Settings"). */
  source: { provider: 'flag' | 'env' | 'saved' | 'default'; key: 'env' | 'saved' | 'none' };
  /** Why a saved key could not be used, when that is the case. */
  keyProblem?: string;
  /** web_search / github_search as saved in Settings (keys from the key store). */
  search: ReturnType<SettingsService['searchConfig']>;
  /** Every key the saved settings hold, to scrub from child processes. */
  savedSecrets: string[];
  /** run_container's engine as saved in Settings ({} when none). */
  containerEngine: ReturnType<SettingsService['containerEngine']>;
}

/** The container engine saved in Settings ({} when none, or no settings file). */
export function savedContainerEngine(dataDir: string): ReturnType<SettingsService['containerEngine']> {
  if (!existsSync(path.join(dataDir, 'settings.json'))) return {};
  return new SettingsService({ store: confStore(dataDir, 'settings'), secrets: fileSecretStore(dataDir), env: {} }).containerEngine();
}

export function resolveRunSettings(
  flags: { provider?: LlmProviderKind; model?: string; baseUrl?: string },
  env: NodeJS.ProcessEnv,
  dataDir: string,
): ResolvedSettings {
  const hasSaved = existsSync(path.join(dataDir, 'settings.json'));
  const service = hasSaved
    ? new SettingsService({ store: confStore(dataDir, 'settings'), secrets: fileSecretStore(dataDir), env: {} })
    : undefined;
  const saved = service?.llmConfig();
  const search = service?.searchConfig() ?? {};
  const containerEngine = service?.containerEngine() ?? {};
  const savedSecrets = service?.secretValues().filter((v) => !isSealedSecret(v)) ?? [];
  const envProvider: LlmProviderKind | undefined = !env.ANTHROPIC_API_KEY && env.OPENAI_API_KEY ? 'openai' : undefined;
  const provider: LlmProviderKind = flags.provider ?? saved?.provider ?? envProvider ?? 'anthropic';
  const sourceProvider = flags.provider ? 'flag' : saved ? 'saved' : envProvider ? 'env' : 'default';
  const sameAsSaved = saved?.provider === provider;
  const settings: LlmSettings = {
    provider,
    model: flags.model ?? (sameAsSaved ? saved.model : undefined) ?? DEFAULT_MODEL[provider],
  };
  const baseUrl = flags.baseUrl ?? (sameAsSaved ? saved.baseUrl : undefined);
  if (baseUrl) settings.baseUrl = baseUrl;
  if (sameAsSaved && saved.contextWindow) settings.contextWindow = saved.contextWindow;
  if (saved?.prices) settings.prices = saved.prices;
  const envKey = env[providerKeyEnv[provider]];
  if (envKey) {
    settings.apiKey = envKey;
    return { settings, source: { provider: sourceProvider, key: 'env' }, search, savedSecrets, containerEngine };
  }
  const savedKey = service?.llmConfigFor(provider).apiKey;
  if (savedKey && isSealedSecret(savedKey)) {
    return {
      settings,
      source: { provider: sourceProvider, key: 'none' },
      search,
      savedSecrets,
      containerEngine,
      keyProblem: `the ${provider} key saved by the desktop app is encrypted with the system keychain and only the app can read it; for the terminal set ${providerKeyEnv[provider]} or pass --api-key-file FILE`,
    };
  }
  if (savedKey) settings.apiKey = savedKey;
  return { settings, source: { provider: sourceProvider, key: savedKey ? 'saved' : 'none' }, search, savedSecrets, containerEngine };
}
