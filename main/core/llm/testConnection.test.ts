import { afterEach, describe, expect, it } from 'vitest';
import { startScriptedServer, type ScriptedServer } from './scripted/server.js';
import { testConnection } from './testConnection.js';

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('testConnection', () => {
  it('succeeds against a server that answers, and says with which model', async () => {
    server = await startScriptedServer({ script: { models: ['scripted'], turns: [{ text: 'OK' }] } });
    const r = await testConnection({ provider: 'anthropic', model: 'scripted', baseUrl: server.url, apiKey: 'sk-test-0000' });
    expect(r).toMatchObject({ ok: true, message: expect.stringContaining('scripted') });
  });

  it('names the failure: a refused key, an unreachable address, a missing key', async () => {
    server = await startScriptedServer({ script: { turns: [{ error: { status: 401, message: 'invalid x-api-key' } }] } });
    const refused = await testConnection({ provider: 'anthropic', model: 'scripted', baseUrl: server.url, apiKey: 'sk-test-0000' });
    expect(refused).toMatchObject({ ok: false, code: 'invalid_key' });
    const gone = await testConnection(
      { provider: 'openai-compatible', model: 'm', baseUrl: 'http://127.0.0.1:9/v1', apiKey: 'x' },
      { timeoutMs: 3000 },
    );
    expect(gone.ok).toBe(false);
    expect(gone.code).toBe('unreachable');
    const none = await testConnection({ provider: 'anthropic', model: 'claude-sonnet-4-5' });
    expect(none).toMatchObject({ ok: false, code: 'missing_key' });
    expect(none.message).not.toContain('sk-');
  });
});
