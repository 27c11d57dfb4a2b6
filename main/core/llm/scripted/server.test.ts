import { afterEach, describe, expect, it } from 'vitest';
import { startScriptedServer, type ScriptedServer } from './server.js';

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

describe('scripted model server wire formats', () => {
  it('streams Anthropic SSE with the real event names and input_json_delta', async () => {
    server = await startScriptedServer({
      script: { turns: [{ text: 'Hi', toolCalls: [{ id: 'toolu_1', name: 'read_file', input: { path: 'a' } }] }] },
    });
    const res = await post(`${server.url}/v1/messages`, { model: 'm', stream: true, messages: [] }, { 'x-api-key': 'secret' });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    expect(res.headers.get('request-id')).toMatch(/^req_/);
    const text = await res.text();
    const names = [...text.matchAll(/^event: (\S+)$/gm)].map((m) => m[1]);
    expect(names).toEqual([
      'message_start',
      'content_block_start',
      'ping',
      'content_block_delta',
      'content_block_stop',
      'content_block_start',
      'content_block_delta',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    expect(text).toContain('"type":"input_json_delta","partial_json":"{\\"path\\":\\"a\\"}"');
    expect(text).toContain('"stop_reason":"tool_use"');
    expect(server.requests[0]).toMatchObject({ provider: 'anthropic', model: 'm', hasKey: true, turn: 0 });
    expect(JSON.stringify(server.requests)).not.toContain('secret');
  });

  it('streams OpenAI chunks with tool_calls deltas, finish_reason and usage last', async () => {
    server = await startScriptedServer({
      script: { turns: [{ toolCalls: [{ id: 'call_1', name: 'glob', input: { pattern: '**/*.ts' } }], usage: { input: 9, output: 4 } }] },
    });
    const res = await post(`${server.openaiUrl}/chat/completions`, {
      model: 'm',
      stream: true,
      stream_options: { include_usage: true },
      messages: [],
    });
    const chunks = (await res.text())
      .split('\n\n')
      .filter(Boolean)
      .map((f) => f.replace(/^data: /, ''));
    expect(chunks.at(-1)).toBe('[DONE]');
    const json = chunks
      .slice(0, -1)
      .map((c) => JSON.parse(c) as { choices: { delta: { tool_calls?: unknown[] }; finish_reason: string | null }[]; usage: unknown });
    expect(json[1]!.choices[0]!.delta.tool_calls).toEqual([
      { index: 0, id: 'call_1', type: 'function', function: { name: 'glob', arguments: '' } },
    ]);
    expect(json.at(-2)!.choices[0]!.finish_reason).toBe('tool_calls');
    expect(json.at(-1)!.choices).toEqual([]);
    expect(json.at(-1)!.usage).toMatchObject({ prompt_tokens: 9, completion_tokens: 4, total_tokens: 13 });
    expect(json.slice(0, -1).every((c) => c.usage === null)).toBe(true);
  });

  it('serves matched turns out of order, then the exhausted reply', async () => {
    server = await startScriptedServer({
      script: { turns: [{ match: { system: 'sub-agent' }, text: 'child' }, { text: 'main' }], whenExhausted: { text: 'over' } },
    });
    const ask = async (system: string) =>
      (await (await post(`${server!.url}/v1/messages`, { model: 'm', stream: true, system, messages: [] })).text())
        .match(/"text":"(\w+)"/g)
        ?.join();
    expect(await ask('main agent')).toContain('main');
    expect(await ask('a sub-agent')).toContain('child');
    expect(await ask('main agent')).toContain('over');
    expect(server.requests.map((r) => r.turn)).toEqual([1, 0, null]);
    expect(server.remaining()).toBe(0);
  });

  it('answers real error bodies: 429 with retry headers, 404 for an unknown model, 400 when the script is done', async () => {
    server = await startScriptedServer({ script: { models: ['known'], turns: [{ error: { status: 429, retryAfterMs: 1500 } }] } });
    const r1 = await post(`${server.url}/v1/messages`, { model: 'known', stream: true, messages: [] });
    expect(r1.status).toBe(429);
    expect(r1.headers.get('retry-after-ms')).toBe('1500');
    expect(r1.headers.get('retry-after')).toBe('2');
    expect(await r1.json()).toEqual({ type: 'error', error: { type: 'rate_limit_error', message: expect.any(String) } });
    const r2 = await post(`${server.openaiUrl}/chat/completions`, { model: 'nope', stream: true, messages: [] });
    expect(r2.status).toBe(404);
    expect(await r2.json()).toMatchObject({ error: { code: 'model_not_found', type: 'invalid_request_error' } });
    const r3 = await post(`${server.url}/v1/messages`, { model: 'known', stream: true, messages: [] });
    expect(r3.status).toBe(400);
    expect(JSON.stringify(await r3.json())).toContain('no script turn left for request #2');
  });

  it('rejects a malformed script naming the field', async () => {
    await expect(startScriptedServer({ script: { turns: [{ error: { status: 200 } }] } as never })).rejects.toThrow(
      /'turns\.0\.error\.status'/,
    );
  });
});
