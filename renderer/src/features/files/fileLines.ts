import type { LineRange } from '../../ui/fileRefs.js';

/** A big file shows this many lines around the first highlight (the DOM stays small). */
export const MAX_SHOWN_LINES = 4000;

export interface ShownLines {
  rows: { n: number; text: string; hit: boolean }[];
  first: number;
  last: number;
  /** Lines before or after were left out. */
  cut: boolean;
}

/** The rows the view draws: numbered, highlighted where asked, a window around the first highlight when the file is long. */
export function linesToShow(text: string, ranges: readonly LineRange[], max = MAX_SHOWN_LINES): ShownLines {
  const lines = text.split(/\r?\n/);
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  const total = lines.length;
  const target = ranges[0]?.from ?? 1;
  const first = Math.max(1, Math.min(target - Math.floor(max / 2), total - max + 1));
  const last = Math.min(total, first + max - 1);
  const hit = (n: number) => ranges.some((r) => n >= r.from && n <= r.to);
  const rows = [];
  for (let n = first; n <= last; n++) rows.push({ n, text: lines[n - 1]!, hit: hit(n) });
  return { rows, first, last, cut: first > 1 || last < total };
}

/** "line 12", "lines 12–20", "lines 3–4 and 9" — what is highlighted, in words. */
export function rangeWords(ranges: readonly LineRange[]): string {
  if (ranges.length === 0) return '';
  const one = (r: LineRange) => (r.from === r.to ? `${r.from}` : `${r.from}–${r.to}`);
  const many = ranges.length > 1 || ranges[0]!.from !== ranges[0]!.to;
  const parts = ranges.map(one);
  return `${many ? 'lines' : 'line'} ${parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}` : parts[0]}`;
}
