/** Redaction by value (redact.ts): the spellings it catches, the ones it leaves, and streams. */
import { describe, expect, it } from 'vitest';
import { PIECE_MIN, REDACTED, createRedactor } from './redact.js';

const KEY = 'sk-ant-api03-Zq8vN2xP4kL7mR1tY6wB9cE3';
const r = createRedactor(() => [KEY, 'short', undefined, 'gh-tok-1234']);

describe('redaction by value', () => {
  it('replaces the value wherever it appears, and nothing else', () => {
    expect(r.text(`key=${KEY}\nAuthorization: Bearer ${KEY}.`)).toBe(`key=${REDACTED}\nAuthorization: Bearer ${REDACTED}.`);
    expect(r.text('nothing secret here')).toBe('nothing secret here');
    expect(r.text('token gh-tok-1234!')).toBe(`token ${REDACTED}!`);
  });

  it('leaves values under 8 characters alone ("short" is ordinary text)', () => {
    expect(r.text('a short note')).toBe('a short note');
  });

  it('catches its base64, standard and URL-safe, whatever bytes come before it', () => {
    for (const before of ['', 'x', 'xy', 'user:']) {
      const b64 = Buffer.from(`${before}${KEY}\n`).toString('base64');
      expect(r.text(b64), before).toContain(REDACTED);
      expect(r.text(b64).length, before).toBeLessThan(b64.length);
      const url = Buffer.from(`${before}${KEY}`).toString('base64url');
      expect(r.text(url), before).toContain(REDACTED);
    }
  });

  it('in a stream: a secret split at any point across two chunks never shows', () => {
    const text = `before ${KEY} after`;
    for (let cut = 0; cut <= text.length; cut++) {
      const s = r.stream();
      const shown = s.write(text.slice(0, cut)) + s.write(text.slice(cut)) + s.end();
      expect(shown, `cut at ${cut}`).toBe(`before ${REDACTED} after`);
    }
  });

  it('in a stream: one character at a time, and text that only looks like a start is shown at the end', () => {
    const s = r.stream();
    let shown = '';
    for (const ch of `a${KEY}b sk-ant`) shown += s.write(ch);
    expect(shown).toBe(`a${REDACTED}b `);
    expect(s.end()).toBe('sk-ant');
  });

  it('in a finished result: a piece of a long secret a cut left behind (a prefix at the end, a suffix after a marker)', () => {
    const head = KEY.slice(0, 22);
    const tail = KEY.slice(-18);
    const cut = `out: ${head}\n[… 1200 characters omitted …]\n${tail} end`;
    const out = r.finished(cut);
    expect(out).toBe(`out: ${REDACTED}\n[… 1200 characters omitted …]\n${REDACTED} end`);
    // Shorter than a piece: not matched (the common "sk-ant-api03-" prefix of every key stays).
    expect(r.finished(`prefix ${KEY.slice(0, PIECE_MIN - 1)}`)).toBe(`prefix ${KEY.slice(0, PIECE_MIN - 1)}`);
  });

  it('reads the secrets at each use: a key saved later is redacted, a forgotten one no longer', () => {
    let held = ['first-secret-value'];
    const live = createRedactor(() => held);
    expect(live.text('first-secret-value')).toBe(REDACTED);
    held = ['second-secret-value'];
    expect(live.text('first-secret-value second-secret-value')).toBe(`first-secret-value ${REDACTED}`);
  });
});
