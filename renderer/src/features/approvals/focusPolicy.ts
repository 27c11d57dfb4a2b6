/**
 * When a waiting prompt may take focus by itself. Never from a text field the user is writing in:
 * - focus in the dock already → nothing to do;
 * - focus on nothing that takes text, as the prompt appears → at once (a keyboard user lands in the prompt);
 *   later, a click elsewhere (a tab, a button) is the user's choice and is left alone;
 * - an empty text field (the message box after sending) → once it has been idle for IDLE_BEFORE_FOCUS_MS:
 *   no key in it, and neither it nor the prompt new, for that long;
 * - a text field holding a draft → never: the user is mid-thought; the prompt waits for the shortcut
 *   (FOCUS_SHORTCUT) or a click, and announces itself meanwhile.
 * Pure, so the rules are tested; the dock applies them.
 */
export const IDLE_BEFORE_FOCUS_MS = 2500;

/** The deliberate way in from the keyboard: Alt+Shift+A (by physical key, so a layout's Å does not matter). */
export const FOCUS_SHORTCUT = { label: 'Alt+Shift+A', aria: 'Alt+Shift+A' } as const;

export function isFocusShortcut(e: { code: string; altKey: boolean; shiftKey: boolean; ctrlKey: boolean; metaKey: boolean }): boolean {
  return e.code === 'KeyA' && e.altKey && e.shiftKey && !e.ctrlKey && !e.metaKey;
}

export interface FocusFacts {
  now: number;
  /** Focus is inside the approval dock already. */
  inDock: boolean;
  /** The first look, as the prompt appears. */
  justShown: boolean;
  /** Focus is in a field that takes text (textarea, text input, contenteditable). */
  typingField: boolean;
  /** That field is empty. */
  fieldEmpty: boolean;
  /** The latest of: the last key or input in that field, when it got focus, when the prompt appeared. */
  lastActivityAt: number;
}

export type FocusPlan = { kind: 'now' } | { kind: 'later'; inMs: number } | { kind: 'wait' };

export function focusPlan(f: FocusFacts): FocusPlan {
  if (f.inDock) return { kind: 'wait' };
  if (!f.typingField) return f.justShown ? { kind: 'now' } : { kind: 'wait' };
  if (!f.fieldEmpty) return { kind: 'wait' };
  const left = f.lastActivityAt + IDLE_BEFORE_FOCUS_MS - f.now;
  return left <= 0 ? { kind: 'now' } : { kind: 'later', inMs: left };
}
