import { describe, expect, it } from 'vitest';
import { createHandshake } from './exitHandshake.js';

describe('exit handshake', () => {
  it('passes bytes through, finds a sentinel split across chunks, and drops what follows', () => {
    let acked = 0;
    const hs = createHandshake(() => acked++);
    const sentinel = Buffer.from(`\u001b]7770;${hs.token};42\u0007\r\n`);
    const out: Buffer[] = [];
    const data = Buffer.concat([Buffer.from('hello \u001b[31mred\u001b[0m'), sentinel]);
    for (let i = 0; i < data.length; i += 3) out.push(hs.feed(data.subarray(i, i + 3)));
    out.push(hs.flush());
    expect(Buffer.concat(out).toString()).toBe('hello \u001b[31mred\u001b[0m');
    expect(hs.exitCode).toBe(42);
    expect(acked).toBe(1);
  });

  it('ignores a sentinel with another token', () => {
    const hs = createHandshake(() => undefined);
    const fake = `\u001b]7770;not-the-token;0\u0007`;
    expect(Buffer.concat([hs.feed(Buffer.from(fake)), hs.flush()]).toString()).toBe(fake);
    expect(hs.exitCode).toBeUndefined();
  });
});
