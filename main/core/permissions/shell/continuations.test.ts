/**
 * Line continuations joined where bash joins them, kept where bash keeps them: checked against the
 * words bash itself passes (printf prints each argument as it received it).
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { classifyCommand } from './classify.js';
import { continuationIndices, MAX_FLIPS } from './continuations.js';
import { parseBash } from './parser.js';

describe('continuationIndices', () => {
  it('finds a backslash-newline only when the backslash is not itself escaped', () => {
    expect(continuationIndices('a\\\nb')).toEqual([1]);
    expect(continuationIndices('a\\\\\nb')).toEqual([]);
    expect(continuationIndices('a\\\\\\\nb')).toEqual([3]);
    expect(continuationIndices('a\nb')).toEqual([]);
  });
});

describe('joined text', () => {
  it('parses the joined text and says so (source)', () => {
    const p = parseBash('ec\\\nho "a\\\nb"');
    expect(p.ok && p.source).toBe('echo "ab"');
  });

  it("keeps a continuation in single quotes, $'…' and a quoted here-document", () => {
    for (const src of ["echo 'a\\\nb'", "echo $'a\\\nb'", "cat <<'E'\na\\\nb\nE"]) {
      const p = parseBash(src);
      expect(p.ok && p.source, src).toBe(src);
    }
  });

  it('corrects a first guess the unjoined text could not give (it does not parse)', () => {
    // `$\⏎(` unquoted does not parse unjoined, so nothing is kept at first; the single-quoted
    // continuation is then found inside quotes in the joined text and kept.
    const p = parseBash("echo $\\\n(id) 'a\\\nb'");
    expect(p.ok && p.source).toBe("echo $(id) 'a\\\nb'");
  });

  it('refuses a continuation kept in a comment, at any depth', () => {
    for (const src of ['ls # x\\\nid', 'echo "$(echo a # x\\\nid)"', "bash -c 'ls # x\\\nid'"])
      expect(classifyCommand(src).kind === 'invalid' || classifyCommand(src).key?.includes('?'), src).toBe(true);
  });

  it('bounds its corrections', () => {
    expect(MAX_FLIPS).toBeGreaterThan(0);
    // Many kept continuations after one that breaks the unjoined parse: each needs a correction.
    const many = 'echo $\\\n(true) ' + Array.from({ length: MAX_FLIPS + 2 }, (_, i) => `'x${i}\\\ny'`).join(' ');
    const c = classifyCommand(many);
    expect(c.kind).toBe('invalid');
    if (c.kind === 'invalid') expect(c.reason).toMatch(/line continuations/);
  });
});

const BASH = spawnSync('bash', ['-c', 'exit 0']).status === 0;

describe.skipIf(!BASH)(`the words are the ones bash passes${BASH ? '' : ' (no bash found: skipped)'}`, () => {
  it.each([
    "printf '<%s>' a\\\nb",
    "printf '<%s>' \"a\\\nb\" 'c\\\nd'",
    "printf '<%s>' a \\\n b",
    "printf '<%s>' \\\\\\\nx",
    "printf '<%s>' 'it'\\''s\\\n' x\\\ny",
    'printf \'<%s>\' "a\\\\\\\nb"',
  ])('%s', (command) => {
    const c = classifyCommand(command);
    expect(c.kind).toBe('simple');
    const bash = spawnSync('bash', ['-c', command], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).stdout;
    if (c.kind === 'simple')
      expect(
        c.argv
          .slice(2)
          .map((a) => `<${a}>`)
          .join(''),
      ).toBe(bash);
  });
});
