import type { ModelPrice } from './prices.js';

/**
 * One provider-neutral shape for talking to a model. The loop speaks only this; the Anthropic and
 * OpenAI adapters translate to and from their wire formats.
 */

export type LlmProviderKind = 'anthropic' | 'openai' | 'openai-compatible';

export type LlmContentBlock =
  | { type: 'text'; text: string }
  | { type: 'tool_use'; id: string; name: string; input: unknown }
  | { type: 'tool_result'; toolUseId: string; content: string; isError?: boolean };

export interface LlmMessage {
  role: 'user' | 'assistant';
  content: LlmContentBlock[];
}

export interface LlmToolSpec {
  name: string;
  description: string;
  /** JSON Schema of the arguments (an object schema). */
  inputSchema: Record<string, unknown>;
}

export interface LlmRequest {
  system: string;
  messages: LlmMessage[];
  tools: LlmToolSpec[];
  maxTokens?: number;
  /**
   * Index of the last message that the previous request the server answered also sent, unchanged
   * and at the same place, ending where a request ended (so its end is in the prompt cache).
   * Providers with explicit cache breakpoints (Anthropic) mark it; without it they guess from the
   * transcript's shape. Set by the loop's context manager.
   */
  cacheAnchor?: number;
}

export type LlmStopReason = 'end_turn' | 'tool_use' | 'max_tokens' | 'stop_sequence' | 'other';

export type LlmEvent =
  | { type: 'text.delta'; text: string }
  | { type: 'tool_call.start'; index: number; id: string; name: string }
  | { type: 'tool_call.delta'; index: number; argsDelta: string }
  /** `input` is the parsed arguments; `argsError` is set when the model sent JSON we cannot parse. */
  | { type: 'tool_call.end'; index: number; id: string; name: string; input: unknown; argsError?: string }
  /**
   * `inputTokens` is the whole prompt (cached parts included, on both wire formats); of it,
   * `cacheReadTokens` were read from the prompt cache and `cacheWriteTokens` written to it
   * (Anthropic's cache_creation_input_tokens). Both are omitted when zero.
   */
  | { type: 'usage'; inputTokens: number; outputTokens: number; cacheReadTokens?: number; cacheWriteTokens?: number }
  | { type: 'stop'; reason: LlmStopReason; raw: string | null }
  /**
   * The provider is about to retry after a retryable failure. `discardPartial` says that events of
   * this turn were already delivered and must be thrown away (the turn restarts from scratch).
   */
  | { type: 'retry'; attempt: number; delayMs: number; code: string; discardPartial: boolean };

export interface LlmProvider {
  readonly kind: LlmProviderKind;
  readonly model: string;
  /** The context window from settings, in tokens (undefined: known-model table or learned). */
  readonly contextWindow?: number;
  /** The user's prices by model name (Settings), over the built-in table. */
  readonly prices?: Readonly<Record<string, ModelPrice>>;
  /** Streams one model turn. Throws `LlmError` (never a raw SDK error). */
  stream(request: LlmRequest, signal?: AbortSignal): AsyncIterable<LlmEvent>;
}

/** The plain settings object the Settings service hands over. */
export interface LlmSettings {
  provider: LlmProviderKind;
  model: string;
  baseUrl?: string;
  apiKey?: string;
  maxTokens?: number;
  /** The model's context window in tokens, when the user knows it better than our table. */
  contextWindow?: number;
  /** The user's prices by model name, over the built-in table. */
  prices?: Record<string, ModelPrice>;
}
