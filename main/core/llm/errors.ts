/**
 * Typed model errors. Every failure leaving a provider is an `LlmError` with a stable `code`, a
 * message a user can act on, and never the API key (messages are built here, not copied from
 * servers that may echo a key back).
 */

import { detectContextOverflow, type ContextOverflow } from './contextErrors.js';

export type LlmErrorCode =
  | 'missing_key'
  | 'invalid_key'
  | 'permission_denied'
  | 'unknown_model'
  | 'unreachable'
  | 'connection_dropped'
  | 'rate_limited'
  | 'overloaded'
  | 'server_error'
  | 'bad_request'
  /** The prompt does not fit the model's context window (the agent compacts and retries). */
  | 'context_overflow'
  | 'invalid_settings'
  | 'cancelled'
  | 'unknown';

const RETRYABLE: ReadonlySet<LlmErrorCode> = new Set(['unreachable', 'connection_dropped', 'rate_limited', 'overloaded', 'server_error']);

export class LlmError extends Error {
  override readonly name = 'LlmError';
  readonly code: LlmErrorCode;
  readonly status?: number;
  /** From `retry-after-ms` / `retry-after` when the server sent one. */
  readonly retryAfterMs?: number;
  /** context_overflow: what the server said about the window and the refused prompt, when it did. */
  readonly overflow?: ContextOverflow;

  constructor(
    code: LlmErrorCode,
    message: string,
    opts: { status?: number; retryAfterMs?: number; cause?: unknown; overflow?: ContextOverflow } = {},
  ) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.code = code;
    if (opts.status !== undefined) this.status = opts.status;
    if (opts.retryAfterMs !== undefined) this.retryAfterMs = opts.retryAfterMs;
    if (opts.overflow) this.overflow = opts.overflow;
  }

  get retryable(): boolean {
    return RETRYABLE.has(this.code);
  }
}

export function isLlmError(err: unknown): err is LlmError {
  return err instanceof LlmError;
}

/** Removes every occurrence of the key (and a short masked form some servers echo) from a text. */
export function redactKey(text: string, apiKey: string | undefined): string {
  if (!apiKey || apiKey.length < 4) return text;
  let out = text.split(apiKey).join('[redacted]');
  const tail = apiKey.slice(-4);
  out = out.replace(new RegExp(`\\S*\\*+${escapeRegExp(tail)}`, 'g'), '[redacted]');
  return out;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

interface SdkErrorLike {
  status?: number;
  headers?: Headers | Record<string, string>;
  error?: unknown;
  name?: string;
  message?: string;
  constructor?: { name?: string };
}

function header(headers: SdkErrorLike['headers'], name: string): string | undefined {
  if (!headers) return undefined;
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  return (headers as Record<string, string>)[name];
}

function retryAfter(headers: SdkErrorLike['headers']): number | undefined {
  const ms = Number.parseFloat(header(headers, 'retry-after-ms') ?? '');
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const s = Number.parseFloat(header(headers, 'retry-after') ?? '');
  if (Number.isFinite(s) && s >= 0) return s * 1000;
  return undefined;
}

/** The server's own short explanation, when its JSON error body has one (both wire formats). */
function serverMessage(body: unknown): string | undefined {
  const b = body as { error?: { message?: unknown }; message?: unknown } | undefined;
  const m = b?.error?.message ?? b?.message;
  return typeof m === 'string' ? m : undefined;
}

/**
 * Maps an error thrown by either SDK (or by fetch underneath) to an `LlmError`. Duck-typed on the
 * SDKs' shared shape (status, headers, error body, class name) so one mapping serves both.
 */
export function toLlmError(
  err: unknown,
  ctx: { provider: string; model: string; baseUrl?: string; apiKey?: string; aborted?: boolean },
): LlmError {
  if (err instanceof LlmError) return err;
  const e = (err ?? {}) as SdkErrorLike;
  const cls = e.constructor?.name ?? e.name ?? '';
  const where = ctx.baseUrl ? ` at ${ctx.baseUrl}` : '';
  const said = (m: string | undefined) => (m ? `: ${redactKey(m, ctx.apiKey)}` : '');
  if (ctx.aborted || cls === 'APIUserAbortError' || e.name === 'AbortError') {
    return new LlmError('cancelled', 'the model request was cancelled', { cause: err });
  }
  const status = typeof e.status === 'number' ? e.status : undefined;
  if (status === undefined) {
    if (cls === 'APIConnectionError' || cls === 'APIConnectionTimeoutError') {
      return new LlmError(
        'unreachable',
        `cannot reach the ${ctx.provider} API${where} (${cls === 'APIConnectionTimeoutError' ? 'timed out' : 'connection failed'})`,
        { cause: err },
      );
    }
    // An SDK APIError without a status is an error event inside the stream (Anthropic sends
    // `event: error` with e.g. overloaded_error); its type is in the body.
    const type =
      (e.error as { error?: { type?: string }; type?: string } | undefined)?.error?.type ??
      (e.error as { type?: string } | undefined)?.type;
    if (type === 'overloaded_error')
      return new LlmError('overloaded', `the ${ctx.provider} API is overloaded${said(serverMessage(e.error))}`, { cause: err });
    if (type === 'rate_limit_error')
      return new LlmError('rate_limited', `rate limited by the ${ctx.provider} API${said(serverMessage(e.error))}`, { cause: err });
    if (type === 'api_error')
      return new LlmError('server_error', `the ${ctx.provider} API failed mid-stream${said(serverMessage(e.error))}`, { cause: err });
    const msg = String(e.message ?? err);
    if (/terminated|socket|ECONNRESET|premature|aborted|other side closed|network/i.test(msg) || cls === 'TypeError') {
      return new LlmError('connection_dropped', `the connection to the ${ctx.provider} API dropped mid-stream`, { cause: err });
    }
    return new LlmError('unknown', `model request failed: ${redactKey(msg, ctx.apiKey)}`, { cause: err });
  }
  const opts = { status, cause: err, retryAfterMs: retryAfter(e.headers) };
  const detail = said(serverMessage(e.error));
  const overflow = detectContextOverflow(status, e.error, String(e.message ?? ''));
  if (overflow)
    return new LlmError('context_overflow', `the prompt is too long for ${ctx.model} (HTTP ${status})${detail}`, { ...opts, overflow });
  if (status === 401)
    return new LlmError('invalid_key', `the ${ctx.provider} API rejected the API key (HTTP 401); check the key in Settings`, opts);
  if (status === 403) return new LlmError('permission_denied', `the API key has no access to this request (HTTP 403)${detail}`, opts);
  if (status === 404)
    return new LlmError('unknown_model', `unknown model '${ctx.model}' for ${ctx.provider}${where} (HTTP 404)${detail}`, opts);
  if (status === 429) return new LlmError('rate_limited', `rate limited by the ${ctx.provider} API (HTTP 429)${detail}`, opts);
  if (status === 529) return new LlmError('overloaded', `the ${ctx.provider} API is overloaded (HTTP 529)${detail}`, opts);
  if (status >= 500) return new LlmError('server_error', `the ${ctx.provider} API failed (HTTP ${status})${detail}`, opts);
  return new LlmError('bad_request', `the ${ctx.provider} API refused the request (HTTP ${status})${detail}`, opts);
}
