import { describe, expect, it } from 'vitest';
import { isLoopbackHost, tokenMatches } from './security.js';

describe('web host security predicates', () => {
  it('accepts only loopback hosts', () => {
    for (const h of ['127.0.0.1', '127.1.2.3', '::1', '[::1]', 'localhost']) expect(isLoopbackHost(h)).toBe(true);
    for (const h of ['0.0.0.0', '::', '10.0.0.1', '192.168.0.1', 'example.com', '127.0.0.1.evil.example', 'localhost.evil.example'])
      expect(isLoopbackHost(h)).toBe(false);
  });
  it('compares tokens exactly', () => {
    expect(tokenMatches('abc', 'abc')).toBe(true);
    for (const t of ['', 'ab', 'abcd', 'ABC', null, undefined, 'x'.repeat(10_000)]) expect(tokenMatches('abc', t)).toBe(false);
  });
});
