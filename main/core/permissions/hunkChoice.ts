/**
 * Part of a proposed change, allowed once: which hunks of the diff the prompt showed the user took.
 * The indices come from the page (untrusted): they are checked against how many hunks the call's
 * own preview has, here, by the approval queue (so a bad answer is refused while the prompt is still
 * open) and again by the engine (whoever answered). The tool then writes exactly the hunks taken.
 */

/** The hunks a user took and rejected, each list ascending, 0-based, together every hunk of the preview. */
export interface HunkChoice {
  taken: number[];
  rejected: number[];
}

/** Said to the model, the audit log and the prompt when every hunk was rejected: the call is denied. */
export const EVERY_HUNK_REJECTED = 'the user rejected every hunk of the proposed change';

/**
 * The hunks taken, read against the `total` the preview showed; a problem in words when the answer
 * cannot be honoured (no hunks to choose from, an index that is not one of them, one named twice).
 */
export function chooseHunks(taken: readonly unknown[], total: number | undefined): HunkChoice | { problem: string } {
  if (total === undefined || total < 1) return { problem: 'this request shows no hunks to take or reject' };
  const seen = new Set<number>();
  for (const i of taken) {
    if (typeof i !== 'number' || !Number.isInteger(i) || i < 0 || i >= total) {
      return { problem: `hunk ${String(i)} is not one of the ${total} hunk${total === 1 ? '' : 's'} shown (0 to ${total - 1})` };
    }
    if (seen.has(i)) return { problem: `hunk ${i} is named twice` };
    seen.add(i);
  }
  const all = Array.from({ length: total }, (_, i) => i);
  return { taken: all.filter((i) => seen.has(i)), rejected: all.filter((i) => !seen.has(i)) };
}

/** "1, 3" (1-based, as people count hunks). */
export function hunkNumbers(indices: readonly number[]): string {
  return indices.map((i) => String(i + 1)).join(', ');
}
