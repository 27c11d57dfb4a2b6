import type { CodeCoderApi } from '../../../shared/api.js';
import type { Result } from '../../../shared/contract/index.js';
import { connectWebSocketApi, type ConnectionState } from './wsBridge.js';

declare global {
  interface Window {
    /** Exposed by the Electron preload; absent in the web host. */
    codecoder?: CodeCoderApi;
  }
}

let api: CodeCoderApi | undefined;
const stateListeners = new Set<(s: ConnectionState) => void>();
let state: ConnectionState = 'connecting';

/** The preload's bridge in Electron, the WebSocket bridge in a browser — the same type either way. */
export function getApi(): CodeCoderApi {
  if (api) return api;
  if (window.codecoder) {
    state = 'open';
    return (api = window.codecoder);
  }
  return (api = connectWebSocketApi((s) => {
    state = s;
    for (const l of stateListeners) l(s);
  }));
}

export function connectionState(): ConnectionState {
  return state;
}
export function onConnectionState(l: (s: ConnectionState) => void): () => void {
  stateListeners.add(l);
  return () => stateListeners.delete(l);
}

/** An error the UI can show: the contract's code and a message in the user's words. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly issues: { path: string; message: string }[] = [],
  ) {
    super(message);
  }
}

/** For react-query: a failed envelope becomes a thrown ApiError. */
export async function unwrap<T>(p: Promise<Result<T>>): Promise<T> {
  const r = await p;
  if (r.ok) return r.value;
  throw new ApiError(r.error.code, r.error.message, r.error.issues);
}
