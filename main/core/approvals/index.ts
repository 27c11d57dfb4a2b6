/** The public surface of main/core/approvals: what other folders may import (build/coreSurfaces.mjs). */
export { ApprovalNotifier, noticeActions } from './notifier.js';
export { previewOfCall } from './preview.js';
export { ApprovalQueue, CANCELLED_REASON, type PendingApproval, type PresetOffer } from './queue.js';
