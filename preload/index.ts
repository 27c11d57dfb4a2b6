/**
 * The preload: exposes `window.codecoder`, one function per contract method and one subscription
 * per event, each bound to its fixed channel. No ipcRenderer, no generic send/on reaches the page.
 */
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { makeApi } from '../shared/api.js';
import type { Result } from '../shared/contract/result.js';

const api = makeApi(
  (method, input) => ipcRenderer.invoke(method, input) as Promise<Result<unknown>>,
  (event, listener) => {
    const channel = `event:${event}`;
    const handler = (_e: IpcRendererEvent, payload: unknown) => listener(payload);
    ipcRenderer.on(channel, handler);
    return () => void ipcRenderer.removeListener(channel, handler);
  },
);

contextBridge.exposeInMainWorld('codecoder', api);
