import { LlmError } from './errors.js';
import type { LlmEvent } from './types.js';

/**
 * Our own retry around a streamed turn (the SDKs' built-in retries are switched off so that one
 * policy covers 429, 5xx, an unreachable host AND a connection that drops mid-stream, and so tests
 * can inject the sleep). A retry after events were delivered says so (`discardPartial`) so the
 * consumer throws the partial turn away.
 */
export interface RetryPolicy {
  /** Retries after the first attempt (0 = never retry). */
  maxRetries: number;
  /** Backoff before retry number `attempt` (1-based) when the server did not say. */
  backoffMs(attempt: number): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const defaultRetryPolicy: RetryPolicy = {
  maxRetries: 3,
  backoffMs: (attempt) => Math.min(500 * 2 ** (attempt - 1), 8000) * (1 - Math.random() * 0.25),
  sleep: abortableSleep,
};

/** A server-requested wait longer than this is not honoured blindly. */
const MAX_RETRY_AFTER_MS = 60_000;

export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new LlmError('cancelled', 'the model request was cancelled'));
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new LlmError('cancelled', 'the model request was cancelled'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export async function* withRetry(
  attempt: () => AsyncIterable<LlmEvent>,
  toError: (err: unknown) => LlmError,
  policy: RetryPolicy,
  signal?: AbortSignal,
): AsyncIterable<LlmEvent> {
  for (let n = 0; ; n++) {
    let delivered = false;
    try {
      for await (const ev of attempt()) {
        delivered = true;
        yield ev;
      }
      return;
    } catch (raw) {
      const err = toError(raw);
      if (signal?.aborted || err.code === 'cancelled') throw new LlmError('cancelled', 'the model request was cancelled', { cause: raw });
      if (!err.retryable || n >= policy.maxRetries) throw err;
      const retryAfter = err.retryAfterMs !== undefined && err.retryAfterMs <= MAX_RETRY_AFTER_MS ? err.retryAfterMs : undefined;
      const delayMs = Math.round(retryAfter ?? policy.backoffMs(n + 1));
      yield { type: 'retry', attempt: n + 1, delayMs, code: err.code, discardPartial: delivered };
      await policy.sleep(delayMs, signal);
    }
  }
}
