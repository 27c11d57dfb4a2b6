/**
 * The hunks of a proposed change, for taking some and rejecting others: what the prompt lists for
 * each, the text that results from the ones taken, and a rejected hunk in words for the model.
 * jsdiff does the diffing and the applying (structuredPatch / applyPatch); nothing here compares lines.
 */
import { applyPatch, type StructuredPatch, type StructuredPatchHunk } from 'diff';
import type { HunkView } from '../../../../shared/contract/index.js';

const FIRST_CHANGE_MAX = 120;

/** Each hunk as the prompt lists it: the numbers of its `@@` header, its counts, its first changed line. */
export function hunkViews(patch: StructuredPatch): HunkView[] {
  return patch.hunks.map((h) => {
    const header = headerOf(h);
    const changed = h.lines.filter((l) => l.startsWith('+') || l.startsWith('-'));
    // A CRLF file's line keeps its \r in the patch: not part of what the line says.
    const first = (changed[0]?.slice(1) ?? '').replace(/\r$/, '');
    return {
      ...header,
      added: changed.filter((l) => l.startsWith('+')).length,
      removed: changed.filter((l) => l.startsWith('-')).length,
      firstChange: first.length > FIRST_CHANGE_MAX ? `${first.slice(0, FIRST_CHANGE_MAX - 1)}…` : first,
    };
  });
}

/**
 * `before` with only the `taken` hunks (0-based, ascending) of `patch` applied: the patch was made
 * from `before`, so every hunk fits where it says; one that does not is an error, never a guess.
 */
export function withHunks(before: string, patch: StructuredPatch, taken: readonly number[]): string {
  const hunks = taken.map((i) => {
    const h = patch.hunks[i];
    if (!h) throw new Error(`the change has no hunk ${i}`);
    return h;
  });
  const out = applyPatch(before, { ...patch, hunks }, { autoConvertLineEndings: false });
  if (out === false) throw new Error('the hunks taken do not apply to the text they were made from');
  return out;
}

/** One hunk as a unified diff (its header and lines), cut to `max` characters: what the model is told was rejected. */
export function hunkText(patch: StructuredPatch, index: number, max: number): string {
  const h = patch.hunks[index];
  if (!h) return '';
  const v = headerOf(h);
  const text = [`@@ -${v.oldStart},${v.oldLines} +${v.newStart},${v.newLines} @@`, ...h.lines].join('\n');
  return text.length > max ? `${text.slice(0, max)}\n… (${text.length - max} more characters of this hunk not shown)` : text;
}

/** The numbers a unified diff's `@@` header shows (an empty side starts one line earlier: the format's quirk). */
function headerOf(h: StructuredPatchHunk): Pick<HunkView, 'oldStart' | 'oldLines' | 'newStart' | 'newLines'> {
  return {
    oldStart: h.oldLines === 0 ? h.oldStart - 1 : h.oldStart,
    oldLines: h.oldLines,
    newStart: h.newLines === 0 ? h.newStart - 1 : h.newStart,
    newLines: h.newLines,
  };
}
