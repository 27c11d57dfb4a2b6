import { z } from 'zod';
import { createAnthropicProvider, type ProviderOptions } from './anthropic.js';
import { LlmError } from './errors.js';
import { createOpenAiProvider } from './openai.js';
import { modelPriceSchema } from './prices.js';
import type { LlmProvider, LlmSettings } from './types.js';

export const llmSettingsSchema = z.object({
  provider: z.enum(['anthropic', 'openai', 'openai-compatible']),
  model: z.string().min(1),
  baseUrl: z.url().optional(),
  apiKey: z.string().optional(),
  maxTokens: z.number().int().positive().optional(),
  contextWindow: z.number().int().min(1024).optional(),
  prices: z.record(z.string(), modelPriceSchema).optional(),
});

/** Validates settings; the message names the field (and never echoes the key). */
export function parseLlmSettings(input: unknown): LlmSettings {
  const r = llmSettingsSchema.safeParse(input);
  if (!r.success) {
    const issue = r.error.issues[0];
    const field = issue?.path.join('.') || 'settings';
    throw new LlmError('invalid_settings', `model settings: '${field}' ${issue?.message ?? 'is invalid'}`);
  }
  const s = r.data;
  if (s.provider === 'openai-compatible' && !s.baseUrl) {
    throw new LlmError('invalid_settings', "model settings: 'baseUrl' is required for provider 'openai-compatible'");
  }
  return s;
}

/** One entry point for the Settings service, the CLI and tests. */
export function createProvider(settings: LlmSettings, opts: ProviderOptions = {}): LlmProvider {
  const s = parseLlmSettings(settings);
  return s.provider === 'anthropic' ? createAnthropicProvider(s, opts) : createOpenAiProvider(s, opts);
}

export type { ProviderOptions };
