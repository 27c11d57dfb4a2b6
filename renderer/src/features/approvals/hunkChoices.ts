/**
 * Taking or rejecting each hunk of a proposed change (preview.hunks): what each toggle says, and the
 * answer the choice makes. The page sends only the indices taken; main checks them against the
 * preview and writes the previewed text with those hunks (main/core/tools/edit/partial.ts). Every
 * hunk taken is the plain answer; some rejected is an allow-once only; none taken is a deny.
 */
import type { HunkView } from '../../../../shared/contract/index.js';

/** Where a hunk sits, in the old file's lines (a new file's: the new lines). */
export function hunkLines(h: HunkView): string {
  if (h.oldLines === 0) return h.oldStart === 0 ? `new lines ${range(h.newStart, h.newLines)}` : `after line ${h.oldStart}`;
  return `line${h.oldLines === 1 ? '' : 's'} ${range(h.oldStart, h.oldLines)}`;
}

function range(start: number, count: number): string {
  return count <= 1 ? String(start) : `${start}–${start + count - 1}`;
}

/** The indices taken, or undefined when every hunk is (the plain answer: the whole change). */
export function takenHunks(taken: readonly boolean[]): number[] | undefined {
  if (taken.every(Boolean)) return undefined;
  return taken.flatMap((t, i) => (t ? [i] : []));
}

/** Whether some hunks are rejected: then only "once" is offered (session and project would allow the whole key). */
export function isPartial(taken: readonly boolean[]): boolean {
  return taken.some((t) => !t);
}

/** The allow-once button's words for the choice. */
export function onceLabel(taken: readonly boolean[]): string {
  const n = taken.filter(Boolean).length;
  if (n === taken.length) return 'Allow once';
  if (n === 0) return 'Reject every hunk';
  return `Allow ${n} of ${taken.length} hunks once`;
}

export const PARTIAL_ONCE_ONLY = 'part of a change (some hunks rejected) is never remembered for the session or the project';
