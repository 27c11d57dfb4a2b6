import { useEffect, useRef, useState } from 'react';
import type { PendingApprovalView } from '../../../../shared/contract/index.js';
import { usesBrowserNotifications } from './NotificationPermission.js';
import { approvalsToNotify, notificationFor } from './notify.js';

interface Options {
  projectName: string;
  /** The `notifications` setting. */
  enabled: boolean;
  /** A notification was clicked: show that prompt. */
  onClick: (approvalId: string) => void;
}

/**
 * A native notification for each approval that appears while the user is away (page hidden or
 * window not focused), through the browser's Notification API — in the web host only: the desktop
 * shell's main shows native ones (main/electron/notifications.ts). Clicking focuses the window on
 * that prompt; an answered approval's notification is closed.
 */
export function useApprovalNotifications(list: readonly PendingApprovalView[], opts: Options): void {
  const notified = useRef(new Set<string>());
  const open = useRef(new Map<string, Notification>());
  const optsRef = useRef(opts);
  optsRef.current = opts;
  // A prompt already pending when the user leaves (hides the tab, focuses another window) notifies too.
  const [awayTick, setAwayTick] = useState(0);
  useEffect(() => {
    const bump = () => setAwayTick((n) => n + 1);
    document.addEventListener('visibilitychange', bump);
    window.addEventListener('blur', bump);
    return () => {
      document.removeEventListener('visibilitychange', bump);
      window.removeEventListener('blur', bump);
    };
  }, []);

  useEffect(() => {
    if (!usesBrowserNotifications()) return;
    const attention = { visibilityState: document.visibilityState, hasFocus: document.hasFocus() };
    const fresh = approvalsToNotify(list, notified.current, attention, opts.enabled);
    for (const a of fresh) notified.current.add(a.id);
    if (fresh.length > 0) void show(fresh);
    // Close the notifications of approvals that are gone (answered here, elsewhere, or cancelled).
    const ids = new Set(list.map((a) => a.id));
    for (const [id, n] of open.current) {
      if (!ids.has(id)) {
        n.close();
        open.current.delete(id);
      }
    }

    async function show(approvals: PendingApprovalView[]) {
      // Asked for in Settings (NotificationPermissionControl), never here: a permission prompt popping up
      // over an unseen approval is a surprise, and a click on it is not a decision about notifications.
      if (Notification.permission !== 'granted') return;
      for (const a of approvals) {
        const { title, body, tag } = notificationFor(a, optsRef.current.projectName);
        const n = new Notification(title, { body, tag, requireInteraction: true });
        n.onclick = () => {
          window.focus();
          n.close();
          optsRef.current.onClick(a.id);
        };
        open.current.set(a.id, n);
      }
    }
  }, [list, opts.enabled, awayTick]);

  // Close everything when the project window goes away.
  useEffect(() => {
    const map = open.current;
    return () => {
      for (const n of map.values()) n.close();
      map.clear();
    };
  }, []);
}
