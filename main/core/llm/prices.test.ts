import { describe, expect, it } from 'vitest';
import { formatCost } from '../../../shared/contract/agentEvents.js';
import { costOf, priceOf } from './prices.js';

describe('model prices', () => {
  it('prices known models, says unknown for others, and lets the user price any model', () => {
    expect(priceOf('claude-sonnet-4-5')).toMatchObject({ input: 3, output: 15 });
    expect(priceOf('openai/gpt-4o-mini')).toMatchObject({ input: 0.15 });
    expect(priceOf('llama3.1:8b')).toBeUndefined();
    expect(priceOf('llama3.1:8b', { 'llama3.1:8b': { input: 0, output: 0 } })).toEqual({ input: 0, output: 0 });
    expect(priceOf('claude-sonnet-4-5', { 'claude-sonnet-4-5': { input: 1, output: 2 } })).toEqual({ input: 1, output: 2 });
  });

  it('charges cache reads and writes at their own prices', () => {
    // 1M prompt tokens: 600k plain, 300k read, 100k written; 100k out (Sonnet: 3 / 0.30 / 3.75 / 15 per M).
    const usd = costOf(
      { inputTokens: 1_000_000, cacheReadTokens: 300_000, cacheWriteTokens: 100_000, outputTokens: 100_000 },
      priceOf('claude-sonnet-4-5'),
    );
    expect(usd).toBeCloseTo(0.6 * 3 + 0.3 * 0.3 + 0.1 * 3.75 + 0.1 * 15, 10);
    expect(costOf({ inputTokens: 10, outputTokens: 10 }, undefined)).toBeNull();
    expect(formatCost(null)).toBe('unknown price');
    expect(formatCost(0.01234)).toBe('$0.0123');
    expect(formatCost(12.5)).toBe('$12.50');
  });
});
