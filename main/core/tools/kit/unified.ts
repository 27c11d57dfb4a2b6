import { formatPatch, structuredPatch, type StructuredPatch } from 'diff';

/** Above this many characters on either side the UI gets no diff (Myers is quadratic in the worst case). */
const MAX_SIDE_CHARS = 2_000_000;

/**
 * jsdiff's structured patch (its hunks as the unified diff lists them), or undefined when it could
 * not be computed within the time cap or a side is too large. Equal sides give no hunks.
 */
export function structuredDiff(
  oldName: string,
  newName: string,
  oldText: string,
  newText: string,
  context = 3,
): StructuredPatch | undefined {
  if (oldText.length > MAX_SIDE_CHARS || newText.length > MAX_SIDE_CHARS) return undefined;
  return structuredPatch(`a/${oldName}`, `b/${newName}`, oldText, newText, undefined, undefined, { context, timeout: 2000 });
}

/** The unified diff text of a structured patch: its hunks in order, one `@@` header each. Never changes `patch`. */
export function formatUnified(patch: StructuredPatch): string {
  // formatPatch rewrites the start of an empty side in place (the format's quirk): it gets a copy.
  return withoutPreamble(formatPatch(structuredClone(patch)));
}

/**
 * A unified diff with `a/` and `b/` headers, or undefined when it could not be computed within the
 * time cap. `changed` is false when both sides are equal.
 */
export function unifiedDiff(
  oldName: string,
  newName: string,
  oldText: string,
  newText: string,
  context = 3,
): { text: string; changed: boolean } | undefined {
  if (oldText === newText) return { text: '', changed: false };
  const patch = structuredDiff(oldName, newName, oldText, newText, context);
  if (patch === undefined) return undefined;
  return { text: formatUnified(patch), changed: true };
}

/** jsdiff's patch without the "Index:"/"====" preamble it adds; the ---/+++ headers git tools expect stay. */
export function withoutPreamble(patch: string): string {
  return patch.replace(/^(Index: .*\n)?=+\n/, '');
}
