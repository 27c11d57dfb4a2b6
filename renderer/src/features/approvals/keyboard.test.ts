import { describe, expect, it } from 'vitest';
import { promptActionFor, typesCharacter, type KeyContext } from './keyboard.js';

const k = (key: string, more: Partial<KeyContext> = {}): KeyContext => ({
  key,
  inTextField: false,
  onControl: false,
  ctrlOrMeta: false,
  altKey: false,
  ...more,
});

describe('promptActionFor', () => {
  it('Enter allows once, 1/2/3 choose once/session/project, Esc denies', () => {
    expect(promptActionFor(k('Enter'))).toEqual({ type: 'once' });
    expect(promptActionFor(k('1'))).toEqual({ type: 'once' });
    expect(promptActionFor(k('2'))).toEqual({ type: 'session' });
    expect(promptActionFor(k('3'))).toEqual({ type: 'project' });
    expect(promptActionFor(k('Escape'))).toEqual({ type: 'deny' });
    expect(promptActionFor(k('x'))).toBeNull();
  });
  it('Enter on a focused button is that button, not "allow once"', () => {
    expect(promptActionFor(k('Enter', { onControl: true }))).toBeNull();
    expect(promptActionFor(k('2', { onControl: true }))).toEqual({ type: 'session' });
  });
  it('typing a reason never answers the prompt, except Esc which denies with it', () => {
    expect(promptActionFor(k('1', { inTextField: true }))).toBeNull();
    expect(promptActionFor(k('Enter', { inTextField: true }))).toBeNull();
    expect(promptActionFor(k('Escape', { inTextField: true }))).toEqual({ type: 'deny' });
  });
  it('shortcuts with modifiers belong to the browser', () => {
    expect(promptActionFor(k('1', { ctrlOrMeta: true }))).toBeNull();
    expect(promptActionFor(k('Enter', { altKey: true }))).toBeNull();
  });
});

describe('typesCharacter: writing, not answering', () => {
  const e = (key: string, more: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean; isComposing: boolean }> = {}) => ({
    key,
    ctrlKey: more.ctrlKey ?? false,
    metaKey: more.metaKey ?? false,
    altKey: more.altKey ?? false,
    nativeEvent: { isComposing: more.isComposing ?? false },
  });
  it('a letter, a digit, a space, an emoji type a character', () => {
    for (const k of ['T', '2', ' ', ',', 'é', '😀']) expect(typesCharacter(e(k))).toBe(true);
  });
  it('named keys, shortcuts and IME steps do not', () => {
    for (const k of ['Enter', 'Escape', 'Tab', 'ArrowDown', 'Shift']) expect(typesCharacter(e(k))).toBe(false);
    expect(typesCharacter(e('a', { ctrlKey: true }))).toBe(false);
    expect(typesCharacter(e('a', { altKey: true }))).toBe(false);
    expect(typesCharacter(e('a', { isComposing: true }))).toBe(false);
  });
});
