import type { PendingApprovalView } from '../../../shared/contract/index.js';
import { approvalNoticeText } from '../../../shared/approvalNotice.js';

export interface ApprovalNotice {
  approvalId: string;
  title: string;
  body: string;
  /** The notification may offer "Allow once": its body shows all of what would be allowed. */
  allowable: boolean;
}

/** A notification's buttons, and what each does: an Allow only where the body shows it all. */
export type NoticeAction = 'once' | 'deny' | 'open';
export function noticeActions(n: Pick<ApprovalNotice, 'allowable'>): { text: string; does: NoticeAction }[] {
  return n.allowable
    ? [
        { text: 'Allow once', does: 'once' },
        { text: 'Deny', does: 'deny' },
      ]
    : [
        { text: 'Review', does: 'open' },
        { text: 'Deny', does: 'deny' },
      ];
}

/**
 * Decides which pending approvals deserve a native notification: each new one, once, while the
 * window is in the background and the user has not turned notifications off. The words are the
 * renderer's (shared/approvalNotice.ts). Pure, so the desktop shell's Notification glue stays a few lines.
 */
export class ApprovalNotifier {
  private readonly seen = new Set<string>();

  next(pending: readonly PendingApprovalView[], opts: { projectName: string; windowFocused: boolean; enabled: boolean }): ApprovalNotice[] {
    const live = new Set(pending.map((p) => p.id));
    for (const id of this.seen) if (!live.has(id)) this.seen.delete(id);
    const fresh = pending.filter((p) => !this.seen.has(p.id));
    for (const p of fresh) this.seen.add(p.id);
    if (!opts.enabled || opts.windowFocused) return [];
    return fresh.map((p) => ({ approvalId: p.id, ...approvalNoticeText(p, opts.projectName) }));
  }
}
