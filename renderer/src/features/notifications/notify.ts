/**
 * When and what to notify about a pending approval. Pure, so the rules are tested: only when the
 * user cannot see the window (hidden or not focused), only when the setting is on, once per
 * approval; the title names the project and the body names the key — escaped, because a
 * notification renders text raw.
 */
import type { PendingApprovalView } from '../../../../shared/contract/index.js';
import { escapeInvisible } from '../../ui/escapeInvisible.js';

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

const MAX_BODY = 180;

export function notificationFor(a: PendingApprovalView, projectName: string): { title: string; body: string; tag: string } {
  const who = a.depth > 0 ? 'A sub-agent' : 'The agent';
  const what =
    a.kind === 'presets'
      ? `Session presets to allow: ${(a.presets ?? []).join(', ')}`
      : `${who} asks to use ${a.tool ?? 'a tool'}: ${a.key ?? '(no key)'}`;
  const body = escapeInvisible(what);
  return {
    title: `${escapeInvisible(projectName)} — approval needed`,
    body: body.length > MAX_BODY ? `${body.slice(0, MAX_BODY - 1)}…` : body,
    tag: `codecoder-approval-${a.id}`,
  };
}
