import { describe, expect, it } from 'vitest';
import { conversationDate, messageCountLabel } from './conversationWords.js';

describe('conversation words', () => {
  it('counts in words', () => {
    expect(messageCountLabel(0)).toBe('0 messages');
    expect(messageCountLabel(1)).toBe('1 message');
    expect(messageCountLabel(2)).toBe('2 messages');
  });
  it('dates: the time today, the day this year, the year otherwise', () => {
    const now = new Date(2026, 11, 3, 15, 0).getTime();
    expect(conversationDate(new Date(2026, 11, 3, 9, 5).getTime(), now, 'en-GB')).toBe('09:05');
    expect(conversationDate(new Date(2026, 10, 20).getTime(), now, 'en-GB')).toBe('20 Nov');
    expect(conversationDate(new Date(2025, 0, 2).getTime(), now, 'en-GB')).toBe('2 Jan 2025');
  });
});
