/**
 * Output → Screen, cheaply. Plain text (no control characters but tabs and line ends) is split
 * into lines directly: a terminal would show exactly that. Anything else goes through one shared
 * headless xterm.js, one job at a time, so the transcript never holds more than one emulator.
 * xterm.js is loaded the first time output needs it (its own chunk): plain output never loads it.
 */
import type { Terminal as Headless } from '@xterm/headless';
import { readScreen, type Screen } from './screen.js';

/** The pty's own size (main/core/env/pty.ts), so output laid out for it reads the same here. */
const PTY_COLS = 200;
const PTY_ROWS = 50;
export const MAX_LINES = 1000;

// C0 controls except tab and line feed, DEL, and C1 controls: these need a terminal to interpret.
// A carriage return only counts as plain right before a line feed (the pty's line end).
const NEEDS_TERMINAL = /[\x00-\x08\x0b-\x0c\x0e-\x1f\x7f-\x9f]|\r(?!\n)/;

/** The screen of plain text, or null when the output needs a terminal emulator. */
export function plainScreen(output: string, maxLines = MAX_LINES): Screen | null {
  if (NEEDS_TERMINAL.test(output)) return null;
  const lines = output.replace(/\r\n/g, '\n').split('\n');
  while (lines.length && lines[lines.length - 1]!.trimEnd() === '') lines.pop();
  const hiddenLines = Math.max(0, lines.length - maxLines);
  return {
    lines: lines.slice(hiddenLines).map((l) => {
      const text = expandTabs(l).trimEnd();
      return text ? [{ text, cls: '' }] : [];
    }),
    hiddenLines,
  };
}

/** A terminal moves to the next multiple of 8 columns on a tab; the emulated screen holds spaces there. */
function expandTabs(line: string): string {
  if (!line.includes('\t')) return line;
  let out = '';
  for (const ch of line) out += ch === '\t' ? ' '.repeat(8 - (out.length % 8)) : ch;
  return out;
}

let shared: Headless | null = null;
let queue: Promise<unknown> = Promise.resolve();
const cache = new Map<string, Screen>();
// Keys are whole outputs (up to the card's bound, ~512 K characters): a few are enough for a re-render.
const CACHE_SIZE = 8;

function remember(output: string, screen: Screen): Screen {
  cache.set(output, screen);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return screen;
}

/**
 * The screen a terminal would show for `output`, through the shared emulator (for what
 * plainScreen could not take; callers try that first). `stillWanted` is asked before the work starts, so
 * a card that moved on (newer output, unmounted) does not make the queue emulate a stale text.
 */
export function screenOf(output: string, stillWanted: () => boolean = () => true): Promise<Screen | null> {
  const hit = cache.get(output);
  if (hit) return Promise.resolve(hit);
  const job = queue.then(async () => {
    if (!stillWanted()) return null;
    shared ??= new (await import('@xterm/headless')).Terminal({
      cols: PTY_COLS,
      rows: PTY_ROWS,
      scrollback: 5000,
      convertEol: true,
      allowProposedApi: true,
    });
    const t = shared;
    return new Promise<Screen | null>((resolve) => {
      t.reset();
      t.write(output, () => resolve(remember(output, readScreen(t, MAX_LINES))));
    });
  });
  queue = job.catch(() => undefined);
  return job;
}
