import { createTwoFilesPatch } from 'diff';

/** Above this many characters on either side the UI gets no diff (Myers is quadratic in the worst case). */
const MAX_SIDE_CHARS = 2_000_000;

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
  if (oldText.length > MAX_SIDE_CHARS || newText.length > MAX_SIDE_CHARS) return undefined;
  const text = createTwoFilesPatch(`a/${oldName}`, `b/${newName}`, oldText, newText, undefined, undefined, {
    context,
    timeout: 2000,
  });
  if (text === undefined) return undefined;
  return { text: withoutPreamble(text), changed: true };
}

/** jsdiff's patch without the "Index:"/"====" preamble it adds; the ---/+++ headers git tools expect stay. */
export function withoutPreamble(patch: string): string {
  return patch.replace(/^(Index: .*\n)?=+\n/, '');
}
