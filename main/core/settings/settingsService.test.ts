import { mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { confStore } from '../stores/confStore.js';
import { fileSecretStore } from '../stores/fileSecretStore.js';
import { SettingsService } from './settingsService.js';

async function service(env: NodeJS.ProcessEnv = {}) {
  const dir = await mkdtemp(path.join(tmpdir(), 'cc-settings-'));
  return { dir, svc: new SettingsService({ store: confStore(dir, 'settings'), secrets: fileSecretStore(dir), env }) };
}

describe('SettingsService (plain Node: conf + 0600 key file)', () => {
  it('round-trips settings and never returns the key itself', async () => {
    const { dir, svc } = await service();
    expect(svc.get()).toMatchObject({ provider: 'anthropic', theme: 'system', apiKey: { source: 'none' } });
    const s = svc.update({ provider: 'openai', model: 'gpt-4.1', theme: 'dark', notifications: false, apiKey: 'sk-test-abcdef123456' });
    expect(s).toEqual({
      provider: 'openai',
      model: 'gpt-4.1',
      theme: 'dark',
      notifications: false,
      apiKey: { source: 'stored', hint: '3456' },
    });
    expect(JSON.stringify(s)).not.toContain('sk-test');
    expect(svc.llmConfig()).toMatchObject({ provider: 'openai', apiKey: 'sk-test-abcdef123456' });
    const keyFile = path.join(dir, 'secrets.json');
    expect((await stat(keyFile)).mode & 0o777).toBe(0o600);
    expect(await readFile(path.join(dir, 'settings.json'), 'utf8')).not.toContain('sk-test');
    svc.update({ apiKey: null });
    expect(svc.get().apiKey).toEqual({ source: 'none' });
  });

  it('reads keys from ANTHROPIC_API_KEY / OPENAI_API_KEY when none is stored', async () => {
    const { svc } = await service({ ANTHROPIC_API_KEY: 'env-key-9999' });
    expect(svc.get().apiKey).toEqual({ source: 'env', hint: '9999' });
    expect(svc.secretValues()).toEqual(['env-key-9999']);
  });

  it('refuses an OpenAI-compatible provider without a base URL and changes nothing', async () => {
    const { svc } = await service();
    const before = svc.get();
    expect(() => svc.update({ provider: 'openai-compatible' })).toThrow(/base URL/);
    expect(svc.get()).toEqual(before);
    expect(svc.update({ provider: 'openai-compatible', baseUrl: 'http://127.0.0.1:11434/v1', model: 'llama3' }).baseUrl).toBe(
      'http://127.0.0.1:11434/v1',
    );
  });

  it('does not overwrite a settings file it cannot read', async () => {
    const { dir, svc } = await service();
    const file = path.join(dir, 'settings.json');
    await writeFile(file, '{"provider": "anthropic", ');
    expect(svc.get().provider).toBe('anthropic');
    expect(() => svc.update({ theme: 'dark' })).toThrow(/cannot be read/);
    expect(await readFile(file, 'utf8')).toBe('{"provider": "anthropic", ');
  });

  it('notifies listeners on change', async () => {
    const { svc } = await service();
    const seen: string[] = [];
    svc.onChange((s) => seen.push(s.theme));
    svc.update({ theme: 'light' });
    expect(seen).toEqual(['light']);
  });
});
