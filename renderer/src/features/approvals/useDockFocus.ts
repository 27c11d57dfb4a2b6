/**
 * The dock's side of focus: whether focus is inside it, the deliberate shortcut into the prompt, and
 * taking focus by itself only as `focusPolicy.ts` allows.
 */
import { useEffect, useRef, useState, type RefObject } from 'react';
import { chained, focusPlan, isFocusShortcut, type FocusFacts } from './focusPolicy.js';
import { takesText } from './keyboard.js';

/** How often a waiting prompt looks again whether the field has gone idle. */
const RECHECK_MS = 200;

export function useFocusInside(dock: RefObject<HTMLElement | null>, promptId: string | undefined): boolean {
  const [inside, setInside] = useState(false);
  useEffect(() => {
    const update = () => setInside(Boolean(dock.current?.contains(document.activeElement)));
    update();
    document.addEventListener('focusin', update);
    document.addEventListener('focusout', update);
    return () => {
      document.removeEventListener('focusin', update);
      document.removeEventListener('focusout', update);
    };
  }, [dock, promptId]);
  return inside;
}

/** Alt+Shift+A moves focus into the prompt, from anywhere in the page. */
export function useFocusShortcut(enabled: boolean, enter: () => void): void {
  const enterRef = useRef(enter);
  enterRef.current = enter;
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (!isFocusShortcut(e)) return;
      e.preventDefault();
      e.stopPropagation();
      enterRef.current();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [enabled]);
}

/**
 * Takes focus for a new prompt when the policy allows, at most once per prompt. `keyAnsweredAt`:
 * when the previous prompt was answered by a key (a chain, see focusPolicy.ts).
 */
export function useTakeFocusWhenIdle(
  promptId: string | undefined,
  dock: RefObject<HTMLElement | null>,
  enter: (byChain: boolean) => void,
  keyAnsweredAt: RefObject<number | null>,
): void {
  const enterRef = useRef(enter);
  enterRef.current = enter;
  // The last sign of writing in a text field outside the dock: a key, an input, the field getting focus.
  const lastActivity = useRef(0);
  // The same without focus moves: what the user typed.
  const lastTyped = useRef(0);
  useEffect(() => {
    const mark = (e: Event) => {
      const t = e.target as Element | null;
      if (!t || !takesText(t) || dock.current?.contains(t)) return;
      lastActivity.current = performance.now();
      if (e.type !== 'focusin') lastTyped.current = lastActivity.current;
    };
    for (const type of ['keydown', 'input', 'focusin', 'compositionupdate']) window.addEventListener(type, mark, true);
    return () => {
      for (const type of ['keydown', 'input', 'focusin', 'compositionupdate']) window.removeEventListener(type, mark, true);
    };
  }, [dock]);

  useEffect(() => {
    if (!promptId) return;
    const shownAt = performance.now();
    let justShown = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      const active = document.activeElement;
      const inDock = Boolean(active && dock.current?.contains(active));
      const field = active as HTMLInputElement | HTMLTextAreaElement | null;
      const typing = takesText(active);
      const facts: FocusFacts = {
        now: performance.now(),
        inDock,
        justShown,
        typingField: typing,
        fieldEmpty: typing && (field?.value ?? field?.textContent ?? '') === '',
        lastActivityAt: Math.max(lastActivity.current, shownAt),
        keyAnsweredAt: keyAnsweredAt.current,
        lastTypedAt: lastTyped.current,
      };
      const plan = focusPlan(facts);
      justShown = false;
      if (inDock) return; // entered (by the user or by us): never taken again for this prompt
      if (plan.kind === 'now') return enterRef.current(facts.justShown && chained(facts));
      timer = setTimeout(check, plan.kind === 'later' ? Math.min(plan.inMs, RECHECK_MS) : RECHECK_MS);
    };
    // After the prompt is in the DOM (effects run after commit).
    timer = setTimeout(check, 0);
    return () => clearTimeout(timer);
  }, [promptId, dock, keyAnsweredAt]);
}
