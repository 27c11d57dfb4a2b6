import { describe, expect, it } from 'vitest';
import { formatPriceLines, parsePriceLines } from './priceLines.js';

describe('price lines', () => {
  it('round-trips a price list', () => {
    const prices = { 'llama3.1:8b': { input: 0, output: 0 }, 'my-claude': { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 } };
    expect(parsePriceLines(formatPriceLines(prices))).toEqual({ prices });
    expect(parsePriceLines('# comment\n\nm 1 2 0.5')).toEqual({ prices: { m: { input: 1, output: 2, cacheRead: 0.5 } } });
  });
  it('names the bad line', () => {
    expect(parsePriceLines('a 1 2\nb one 2')).toEqual({ error: expect.stringContaining('line 2') });
    expect(parsePriceLines('c 1')).toEqual({ error: expect.stringContaining('line 1') });
    expect(parsePriceLines('d -1 2')).toEqual({ error: expect.stringContaining('line 1') });
  });
});
