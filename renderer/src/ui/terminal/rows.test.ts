import { describe, expect, it } from 'vitest';
import { rowsFor } from './rows.js';

describe('rowsFor', () => {
  it('gives a short output few rows and a long one the maximum', () => {
    expect(rowsFor('')).toBe(2);
    expect(rowsFor('one line')).toBe(2);
    expect(rowsFor('a\r\nb\r\nc\r\n')).toBe(4); // three lines and the cursor's
    expect(rowsFor('x\n'.repeat(500))).toBe(12);
    expect(rowsFor('x\n'.repeat(500), 6)).toBe(6);
  });
});
