import { describe, expect, it } from 'vitest';
import { formatRemaining } from './countdown.js';

describe('formatRemaining', () => {
  const now = 1_700_000_000_000;
  it('says when an entry lasts for the whole session or has lapsed', () => {
    expect(formatRemaining(null, now)).toBe('until the session ends');
    expect(formatRemaining(now, now)).toBe('expired');
    expect(formatRemaining(now - 5, now)).toBe('expired');
  });
  it('counts minutes and seconds under an hour, rounding up so 0:00 never shows for a live entry', () => {
    expect(formatRemaining(now + 15 * 60_000, now)).toBe('15:00');
    expect(formatRemaining(now + 15 * 60_000 - 1000, now)).toBe('14:59');
    expect(formatRemaining(now + 1, now)).toBe('0:01');
  });
  it('counts hours and days for long entries', () => {
    expect(formatRemaining(now + 3_600_000 + 5 * 60_000, now)).toBe('1 h 05 min');
    expect(formatRemaining(now + 8 * 3_600_000, now)).toBe('8 h 00 min');
    expect(formatRemaining(now + 2 * 86_400_000 + 3 * 3_600_000, now)).toBe('2 d 3 h');
  });
});
