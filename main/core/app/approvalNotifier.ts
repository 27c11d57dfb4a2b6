import type { PendingApprovalView } from '../../../shared/contract/index.js';

export interface ApprovalNotice {
  approvalId: string;
  title: string;
  body: string;
}

/**
 * Decides which pending approvals deserve a native notification: each new one, once, while the
 * window is in the background and the user has not turned notifications off. Pure, so the desktop
 * shell's Notification glue stays a few lines.
 */
export class ApprovalNotifier {
  private readonly seen = new Set<string>();

  next(pending: readonly PendingApprovalView[], opts: { projectName: string; windowFocused: boolean; enabled: boolean }): ApprovalNotice[] {
    const live = new Set(pending.map((p) => p.id));
    for (const id of this.seen) if (!live.has(id)) this.seen.delete(id);
    const fresh = pending.filter((p) => !this.seen.has(p.id));
    for (const p of fresh) this.seen.add(p.id);
    if (!opts.enabled || opts.windowFocused) return [];
    return fresh.map((p) => ({
      approvalId: p.id,
      title: `${opts.projectName}: approval needed`,
      body:
        p.kind === 'presets'
          ? `Allow ${p.presets?.length ?? 0} session presets from codecoder.json?`
          : `${p.depth > 0 ? 'A sub-agent' : 'The agent'} asks for ${visible(p.key ?? p.tool ?? '')}`,
    }));
  }
}

/** Notification bodies are plain text, but control characters still must not reach them raw. */
function visible(s: string): string {
  const clipped = s.length > 200 ? `${s.slice(0, 200)}…` : s;
  return clipped.replace(
    /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029\ufeff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
