/**
 * For renderer specs that must not wait on the agent: the page keeps its real WebSocket to the real
 * web host, and chosen methods are answered here instead — every answer and every pushed event is
 * parsed with the contract's own zod schema first, so the page only ever sees what main could send.
 * Not a spec file (Playwright runs *.spec.ts only).
 */
import type { Page, WebSocketRoute } from '@playwright/test';
import {
  events,
  methods,
  type EventName,
  type EventPayload,
  type MethodName,
  type MethodOutput,
  type ParsedInput,
} from '../shared/contract/index.js';

export type FakeHandlers = { [M in MethodName]?: (input: ParsedInput<M>) => MethodOutput<M> | Promise<MethodOutput<M>> };

export interface FakeHost {
  /** Pushes an event to the page, as main would. */
  push<E extends EventName>(name: E, payload: EventPayload<E>): void;
  /** Every call answered here, in order. */
  calls: { method: MethodName; input: unknown }[];
}

export async function fakeAgentHost(page: Page, handlers: FakeHandlers): Promise<FakeHost> {
  let client: WebSocketRoute | undefined;
  const calls: FakeHost['calls'] = [];
  await page.routeWebSocket(/\/ws/, (ws) => {
    client = ws;
    const server = ws.connectToServer();
    server.onMessage((m) => ws.send(m));
    ws.onMessage(async (raw) => {
      const msg = JSON.parse(String(raw)) as { type: string; id: number; method: MethodName; input: unknown };
      const handler = handlers[msg.method] as ((i: unknown) => unknown) | undefined;
      if (msg.type !== 'request' || !handler) return server.send(raw);
      const input = methods[msg.method].input.parse(msg.input);
      calls.push({ method: msg.method, input });
      const value = methods[msg.method].output.parse(await handler(input));
      ws.send(JSON.stringify({ type: 'response', id: msg.id, result: { ok: true, value } }));
    });
  });
  await page.reload();
  return {
    calls,
    push(name, payload) {
      if (!client) throw new Error('the page has not connected yet');
      client.send(JSON.stringify({ type: 'event', name, payload: events[name].payload.parse(payload) }));
    },
  };
}
