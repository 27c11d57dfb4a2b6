/**
 * Part of a proposed change (issue 20): the user takes some hunks of the diff the prompt showed and
 * rejects the others. The preview keeps the change it showed with the call's frozen arguments (the
 * text it was made from and that text's bytes' SHA-256); execute() then writes exactly that text
 * with the taken hunks applied — never the model's content, never anything the page sent — through
 * the tool's own anchored, approved-path write, and only while the file is still the one the preview
 * read. The tool result tells the model which hunks were rejected, with their text.
 */
import type { StructuredPatch } from 'diff';
import { MAX_HUNKS } from '../../../../shared/contract/index.js';
import { hunkNumbers, type HunkChoice } from '../../permissions/index.js';
import { formatUnified, structuredDiff } from '../kit/unified.js';
import { hunkText, hunkViews, withHunks } from '../kit/hunks.js';
import { ToolFailure } from '../output.js';
import type { ToolPreview, ToolResult } from '../types.js';
import { diffFor, diffStat } from './textFile.js';

/** The change one call's prompt showed. */
interface ProposedChange {
  /** The file as the preview read it: its bytes' SHA-256, or absent (a new file). */
  digest: string | null;
  /** Its text as the diff read it (decoded, without a BOM). */
  before: string;
  patch: StructuredPatch;
}

/** Keyed by the call's frozen arguments, which preview() and execute() both receive (agent/runChecked.ts). */
const proposed = new WeakMap<object, ProposedChange>();

/** A rejected hunk's text is cut here for the model, and at most this many are quoted. */
const REJECTED_HUNK_CHARS = 2000;
const REJECTED_HUNKS_QUOTED = 8;

/**
 * The prompt's preview of changing `before` (the file as read: `digest` of its bytes, null when
 * absent) into `after`: the diff and its hunks, the change kept for a partial accept. An equal or
 * undiffable pair shows the path only, and offers no hunks.
 */
export function previewChange(
  args: object,
  path: string,
  rel: string,
  file: { digest: string | null; before: string },
  after: string,
): ToolPreview {
  // An empty diff, so the prompt can say the write changes nothing.
  if (file.before === after) return { path, diff: '' };
  const patch = structuredDiff(rel, rel, file.before, after);
  if (!patch || patch.hunks.length === 0) return { path };
  const diff = formatUnified(patch);
  if (patch.hunks.length > MAX_HUNKS) return { path, diff };
  proposed.set(args, { digest: file.digest, before: file.before, patch });
  return { path, diff, hunks: hunkViews(patch) };
}

/**
 * The text to write when the user took only `choice.taken`: the previewed text with those hunks
 * applied. Refuses (nothing written) when no change was kept for this call, or the file is no
 * longer what the preview read (`digest` of its bytes now, null when absent).
 */
export function takenText(args: object, rel: string, choice: HunkChoice, digest: string | null): { text: string; change: ProposedChange } {
  const change = proposed.get(args);
  if (!change) throw new ToolFailure(`the hunks chosen for ${rel} belong to no change shown for this call; nothing was written`);
  if (change.digest !== digest) {
    throw new ToolFailure(
      `${rel} changed on disk after the change was shown, so the hunks chosen no longer apply to it; nothing was written. Read the file again and propose the change anew`,
    );
  }
  return { text: withHunks(change.before, change.patch, choice.taken), change };
}

/** What the model reads after a partial write: which hunks were taken, each rejected one with its text, and what the file holds now. */
export function partialResult(
  rel: string,
  change: { before: string; patch: StructuredPatch },
  choice: HunkChoice,
  written: string,
): ToolResult {
  const d = diffFor(rel, change.before, written);
  const total = choice.taken.length + choice.rejected.length;
  const plural = (n: number) => (n === 1 ? 'hunk' : 'hunks');
  const quoted = choice.rejected
    .slice(0, REJECTED_HUNKS_QUOTED)
    .map((i) => `Rejected hunk ${i + 1} of ${total}:\n${hunkText(change.patch, i, REJECTED_HUNK_CHARS)}`);
  const more = choice.rejected.length - quoted.length;
  const content = [
    `wrote part of the proposed change to ${rel}: the user took ${plural(choice.taken.length)} ${hunkNumbers(choice.taken)} of ${total} ` +
      `and rejected ${plural(choice.rejected.length)} ${hunkNumbers(choice.rejected)}.` +
      ` ${rel} now holds exactly the accepted content${d.diff ? ` (${diffStat(d.diff)} against before)` : ''}; the rejected ${plural(choice.rejected.length)} ${choice.rejected.length === 1 ? 'was' : 'were'} NOT applied.` +
      ' Read the file again before changing it further.',
    ...quoted,
    ...(more > 0 ? [`(${more} more rejected ${plural(more)} not quoted)`] : []),
  ].join('\n\n');
  return { content, data: { path: rel, hunks: choice, ...d } };
}
