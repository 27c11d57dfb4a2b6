import { Notification, type BrowserWindow } from 'electron';
import type { PendingApprovalView } from '../../shared/contract/index.js';
import { ApprovalNotifier, noticeActions } from '../core/approvals/index.js';

/**
 * Native notifications for approvals waiting in a background window. A click focuses the window on
 * that prompt. On macOS the notification also has buttons: "Allow once" only when its body shows
 * the whole command or path (`noticeActions`), else "Review", which opens the prompt; and "Deny".
 */
export function approvalNotifications(
  win: BrowserWindow,
  opts: { enabled: () => boolean; projectName: () => string; answer: (id: string, choice: 'once' | 'deny') => void },
) {
  const notifier = new ApprovalNotifier();
  const show = (id: string) => {
    if (win.isDestroyed()) return;
    if (win.isMinimized()) win.restore();
    win.focus();
    win.webContents.send('event:approvals.focus', { id });
  };
  return (pending: PendingApprovalView[]) => {
    if (!Notification.isSupported()) return;
    const notices = notifier.next(pending, { projectName: opts.projectName(), windowFocused: win.isFocused(), enabled: opts.enabled() });
    for (const n of notices) {
      const actions = noticeActions(n);
      const note = new Notification({
        title: n.title,
        body: n.body,
        ...(process.platform === 'darwin' ? { actions: actions.map((a) => ({ type: 'button' as const, text: a.text })) } : {}),
      });
      note.on('click', () => show(n.approvalId));
      note.on('action', (_e, index) => {
        const does = actions[index]?.does ?? 'open';
        if (does === 'open') show(n.approvalId);
        else opts.answer(n.approvalId, does);
      });
      note.show();
    }
  };
}
