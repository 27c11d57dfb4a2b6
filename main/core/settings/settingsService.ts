import { EventEmitter } from 'node:events';
import { z } from 'zod';
import { AppError, providers, themes, type Settings, type SettingsUpdate } from '../../../shared/contract/index.js';
import type { JsonStore, SecretStore } from '../stores/types.js';

/** What is kept on disk (the key is not: it lives in the SecretStore). */
const storedSchema = z.object({
  provider: z.enum(providers),
  model: z.string().min(1),
  baseUrl: z.string().url().optional(),
  notifications: z.boolean(),
  theme: z.enum(themes),
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
    const stored = this.loadStored().value;
    const key = this.keyFor(stored.provider);
    return {
      ...stored,
      apiKey: key ? { source: key.source, hint: key.value.slice(-4) } : { source: 'none' },
    };
  }

  update(update: SettingsUpdate): Settings {
    const { value: current, error } = this.loadStored();
    if (error) throw new AppError('conflict', error);
    const { apiKey, baseUrl, ...rest } = update;
    const next: Stored = { ...current, ...rest };
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
    const settings = this.get();
    this.events.emit('change', settings);
    return settings;
  }

  llmConfig(): LlmConfig {
    const stored = this.loadStored().value;
    const key = this.keyFor(stored.provider);
    return {
      provider: stored.provider,
      model: stored.model,
      ...(stored.baseUrl ? { baseUrl: stored.baseUrl } : {}),
      ...(key ? { apiKey: key.value } : {}),
    };
  }

  /** Every key value the app holds, so the shell environment can scrub them from child processes. */
  secretValues(): string[] {
    return providers.map((p) => this.keyFor(p)?.value).filter((v): v is string => Boolean(v));
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

function secretName(provider: Stored['provider']): string {
  return `apiKey.${provider}`;
}
