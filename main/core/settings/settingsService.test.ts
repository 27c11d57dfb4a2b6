import { readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { settingsUpdateSchema } from '../../../shared/contract/index.js';
import { confStore, fileSecretStore } from '../stores/index.js';
import { SettingsService } from './settingsService.js';
import { useTempDir } from '../fs/tempDir.testkit.js';

const tempDirs = useTempDir();

async function service(env: NodeJS.ProcessEnv = {}) {
  const dir = await tempDirs('cc-settings-');
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
      prices: {},
      githubToken: { source: 'none' },
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

  it('keeps how many background agents run at once (absent = the default 4), between 1 and 32', async () => {
    const { dir, svc } = await service();
    try {
      expect(svc.get().maxAgents).toBeUndefined();
      expect(svc.update({ maxAgents: 8 }).maxAgents).toBe(8);
      expect(new SettingsService({ store: confStore(dir, 'settings'), secrets: fileSecretStore(dir) }).get().maxAgents).toBe(8);
      expect(settingsUpdateSchema.safeParse({ maxAgents: 0 }).success).toBe(false);
      expect(settingsUpdateSchema.safeParse({ maxAgents: 33 }).success).toBe(false);
      expect(settingsUpdateSchema.safeParse({ maxAgents: 2.5 }).success).toBe(false);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('remembers the diff layout chosen with a diff toggle, and refuses any other', async () => {
    const { dir, svc } = await service();
    try {
      expect(svc.get().diffView).toBeUndefined();
      expect(svc.update({ diffView: 'split' }).diffView).toBe('split');
      expect(new SettingsService({ store: confStore(dir, 'settings'), secrets: fileSecretStore(dir) }).get().diffView).toBe('split');
      expect(settingsUpdateSchema.safeParse({ diffView: 'sideways' }).success).toBe(false);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('SettingsService: context window, prices, web search and GitHub', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
  });

  it('keeps a context window per provider, a price list, and the search keys in the key store only', async () => {
    const { dir, svc } = await service();
    dirs.push(dir);
    svc.update({ provider: 'openai-compatible', model: 'qwen', baseUrl: 'http://127.0.0.1:11434/v1', contextWindow: 32_768 });
    expect(svc.get().contextWindow).toBe(32_768);
    expect(svc.llmConfig()).toMatchObject({ contextWindow: 32_768 });
    expect(svc.llmConfigFor('anthropic').contextWindow).toBeUndefined();
    svc.update({ prices: { qwen: { input: 0, output: 0 } } });
    expect(svc.llmConfig().prices).toEqual({ qwen: { input: 0, output: 0 } });
    svc.update({
      webSearch: { provider: 'brave', endpoint: 'https://api.search.brave.com/res/v1/web/search' },
      webSearchKey: 'brave-key-12345678',
      githubToken: 'ghp_token_abcdefgh',
    });
    const view = svc.get();
    expect(view.webSearch).toEqual({
      provider: 'brave',
      endpoint: 'https://api.search.brave.com/res/v1/web/search',
      key: { source: 'stored', hint: '5678' },
    });
    expect(view.githubToken).toEqual({ source: 'stored', hint: 'efgh' });
    expect(JSON.stringify(view)).not.toContain('brave-key');
    expect(await readFile(path.join(dir, 'settings.json'), 'utf8')).not.toMatch(/brave-key|ghp_token/);
    expect(svc.searchConfig()).toEqual({
      webSearch: { provider: 'brave', endpoint: 'https://api.search.brave.com/res/v1/web/search', apiKey: 'brave-key-12345678' },
      githubToken: 'ghp_token_abcdefgh',
    });
    // Both are scrubbed from child processes with the API keys.
    expect(svc.secretValues()).toEqual(expect.arrayContaining(['brave-key-12345678', 'ghp_token_abcdefgh']));
    svc.update({ webSearch: null, githubToken: null, contextWindow: null });
    expect(svc.get().webSearch).toBeUndefined();
    expect(svc.get().contextWindow).toBeUndefined();
    expect(svc.secretValues()).toEqual([]);
  });

  it('refuses a bad price or a tiny window, changing nothing', async () => {
    const { dir, svc } = await service();
    dirs.push(dir);
    expect(settingsUpdateSchema.safeParse({ contextWindow: 100 }).success).toBe(false);
    expect(settingsUpdateSchema.safeParse({ prices: { m: { input: -1, output: 1 } } }).success).toBe(false);
    expect(settingsUpdateSchema.safeParse({ webSearch: { provider: 'brave', endpoint: 'ftp://x' } }).success).toBe(false);
    expect(svc.get().prices).toEqual({});
  });
});

describe('SettingsService: the container engine', () => {
  it('saves an engine address only once it parses, returns it to the page and the tools, and null goes back to the environment', async () => {
    const { svc } = await service();
    expect(svc.containerEngine()).toEqual({});
    const s = svc.update({ containerEngine: { host: 'unix:///run/podman/podman.sock', copyProject: false } });
    expect(s.containerEngine).toEqual({ host: 'unix:///run/podman/podman.sock', copyProject: false });
    expect(svc.containerEngine()).toEqual({ host: 'unix:///run/podman/podman.sock', copyProject: false });
    // Plain TCP to another machine is refused at save, and what was saved stays.
    expect(() => svc.update({ containerEngine: { host: 'tcp://10.0.0.5:2375' } })).toThrow(/plain TCP to another machine is refused/);
    expect(svc.containerEngine().host).toBe('unix:///run/podman/podman.sock');
    svc.update({ containerEngine: null });
    expect(svc.containerEngine()).toEqual({});
    expect(svc.get()).not.toHaveProperty('containerEngine');
  });

  it('the contract refuses what is not an engine address before the service sees it', () => {
    for (const host of ['npipe:////./pipe/docker_engine', 'docker.example:2375', 'unix:// spaced'])
      expect(settingsUpdateSchema.safeParse({ containerEngine: { host } }).success, host).toBe(false);
    expect(settingsUpdateSchema.safeParse({ containerEngine: { host: 'ssh://dev@build.example', copyProject: true } }).success).toBe(true);
  });
});
