import Anthropic from '@anthropic-ai/sdk';
import { LlmError, toLlmError } from './errors.js';
import { defaultRetryPolicy, withRetry, type RetryPolicy } from './retry.js';
import type { LlmEvent, LlmMessage, LlmProvider, LlmRequest, LlmSettings, LlmStopReason } from './types.js';
import { parseToolArgs } from './toolArgs.js';

type Param = Anthropic.MessageParam;
type Block = Anthropic.ContentBlockParam;

/** Transcript messages never change once appended: convert each once (a long run re-sends them every turn). */
const converted = new WeakMap<LlmMessage, Block[]>();

/** Neutral transcript → Messages API params. Consecutive same-role messages are merged (the API wants alternation). */
export function toAnthropicMessages(messages: LlmMessage[]): Param[] {
  const out: Param[] = [];
  for (const m of messages) {
    let blocks = converted.get(m);
    if (!blocks) {
      blocks = convertBlocks(m);
      converted.set(m, blocks);
    }
    if (blocks.length === 0) continue;
    const last = out[out.length - 1];
    // Merging copies, so the cached blocks are never mutated.
    if (last && last.role === m.role) last.content = [...(last.content as Block[]), ...blocks];
    else out.push({ role: m.role, content: blocks });
  }
  return out;
}

function convertBlocks(m: LlmMessage): Block[] {
  return m.content.map((b): Block => {
    if (b.type === 'text') return { type: 'text', text: b.text };
    if (b.type === 'tool_use') return { type: 'tool_use', id: b.id, name: b.name, input: (b.input ?? {}) as Record<string, unknown> };
    return { type: 'tool_result', tool_use_id: b.toolUseId, content: b.content, ...(b.isError ? { is_error: true } : {}) };
  });
}

const EPHEMERAL = { type: 'ephemeral' } as const;

/**
 * Prompt-cache breakpoints (at most 4): the last tool, the system prompt, the end of what the
 * previous request also sent (what it wrote, read now) and the end of this request (written for
 * the next turn). The prefix they cover is byte-stable: the same tools in the same order, a system
 * prompt without timestamps, and a transcript that only grows — a compaction keeps its head
 * unchanged up to where an earlier request ended, and `anchor` (the last block of that head, from
 * `LlmRequest.cacheAnchor`) is marked so the cache is read there. Without an anchor, the end of the
 * previous turn is found by its shape: the user message before the latest assistant message.
 * Blocks are copied, never marked in place: the converted transcript is shared across turns.
 */
export function withCacheBreakpoints(messages: Param[], anchor?: Block): Param[] {
  const out = messages.slice();
  const mark = (i: number, at?: number) => {
    const m = out[i];
    if (!m || typeof m.content === 'string' || m.content.length === 0) return;
    const content = m.content.slice();
    const j = at ?? content.length - 1;
    const block = content[j]!;
    if (block.type === 'thinking' || block.type === 'redacted_thinking') return;
    content[j] = { ...block, cache_control: EPHEMERAL } as Block;
    out[i] = { ...m, content } as Param;
  };
  const lastIndex = out.length - 1;
  mark(lastIndex);
  if (anchor) {
    for (let i = lastIndex; i >= 0; i--) {
      const content = messages[i]!.content; // the given blocks: `out` holds copies where marked
      const j = typeof content === 'string' ? -1 : (content as Block[]).indexOf(anchor);
      if (j < 0) continue;
      // The request's own end is already marked; a second mark on it would only waste a breakpoint.
      if (i !== lastIndex || j !== (content as Block[]).length - 1) mark(i, j);
      return out;
    }
  }
  let prevUser = -1;
  for (let i = lastIndex - 1, sawAssistant = false; i >= 0; i--) {
    if (out[i]!.role === 'assistant') sawAssistant = true;
    else if (sawAssistant) {
      prevUser = i;
      break;
    }
  }
  if (prevUser >= 0) mark(prevUser);
  return out;
}

/** The converted last block of the transcript's message `index` (the cache anchor), if it has one. */
function anchorBlock(messages: LlmMessage[], index: number | undefined): Block | undefined {
  if (index === undefined) return undefined;
  for (let i = index; i >= 0; i--) {
    const blocks = converted.get(messages[i]!);
    if (blocks?.length) return blocks[blocks.length - 1];
  }
  return undefined;
}

function stopReason(raw: string | null | undefined): LlmStopReason {
  if (raw === 'end_turn' || raw === 'tool_use' || raw === 'max_tokens' || raw === 'stop_sequence') return raw;
  return 'other';
}

export interface ProviderOptions {
  retry?: RetryPolicy;
  /** Per-attempt timeout of the HTTP request (ms). */
  timeoutMs?: number;
}

export function createAnthropicProvider(settings: LlmSettings, opts: ProviderOptions = {}): LlmProvider {
  const policy = opts.retry ?? defaultRetryPolicy;
  const ctx = { provider: 'anthropic', model: settings.model, baseUrl: settings.baseUrl, apiKey: settings.apiKey };
  let client: Anthropic | undefined;
  const getClient = () =>
    (client ??= new Anthropic({
      apiKey: settings.apiKey ?? null,
      baseURL: settings.baseUrl ?? null,
      maxRetries: 0, // our own policy in retry.ts covers mid-stream drops too
      logLevel: 'off', // the SDK's debug logs would carry request details; keys stay out of every log
      openTelemetry: false, // no trace headers or spans with prompt content leave the app
      timeout: opts.timeoutMs ?? 10 * 60_000,
    }));

  async function* attempt(request: LlmRequest, signal?: AbortSignal): AsyncIterable<LlmEvent> {
    const stream = await getClient().messages.create(
      {
        model: settings.model,
        max_tokens: request.maxTokens ?? settings.maxTokens ?? 8192,
        system: [{ type: 'text', text: request.system, cache_control: EPHEMERAL }],
        messages: withCacheBreakpoints(toAnthropicMessages(request.messages), anchorBlock(request.messages, request.cacheAnchor)),
        ...(request.tools.length
          ? {
              tools: request.tools.map((t, i) => ({
                name: t.name,
                description: t.description,
                input_schema: t.inputSchema as Anthropic.Tool.InputSchema,
                ...(i === request.tools.length - 1 ? { cache_control: EPHEMERAL } : {}),
              })),
            }
          : {}),
        stream: true,
      },
      { signal },
    );
    const tools = new Map<number, { id: string; name: string; json: string }>();
    let inputTokens = 0;
    let outputTokens = 0;
    let cacheRead = 0;
    let cacheWrite = 0;
    let stop: string | null = null;
    for await (const ev of stream) {
      switch (ev.type) {
        case 'message_start':
          inputTokens = ev.message.usage.input_tokens ?? 0;
          outputTokens = ev.message.usage.output_tokens ?? 0;
          cacheRead = ev.message.usage.cache_read_input_tokens ?? 0;
          cacheWrite = ev.message.usage.cache_creation_input_tokens ?? 0;
          break;
        case 'content_block_start':
          if (ev.content_block.type === 'tool_use') {
            tools.set(ev.index, { id: ev.content_block.id, name: ev.content_block.name, json: '' });
            yield { type: 'tool_call.start', index: ev.index, id: ev.content_block.id, name: ev.content_block.name };
          }
          break;
        case 'content_block_delta':
          if (ev.delta.type === 'text_delta') yield { type: 'text.delta', text: ev.delta.text };
          else if (ev.delta.type === 'input_json_delta') {
            const t = tools.get(ev.index);
            if (t) {
              t.json += ev.delta.partial_json;
              yield { type: 'tool_call.delta', index: ev.index, argsDelta: ev.delta.partial_json };
            }
          }
          break;
        case 'content_block_stop': {
          const t = tools.get(ev.index);
          if (t) {
            const parsed = parseToolArgs(t.json);
            yield { type: 'tool_call.end', index: ev.index, id: t.id, name: t.name, ...parsed };
          }
          break;
        }
        case 'message_delta':
          stop = ev.delta.stop_reason ?? stop;
          if (ev.usage?.output_tokens != null) outputTokens = ev.usage.output_tokens;
          if (ev.usage?.input_tokens != null) inputTokens = ev.usage.input_tokens;
          if (ev.usage?.cache_read_input_tokens != null) cacheRead = ev.usage.cache_read_input_tokens;
          if (ev.usage?.cache_creation_input_tokens != null) cacheWrite = ev.usage.cache_creation_input_tokens;
          break;
        case 'message_stop':
          // Anthropic counts cached parts apart from input_tokens; the neutral figure is the whole prompt.
          yield {
            type: 'usage',
            inputTokens: inputTokens + cacheRead + cacheWrite,
            outputTokens,
            ...(cacheRead ? { cacheReadTokens: cacheRead } : {}),
            ...(cacheWrite ? { cacheWriteTokens: cacheWrite } : {}),
          };
          yield { type: 'stop', reason: stopReason(stop), raw: stop };
          return;
      }
    }
    // The body ended without message_stop: the connection was cut.
    throw new LlmError('connection_dropped', 'the connection to the anthropic API dropped mid-stream');
  }

  return {
    kind: 'anthropic',
    model: settings.model,
    ...(settings.contextWindow ? { contextWindow: settings.contextWindow } : {}),
    ...(settings.prices ? { prices: settings.prices } : {}),
    stream(request, signal) {
      if (!settings.apiKey) {
        return failing(new LlmError('missing_key', 'no API key for provider anthropic: set ANTHROPIC_API_KEY or add the key in Settings'));
      }
      return withRetry(
        () => attempt(request, signal),
        (e) => toLlmError(e, { ...ctx, aborted: signal?.aborted }),
        policy,
        signal,
      );
    },
  };
}

/** An event stream that fails on first read (errors surface where events are consumed). */
export function failing(err: Error): AsyncIterable<LlmEvent> {
  return { [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(err) }) };
}
