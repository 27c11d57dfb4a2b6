/**
 * When a waiting prompt may take focus by itself. Never from a text field the user is writing in:
 * - focus in the dock already → nothing to do;
 * - focus on nothing that takes text, as the prompt appears → at once (a keyboard user lands in the prompt);
 *   later, a click elsewhere (a tab, a button) is the user's choice and is left alone;
 * - an empty text field (the message box after sending) → once it has been idle for IDLE_BEFORE_FOCUS_MS:
 *   no key in it, and neither it nor the prompt new, for that long;
 * - a text field holding a draft → never: the user is mid-thought; the prompt waits for the shortcut
 *   (FOCUS_SHORTCUT) or a click, and announces itself meanwhile;
 * - a chain: the previous prompt was answered by a key less than CHAIN_WINDOW_MS ago and nothing was
 *   typed since (the message box it went back to is still empty) → at once as it appears: a keyboard
 *   user answering prompt after prompt stays in the prompts. The answer gate still arms first.
 * Pure, so the rules are tested; the dock applies them.
 */
export const IDLE_BEFORE_FOCUS_MS = 2500;
export const CHAIN_WINDOW_MS = 10_000;

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
  /** When the previous prompt was answered by a key (null: not by a key, or none yet). */
  keyAnsweredAt: number | null;
  /** The last key or input typed in a text field outside the dock (focus moving there is not typing). */
  lastTypedAt: number;
}

export type FocusPlan = { kind: 'now' } | { kind: 'later'; inMs: number } | { kind: 'wait' };

export function focusPlan(f: FocusFacts): FocusPlan {
  if (f.inDock) return { kind: 'wait' };
  if (f.justShown && chained(f) && (!f.typingField || f.fieldEmpty)) return { kind: 'now' };
  if (!f.typingField) return f.justShown ? { kind: 'now' } : { kind: 'wait' };
  if (!f.fieldEmpty) return { kind: 'wait' };
  const left = f.lastActivityAt + IDLE_BEFORE_FOCUS_MS - f.now;
  return left <= 0 ? { kind: 'now' } : { kind: 'later', inMs: left };
}

/** The prompt follows one just answered by a key, with nothing typed in between. */
export function chained(f: Pick<FocusFacts, 'now' | 'keyAnsweredAt' | 'lastTypedAt'>): boolean {
  return f.keyAnsweredAt !== null && f.now - f.keyAnsweredAt < CHAIN_WINDOW_MS && f.lastTypedAt < f.keyAnsweredAt;
}
