import { createProvider } from './provider.js';
import type { LlmEvent, LlmProvider, LlmRequest, LlmSettings } from './types.js';

/**
 * A provider that reads the settings at each model turn, so a change in Settings (model, key, base
 * URL) applies to the next turn without reopening the project. Bad settings surface as the turn's
 * error, with the field named. The SDK client is kept while the settings stay the same, so turns
 * reuse its connections.
 */
export function settingsProvider(current: () => LlmSettings): LlmProvider {
  let cached: { signature: string; provider: LlmProvider } | undefined;
  const providerFor = (settings: LlmSettings): LlmProvider => {
    const signature = JSON.stringify([
      settings.provider,
      settings.model,
      settings.baseUrl,
      settings.apiKey,
      settings.maxTokens,
      settings.contextWindow,
      settings.prices,
    ]);
    if (cached?.signature !== signature) cached = { signature, provider: createProvider(settings) };
    return cached.provider;
  };
  return {
    get kind() {
      return current().provider;
    },
    get model() {
      return current().model;
    },
    get contextWindow() {
      return current().contextWindow;
    },
    get prices() {
      return current().prices;
    },
    async *stream(request: LlmRequest, signal?: AbortSignal): AsyncIterable<LlmEvent> {
      yield* providerFor(current()).stream(request, signal);
    },
  };
}
