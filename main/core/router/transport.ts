import { clientMessageSchema, type ServerMessage } from '../../../shared/contract/wire.js';
import { isEventName, events as eventDefs, type EventName } from '../../../shared/contract/index.js';
import type { CallContext, Router } from './router.js';

/** The smallest thing a message transport is: VS Code's IMessagePassingProtocol, in JSON. */
export interface MessageTransport {
  send(message: ServerMessage): void;
  onMessage(listener: (raw: unknown) => void): void;
}

/**
 * Serves a router over a message transport. A malformed message never stops the connection: it
 * gets an invalid_input envelope when its id can be read, a protocol_error otherwise.
 */
export function serveRouter<C extends CallContext>(router: Router<C>, transport: MessageTransport, ctx: C): void {
  // Router.call answers every failure with an envelope, so the promise of a message never rejects.
  transport.onMessage((raw) => void serveMessage(raw));
  async function serveMessage(raw: unknown): Promise<void> {
    const parsed = clientMessageSchema.safeParse(raw);
    if (!parsed.success) {
      const id =
        typeof raw === 'object' && raw !== null && Number.isInteger((raw as { id?: unknown }).id) ? (raw as { id: number }).id : null;
      const message = 'Malformed request: expected {type:"request", id, method, input}.';
      if (id !== null) transport.send({ type: 'response', id, result: { ok: false, error: { code: 'invalid_input', message } } });
      else transport.send({ type: 'protocol_error', message });
      return;
    }
    const { id, method, input } = parsed.data;
    const result = await router.call(method, input, ctx);
    transport.send({ type: 'response', id, result });
  }
}

/** Validates an event payload against the contract before it leaves main. */
export function eventMessage(name: EventName, payload: unknown): ServerMessage {
  if (!isEventName(name)) throw new Error(`unknown event ${String(name)}`);
  const parsed = eventDefs[name].payload.parse(payload);
  return { type: 'event', name, payload: parsed };
}
