/**
 * The two streaming wire formats, byte for byte as the real APIs send them, and their error bodies.
 * A turn becomes a list of SSE frames; `textEnd` marks where the text ends (a stalled or dropped
 * stream stops there).
 */
import { chunkText, type ScriptTurn } from './script.js';

export interface Frames {
  frames: string[];
  textEnd: number;
}

export interface TurnIds {
  messageId: string;
  toolId: (i: number) => string;
}

const sse = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
const dataOnly = (data: unknown) => `data: ${JSON.stringify(data)}\n\n`;

function textChunks(turn: ScriptTurn): string[] {
  if (turn.textChunks) return turn.textChunks;
  return turn.text ? chunkText(turn.text) : [];
}

function usageOf(turn: ScriptTurn, requestChars: number) {
  const text = textChunks(turn).join('');
  const args = (turn.toolCalls ?? []).map((c) => JSON.stringify(c.input)).join('');
  return turn.usage ?? { input: Math.max(1, Math.ceil(requestChars / 4)), output: Math.max(1, Math.ceil((text.length + args.length) / 4)) };
}

function stopOf(turn: ScriptTurn): string {
  return turn.stopReason ?? (turn.toolCalls?.length ? 'tool_use' : 'end_turn');
}

export function anthropicFrames(
  turn: ScriptTurn,
  model: string,
  ids: TurnIds,
  requestChars: number,
  cache: { readTokens: number; writeTokens: number } = { readTokens: 0, writeTokens: 0 },
): Frames {
  const usage = usageOf(turn, requestChars);
  // input_tokens counts only what was neither read from nor written to the cache.
  // A scripted usage is reported as written, with no cache.
  if (turn.usage) cache = { readTokens: 0, writeTokens: 0 };
  const uncached = Math.max(1, usage.input - cache.readTokens - cache.writeTokens);
  const frames: string[] = [
    sse('message_start', {
      type: 'message_start',
      message: {
        id: ids.messageId,
        type: 'message',
        role: 'assistant',
        model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: {
          input_tokens: uncached,
          cache_creation_input_tokens: cache.writeTokens,
          cache_read_input_tokens: cache.readTokens,
          output_tokens: 1,
        },
      },
    }),
  ];
  let index = 0;
  const chunks = textChunks(turn);
  if (chunks.length) {
    frames.push(sse('content_block_start', { type: 'content_block_start', index, content_block: { type: 'text', text: '' } }));
    frames.push(sse('ping', { type: 'ping' }));
    for (const text of chunks)
      frames.push(sse('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'text_delta', text } }));
  }
  const textEnd = frames.length;
  if (chunks.length) frames.push(sse('content_block_stop', { type: 'content_block_stop', index: index++ }));
  for (const [i, call] of (turn.toolCalls ?? []).entries()) {
    const id = call.id ?? ids.toolId(i);
    frames.push(
      sse('content_block_start', {
        type: 'content_block_start',
        index,
        content_block: { type: 'tool_use', id, name: call.name, input: {} },
      }),
    );
    frames.push(sse('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: '' } }));
    for (const part of chunkText(JSON.stringify(call.input), 16)) {
      frames.push(
        sse('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: part } }),
      );
    }
    frames.push(sse('content_block_stop', { type: 'content_block_stop', index: index++ }));
  }
  frames.push(
    sse('message_delta', {
      type: 'message_delta',
      delta: { stop_reason: stopOf(turn), stop_sequence: null },
      usage: { output_tokens: usage.output },
    }),
  );
  frames.push(sse('message_stop', { type: 'message_stop' }));
  return { frames, textEnd };
}

const OPENAI_FINISH: Record<string, string> = { end_turn: 'stop', tool_use: 'tool_calls', max_tokens: 'length', stop_sequence: 'stop' };

export function openaiFrames(
  turn: ScriptTurn,
  model: string,
  ids: TurnIds,
  requestChars: number,
  includeUsage: boolean,
  created: number,
  cachedTokens = 0,
): Frames {
  const usage = usageOf(turn, requestChars);
  const base = {
    id: ids.messageId,
    object: 'chat.completion.chunk',
    created,
    model,
    system_fingerprint: 'fp_scripted',
    service_tier: 'default',
  };
  const chunk = (delta: unknown, finish: string | null) => ({
    ...base,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
    ...(includeUsage ? { usage: null } : {}),
  });
  const frames: string[] = [dataOnly(chunk({ role: 'assistant', content: '', refusal: null }, null))];
  for (const content of textChunks(turn)) frames.push(dataOnly(chunk({ content }, null)));
  const textEnd = frames.length;
  for (const [i, call] of (turn.toolCalls ?? []).entries()) {
    const id = call.id ?? ids.toolId(i);
    frames.push(dataOnly(chunk({ tool_calls: [{ index: i, id, type: 'function', function: { name: call.name, arguments: '' } }] }, null)));
    for (const part of chunkText(JSON.stringify(call.input), 16)) {
      frames.push(dataOnly(chunk({ tool_calls: [{ index: i, function: { arguments: part } }] }, null)));
    }
  }
  frames.push(dataOnly(chunk({}, OPENAI_FINISH[stopOf(turn)] ?? 'stop')));
  if (includeUsage) {
    frames.push(
      dataOnly({
        ...base,
        choices: [],
        usage: {
          prompt_tokens: usage.input,
          completion_tokens: usage.output,
          total_tokens: usage.input + usage.output,
          prompt_tokens_details: { cached_tokens: turn.usage ? 0 : Math.min(cachedTokens, usage.input), audio_tokens: 0 },
          completion_tokens_details: { reasoning_tokens: 0, audio_tokens: 0, accepted_prediction_tokens: 0, rejected_prediction_tokens: 0 },
        },
      }),
    );
  }
  frames.push('data: [DONE]\n\n');
  return { frames, textEnd };
}

const ANTHROPIC_ERROR_TYPES: Record<number, [string, string]> = {
  400: ['invalid_request_error', 'Invalid request.'],
  401: ['authentication_error', 'invalid x-api-key'],
  403: ['permission_error', 'Your API key does not have permission to use the specified resource.'],
  404: ['not_found_error', 'Not found.'],
  413: ['request_too_large', 'Request exceeds the maximum allowed number of bytes.'],
  429: ['rate_limit_error', 'Number of request tokens has exceeded your per-minute rate limit.'],
  500: ['api_error', 'Internal server error'],
  529: ['overloaded_error', 'Overloaded'],
};

export function anthropicErrorBody(status: number, message?: string): unknown {
  const [type, fallback] =
    ANTHROPIC_ERROR_TYPES[status] ??
    (status >= 500 ? ['api_error', 'Internal server error'] : ['invalid_request_error', 'Invalid request.']);
  return { type: 'error', error: { type, message: message ?? fallback } };
}

/** `maskedKey` mimics OpenAI echoing a masked key in its 401 (so redaction is exercised). */
export function openaiErrorBody(status: number, message: string | undefined, maskedKey: string, model: string): unknown {
  const e = (msg: string, type: string, code: string | null) => ({ error: { message: message ?? msg, type, param: null, code } });
  if (status === 401)
    return e(
      `Incorrect API key provided: ${maskedKey}. You can find your API key at https://platform.openai.com/account/api-keys.`,
      'invalid_request_error',
      'invalid_api_key',
    );
  if (status === 404)
    return e(`The model \`${model}\` does not exist or you do not have access to it.`, 'invalid_request_error', 'model_not_found');
  if (status === 429)
    return e(
      `Rate limit reached for ${model} on requests per min (RPM): Limit 3, Used 3, Requested 1. Please try again in 20s.`,
      'requests',
      'rate_limit_exceeded',
    );
  if (status >= 500) return e('The server had an error while processing your request. Sorry about that!', 'server_error', null);
  return e('Invalid request.', 'invalid_request_error', null);
}

export function maskKey(key: string): string {
  if (key.length <= 8) return '*'.repeat(key.length);
  return `${key.slice(0, 3)}${'*'.repeat(Math.max(4, key.length - 7))}${key.slice(-4)}`;
}

export type OverflowWording = 'openai' | 'anthropic' | 'vllm' | 'llamacpp' | 'ollama';

/** A "prompt too long" refusal (HTTP 400) as each kind of server words it; 4 characters count as a token. */
export function contextOverflowBody(
  wording: OverflowWording,
  provider: 'anthropic' | 'openai',
  requestChars: number,
  maxChars: number,
): unknown {
  const tokens = Math.ceil(requestChars / 4);
  const window = Math.floor(maxChars / 4);
  if (provider === 'anthropic' || wording === 'anthropic')
    return anthropicErrorBody(400, `prompt is too long: ${tokens} tokens > ${window} maximum`);
  if (wording === 'llamacpp')
    return {
      error: {
        code: 400,
        message: 'the request exceeds the available context size, try increasing it',
        type: 'exceed_context_size_error',
        n_prompt_tokens: tokens,
        n_ctx: window,
      },
    };
  if (wording === 'ollama') return { error: 'the input length exceeds the context length' };
  if (wording === 'vllm')
    return {
      object: 'error',
      message: `This model's maximum context length is ${window} tokens. However, you requested ${tokens + 8192} tokens (${tokens} in the messages, 8192 in the completion). Please reduce the length of the messages or completion.`,
      type: 'BadRequestError',
      param: null,
      code: 400,
    };
  return {
    error: {
      message: `This model's maximum context length is ${window} tokens. However, your messages resulted in ${tokens} tokens. Please reduce the length of the messages.`,
      type: 'invalid_request_error',
      param: 'messages',
      code: 'context_length_exceeded',
    },
  };
}
