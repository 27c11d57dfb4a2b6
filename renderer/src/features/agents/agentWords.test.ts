import { describe, expect, it } from 'vitest';
import { boardSummary, canMerge, filesChangedText, isActive, statusLabel, usageText } from './agentWords.js';

describe('agent words', () => {
  it('offers Stop while it works and Merge once its run is over, never twice', () => {
    expect(['queued', 'running', 'waiting'].every((s) => isActive(s as never))).toBe(true);
    expect(canMerge({ status: 'running' })).toBe(false);
    expect(canMerge({ status: 'waiting' })).toBe(false);
    expect(canMerge({ status: 'finished' })).toBe(true);
    expect(canMerge({ status: 'stopped' })).toBe(true);
    expect(canMerge({ status: 'merged' })).toBe(false);
    expect(statusLabel('waiting')).toBe('Waiting for you');
  });

  it('counts files and sums the board', () => {
    expect(filesChangedText(0)).toBe('no files changed');
    expect(filesChangedText(1)).toBe('1 file changed');
    expect(filesChangedText(3)).toBe('3 files changed');
    expect(boardSummary([{ status: 'running' }, { status: 'waiting' }, { status: 'queued' }, { status: 'finished' }], 2)).toBe(
      '2 of 2 running at once · 1 waiting for you · 1 queued',
    );
  });

  it('says the tokens and cost, and an unknown price as unknown (never a guess)', () => {
    expect(usageText({ usage: { inputTokens: 12_000, outputTokens: 300, cacheReadTokens: 2000, costUsd: 0.0123 } })).toMatch(
      /^12(\.0)?k in \(2(\.0)?k cached\) · 300 out · \$0\.01/,
    );
    expect(usageText({ usage: { inputTokens: 10, outputTokens: 5, costUsd: null } })).toContain('unknown price');
    expect(usageText({ usage: { inputTokens: 0, outputTokens: 0 } })).toBe('no model use yet');
  });
});
