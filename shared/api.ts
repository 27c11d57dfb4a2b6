/**
 * The typed API the renderer sees as `window.codecoder` (Electron preload) or builds over the web
 * host's WebSocket. One function per operation, one subscription per event — never a generic send.
 */
import {
  eventNames,
  methodNames,
  type EventName,
  type EventPayload,
  type MethodInput,
  type MethodName,
  type MethodOutput,
  type Result,
} from './contract/index.js';

type Split<S extends string> = S extends `${infer D}.${infer V}` ? [D, V] : never;
type Domains = Split<MethodName>[0];
type VerbsOf<D extends string> = { [M in MethodName]: Split<M>[0] extends D ? Split<M>[1] : never }[MethodName];
type MethodOf<D extends string, V extends string> = `${D}.${V}` & MethodName;

export type MethodsApi = {
  [D in Domains]: {
    [V in VerbsOf<D>]: (input: MethodInput<MethodOf<D, V>>) => Promise<Result<MethodOutput<MethodOf<D, V>>>>;
  };
};

export type EventsApi = {
  [E in EventName]: (listener: (payload: EventPayload<E>) => void) => () => void;
};

export type CodeCoderApi = MethodsApi & { events: EventsApi };

export type Invoke = (method: MethodName, input: unknown) => Promise<Result<unknown>>;
export type Subscribe = (event: EventName, listener: (payload: unknown) => void) => () => void;

/** Builds the API object from one invoke and one subscribe, each closed over a fixed channel name. */
export function makeApi(invoke: Invoke, subscribe: Subscribe): CodeCoderApi {
  const api: Record<string, Record<string, unknown>> = {};
  for (const name of methodNames) {
    const [domain, verb] = name.split('.') as [string, string];
    (api[domain] ??= {})[verb] = (input: unknown) => invoke(name, input ?? {});
  }
  const eventsApi: Record<string, unknown> = {};
  for (const name of eventNames) {
    eventsApi[name] = (listener: (payload: unknown) => void) => subscribe(name, listener);
  }
  return { ...api, events: eventsApi } as unknown as CodeCoderApi;
}
