import { LlmError } from './errors.js';
import { createProvider } from './provider.js';
import type { LlmSettings } from './types.js';

export interface ConnectionCheck {
  ok: boolean;
  /** What happened, in words (the error's own message names the cause; never the key). */
  message: string;
  /** The error's code when it failed (missing_key, invalid_key, unreachable, unknown_model, …). */
  code?: string;
  ms: number;
}

/**
 * Settings' "Test connection": one tiny model turn (a few output tokens) with these settings, no
 * retries, a short timeout. Proves the key, the address and the model name together.
 */
export async function testConnection(
  settings: LlmSettings,
  opts: { timeoutMs?: number; now?: () => number } = {},
): Promise<ConnectionCheck> {
  const now = opts.now ?? Date.now;
  const started = now();
  const timeoutMs = opts.timeoutMs ?? 15_000;
  try {
    const provider = createProvider(settings, { retry: { maxRetries: 0, backoffMs: () => 0, sleep: async () => {} }, timeoutMs });
    const signal = AbortSignal.timeout(timeoutMs);
    for await (const e of provider.stream(
      {
        system: 'This is a connection test. Reply with the single word OK.',
        messages: [{ role: 'user', content: [{ type: 'text', text: 'OK?' }] }],
        tools: [],
        maxTokens: 5,
      },
      signal,
    )) {
      void e;
    }
    return { ok: true, message: `Connected: ${settings.provider} answered with the model ${settings.model}.`, ms: now() - started };
  } catch (err) {
    const code = err instanceof LlmError ? err.code : undefined;
    const message = err instanceof Error ? err.message : String(err);
    return { ok: false, message, ...(code ? { code } : {}), ms: now() - started };
  }
}
