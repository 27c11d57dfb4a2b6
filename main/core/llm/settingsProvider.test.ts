import { afterEach, expect, it } from 'vitest';
import { startScriptedServer, type ScriptedServer } from './scripted/server.js';
import { settingsProvider } from './settingsProvider.js';
import type { LlmSettings } from './types.js';

let server: ScriptedServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

it('follows the settings at each turn and names a bad field as the turn error', async () => {
  server = await startScriptedServer({ script: { turns: [{ text: 'one' }, { text: 'two' }] } });
  let settings: LlmSettings = { provider: 'anthropic', model: 'first', baseUrl: server.url, apiKey: 'k' };
  const p = settingsProvider(() => settings);
  const run = async () => {
    for await (const ev of p.stream({ system: 's', messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }], tools: [] }))
      void ev;
  };
  await run();
  settings = { provider: 'openai', model: 'second', baseUrl: server.openaiUrl, apiKey: 'k' };
  expect(p.kind).toBe('openai');
  await run();
  expect(server.requests.map((r) => [r.provider, r.model])).toEqual([
    ['anthropic', 'first'],
    ['openai', 'second'],
  ]);
  settings = { provider: 'openai-compatible', model: 'x' };
  await expect(run()).rejects.toThrow(/'baseUrl' is required/);
});
