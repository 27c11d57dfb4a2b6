import { describe, expect, it } from 'vitest';
import { hunksOf, hunksWords } from './hunksWords.js';

describe('part of a change in words', () => {
  it('counts hunks from 1', () => {
    expect(hunksWords({ taken: [0, 2], rejected: [1] })).toBe('hunks 1, 3 of 3 written, 2 rejected');
    expect(hunksWords({ taken: [1], rejected: [0, 2] })).toBe('hunk 2 of 3 written, 1, 3 rejected');
    expect(hunksWords({ taken: [], rejected: [0, 1] })).toBe('all 2 hunks rejected');
  });

  it('reads hunks from a result only when they are well formed', () => {
    expect(hunksOf({ path: 'a', hunks: { taken: [0], rejected: [1] } })).toEqual({ taken: [0], rejected: [1] });
    expect(hunksOf({ path: 'a' })).toBeUndefined();
    expect(hunksOf({ hunks: { taken: ['0'], rejected: [] } })).toBeUndefined();
    expect(hunksOf(undefined)).toBeUndefined();
  });
});
