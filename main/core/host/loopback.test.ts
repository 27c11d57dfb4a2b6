import { describe, expect, it } from 'vitest';
import { isLoopbackHost } from './loopback.js';

describe('isLoopbackHost', () => {
  it('accepts only loopback hosts', () => {
    for (const h of ['127.0.0.1', '127.1.2.3', '::1', '[::1]', 'localhost']) expect(isLoopbackHost(h)).toBe(true);
    for (const h of ['0.0.0.0', '::', '10.0.0.1', '192.168.0.1', 'example.com', '127.0.0.1.evil.example', 'localhost.evil.example'])
      expect(isLoopbackHost(h)).toBe(false);
  });
});
