import OpenAI from 'openai';
import { LlmError, toLlmError } from './errors.js';
import { defaultRetryPolicy, withRetry } from './retry.js';
import { failing, type ProviderOptions } from './anthropic.js';
import { parseToolArgs } from './toolArgs.js';
import type { LlmEvent, LlmMessage, LlmProvider, LlmRequest, LlmSettings, LlmStopReason } from './types.js';

type ChatMessage = OpenAI.Chat.Completions.ChatCompletionMessageParam;

/**
 * Neutral transcript → Chat Completions messages. Tool results become `role: "tool"` messages and
 * come first, right after the assistant message that asked for them (the API requires it).
 * Chat Completions has no error flag on a tool result, so errors are prefixed in the text.
 */
export function toOpenAiMessages(system: string, messages: LlmMessage[]): ChatMessage[] {
  const out: ChatMessage[] = [{ role: 'system', content: system }];
  for (const m of messages) {
    let c = converted.get(m);
    if (!c) {
      c = convertMessage(m);
      converted.set(m, c);
    }
    out.push(...c);
  }
  return out;
}

/** Transcript messages never change once appended: convert each once (a long run re-sends them every turn). */
const converted = new WeakMap<LlmMessage, ChatMessage[]>();

function convertMessage(m: LlmMessage): ChatMessage[] {
  const out: ChatMessage[] = [];
  const text = m.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('');
  if (m.role === 'assistant') {
    const calls = m.content.flatMap((b) =>
      b.type === 'tool_use'
        ? [{ id: b.id, type: 'function' as const, function: { name: b.name, arguments: JSON.stringify(b.input ?? {}) } }]
        : [],
    );
    if (text || calls.length) out.push({ role: 'assistant', content: text || null, ...(calls.length ? { tool_calls: calls } : {}) });
    return out;
  }
  for (const b of m.content) {
    if (b.type === 'tool_result')
      out.push({ role: 'tool', tool_call_id: b.toolUseId, content: b.isError ? `[error] ${b.content}` : b.content });
  }
  if (text) out.push({ role: 'user', content: text });
  return out;
}

function stopReason(raw: string | null, sawTools: boolean): LlmStopReason {
  if (raw === 'tool_calls' || raw === 'function_call') return 'tool_use';
  // Some OpenAI-compatible servers (Ollama, llama.cpp) say "stop" even when they called tools.
  if (sawTools) return 'tool_use';
  if (raw === 'stop') return 'end_turn';
  if (raw === 'length') return 'max_tokens';
  return 'other';
}

const DEFAULT_OPENAI_URL = 'https://api.openai.com/v1';

export function createOpenAiProvider(settings: LlmSettings, opts: ProviderOptions = {}): LlmProvider {
  const policy = opts.retry ?? defaultRetryPolicy;
  const compatible = settings.provider === 'openai-compatible';
  const name = compatible ? 'openai-compatible' : 'openai';
  const baseURL = settings.baseUrl ?? (compatible ? undefined : DEFAULT_OPENAI_URL);
  const ctx = { provider: name, model: settings.model, baseUrl: baseURL, apiKey: settings.apiKey };
  let client: OpenAI | undefined;
  const getClient = () =>
    (client ??= new OpenAI({
      // Local servers (Ollama, LM Studio, llama.cpp) take no key; the SDK insists on a string.
      apiKey: settings.apiKey || 'no-key',
      baseURL,
      maxRetries: 0,
      logLevel: 'off',
      timeout: opts.timeoutMs ?? 10 * 60_000,
    }));

  async function* attempt(request: LlmRequest, signal?: AbortSignal): AsyncIterable<LlmEvent> {
    const stream = await getClient().chat.completions.create(
      {
        model: settings.model,
        messages: toOpenAiMessages(request.system, request.messages),
        ...(request.tools.length
          ? {
              tools: request.tools.map((t) => ({
                type: 'function' as const,
                function: { name: t.name, description: t.description, parameters: t.inputSchema },
              })),
            }
          : {}),
        // OpenAI deprecated max_tokens; local servers (Ollama, llama.cpp, vLLM) still read only max_tokens.
        ...(compatible
          ? { max_tokens: request.maxTokens ?? settings.maxTokens ?? 8192 }
          : { max_completion_tokens: request.maxTokens ?? settings.maxTokens ?? 8192 }),
        stream: true,
        stream_options: { include_usage: true },
      },
      { signal },
    );
    const tools = new Map<number, { id: string; name: string; json: string; started: boolean }>();
    let finish: string | null = null;
    let usage: { inputTokens: number; outputTokens: number; cached: number } | undefined;
    const endTools = function* (): Generator<LlmEvent> {
      for (const [index, t] of [...tools].sort((a, b) => a[0] - b[0])) {
        yield { type: 'tool_call.end', index, id: t.id, name: t.name, ...parseToolArgs(t.json) };
      }
    };
    for await (const chunk of stream) {
      if (chunk.usage)
        usage = {
          inputTokens: chunk.usage.prompt_tokens ?? 0,
          outputTokens: chunk.usage.completion_tokens ?? 0,
          cached: chunk.usage.prompt_tokens_details?.cached_tokens ?? 0,
        };
      const choice = chunk.choices?.[0];
      if (!choice) continue;
      const delta = choice.delta ?? {};
      if (typeof delta.content === 'string' && delta.content) yield { type: 'text.delta', text: delta.content };
      for (const [pos, tc] of (delta.tool_calls ?? []).entries()) {
        const index = tc.index ?? pos;
        let t = tools.get(index);
        if (!t) {
          // llama.cpp and some proxies omit the id: make one so results can be matched.
          t = { id: tc.id || `call_${index}_${Date.now().toString(36)}`, name: '', json: '', started: false };
          tools.set(index, t);
        }
        if (tc.function?.name) t.name += tc.function.name;
        if (!t.started && t.name) {
          t.started = true;
          yield { type: 'tool_call.start', index, id: t.id, name: t.name };
        }
        if (tc.function?.arguments) {
          t.json += tc.function.arguments;
          yield { type: 'tool_call.delta', index, argsDelta: tc.function.arguments };
        }
      }
      if (choice.finish_reason) finish = choice.finish_reason;
    }
    if (finish === null) throw new LlmError('connection_dropped', `the connection to the ${name} API dropped mid-stream`);
    yield* endTools();
    yield {
      type: 'usage',
      inputTokens: usage?.inputTokens ?? 0,
      outputTokens: usage?.outputTokens ?? 0,
      ...(usage?.cached ? { cacheReadTokens: usage.cached } : {}),
    };
    yield { type: 'stop', reason: stopReason(finish, tools.size > 0), raw: finish };
  }

  return {
    kind: settings.provider,
    model: settings.model,
    ...(settings.contextWindow ? { contextWindow: settings.contextWindow } : {}),
    ...(settings.prices ? { prices: settings.prices } : {}),
    stream(request, signal) {
      if (!compatible && !settings.apiKey) {
        return failing(new LlmError('missing_key', 'no API key for provider openai: set OPENAI_API_KEY or add the key in Settings'));
      }
      if (!baseURL)
        return failing(
          new LlmError(
            'invalid_settings',
            "baseUrl is required for provider 'openai-compatible' (e.g. http://localhost:11434/v1 for Ollama)",
          ),
        );
      return withRetry(
        () => attempt(request, signal),
        (e) => toLlmError(e, { ...ctx, aborted: signal?.aborted }),
        policy,
        signal,
      );
    },
  };
}
