import { describe, expect, it } from 'vitest';
import { CHAIN_WINDOW_MS, focusPlan, IDLE_BEFORE_FOCUS_MS, isFocusShortcut, type FocusFacts } from './focusPolicy.js';

const facts = (more: Partial<FocusFacts> = {}): FocusFacts => ({
  now: 10_000,
  inDock: false,
  justShown: true,
  typingField: true,
  fieldEmpty: true,
  lastActivityAt: 10_000,
  keyAnsweredAt: null,
  lastTypedAt: 0,
  ...more,
});

describe('when a waiting prompt may take focus by itself', () => {
  it('never from a field holding a draft, however long it has been idle', () => {
    expect(focusPlan(facts({ fieldEmpty: false, lastActivityAt: 0 }))).toEqual({ kind: 'wait' });
  });

  it('from an empty field only once it has been idle long enough', () => {
    expect(focusPlan(facts({ lastActivityAt: 9_000 }))).toEqual({ kind: 'later', inMs: IDLE_BEFORE_FOCUS_MS - 1_000 });
    expect(focusPlan(facts({ lastActivityAt: 10_000 - IDLE_BEFORE_FOCUS_MS }))).toEqual({ kind: 'now' });
  });

  it('at once when nothing that takes text has focus as it appears; a later click elsewhere is left alone', () => {
    expect(focusPlan(facts({ typingField: false }))).toEqual({ kind: 'now' });
    expect(focusPlan(facts({ typingField: false, justShown: false }))).toEqual({ kind: 'wait' });
  });

  it('at once, from the empty box focus went back to, when the previous prompt was just answered by a key', () => {
    const chain = { keyAnsweredAt: 9_900, lastTypedAt: 5_000 };
    expect(focusPlan(facts(chain))).toEqual({ kind: 'now' });
    expect(focusPlan(facts({ ...chain, typingField: false }))).toEqual({ kind: 'now' });
  });

  it('no chain when something was typed since the key answer, the box holds a draft, or the answer is old', () => {
    expect(focusPlan(facts({ keyAnsweredAt: 9_900, lastTypedAt: 9_950 }))).toEqual({ kind: 'later', inMs: IDLE_BEFORE_FOCUS_MS });
    expect(focusPlan(facts({ keyAnsweredAt: 9_900, fieldEmpty: false }))).toEqual({ kind: 'wait' });
    expect(focusPlan(facts({ keyAnsweredAt: 10_000 - CHAIN_WINDOW_MS }))).toEqual({ kind: 'later', inMs: IDLE_BEFORE_FOCUS_MS });
    // Only as the prompt appears: a later look leaves the user's own moves alone.
    expect(focusPlan(facts({ keyAnsweredAt: 9_900, justShown: false, typingField: false }))).toEqual({ kind: 'wait' });
  });

  it('nothing to do when focus is in the dock already', () => {
    expect(focusPlan(facts({ inDock: true, typingField: false }))).toEqual({ kind: 'wait' });
  });

  it('the shortcut is Alt+Shift+A by physical key, with no other modifier', () => {
    const k = { code: 'KeyA', altKey: true, shiftKey: true, ctrlKey: false, metaKey: false };
    expect(isFocusShortcut(k)).toBe(true);
    expect(isFocusShortcut({ ...k, shiftKey: false })).toBe(false);
    expect(isFocusShortcut({ ...k, ctrlKey: true })).toBe(false);
    expect(isFocusShortcut({ ...k, code: 'KeyB' })).toBe(false);
  });
});
