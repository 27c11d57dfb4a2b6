import { describe, expect, it } from 'vitest';
import { tokenMatches } from './security.js';

describe('web host security predicates', () => {
  it('compares tokens exactly', () => {
    expect(tokenMatches('abc', 'abc')).toBe(true);
    for (const t of ['', 'ab', 'abcd', 'ABC', null, undefined, 'x'.repeat(10_000)]) expect(tokenMatches('abc', t)).toBe(false);
  });
});
