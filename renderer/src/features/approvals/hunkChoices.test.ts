import { describe, expect, it } from 'vitest';
import { hunkLines, isPartial, onceLabel, takenHunks } from './hunkChoices.js';

const hunk = (oldStart: number, oldLines: number, newStart: number, newLines: number) => ({
  oldStart,
  oldLines,
  newStart,
  newLines,
  added: newLines,
  removed: oldLines,
  firstChange: 'x',
});

describe('the hunk toggles of a prompt', () => {
  it('say where each hunk sits in the old file (a new file: its new lines)', () => {
    expect(hunkLines(hunk(12, 6, 12, 7))).toBe('lines 12–17');
    expect(hunkLines(hunk(4, 1, 4, 2))).toBe('line 4');
    expect(hunkLines(hunk(0, 0, 1, 30))).toBe('new lines 1–30');
    expect(hunkLines(hunk(7, 0, 8, 2))).toBe('after line 7');
  });

  it('send the indices taken only when some are rejected; every hunk taken is the plain answer', () => {
    expect(takenHunks([true, true, true])).toBeUndefined();
    expect(takenHunks([true, false, true])).toEqual([0, 2]);
    expect(takenHunks([false, false])).toEqual([]);
    expect(isPartial([true, true])).toBe(false);
    expect(isPartial([true, false])).toBe(true);
  });

  it('name the allow-once answer after the choice', () => {
    expect(onceLabel([])).toBe('Allow once');
    expect(onceLabel([true, true, true])).toBe('Allow once');
    expect(onceLabel([true, false, true])).toBe('Allow 2 of 3 hunks once');
    expect(onceLabel([false, false, false])).toBe('Reject every hunk');
  });
});
