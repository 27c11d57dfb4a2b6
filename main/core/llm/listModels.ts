import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { LlmError, toLlmError } from './errors.js';
import { parseLlmSettings } from './provider.js';
import type { LlmSettings } from './types.js';

/** More than any provider lists today; a server that pages on forever is cut here. */
const MAX_MODELS = 500;

/**
 * The models the provider offers, through its own SDK: Anthropic's models list (paged by the SDK)
 * or an OpenAI-compatible server's GET /v1/models. Ids only, sorted (Anthropic's newest first as
 * it lists them), at most MAX_MODELS. Fails with the same LlmError codes as a model turn
 * (missing_key, invalid_key, unreachable…), the key redacted from every message.
 */
export async function listModels(input: LlmSettings, opts: { timeoutMs?: number; signal?: AbortSignal } = {}): Promise<string[]> {
  const settings = parseLlmSettings(input);
  const timeout = opts.timeoutMs ?? 15_000;
  const ctx = { provider: settings.provider, model: settings.model, baseUrl: settings.baseUrl, apiKey: settings.apiKey };
  if (settings.provider !== 'openai-compatible' && !settings.apiKey)
    throw new LlmError('missing_key', `no API key for provider ${settings.provider}: add the key in Settings to list its models`);
  const ids: string[] = [];
  try {
    if (settings.provider === 'anthropic') {
      const client = new Anthropic({
        apiKey: settings.apiKey ?? null,
        baseURL: settings.baseUrl ?? null,
        maxRetries: 0,
        logLevel: 'off',
        openTelemetry: false,
        timeout,
      });
      for await (const m of client.models.list({ limit: 100 }, { ...(opts.signal ? { signal: opts.signal } : {}) })) {
        ids.push(m.id);
        if (ids.length >= MAX_MODELS) break;
      }
      return ids;
    }
    const client = new OpenAI({
      // Local servers (Ollama, LM Studio, llama.cpp) take no key; the SDK insists on a string.
      apiKey: settings.apiKey || 'no-key',
      baseURL: settings.baseUrl ?? 'https://api.openai.com/v1',
      maxRetries: 0,
      logLevel: 'off',
      timeout,
    });
    for await (const m of client.models.list({ ...(opts.signal ? { signal: opts.signal } : {}) })) {
      ids.push(m.id);
      if (ids.length >= MAX_MODELS) break;
    }
    return ids.sort((a, b) => a.localeCompare(b));
  } catch (err) {
    throw toLlmError(err, { ...ctx, aborted: opts.signal?.aborted });
  }
}
