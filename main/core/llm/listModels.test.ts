/**
 * The header's model picker lists the provider's models through the real SDKs, against the
 * loopback scripted server speaking each API's own models route (GET /v1/models, Anthropic's
 * paged shape or OpenAI's list) — as the provider tests do for model turns.
 */
import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { LlmError } from './errors.js';
import { listModels } from './listModels.js';
import { startScriptedServer, type ScriptedServer } from './scripted/server.js';

const KEY = 'sk-test-secret-key-1234567890';
let server: ScriptedServer | undefined;
let raw: http.Server | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  await new Promise<void>((r) => (raw ? raw.close(() => r()) : r()));
  raw = undefined;
});

async function caught(p: Promise<unknown>): Promise<LlmError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(LlmError);
  return err as LlmError;
}

describe('listModels', () => {
  it("Anthropic: the models list through the SDK, in the API's order", async () => {
    server = await startScriptedServer({ script: { models: ['claude-b', 'claude-a'], turns: [] } });
    const ids = await listModels({ provider: 'anthropic', model: 'claude-a', baseUrl: server.url, apiKey: KEY });
    expect(ids).toEqual(['claude-b', 'claude-a']);
    // The SDK's own request: Anthropic's headers (the server told the wire formats apart by them), the key sent.
    expect(server.listings).toMatchObject([{ path: '/v1/models', provider: 'anthropic', hasKey: true, keyHint: '7890' }]);
  });

  it('OpenAI-compatible: GET /v1/models, sorted; a local server needs no key', async () => {
    server = await startScriptedServer({ script: { models: ['qwen', 'llama'], turns: [] } });
    const ids = await listModels({ provider: 'openai-compatible', model: 'llama', baseUrl: server.openaiUrl });
    expect(ids).toEqual(['llama', 'qwen']);
    expect(server.listings).toMatchObject([{ path: '/v1/models', provider: 'openai' }]);
  });

  it('no key for a hosted provider: missing_key, and nothing is sent', async () => {
    server = await startScriptedServer({ script: { turns: [] } });
    const err = await caught(listModels({ provider: 'anthropic', model: 'm', baseUrl: server.url }));
    expect(err.code).toBe('missing_key');
    expect(server.requests).toHaveLength(0);
  });

  it('a rejected key is invalid_key, and the key never appears in the message', async () => {
    raw = http.createServer((_req, res) => {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          error: { message: `Incorrect API key provided: ${KEY}`, type: 'invalid_request_error', code: 'invalid_api_key' },
        }),
      );
    });
    await new Promise<void>((r) => raw!.listen(0, '127.0.0.1', () => r()));
    const port = (raw.address() as { port: number }).port;
    const err = await caught(listModels({ provider: 'openai', model: 'gpt', baseUrl: `http://127.0.0.1:${port}/v1`, apiKey: KEY }));
    expect(err.code).toBe('invalid_key');
    expect(err.message).not.toContain(KEY);
  });

  it('bad settings are refused before any request', async () => {
    const err = await caught(listModels({ provider: 'openai-compatible', model: 'm' }));
    expect(err.code).toBe('invalid_settings');
  });
});
