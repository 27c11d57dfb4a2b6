import { describe, expect, it } from 'vitest';
import { promptActionFor, type KeyContext } from './keyboard.js';

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
