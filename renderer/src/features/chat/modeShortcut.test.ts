import { describe, expect, it } from 'vitest';
import { isModeShortcut } from './modeShortcut.js';

describe('the permission-mode shortcut', () => {
  const k = { code: 'KeyM', altKey: true, shiftKey: true, ctrlKey: false, metaKey: false };
  it('is Alt+Shift+M by physical key, nothing more', () => {
    expect(isModeShortcut(k)).toBe(true);
    expect(isModeShortcut({ ...k, ctrlKey: true })).toBe(false);
    expect(isModeShortcut({ ...k, altKey: false })).toBe(false);
  });
  it('leaves Shift+Tab to focus order', () => {
    expect(isModeShortcut({ code: 'Tab', altKey: false, shiftKey: true, ctrlKey: false, metaKey: false })).toBe(false);
  });
});
