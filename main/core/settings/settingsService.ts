import { EventEmitter } from 'node:events';
import { z } from 'zod';
import {
  AppError,
  containerEngineSchema,
  diffViews,
  MAX_AGENTS_CEILING,
  providers,
  searchProviders,
  themes,
  type Settings,
  type SettingsUpdate,
} from '../../../shared/contract/index.js';
import type { JsonStore, SecretStore } from '../stores/index.js';
import { modelPriceSchema, type ModelPrice } from '../llm/index.js';
import { parseEngineHost } from '../env/index.js';

/** What is kept on disk (the key is not: it lives in the SecretStore). */
const storedSchema = z.object({
  provider: z.enum(providers),
  model: z.string().min(1),
  baseUrl: z.string().url().optional(),
  notifications: z.boolean(),
  theme: z.enum(themes),
  diffView: z.enum(diffViews).optional(),
  maxAgents: z.number().int().min(1).max(MAX_AGENTS_CEILING).optional(),
  /** Context window in tokens, per provider, when the user knows it better than the table. */
  contextWindows: z.partialRecord(z.enum(providers), z.number().int().min(1024)).optional(),
  /** Prices per million tokens by exact model name (over the built-in table). */
  prices: z.record(z.string(), modelPriceSchema).optional(),
  /** The web_search provider (its key is in the SecretStore). */
  webSearch: z.object({ provider: z.enum(searchProviders), endpoint: z.string().url().optional() }).optional(),
  /** run_container's engine (env/engineHost.ts reads the address). */
  containerEngine: containerEngineSchema.optional(),
});
type Stored = z.infer<typeof storedSchema>;

export const defaultSettings: Stored = { provider: 'anthropic', model: 'claude-sonnet-4-5', notifications: true, theme: 'system' };

/** The environment variable each provider's key may come from in plain Node. */
export const providerKeyEnv: Record<Stored['provider'], string> = {
  anthropic: 'ANTHROPIC_API_KEY',
  openai: 'OPENAI_API_KEY',
  'openai-compatible': 'OPENAI_API_KEY',
};

/** Everything the agent needs to reach the model. Main-process only: never sent to the renderer. */
export interface LlmConfig {
  provider: Stored['provider'];
  model: string;
  baseUrl?: string;
  apiKey?: string;
  contextWindow?: number;
  prices?: Record<string, ModelPrice>;
}

export interface SettingsDeps {
  store: Pick<JsonStore, 'read' | 'write' | 'location'>;
  secrets: SecretStore;
  env?: NodeJS.ProcessEnv;
}

/**
 * Settings for every window. Invalid input changes nothing; a settings file that cannot be read is
 * not overwritten (the error names the file) and the defaults are used until it is fixed.
 */
export class SettingsService {
  private readonly events = new EventEmitter();
  constructor(private readonly deps: SettingsDeps) {}

  get(): Settings {
    const { contextWindows, prices, webSearch, ...stored } = this.loadStored().value;
    const status = (k: { source: 'stored' | 'env'; value: string } | undefined) =>
      k ? { source: k.source, hint: k.value.slice(-4) } : { source: 'none' as const };
    const window = contextWindows?.[stored.provider];
    return {
      ...stored,
      apiKey: status(this.keyFor(stored.provider)),
      ...(window ? { contextWindow: window } : {}),
      prices: prices ?? {},
      ...(webSearch ? { webSearch: { ...webSearch, key: status(this.secretFor(WEB_SEARCH_KEY)) } } : {}),
      githubToken: status(this.secretFor(GITHUB_TOKEN, GITHUB_TOKEN_ENV)),
    };
  }

  /** web_search and github_search settings with their keys (main process only: tool deps). */
  searchConfig(): { webSearch?: { provider: (typeof searchProviders)[number]; endpoint: string; apiKey?: string }; githubToken?: string } {
    const { webSearch } = this.loadStored().value;
    const key = this.secretFor(WEB_SEARCH_KEY)?.value;
    const token = this.secretFor(GITHUB_TOKEN, GITHUB_TOKEN_ENV)?.value;
    return {
      ...(webSearch?.endpoint
        ? { webSearch: { provider: webSearch.provider, endpoint: webSearch.endpoint, ...(key ? { apiKey: key } : {}) } }
        : {}),
      ...(token ? { githubToken: token } : {}),
    };
  }

  update(update: SettingsUpdate): Settings {
    const { value: current, error } = this.loadStored();
    if (error) throw new AppError('conflict', error);
    const { apiKey, baseUrl, contextWindow, prices, webSearch, webSearchKey, githubToken, containerEngine, ...rest } = update;
    const next: Stored = { ...current, ...rest };
    if (containerEngine !== undefined) {
      if (containerEngine === null || (!containerEngine.host && !containerEngine.copyProject)) delete next.containerEngine;
      else next.containerEngine = checkedEngine(containerEngine, this.deps.env ?? {});
    }
    if (contextWindow !== undefined) {
      const windows = { ...next.contextWindows };
      if (contextWindow === null) delete windows[next.provider];
      else windows[next.provider] = contextWindow;
      next.contextWindows = windows;
    }
    if (prices !== undefined) {
      if (prices === null) delete next.prices;
      else next.prices = prices;
    }
    if (webSearch !== undefined) {
      if (webSearch === null) delete next.webSearch;
      else next.webSearch = webSearch;
    }
    if (baseUrl !== undefined) {
      if (baseUrl === '') delete next.baseUrl;
      else next.baseUrl = baseUrl;
    }
    if (next.provider === 'openai-compatible' && !next.baseUrl) {
      throw new AppError('invalid_input', 'An OpenAI-compatible provider needs a base URL (for Ollama: http://127.0.0.1:11434/v1).', [
        { path: 'baseUrl', message: 'required for an OpenAI-compatible provider' },
      ]);
    }
    const checked = storedSchema.safeParse(next);
    if (!checked.success)
      throw new AppError('invalid_input', `Settings not saved: ${checked.error.issues.map((i) => i.message).join('; ')}`);
    this.deps.store.write(checked.data);
    if (apiKey === null) this.deps.secrets.delete(secretName(next.provider));
    else if (apiKey !== undefined) this.deps.secrets.set(secretName(next.provider), apiKey);
    if (webSearchKey === null || webSearch === null) this.deps.secrets.delete(WEB_SEARCH_KEY);
    else if (webSearchKey !== undefined) this.deps.secrets.set(WEB_SEARCH_KEY, webSearchKey);
    if (githubToken === null) this.deps.secrets.delete(GITHUB_TOKEN);
    else if (githubToken !== undefined) this.deps.secrets.set(GITHUB_TOKEN, githubToken);
    const settings = this.get();
    this.events.emit('change', settings);
    return settings;
  }

  llmConfig(): LlmConfig {
    return this.llmConfigFor(this.loadStored().value.provider);
  }

  /** The saved model settings as they apply to `provider` (model and base URL only when it is the chosen one). */
  llmConfigFor(provider: Stored['provider']): LlmConfig {
    const stored = this.loadStored().value;
    const key = this.keyFor(provider);
    const chosen = stored.provider === provider;
    const window = stored.contextWindows?.[provider];
    return {
      provider,
      model: chosen ? stored.model : defaultSettings.model,
      ...(chosen && stored.baseUrl ? { baseUrl: stored.baseUrl } : {}),
      ...(key ? { apiKey: key.value } : {}),
      ...(window ? { contextWindow: window } : {}),
      ...(stored.prices ? { prices: stored.prices } : {}),
    };
  }

  /** run_container's engine as saved (main process: the tools read it at each call). */
  containerEngine(): { host?: string; copyProject?: boolean } {
    return this.loadStored().value.containerEngine ?? {};
  }

  /** Every key value the app holds, so the shell environment can scrub them from child processes. */
  secretValues(): string[] {
    return [
      ...providers.map((p) => this.keyFor(p)?.value),
      this.secretFor(WEB_SEARCH_KEY)?.value,
      this.secretFor(GITHUB_TOKEN, GITHUB_TOKEN_ENV)?.value,
    ].filter((v): v is string => Boolean(v));
  }

  private secretFor(name: string, envName?: string): { source: 'stored' | 'env'; value: string } | undefined {
    const stored = this.deps.secrets.get(name);
    if (stored) return { source: 'stored', value: stored };
    const fromEnv = envName ? (this.deps.env ?? {})[envName] : undefined;
    return fromEnv ? { source: 'env', value: fromEnv } : undefined;
  }

  onChange(listener: (s: Settings) => void): () => void {
    this.events.on('change', listener);
    return () => this.events.off('change', listener);
  }

  private keyFor(provider: Stored['provider']): { source: 'stored' | 'env'; value: string } | undefined {
    const stored = this.deps.secrets.get(secretName(provider));
    if (stored) return { source: 'stored', value: stored };
    const fromEnv = (this.deps.env ?? {})[providerKeyEnv[provider]];
    if (fromEnv) return { source: 'env', value: fromEnv };
    return undefined;
  }

  private loadStored(): { value: Stored; error?: string } {
    let raw: Record<string, unknown>;
    try {
      raw = this.deps.store.read();
    } catch (err) {
      return {
        value: defaultSettings,
        error: `The settings file ${this.deps.store.location} cannot be read (${(err as Error).message}); fix or delete it.`,
      };
    }
    const parsed = storedSchema.safeParse({ ...defaultSettings, ...raw });
    if (!parsed.success) {
      return {
        value: defaultSettings,
        error: `The settings file ${this.deps.store.location} holds invalid values (${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}); fix or delete it.`,
      };
    }
    return { value: parsed.data };
  }
}

/** An engine address is saved only when it can be used (the same parse run_container applies). */
function checkedEngine(e: NonNullable<Stored['containerEngine']>, env: NodeJS.ProcessEnv): NonNullable<Stored['containerEngine']> {
  if (e.host) {
    try {
      // The host key is checked when connecting; here only the address's form matters.
      parseEngineHost(e.host, 'setting', { env, sshHostVerifier: () => () => false });
    } catch (err) {
      throw new AppError('invalid_input', `Settings not saved: ${(err as Error).message}`, [{ path: 'containerEngine.host', message: (err as Error).message }]);
    }
  }
  return e;
}

const WEB_SEARCH_KEY = 'webSearch.key';
const GITHUB_TOKEN = 'github.token';
/** Scrubbed from child processes already (env/secrets.ts). */
const GITHUB_TOKEN_ENV = 'CODECODER_GITHUB_TOKEN';

function secretName(provider: Stored['provider']): string {
  return `apiKey.${provider}`;
}
