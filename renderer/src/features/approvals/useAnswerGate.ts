import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type MouseEvent, type RefObject } from 'react';
import { ANSWER_ARM_MS, clickMayAnswer, keyMayAnswer } from './answerGate.js';

/**
 * Applies the answer gate (`answerGate.ts`) to one prompt: records when it appeared, when focus
 * moved into it and which keys were already down then. Mount one per prompt (the dock keys prompts
 * by id). `armed` and `clickable` mirror the gate for the UI and tests (data-armed, data-clickable;
 * the answer buttons stay disabled until `clickable`, so an early click visibly does nothing); the
 * decision is made at each key and click.
 */
export function useAnswerGate(root: RefObject<HTMLElement | null>) {
  const shownAt = useRef(performance.now());
  const focusInSince = useRef<number | null>(null);
  const heldAtEntry = useRef(new Set<string>());
  const held = useRef(new Set<string>());
  const [armed, setArmed] = useState(false);
  const [clickable, setClickable] = useState(false);
  const armTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    // Window, capture phase: sees every key, wherever focus is, before the prompt's own handler.
    const down = (e: globalThis.KeyboardEvent) => held.current.add(e.code);
    const up = (e: globalThis.KeyboardEvent) => {
      held.current.delete(e.code);
      heldAtEntry.current.delete(e.code);
    };
    const lost = () => held.current.clear();
    window.addEventListener('keydown', down, true);
    window.addEventListener('keyup', up, true);
    window.addEventListener('blur', lost);
    const clicks = setTimeout(() => setClickable(true), ANSWER_ARM_MS);
    return () => {
      clearTimeout(clicks);
      window.removeEventListener('keydown', down, true);
      window.removeEventListener('keyup', up, true);
      window.removeEventListener('blur', lost);
      clearTimeout(armTimer.current);
    };
  }, []);

  const onFocus = () => {
    if (focusInSince.current !== null) return;
    const now = performance.now();
    focusInSince.current = now;
    heldAtEntry.current = new Set(held.current);
    clearTimeout(armTimer.current);
    armTimer.current = setTimeout(() => setArmed(true), Math.max(shownAt.current, now) + ANSWER_ARM_MS - now);
  };
  const onBlur = (e: FocusEvent) => {
    if (root.current?.contains(e.relatedTarget as Node | null)) return;
    focusInSince.current = null;
    clearTimeout(armTimer.current);
    setArmed(false);
  };
  const keyMay = (e: KeyboardEvent) =>
    keyMayAnswer(
      { shownAt: shownAt.current, focusInSince: focusInSince.current, heldAtEntry: heldAtEntry.current },
      { at: e.timeStamp, code: e.code, repeat: e.repeat, isComposing: e.nativeEvent.isComposing, keyCode: e.nativeEvent.keyCode },
    );
  /** The key came before the prompt armed (focus inside for ANSWER_ARM_MS). */
  const early = (e: KeyboardEvent) =>
    focusInSince.current === null || e.timeStamp - Math.max(shownAt.current, focusInSince.current) < ANSWER_ARM_MS;
  /** A pointer click (detail > 0) counts after the arming delay; a keyboard "click" was already gated at its keydown. */
  const clickMay = (e: MouseEvent) => e.detail === 0 || clickMayAnswer({ shownAt: shownAt.current }, e.timeStamp);

  return { armed, clickable, onFocus, onBlur, keyMay, early, clickMay };
}

export type AnswerGate = ReturnType<typeof useAnswerGate>;
