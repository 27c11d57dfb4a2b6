/**
 * When a keystroke or a click may answer a prompt. A prompt that appears while the user types must
 * not turn their next characters into a grant, so an answer key counts only when:
 * - focus has been inside the prompt, and the prompt on screen, for ANSWER_ARM_MS before the key went down;
 * - the key went down inside the prompt (not held since before focus moved in, not an auto-repeat);
 * - no input method is composing (an IME's Enter confirms a word, it answers nothing).
 * A click counts once the prompt has been on screen for ANSWER_ARM_MS (the dock appearing moves what
 * was under the pointer). Pure, so each rule is tested.
 */
export const ANSWER_ARM_MS = 500;

export interface GateState {
  /** When the prompt appeared (performance.now()). */
  shownAt: number;
  /** When focus last moved into the prompt; null while focus is outside. */
  focusInSince: number | null;
  /** Keys (KeyboardEvent.code) already down when focus moved in. */
  heldAtEntry: ReadonlySet<string>;
}

export interface KeyFacts {
  at: number;
  code: string;
  repeat: boolean;
  isComposing: boolean;
  /** 229 while an IME processes the key. */
  keyCode: number;
}

export function keyMayAnswer(s: GateState, k: KeyFacts): boolean {
  if (k.isComposing || k.keyCode === 229 || k.repeat) return false;
  if (s.focusInSince === null || s.heldAtEntry.has(k.code)) return false;
  return k.at - Math.max(s.shownAt, s.focusInSince) >= ANSWER_ARM_MS;
}

export function clickMayAnswer(s: Pick<GateState, 'shownAt'>, at: number): boolean {
  return at - s.shownAt >= ANSWER_ARM_MS;
}
