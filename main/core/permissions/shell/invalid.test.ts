/** Input that must never run: empty, unparseable, hidden characters. */
import { describe, expect, it } from 'vitest';
import { classifyCommand, MAX_SIMPLE_LENGTH } from './index.js';
import { expectCompound, expectInvalid, expectSimple } from './classify.testkit.js';

describe('invalid commands', () => {
  const table: [string, RegExp][] = [
    ['', /empty/],
    ['   ', /empty/],
    ['\t\n\n', /empty/],
    ['# just a comment', /comment/],
    ['  # a comment\n# another', /comment/],
    ["echo 'unterminated", /does not parse.*quote/],
    ['echo "unterminated', /does not parse/],
    ['git status &&', /does not parse/],
    ['| grep x', /does not parse/],
    ['ls ;; rm', /does not parse/],
    ['echo $(', /does not parse/],
    ['if true; then', /does not parse/],
    ['echo (', /does not parse/],
    ['ls\u0000rm', /NUL/],
    ["echo 'a\u0000b'", /NUL/],
    ['ls\rrm -rf /', /carriage return/],
    ['ls\u000Brm', /vertical tab/],
    ['ls\u000Crm', /form feed/],
    ['echo \u001b[2K hidden', /escape/],
    ["echo '\u001b]0;title\u0007'", /escape/],
    ['rm -rf x\b\b\b\bls', /backspace/],
    ['ls\u007F', /DEL/],
    ['git\u200Bpush', /zero-width space/],
    ['git push\u00A0--force', /no-break space/],
    ['ls\u2028rm x', /line separator/],
    ['ls\u2029rm x', /paragraph separator/],
    ['echo "\u202Eevil"', /U\+202E/],
    ['ls \u2066x\u2069', /U\+2066/],
    ['\uFEFFls', /byte-order/],
    ['ɡit status', /non-ASCII/],
    ['ѕudo rm x', /non-ASCII/],
    ['ｇｉｔ status', /non-ASCII/],
    ['echo $(ɡit push)', /non-ASCII/],
    ["bash -c 'ѕudo rm x'", /non-ASCII/],
    ['echo x\uD800', /U\+D800/],
    ['x'.repeat(1_000_001), /too long/],
  ];
  for (const [cmd, reason] of table) {
    it(`${JSON.stringify(cmd.slice(0, 40))} is invalid (${reason.source})`, () => {
      expect(expectInvalid(cmd).reason).toMatch(reason);
    });
  }

  it('hidden characters inside quoted argument text are allowed, but never simple', () => {
    const c = expectCompound('git commit -m "fix\u200B"');
    expect(c.notes.join('\n')).toMatch(/zero-width space/);
    expectCompound("echo 'a\rb'");
    expectCompound('echo "tab\u000Bhere"');
  });

  it('emoji and accented letters in quoted text stay simple', () => {
    expectSimple('git commit -m "feat: ✨ añadir 👨‍💻 ⚠️"', 'git');
    expectSimple("echo 'héllo wörld'", 'echo');
  });

  it('a control character in a quoted PROGRAM word is invalid', () => {
    expectInvalid('"ls\r" x');
  });

  it(`over ${MAX_SIMPLE_LENGTH} characters is never simple`, () => {
    const long = 'echo ' + 'a'.repeat(MAX_SIMPLE_LENGTH);
    const c = expectCompound(long);
    expect(c.key).toBe('run_command:echo-#long');
    expectSimple('echo ' + 'a'.repeat(MAX_SIMPLE_LENGTH - 10), 'echo');
  });

  it('never throws on odd inputs', () => {
    for (const s of [
      '\\',
      '$',
      '`',
      '"',
      "'",
      '((',
      '))',
      '{',
      '}',
      ';',
      '&',
      '|',
      '!',
      '<',
      '>',
      '$((',
      '${',
      '<<',
      'a<<b',
      '\\\n',
      '$(($((1))))',
    ]) {
      expect(() => classifyCommand(s)).not.toThrow();
    }
    expect(() => classifyCommand(undefined as unknown as string)).not.toThrow();
    expect(classifyCommand(42 as unknown as string).kind).toBe('invalid');
  });

  it('deep nesting is handled without a stack overflow', () => {
    const deep = 'echo ' + '$('.repeat(200) + 'id' + ')'.repeat(200);
    expect(['compound', 'invalid']).toContain(classifyCommand(deep).kind);
    const bashes = Array.from({ length: 14 }).reduce<string>((inner) => `bash -c ${JSON.stringify(inner)}`, 'rm x');
    const c = classifyCommand(bashes);
    expect(c.kind).toBe('compound');
    if (c.kind === 'compound') expect(c.programs.map((p) => p.program)).toContain('?');
  });
});
