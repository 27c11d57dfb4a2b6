import { describe, expect, it } from 'vitest';
import { ANSWER_ARM_MS, clickMayAnswer, keyMayAnswer, type GateState, type KeyFacts } from './answerGate.js';

const state = (more: Partial<GateState> = {}): GateState => ({ shownAt: 1000, focusInSince: 1000, heldAtEntry: new Set(), ...more });
const key = (at: number, more: Partial<KeyFacts> = {}): KeyFacts => ({
  at,
  code: 'Digit2',
  repeat: false,
  isComposing: false,
  keyCode: 50,
  ...more,
});

describe('the answer gate: a stray keystroke never answers a prompt', () => {
  it('a key counts only once focus has been inside the prompt for 500 ms', () => {
    expect(ANSWER_ARM_MS).toBe(500);
    expect(keyMayAnswer(state(), key(1499))).toBe(false);
    expect(keyMayAnswer(state(), key(1500))).toBe(true);
    // Focus moved in late: the 500 ms start then, however long the prompt was shown.
    expect(keyMayAnswer(state({ focusInSince: 5000 }), key(5400))).toBe(false);
    expect(keyMayAnswer(state({ focusInSince: 5000 }), key(5500))).toBe(true);
  });

  it('no key counts while focus is outside the prompt (the user typing in the message box)', () => {
    expect(keyMayAnswer(state({ focusInSince: null }), key(99_999))).toBe(false);
  });

  it('an auto-repeat, a key held since before focus moved in, and an IME key never count', () => {
    expect(keyMayAnswer(state(), key(3000, { repeat: true }))).toBe(false);
    expect(keyMayAnswer(state({ heldAtEntry: new Set(['Digit2']) }), key(3000))).toBe(false);
    expect(keyMayAnswer(state({ heldAtEntry: new Set(['Digit2']) }), key(3000, { code: 'Digit1' }))).toBe(true);
    expect(keyMayAnswer(state(), key(3000, { isComposing: true }))).toBe(false);
    expect(keyMayAnswer(state(), key(3000, { keyCode: 229 }))).toBe(false);
  });

  it('a click counts once the prompt has been on screen for 500 ms', () => {
    expect(clickMayAnswer({ shownAt: 1000 }, 1200)).toBe(false);
    expect(clickMayAnswer({ shownAt: 1000 }, 1500)).toBe(true);
  });
});
