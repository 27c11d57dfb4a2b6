/**
 * When and what to notify about a pending approval. Pure, so the rules are tested: only when the
 * user cannot see the window (hidden or not focused), only when the setting is on, once per
 * approval; the words (the project, what will run — escaped, because a notification renders text
 * raw) are shared/approvalNotice.ts, the same as the desktop shell's.
 */
import type { PendingApprovalView } from '../../../../shared/contract/index.js';
import { approvalNoticeText } from '../../../../shared/approvalNotice.js';

export interface WindowAttention {
  visibilityState: DocumentVisibilityState;
  hasFocus: boolean;
}

export function userIsAway(w: WindowAttention): boolean {
  return w.visibilityState !== 'visible' || !w.hasFocus;
}

/** The approvals that deserve a notification now: new ones (not notified before), while the user is away. */
export function approvalsToNotify(
  list: readonly PendingApprovalView[],
  notified: ReadonlySet<string>,
  w: WindowAttention,
  enabled: boolean,
): PendingApprovalView[] {
  if (!enabled || !userIsAway(w)) return [];
  return list.filter((a) => !notified.has(a.id));
}

/** The browser's Notification has no actions: its click only opens the prompt. */
export function notificationFor(a: PendingApprovalView, projectName: string): { title: string; body: string; tag: string } {
  const { title, body } = approvalNoticeText(a, projectName);
  return { title, body, tag: `codecoder-approval-${a.id}` };
}
