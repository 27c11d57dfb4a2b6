import { makeApi, type CodeCoderApi } from '../../../shared/api.js';
import type { EventName, MethodName, Result } from '../../../shared/contract/index.js';
import { serverMessageSchema } from '../../../shared/contract/wire.js';

/** `refused`: closed before it ever opened — the address lacks this start's token (or the host is gone). */
export type ConnectionState = 'connecting' | 'open' | 'closed' | 'refused';

/**
 * The web host's transport: the same typed API as the preload's, over one WebSocket. The token
 * comes from the URL the host printed; it is kept for this tab only and removed from the address bar.
 */
export function connectWebSocketApi(onState: (s: ConnectionState) => void): CodeCoderApi {
  const params = new URLSearchParams(location.search);
  const fromUrl = params.get('token');
  if (fromUrl) {
    sessionStorage.setItem('codecoder.token', fromUrl);
    params.delete('token');
    const rest = params.toString();
    history.replaceState(null, '', location.pathname + (rest ? `?${rest}` : '') + location.hash);
  }
  const token = fromUrl ?? sessionStorage.getItem('codecoder.token') ?? '';
  const ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws?token=${encodeURIComponent(token)}`);
  let nextId = 1;
  const pending = new Map<number, (r: Result<unknown>) => void>();
  const listeners = new Map<string, Set<(p: unknown) => void>>();
  // Settles on close too: a request made before a refused connection fails instead of waiting forever.
  const opened = new Promise<void>((resolve) => {
    ws.addEventListener('open', () => resolve());
    ws.addEventListener('close', () => resolve());
  });
  let wasOpen = false;
  onState('connecting');
  ws.addEventListener('open', () => {
    wasOpen = true;
    onState('open');
  });
  ws.addEventListener('close', () => {
    onState(wasOpen ? 'closed' : 'refused');
    const message = wasOpen
      ? 'The connection to CodeCoder closed. If you restarted it, open the new address it printed.'
      : 'This address needs its token: open the full address CodeCoder printed when it started.';
    for (const [, settle] of pending) settle({ ok: false, error: { code: 'internal', message } });
    pending.clear();
  });
  ws.addEventListener('message', (e) => {
    let data: unknown;
    try {
      data = JSON.parse(String(e.data));
    } catch {
      return;
    }
    const msg = serverMessageSchema.safeParse(data);
    if (!msg.success) return;
    if (msg.data.type === 'response') {
      pending.get(msg.data.id)?.(msg.data.result as Result<unknown>);
      pending.delete(msg.data.id);
    } else if (msg.data.type === 'event') {
      for (const l of listeners.get(msg.data.name) ?? []) l(msg.data.payload);
    } else {
      console.error('[codecoder] protocol error:', msg.data.message);
    }
  });

  const invoke = async (method: MethodName, input: unknown): Promise<Result<unknown>> => {
    await opened;
    if (ws.readyState !== WebSocket.OPEN)
      return {
        ok: false,
        error: {
          code: 'internal',
          message: wasOpen
            ? 'Not connected to CodeCoder.'
            : 'This address needs its token: open the full address CodeCoder printed when it started.',
        },
      };
    const id = nextId++;
    return new Promise((resolve) => {
      pending.set(id, resolve);
      ws.send(JSON.stringify({ type: 'request', id, method, input }));
    });
  };
  const subscribe = (name: EventName, listener: (p: unknown) => void) => {
    let set = listeners.get(name);
    if (!set) listeners.set(name, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  };
  return makeApi(invoke, subscribe);
}
