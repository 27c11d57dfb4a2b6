import { describe, expect, it } from 'vitest';
import { AppError } from '../../../shared/contract/index.js';
import type { ServerMessage } from '../../../shared/contract/wire.js';
import { Router, type CallContext } from './router.js';
import { serveRouter, type MessageTransport } from './transport.js';

/** Two in-memory ends, as VS Code's QueueProtocol: what one sends, the other receives. */
function memoryPair() {
  const toServer: ((raw: unknown) => void)[] = [];
  const received: ServerMessage[] = [];
  const server: MessageTransport = { send: (m) => void received.push(m), onMessage: (l) => void toServer.push(l) };
  const clientSend = async (raw: unknown) => {
    for (const l of toServer) await l(JSON.parse(JSON.stringify(raw)));
  };
  return { server, clientSend, received };
}

const silent = { warn: () => {}, error: () => {} };
const ctx: CallContext = { caller: 'test' };

describe('Router', () => {
  const settings = { provider: 'anthropic', model: 'm', notifications: true, theme: 'dark', apiKey: { source: 'none' } } as const;

  it('parses input before the handler runs and wraps the value in an envelope', async () => {
    let seen: unknown;
    const router = new Router({ 'settings.update': (input) => ((seen = input), settings) }, silent);
    const r = await router.call('settings.update', { theme: 'dark' }, ctx);
    expect(r).toEqual({ ok: true, value: settings });
    expect(seen).toEqual({ theme: 'dark' });
  });

  it('refuses invalid input with field-level issues and never calls the handler', async () => {
    let called = false;
    const router = new Router({ 'settings.update': () => ((called = true), settings) }, silent);
    const r = await router.call('settings.update', { theme: 'purple', extra: 1 }, ctx);
    expect(called).toBe(false);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('invalid_input');
      expect(r.error.issues?.map((i) => i.path)).toContain('theme');
    }
  });

  it('answers unknown methods, missing handlers, AppErrors and crashes with envelopes', async () => {
    const router = new Router(
      {
        'settings.get': () => {
          throw new AppError('conflict', 'file is malformed');
        },
        'recent.list': () => {
          throw new Error('disk on fire');
        },
        'app.info': () => ({ nonsense: true }) as never,
      },
      silent,
    );
    expect(await router.call('nope.never', {}, ctx)).toMatchObject({ ok: false, error: { code: 'unknown_method' } });
    expect(await router.call('__proto__', {}, ctx)).toMatchObject({ ok: false, error: { code: 'unknown_method' } });
    expect(await router.call('project.close', {}, ctx)).toMatchObject({ ok: false, error: { code: 'unsupported' } });
    expect(await router.call('settings.get', {}, ctx)).toEqual({ ok: false, error: { code: 'conflict', message: 'file is malformed' } });
    expect(await router.call('recent.list', {}, ctx)).toMatchObject({
      ok: false,
      error: { code: 'internal', message: expect.stringContaining('disk on fire') },
    });
    expect(await router.call('app.info', {}, ctx)).toMatchObject({ ok: false, error: { code: 'internal' } });
  });

  it('serves over an in-memory transport; malformed messages get an error and the connection keeps serving', async () => {
    const router = new Router({ 'recent.list': () => [] }, silent);
    const { server, clientSend, received } = memoryPair();
    serveRouter(router, server, ctx);
    await clientSend({ type: 'request', id: 1, method: 'recent.list', input: {} });
    await clientSend({ type: 'request', id: 2, method: 'recent.list', input: 'not an object' });
    await clientSend({ id: 3, garbage: true });
    await clientSend('total nonsense');
    await clientSend({ type: 'request', id: 4, method: 'recent.list', input: {} });
    expect(received).toEqual([
      { type: 'response', id: 1, result: { ok: true, value: [] } },
      expect.objectContaining({
        type: 'response',
        id: 2,
        result: expect.objectContaining({ ok: false, error: expect.objectContaining({ code: 'invalid_input' }) }),
      }),
      expect.objectContaining({ type: 'response', id: 3, result: expect.objectContaining({ ok: false }) }),
      expect.objectContaining({ type: 'protocol_error' }),
      { type: 'response', id: 4, result: { ok: true, value: [] } },
    ]);
  });
});

describe('contract schemas', () => {
  it('reject a bad base URL with an issue instead of throwing', async () => {
    const router = new Router({}, silent);
    for (const baseUrl of ['not a url', 'ftp://x.example', 'javascript:alert(1)']) {
      const r = await router.call('settings.update', { baseUrl }, ctx);
      expect(r).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    }
  });
});
