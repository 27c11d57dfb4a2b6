import { ipcMain, type IpcMainInvokeEvent } from 'electron';
import { methodNames } from '../../shared/contract/index.js';
import type { Core } from '../core/app/index.js';
import { isTrustedSender } from './senderPolicy.js';

/**
 * One ipcMain handler per contract method. The sender frame is checked before anything else
 * (the app's origin, a top-level frame); the router then parses the input against the contract.
 */
export function registerIpc(core: Core): void {
  for (const method of methodNames) {
    ipcMain.handle(method, async (event: IpcMainInvokeEvent, input: unknown) => {
      if (!isTrustedSender(event.senderFrame)) {
        console.warn(`[ipc] refused ${method} from ${event.senderFrame?.url ?? 'an unknown frame'}`);
        return { ok: false, error: { code: 'unauthorized', message: 'This frame may not call CodeCoder.' } };
      }
      const window = core.windows.get(`win-${event.sender.id}`);
      if (!window) return { ok: false, error: { code: 'unauthorized', message: 'Unknown window.' } };
      return core.router.call(method, input, { caller: window.id, window });
    });
  }
}
