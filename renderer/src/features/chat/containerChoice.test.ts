import { describe, expect, it, vi } from 'vitest';
import { ContainerChoices } from './containerChoice.js';

describe('ContainerChoices: the per-conversation container switch', () => {
  it('is off until switched on, per conversation, and every send says the value shown', () => {
    const c = new ContainerChoices();
    expect(c.sendField('a')).toEqual({ inContainer: false });
    c.set('a', true);
    expect(c.isOn('a')).toBe(true);
    expect(c.isOn('b')).toBe(false);
    expect(c.sendField('a')).toEqual({ inContainer: true });
    expect(c.sendField('b')).toEqual({ inContainer: false });
    c.set('a', false);
    expect(c.sendField('a')).toEqual({ inContainer: false });
  });

  it('a choice made before the conversation exists goes with its first message, and stays with it', () => {
    const c = new ContainerChoices();
    c.set(null, true);
    expect(c.sendField('new-1', null)).toEqual({ inContainer: true });
    expect(c.isOn('new-1')).toBe(true);
    // The next conversation not created yet starts off again.
    expect(c.isOn(null)).toBe(false);
  });

  it('tells subscribers when a choice changes, not when it is set to what it was', () => {
    const c = new ContainerChoices();
    const listener = vi.fn();
    const unsubscribe = c.subscribe(listener);
    const before = c.snapshot();
    c.set('a', true);
    c.set('a', true);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(c.snapshot()).not.toBe(before);
    unsubscribe();
    c.set('a', false);
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
