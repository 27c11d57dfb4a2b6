/**
 * The prompt's keyboard: Enter allows once, 1/2/3 choose the scope (once / session / project), Esc
 * denies. Pure, so the mapping is tested; the prompt decides what the target element allows
 * (Enter on a focused button presses that button; digits typed in the reason field are text), which
 * scopes are offered, and — `answerGate.ts` — whether the key may answer at all.
 */
export type PromptAction = { type: 'once' } | { type: 'session' } | { type: 'project' } | { type: 'deny' };

export interface KeyContext {
  key: string;
  /** The key went to a text field (the deny reason). */
  inTextField: boolean;
  /** The key went to a button, link, select or checkbox, which handles Enter and Space itself. */
  onControl: boolean;
  ctrlOrMeta: boolean;
  altKey: boolean;
}

export function promptActionFor(k: KeyContext): PromptAction | null {
  if (k.ctrlOrMeta || k.altKey) return null;
  if (k.key === 'Escape') return { type: 'deny' };
  if (k.inTextField) return null;
  if (k.key === 'Enter') return k.onControl ? null : { type: 'once' };
  if (k.key === '1') return { type: 'once' };
  if (k.key === '2') return { type: 'session' };
  if (k.key === '3') return { type: 'project' };
  return null;
}

/** Reads the context from a DOM keyboard event's target. */
export function keyContextOf(e: {
  key: string;
  target: EventTarget | null;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}): KeyContext {
  const el = e.target as HTMLElement | null;
  const tag = el?.tagName ?? '';
  const textInput = takesText(el);
  const control = tag === 'BUTTON' || tag === 'A' || tag === 'SELECT' || (tag === 'INPUT' && !textInput);
  return { key: e.key, inTextField: textInput, onControl: control, ctrlOrMeta: e.ctrlKey || e.metaKey, altKey: e.altKey };
}

/** Whether an element takes typed text (textarea, a text-like input, contenteditable). */
export function takesText(el: Element | null): boolean {
  if (!el) return false;
  const tag = el.tagName;
  const type = (el as HTMLInputElement).type ?? '';
  return (
    tag === 'TEXTAREA' ||
    (tag === 'INPUT' && !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'].includes(type)) ||
    (el as HTMLElement).isContentEditable === true
  );
}

/** A key that types one character (a letter, a digit, a space, punctuation), not a shortcut nor an IME step. */
export function typesCharacter(e: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  nativeEvent: { isComposing: boolean };
}): boolean {
  return [...e.key].length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey && !e.nativeEvent.isComposing;
}
