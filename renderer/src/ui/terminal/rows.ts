/** As many rows as the output has lines (plus the cursor's), between 2 and `max`: a short output takes little room. */
export function rowsFor(output: string, max = 12): number {
  let lines = 1;
  for (let i = output.indexOf('\n'); i >= 0 && lines <= max; i = output.indexOf('\n', i + 1)) lines++;
  return Math.min(max, Math.max(2, lines));
}
