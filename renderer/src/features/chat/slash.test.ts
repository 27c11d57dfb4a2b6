import { describe, expect, it } from 'vitest';
import { completeSlash, parseComposerInput } from './slash.js';

describe('parseComposerInput', () => {
  it('recognises the four commands, case and surrounding space ignored', () => {
    expect(parseComposerInput('/reload')).toEqual({ kind: 'command', name: 'reload' });
    expect(parseComposerInput('  /Permissions  ')).toEqual({ kind: 'command', name: 'permissions' });
    expect(parseComposerInput('/clear')).toEqual({ kind: 'command', name: 'clear' });
    expect(parseComposerInput('/settings\n')).toEqual({ kind: 'command', name: 'settings' });
    expect(parseComposerInput('/compact')).toEqual({ kind: 'command', name: 'compact' });
  });
  it('sends ordinary text as a message, trimmed', () => {
    expect(parseComposerInput('  fix the build ')).toEqual({ kind: 'message', text: 'fix the build' });
    expect(parseComposerInput('   ')).toEqual({ kind: 'empty' });
  });
  it('refuses an unknown command instead of sending it to the model, and says what exists', () => {
    const r = parseComposerInput('/relaod');
    expect(r.kind).toBe('unknown');
    expect(r.kind === 'unknown' && r.message).toContain('/reload');
    const args = parseComposerInput('/clear everything');
    expect(args.kind === 'unknown' && args.message).toContain('takes no arguments');
  });
  it('/mode cycles, /mode WORD chooses, another word is explained', () => {
    expect(parseComposerInput('/mode')).toEqual({ kind: 'command', name: 'mode' });
    expect(parseComposerInput('/mode Plan')).toEqual({ kind: 'command', name: 'mode', mode: 'plan' });
    expect(parseComposerInput('/mode edits ')).toEqual({ kind: 'command', name: 'mode', mode: 'edits' });
    const bad = parseComposerInput('/mode yolo');
    expect(bad.kind === 'unknown' && bad.message).toBe('/mode takes ask, plan, edits (or nothing, for the next mode), not "yolo".');
  });
  it('/model says which model answers; /model NAME sets it; /help, /cost, /resume take nothing', () => {
    expect(parseComposerInput('/model')).toEqual({ kind: 'command', name: 'model' });
    expect(parseComposerInput('/model claude-opus-4 ')).toEqual({ kind: 'command', name: 'model', model: 'claude-opus-4' });
    expect(parseComposerInput('/help')).toEqual({ kind: 'command', name: 'help' });
    expect(parseComposerInput('/cost')).toEqual({ kind: 'command', name: 'cost' });
    expect(parseComposerInput('/resume')).toEqual({ kind: 'command', name: 'resume' });
  });
  it('// sends a message that begins with a slash', () => {
    expect(parseComposerInput('//etc/hosts is odd')).toEqual({ kind: 'message', text: '/etc/hosts is odd' });
  });
});

describe('completeSlash', () => {
  it('lists matching commands while a slash word is typed', () => {
    expect(completeSlash('/')).toEqual([
      'reload',
      'permissions',
      'clear',
      'settings',
      'rewind',
      'mode',
      'compact',
      'model',
      'help',
      'cost',
      'resume',
    ]);
    expect(completeSlash('/co')).toEqual(['compact', 'cost']);
    expect(completeSlash('/mo')).toEqual(['mode', 'model']);
    expect(completeSlash('/re')).toEqual(['reload', 'rewind', 'resume']);
    expect(completeSlash('/rel')).toEqual(['reload']);
    expect(completeSlash('/rew')).toEqual(['rewind']);
    expect(completeSlash('/x')).toEqual([]);
    expect(completeSlash('hello')).toEqual([]);
    expect(completeSlash('/reload now')).toEqual([]);
  });
});
