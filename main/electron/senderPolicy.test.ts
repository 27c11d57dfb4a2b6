import { describe, expect, it } from 'vitest';
import { isSafeExternalUrl, isTrustedSender } from './senderPolicy.js';

describe('IPC sender policy', () => {
  it('trusts only the app origin in a top-level frame', () => {
    expect(isTrustedSender({ url: 'app://codecoder/index.html', parent: null })).toBe(true);
    expect(isTrustedSender({ url: 'app://codecoder/index.html', parent: {} })).toBe(false);
    for (const url of [
      'app://evil/index.html',
      'https://codecoder',
      'file:///etc/passwd',
      'about:blank',
      'not a url',
      'app://codecoder.evil.example/',
      'http://127.0.0.1:5173/',
    ])
      expect(isTrustedSender({ url, parent: null })).toBe(false);
    expect(isTrustedSender(null)).toBe(false);
  });
  it('opens only plain https links externally', () => {
    expect(isSafeExternalUrl('https://ok.example/docs')).toBe(true);
    for (const u of [
      'file:///etc/passwd',
      'smb://host/share',
      'javascript:alert(1)',
      'ms-msdt:foo',
      '\\\\host\\share',
      'http://plain.example',
      'https://user:pw@ok.example',
    ])
      expect(isSafeExternalUrl(u)).toBe(false);
  });
});
