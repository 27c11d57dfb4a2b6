/**
 * What the conversation header reads from main: the provider's models for the picker
 * (settings.listModels, through the real SDK against the loopback scripted server), and each model
 * turn's context figures for the gauge (the window and the compaction point the context manager uses).
 */
import { execFileSync } from 'node:child_process';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentEvent, Result } from '../../../shared/contract/index.js';
import { startScriptedServer } from '../llm/index.js';
import { createPlainNodeCore } from './plainNodeCore.js';
import type { WindowSession } from './windows.js';
import { useTempDir } from '../fs/tempDir.testkit.js';

const tempDirs = useTempDir();
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function core(withModel: boolean) {
  const dataDir = await tempDirs('cc-header-data-');
  const project = await tempDirs('cc-header-project-');
  execFileSync('git', ['init', '-q'], { cwd: project });
  await writeFile(path.join(project, 'README.md'), '# hello\n');
  const server = await startScriptedServer({ script: { models: ['scripted', 'scripted-large'], turns: [{ text: 'Hello.' }] } });
  const c = createPlainNodeCore({
    dataDir,
    env: {},
    ...(withModel
      ? { llmOverride: () => ({ provider: 'anthropic' as const, model: 'scripted', baseUrl: server.url, apiKey: 'k-1234' }) }
      : {}),
  });
  cleanups.push(
    () => rm(dataDir, { recursive: true, force: true }),
    () => rm(project, { recursive: true, force: true }),
    () => server.close(),
    () => c.runtimes.closeAll(),
  );
  const events: AgentEvent[] = [];
  const window: WindowSession = {
    id: 'w1',
    project: null,
    emit: (name, payload) => name === 'agent.event' && events.push(payload as AgentEvent),
  };
  c.windows.add(window);
  const call = async <T>(method: string, input: unknown = {}): Promise<Result<T>> =>
    (await c.router.call(method, input, { caller: 'w1', window })) as Result<T>;
  return { call, events, project, server };
}

describe('the conversation header', () => {
  it("lists the models of the provider that answers (a flag's scripted server here)", async () => {
    const h = await core(true);
    const r = await h.call('settings.listModels');
    expect(r).toEqual({ ok: true, value: { ok: true, provider: 'anthropic', models: ['scripted', 'scripted-large'] } });
    expect(h.server.listings.at(-1)).toMatchObject({ path: '/v1/models', provider: 'anthropic', hasKey: true });
  });

  it('says why when the models cannot be listed (no key), and never fails the call', async () => {
    const h = await core(false);
    const r = await h.call<{ ok: boolean; code?: string; message?: string }>('settings.listModels');
    expect(r.ok && r.value).toMatchObject({ ok: false, provider: 'anthropic', code: 'missing_key' });
  });

  it("each model turn carries the window and the context manager's compaction point", async () => {
    const h = await core(true);
    await h.call('project.open', { path: h.project });
    const conv = (await h.call<{ id: string }>('conversations.create', {})) as { ok: true; value: { id: string } };
    await h.call('agent.send', { conversationId: conv.value.id, text: 'hi' });
    await expect.poll(() => h.events.some((e) => e.type === 'run.finished')).toBe(true);
    const usage = h.events.find((e) => e.type === 'usage');
    expect(usage?.type === 'usage' && usage.context).toBeTruthy();
    const ctx = (usage as Extract<AgentEvent, { type: 'usage' }>).context!;
    expect(ctx.window).toBeGreaterThan(0);
    // The manager's default budget: 85 % of the window.
    expect(ctx.compactAt).toBe(Math.floor(ctx.window * 0.85));
  });
});
