import { Notification, type BrowserWindow } from 'electron';
import type { PendingApprovalView } from '../../shared/contract/index.js';
import { ApprovalNotifier } from '../core/app/approvalNotifier.js';

/**
 * Native notifications for approvals waiting in a background window. A click focuses the window on
 * that prompt; on macOS the notification also offers Allow once and Deny.
 */
export function approvalNotifications(
  win: BrowserWindow,
  opts: { enabled: () => boolean; projectName: () => string; answer: (id: string, choice: 'once' | 'deny') => void },
) {
  const notifier = new ApprovalNotifier();
  return (pending: PendingApprovalView[]) => {
    if (!Notification.isSupported()) return;
    const notices = notifier.next(pending, { projectName: opts.projectName(), windowFocused: win.isFocused(), enabled: opts.enabled() });
    for (const n of notices) {
      const note = new Notification({
        title: n.title,
        body: n.body,
        ...(process.platform === 'darwin'
          ? {
              actions: [
                { type: 'button' as const, text: 'Allow once' },
                { type: 'button' as const, text: 'Deny' },
              ],
            }
          : {}),
      });
      note.on('click', () => {
        if (win.isDestroyed()) return;
        if (win.isMinimized()) win.restore();
        win.focus();
        win.webContents.send('event:approvals.focus', { id: n.approvalId });
      });
      note.on('action', (_e, index) => opts.answer(n.approvalId, index === 0 ? 'once' : 'deny'));
      note.show();
    }
  };
}
