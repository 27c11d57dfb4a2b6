import { describe, expect, it } from 'vitest';
import { offeredScopes, onceOnlyReason } from './offers.js';

describe('the prompt offers what main lists', () => {
  it("main's list wins over the ceiling", () => {
    expect(offeredScopes({ scopes: ['once'], ceiling: 'project' })).toEqual(['once']);
    expect(offeredScopes({ scopes: ['once', 'session'], ceiling: 'project' })).toEqual(['once', 'session']);
  });
  it('without a list, the ceiling decides (shell keys: no project)', () => {
    expect(offeredScopes({ ceiling: 'session' })).toEqual(['once', 'session']);
    expect(offeredScopes({ ceiling: 'project' })).toEqual(['once', 'session', 'project']);
  });
  it('says in a few words why a key is allowed once at most', () => {
    expect(onceOnlyReason({ scopes: ['once'], flags: { protectedPath: true } })).toContain('asked about each time');
    expect(onceOnlyReason({ scopes: ['once'], flags: { outsideProject: true } })).toContain('outside the project');
    expect(onceOnlyReason({ scopes: ['once'], flags: { compound: true } })).toContain('unknown until it runs');
    expect(onceOnlyReason({ scopes: ['once', 'session'] })).toBeNull();
  });
});
