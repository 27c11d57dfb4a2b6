import { describe, expect, it } from 'vitest';
import { argFields, commandEnding, resultRepeatsReason, toolSubject } from './toolSummary.js';

describe('toolSubject', () => {
  it('names what the call touches', () => {
    expect(toolSubject({ path: 'src/a.ts', content: 'x' })).toBe('src/a.ts');
    expect(toolSubject({ url: 'https://example.com/x' })).toBe('https://example.com/x');
    expect(toolSubject({ from: 'a.ts', to: 'b.ts' })).toBe('a.ts → b.ts');
    expect(toolSubject({ pattern: '**/*.ts' })).toBe('**/*.ts');
    expect(toolSubject({ pattern: '**/*.ts', path: '.' })).toBe('**/*.ts');
    expect(toolSubject({ pattern: 'TODO', path: 'src' })).toBe('TODO in src');
    expect(toolSubject({ recursive: true })).toBeUndefined();
    expect(toolSubject('text')).toBeUndefined();
  });
  it('keeps to one line and a length', () => {
    expect(toolSubject({ prompt: 'a\nb' })).toBe('a ⏎ b');
    expect(toolSubject({ path: 'x'.repeat(300) }, 10)).toBe(`${'x'.repeat(9)}…`);
  });
});

describe('argFields', () => {
  it('labels each argument; long or multi-line values are blocks', () => {
    expect(argFields({ path: 'a', content: 'l1\nl2', n: 3 })).toEqual([
      { name: 'path', value: 'a', block: false },
      { name: 'content', value: 'l1\nl2', block: true },
      { name: 'n', value: '3', block: false },
    ]);
    expect(argFields(undefined)).toEqual([]);
  });
});

describe('commandEnding / resultRepeatsReason', () => {
  it('keeps only how the command ended', () => {
    expect(commandEnding('run_command: exit code 3\noops\n', 'run_command')).toBe('exit code 3');
    expect(commandEnding('cancelled by user', 'run_command')).toBe('cancelled by user');
  });
  it('knows a denial result that repeats the reason', () => {
    expect(resultRepeatsReason('Permission denied for write_file: the user refused: x', 'the user refused: x')).toBe(true);
    expect(resultRepeatsReason('write_file failed: EACCES', 'allowed once')).toBe(false);
    expect(resultRepeatsReason('anything', undefined)).toBe(false);
  });
});
