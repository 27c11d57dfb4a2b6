/** Part of a change allowed (`hunks` of an audit record or an edit's result), in words: hunks counted from 1. */
export function hunksWords(h: { taken: readonly number[]; rejected: readonly number[] }): string {
  const list = (xs: readonly number[]) => xs.map((i) => i + 1).join(', ');
  const total = h.taken.length + h.rejected.length;
  if (h.taken.length === 0) return `all ${total} hunks rejected`;
  return `hunk${h.taken.length === 1 ? '' : 's'} ${list(h.taken)} of ${total} written, ${list(h.rejected)} rejected`;
}

/** The `hunks` of a tool result's data, when it is part of a change (else undefined). */
export function hunksOf(data: unknown): { taken: number[]; rejected: number[] } | undefined {
  const h = (data as { hunks?: unknown } | null | undefined)?.hunks as { taken?: unknown; rejected?: unknown } | undefined;
  const ints = (v: unknown): v is number[] => Array.isArray(v) && v.every((x) => Number.isInteger(x));
  return h && ints(h.taken) && ints(h.rejected) ? { taken: h.taken, rejected: h.rejected } : undefined;
}
