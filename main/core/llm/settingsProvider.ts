import { createProvider } from './provider.js';
import type { LlmEvent, LlmProvider, LlmRequest, LlmSettings } from './types.js';

/**
 * A provider that reads the settings at each model turn, so a change in Settings (model, key, base
 * URL) applies to the next turn without reopening the project. Bad settings surface as the turn's
 * error, with the field named.
 */
export function settingsProvider(current: () => LlmSettings): LlmProvider {
  return {
    get kind() {
      return current().provider;
    },
    get model() {
      return current().model;
    },
    async *stream(request: LlmRequest, signal?: AbortSignal): AsyncIterable<LlmEvent> {
      yield* createProvider(current()).stream(request, signal);
    },
  };
}
