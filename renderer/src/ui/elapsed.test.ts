import { describe, expect, it } from 'vitest';
import { formatElapsed } from './Elapsed.js';

describe('formatElapsed', () => {
  it('seconds, then minutes, then hours', () => {
    expect(formatElapsed(-5)).toBe('0 s');
    expect(formatElapsed(12_400)).toBe('12 s');
    expect(formatElapsed(185_000)).toBe('3 min 05 s');
    expect(formatElapsed(3_725_000)).toBe('1 h 02 min');
  });
});
