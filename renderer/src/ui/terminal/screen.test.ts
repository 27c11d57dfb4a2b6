import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { plainScreen, screenOf } from './emulator.js';
import { paletteColor, type Screen } from './screen.js';

const textOf = (s: Screen | null) => s?.lines.map((l) => l.map((r) => r.text).join('')) ?? null;
/** Forces the emulator: a colour reset in front changes nothing on screen but is not plain text. */
const emulated = (output: string) => screenOf(`\x1b[0m${output}`);

describe('a command output as the terminal shows it', () => {
  it('keeps the live terminal’s classes for the 16 colours and styles, inline values for the rest', async () => {
    const s = await emulated('\x1b[31mred\x1b[0m plain \x1b[1;4mbold\x1b[0m \x1b[38;5;196mx\x1b[48;2;1;2;3my\x1b[0m');
    expect(s!.lines).toEqual([
      [
        { text: 'red', cls: 'xterm-fg-1' },
        { text: ' plain ', cls: '' },
        { text: 'bold', cls: 'xterm-bold xterm-underline-1' },
        { text: ' ', cls: '' },
        { text: 'x', cls: '', color: 'rgb(255, 0, 0)' },
        { text: 'y', cls: '', color: 'rgb(255, 0, 0)', background: 'rgb(1, 2, 3)' },
      ],
    ]);
    expect(paletteColor(16)).toBe('rgb(0, 0, 0)');
    expect(paletteColor(231)).toBe('rgb(255, 255, 255)');
    expect(paletteColor(244)).toBe('rgb(128, 128, 128)');
  });

  it('swaps colours for inverse video, the terminal’s own standing in for the defaults', async () => {
    const s = await emulated('\x1b[7minv\x1b[0m \x1b[32;7mgreen\x1b[0m');
    expect(s!.lines[0]).toEqual([
      { text: 'inv', cls: 'xterm-fg-inverse xterm-bg-inverse' },
      { text: ' ', cls: '' },
      { text: 'green', cls: 'xterm-fg-inverse xterm-bg-2' },
    ]);
  });

  it('draws carriage-return progress bars and cursor moves as their final screen', async () => {
    expect(textOf(await screenOf('progress 10%\rprogress 55%\rprogress 100%\r\ndone\r\n'))).toEqual(['progress 100%', 'done']);
    expect(textOf(await screenOf('abc\x1b[2Dz\r\n'))).toEqual(['azc']);
    expect(textOf(await screenOf('gone\x1b[2K\r\nkept\r\n'))).toEqual(['', 'kept']);
  });

  it('joins a line the terminal soft-wrapped and drops the screen’s empty rows', async () => {
    const long = 'x'.repeat(450);
    expect(textOf(await emulated(`${long}\r\nend\r\n\r\n\r\n`))).toEqual([long, 'end']);
  });

  it('shows the last lines and counts the ones left out', async () => {
    const out = Array.from({ length: 1200 }, (_, i) => `line ${i}`).join('\r\n');
    const plain = plainScreen(out)!;
    expect(plain.hiddenLines).toBe(200);
    expect(textOf(plain)![0]).toBe('line 200');
    const emu = (await emulated(out))!;
    expect(emu.hiddenLines).toBe(200);
    expect(textOf(emu)).toEqual(textOf(plain));
  });

  it('takes plain text apart without the emulator, to the same screen', async () => {
    expect(plainScreen('a\x1b[0mb')).toBeNull();
    expect(plainScreen('50%\r100%')).toBeNull();
    expect(plainScreen('a\bb')).toBeNull();
    expect(plainScreen('\u009b31m')).toBeNull();
    expect(textOf(plainScreen('one\r\n\ttwo  \r\nthree\n'))).toEqual(['one', '        two', 'three']);
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(fc.constantFrom('\r\n', '\n', '\t', ' ', 'é', '€'), fc.string({ unit: 'grapheme-ascii', maxLength: 30 })), {
          maxLength: 40,
        }),
        async (parts) => {
          const text = parts.join('');
          fc.pre(!/[\x00-\x08\x0b-\x1f\x7f]|\r(?!\n)/.test(text));
          expect(textOf(plainScreen(text))).toEqual(textOf(await emulated(text)));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('skips a queued emulation nobody wants any more', async () => {
    expect(await screenOf('\x1b[1mstale', () => false)).toBeNull();
    expect(textOf(await screenOf('\x1b[1mfresh'))).toEqual(['fresh']);
  });
});
