/**
 * A command's output as the terminal would show it, read off a headless xterm.js (the same parser
 * and buffer as the live terminal, without its DOM): lines of styled runs. Finished and young
 * commands are drawn from this, so a transcript full of commands holds plain spans instead of one
 * live xterm each (a live xterm measures fonts and lays out the whole page when it opens).
 */
import type { IBufferCell, IBufferLine, Terminal } from '@xterm/headless';

/** One stretch of cells with the same look. `cls` uses the live terminal's class names. */
export interface Run {
  text: string;
  cls: string;
  color?: string;
  background?: string;
}
export type ScreenLine = Run[];

export interface Screen {
  lines: ScreenLine[];
  /** Lines before `lines` that are not shown (the scrollback kept more than `maxLines`). */
  hiddenLines: number;
}

/** xterm's 256-colour palette beyond the 16 themed ones: the 6×6×6 cube, then 24 greys. */
export function paletteColor(n: number): string {
  if (n >= 232) {
    const v = 8 + (n - 232) * 10;
    return `rgb(${v}, ${v}, ${v})`;
  }
  const steps = [0, 95, 135, 175, 215, 255];
  const i = n - 16;
  return `rgb(${steps[Math.floor(i / 36) % 6]}, ${steps[Math.floor(i / 6) % 6]}, ${steps[i % 6]})`;
}

const rgb = (v: number) => `rgb(${(v >> 16) & 255}, ${(v >> 8) & 255}, ${v & 255})`;

interface Look {
  cls: string;
  color?: string;
  background?: string;
}

/** A colour: a class for the 16 themed ones (terminal.css), an inline value otherwise. */
function colour(palette: boolean, rgbMode: boolean, value: number, side: 'fg' | 'bg'): { cls?: string; css?: string } {
  if (rgbMode) return { css: rgb(value) };
  if (!palette) return {};
  return value < 16 ? { cls: `xterm-${side}-${value}` } : { css: paletteColor(value) };
}

function lookOf(cell: IBufferCell): Look {
  let fg = colour(cell.isFgPalette(), cell.isFgRGB(), cell.getFgColor(), 'fg');
  let bg = colour(cell.isBgPalette(), cell.isBgRGB(), cell.getBgColor(), 'bg');
  const cls: string[] = [];
  if (cell.isInverse()) {
    // Swap, with the terminal's own colours standing in for "default".
    const f = fg;
    fg = bg.cls ? { cls: bg.cls.replace('bg', 'fg') } : bg.css ? { css: bg.css } : { cls: 'xterm-fg-inverse' };
    bg = f.cls ? { cls: f.cls.replace('fg', 'bg') } : f.css ? { css: f.css } : { cls: 'xterm-bg-inverse' };
  }
  if (fg.cls) cls.push(fg.cls);
  if (bg.cls) cls.push(bg.cls);
  if (cell.isBold()) cls.push('xterm-bold');
  if (cell.isDim()) cls.push('xterm-dim');
  if (cell.isItalic()) cls.push('xterm-italic');
  if (cell.isUnderline()) cls.push('xterm-underline-1');
  if (cell.isStrikethrough()) cls.push('xterm-strikethrough');
  if (cell.isInvisible()) cls.push('xterm-invisible');
  return { cls: cls.join(' '), ...(fg.css ? { color: fg.css } : {}), ...(bg.css ? { background: bg.css } : {}) };
}

const sameLook = (a: Look, b: Look) => a.cls === b.cls && a.color === b.color && a.background === b.background;

function runsOf(line: IBufferLine, cols: number, cell: IBufferCell, out: Run[]): void {
  // Trailing blank default cells are the screen's padding, not output.
  let end = line.length;
  while (end > 0) {
    const c = line.getCell(end - 1, cell);
    if (!c || (c.getChars() !== '' && c.getChars() !== ' ') || !c.isAttributeDefault()) break;
    end--;
  }
  let cur: Run | undefined;
  for (let x = 0; x < Math.min(end, cols); x++) {
    const c = line.getCell(x, cell);
    if (!c || c.getWidth() === 0) continue; // the second half of a wide character
    const look = lookOf(c);
    const ch = c.getChars() || ' ';
    if (cur && sameLook(cur, look)) cur.text += ch;
    else out.push((cur = { text: ch, ...look }));
  }
}

/**
 * The buffer as lines of runs: soft-wrapped rows joined back into one line, trailing empty rows
 * dropped, at most the last `maxLines`.
 */
export function readScreen(term: Terminal, maxLines = 1000): Screen {
  const buf = term.buffer.active;
  const cell = buf.getNullCell();
  const lines: ScreenLine[] = [];
  for (let y = 0; y < buf.length; y++) {
    const row = buf.getLine(y);
    if (!row) continue;
    const runs: Run[] = row.isWrapped && lines.length ? lines[lines.length - 1]! : [];
    if (!(row.isWrapped && lines.length)) lines.push(runs);
    runsOf(row, term.cols, cell, runs);
  }
  while (lines.length && lines[lines.length - 1]!.length === 0) lines.pop();
  const hiddenLines = Math.max(0, lines.length - maxLines);
  return { lines: hiddenLines ? lines.slice(hiddenLines) : lines, hiddenLines };
}
