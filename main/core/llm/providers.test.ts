import { createServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { LlmError } from './errors.js';
import { createProvider } from './provider.js';
import type { RetryPolicy } from './retry.js';
import { startScriptedServer, type ScriptedServer } from './scripted/server.js';
import type { ScriptInput } from './scripted/script.js';
import type { LlmEvent, LlmProvider, LlmRequest } from './types.js';

const KEY = 'sk-test-secret-key-1234567890';
let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Records the waits instead of sleeping (no sleeps in tests). */
function fakeRetry(maxRetries = 3): RetryPolicy & { delays: number[] } {
  const delays: number[] = [];
  return { maxRetries, delays, backoffMs: (n) => 100 * n, sleep: async (ms) => void delays.push(ms) };
}

const request: LlmRequest = {
  system: 'You are a test.',
  messages: [{ role: 'user', content: [{ type: 'text', text: 'hello' }] }],
  tools: [
    {
      name: 'read_file',
      description: 'Reads a file',
      inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
    },
  ],
};

async function collect(p: LlmProvider, req = request, signal?: AbortSignal): Promise<LlmEvent[]> {
  const out: LlmEvent[] = [];
  for await (const ev of p.stream(req, signal)) out.push(ev);
  return out;
}

async function caught(p: Promise<unknown>): Promise<LlmError> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(LlmError);
    return err as LlmError;
  }
  throw new Error('expected an LlmError');
}

const kinds = ['anthropic', 'openai'] as const;

async function providerFor(kind: (typeof kinds)[number], script: ScriptInput, retry = fakeRetry(), apiKey: string | null = KEY) {
  server = await startScriptedServer({ script });
  const provider = createProvider(
    kind === 'anthropic'
      ? { provider: 'anthropic', model: 'scripted', baseUrl: server.url, ...(apiKey ? { apiKey } : {}) }
      : { provider: 'openai', model: 'scripted', baseUrl: server.openaiUrl, ...(apiKey ? { apiKey } : {}) },
    { retry },
  );
  return { provider, server, retry };
}

describe.each(kinds)('%s provider through its real SDK', (kind) => {
  it('streams text and a tool call with usage and the stop reason', async () => {
    const { provider } = await providerFor(kind, {
      turns: [
        {
          text: 'Let me read the file for you.',
          toolCalls: [{ id: 'call_1', name: 'read_file', input: { path: 'src/a long name.ts' } }],
          usage: { input: 42, output: 17 },
        },
      ],
    });
    const events = await collect(provider);
    const text = events.flatMap((e) => (e.type === 'text.delta' ? [e.text] : [])).join('');
    expect(text).toBe('Let me read the file for you.');
    expect(events.filter((e) => e.type === 'text.delta').length).toBeGreaterThan(1);
    expect(events.filter((e) => e.type === 'tool_call.delta').length).toBeGreaterThan(1);
    expect(events.find((e) => e.type === 'tool_call.start')).toMatchObject({ id: 'call_1', name: 'read_file' });
    expect(events.find((e) => e.type === 'tool_call.end')).toMatchObject({
      id: 'call_1',
      name: 'read_file',
      input: { path: 'src/a long name.ts' },
    });
    expect(events.find((e) => e.type === 'usage')).toEqual({ type: 'usage', inputTokens: 42, outputTokens: 17 });
    expect(events.at(-1)).toMatchObject({ type: 'stop', reason: 'tool_use' });
  });

  it('sends the system prompt, the tools and the transcript in the wire shape', async () => {
    const { provider, server } = await providerFor(kind, { turns: [{ text: 'ok' }] });
    await collect(provider, {
      ...request,
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'read it' }] },
        { role: 'assistant', content: [{ type: 'tool_use', id: 't1', name: 'read_file', input: { path: 'a' } }] },
        { role: 'user', content: [{ type: 'tool_result', toolUseId: 't1', content: 'denied by user: not that one', isError: true }] },
      ],
    });
    const body = server.requests[0]!.body;
    expect(server.requests[0]!.hasKey).toBe(true);
    expect(JSON.stringify(body)).not.toContain(KEY);
    if (kind === 'anthropic') {
      // Cache breakpoints: the last tool, the system prompt, the end of the request.
      expect(body.system).toEqual([{ type: 'text', text: 'You are a test.', cache_control: { type: 'ephemeral' } }]);
      expect(body.tools).toEqual([
        {
          name: 'read_file',
          description: 'Reads a file',
          input_schema: request.tools[0]!.inputSchema,
          cache_control: { type: 'ephemeral' },
        },
      ]);
      expect((body.messages as unknown[])[2]).toEqual({
        role: 'user',
        content: [
          {
            type: 'tool_result',
            tool_use_id: 't1',
            content: 'denied by user: not that one',
            is_error: true,
            cache_control: { type: 'ephemeral' },
          },
        ],
      });
    } else {
      expect((body.messages as unknown[])[0]).toEqual({ role: 'system', content: 'You are a test.' });
      expect(body.stream_options).toEqual({ include_usage: true });
      expect((body.tools as { function: { name: string } }[])[0]!.function.name).toBe('read_file');
      expect((body.messages as unknown[])[3]).toEqual({
        role: 'tool',
        tool_call_id: 't1',
        content: '[error] denied by user: not that one',
      });
    }
  });

  it('retries a 429 after the server-requested wait, then succeeds', async () => {
    const { provider, server, retry } = await providerFor(kind, {
      turns: [{ error: { status: 429, retryAfterMs: 7 } }, { text: 'after the wait' }],
    });
    const events = await collect(provider);
    expect(events[0]).toEqual({ type: 'retry', attempt: 1, delayMs: 7, code: 'rate_limited', discardPartial: false });
    expect(events.flatMap((e) => (e.type === 'text.delta' ? [e.text] : [])).join('')).toBe('after the wait');
    expect(server.requests).toHaveLength(2);
    expect(retry.delays).toEqual([7]);
  });

  it('backs off on 5xx and on a connection dropped before headers', async () => {
    const { provider, retry } = await providerFor(kind, {
      turns: [{ error: { status: 500 } }, { drop: 'before_headers' }, { text: 'fine' }],
    });
    const events = await collect(provider);
    expect(events.filter((e) => e.type === 'retry').map((e) => e.type === 'retry' && e.code)).toEqual(['server_error', 'unreachable']);
    expect(retry.delays).toEqual([100, 200]);
    expect(events.at(-1)).toMatchObject({ type: 'stop', reason: 'end_turn' });
  });

  it('retries a stream cut mid-way and tells the consumer to discard the partial turn', async () => {
    const { provider } = await providerFor(kind, { turns: [{ text: 'partial answer', drop: 'mid_stream' }, { text: 'whole answer' }] });
    const events = await collect(provider);
    const retry = events.find((e) => e.type === 'retry');
    expect(retry).toMatchObject({ code: 'connection_dropped', discardPartial: true });
    const after = events.slice(events.indexOf(retry!) + 1);
    expect(after.flatMap((e) => (e.type === 'text.delta' ? [e.text] : [])).join('')).toBe('whole answer');
  });

  it('gives up after maxRetries with the typed error', async () => {
    const { provider, server } = await providerFor(kind, { turns: [{ error: { status: 429 } }, { error: { status: 429 } }] }, fakeRetry(1));
    const err = await caught(collect(provider));
    expect(err.code).toBe('rate_limited');
    expect(err.status).toBe(429);
    expect(server.requests).toHaveLength(2);
  });

  it('a bad key is invalid_key, is not retried, and the key appears nowhere in the error', async () => {
    const { provider, server } = await providerFor(kind, { turns: [{ error: { status: 401 } }] });
    const err = await caught(collect(provider));
    expect(err.code).toBe('invalid_key');
    expect(server.requests).toHaveLength(1);
    expect(err.message).not.toContain(KEY);
    expect(err.message).not.toContain(KEY.slice(-4));
  });

  it('an unknown model is unknown_model naming the model', async () => {
    const { provider } = await providerFor(kind, { models: ['other-model'], turns: [{ text: 'never' }] });
    const err = await caught(collect(provider));
    expect(err.code).toBe('unknown_model');
    expect(err.message).toContain("'scripted'");
  });

  it('a missing key fails before any request', async () => {
    const { provider, server } = await providerFor(kind, { turns: [{ text: 'never' }] }, fakeRetry(), null);
    const err = await caught(collect(provider));
    expect(err.code).toBe('missing_key');
    expect(server.requests).toHaveLength(0);
  });

  it('an unreachable host is unreachable after the retries', async () => {
    const port = await closedPort();
    const retry = fakeRetry(2);
    const provider = createProvider(
      kind === 'anthropic'
        ? { provider: 'anthropic', model: 'm', baseUrl: `http://127.0.0.1:${port}`, apiKey: KEY }
        : { provider: 'openai-compatible', model: 'm', baseUrl: `http://127.0.0.1:${port}/v1` },
      { retry },
    );
    const err = await caught(collect(provider));
    expect(err.code).toBe('unreachable');
    expect(err.message).toContain(`127.0.0.1:${port}`);
    expect(retry.delays).toHaveLength(2);
  });

  it('cancelling mid-stream ends the stream with a cancelled error', async () => {
    const { provider, server } = await providerFor(kind, { turns: [{ text: 'streaming forever', stall: true }] });
    const ac = new AbortController();
    const seen: LlmEvent[] = [];
    const run = (async () => {
      for await (const ev of provider.stream(request, ac.signal)) {
        seen.push(ev);
        if (ev.type === 'text.delta') ac.abort();
      }
    })();
    const err = await caught(run);
    expect(err.code).toBe('cancelled');
    expect(seen.some((e) => e.type === 'text.delta')).toBe(true);
    expect(server.requests).toHaveLength(1);
  });
});

it('openai-compatible sends max_tokens and no key; openai sends max_completion_tokens', async () => {
  server = await startScriptedServer({ script: { turns: [{ text: 'a' }, { text: 'b' }] } });
  await collect(
    createProvider({ provider: 'openai-compatible', model: 'llama3', baseUrl: server.openaiUrl, maxTokens: 100 }, { retry: fakeRetry() }),
  );
  await collect(
    createProvider({ provider: 'openai', model: 'gpt', baseUrl: server.openaiUrl, apiKey: KEY, maxTokens: 100 }, { retry: fakeRetry() }),
  );
  expect(server.requests[0]!.body).toMatchObject({ max_tokens: 100 });
  expect(server.requests[0]!.hasKey).toBe(false);
  expect(server.requests[1]!.body).toMatchObject({ max_completion_tokens: 100 });
});

it('openai-compatible needs a baseUrl and names the field', () => {
  expect(() => createProvider({ provider: 'openai-compatible', model: 'llama3' })).toThrow(/'baseUrl' is required/);
  expect(() => createProvider({ provider: 'anthropic', model: '' })).toThrow(/'model'/);
});

async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const port = (s.address() as { port: number }).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}
