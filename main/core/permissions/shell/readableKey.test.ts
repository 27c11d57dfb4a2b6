/**
 * The reading of a compound key (shared/readableKey.ts), checked against keys the classifier makes:
 * the reader follows the engine's grammar, so a grammar change that it does not follow shows here.
 */
import { describe, expect, it } from 'vitest';
import { readableKey } from '../../../../shared/readableKey.js';
import { classifyCommand } from './index.js';

const keyOf = (command: string): string => {
  const c = classifyCommand(command);
  if (!c.key) throw new Error(`no key for ${command}`);
  return c.key;
};

describe('readableKey: a compound key read back as shell-like text', () => {
  it.each([
    ['for i in 1 2 3; do echo $i ; sleep 1; done', 'for …; do echo $i; sleep; done'],
    ['if [ -f a ]; then echo y; elif true; then echo z; else echo n; fi', 'if …; then echo; elif true; then echo; else echo; fi'],
    ['while read l; do echo $l; done < f', 'while read; do echo $l; done < f'],
    ['git status && git push origin main', 'git status && git push'],
    ['sudo rm -rf x', 'sudo [rm]'],
    ["bash -c 'git status; git push'", 'bash [git status; git push]'],
    ['find . -exec rm {} \\;', 'find --exec [rm]'],
    ['ls $(cat list)', 'ls $(cat)'],
    ['case $x in a) echo a;; b) echo b;; esac', 'case $x in echo;; echo; esac'],
    ['(cd a && make) | tee log', '(cd && make) | tee > log'],
    ['{ echo a; echo b; } > out', '{ echo; echo; } > out'],
    ['FOO=bar make', 'FOO=bar make'],
    ['x=$(date); echo $x', 'x=$(date); echo $x'],
    ['echo "${#x}" $((1+2))', 'echo ${#x} $((…))'],
    ['python -c "print(1)"', 'python -c [code d287bb7f]'],
    ['sed -i s/a/b/ f.txt', 'sed --in-place > f.txt'],
    ['echo hi > "my file.txt"', "echo > 'my file.txt'"],
    ['f() { echo hi; }; f', 'f() { echo; }; f'],
  ])('%s', (command, reading) => {
    expect(readableKey(keyOf(command))).toBe(reading);
  });

  it('a name that spells an operator stays one quoted word, its hidden characters escaped', () => {
    expect(readableKey(keyOf("echo hi > 'a && rm -rf b'"))).toBe("echo > 'a && rm -rf b'");
    expect(readableKey(keyOf("echo hi > $'a\\x1bb'"))).toBe("echo > 'a\\x1bb'");
  });

  it('a simple key, a key of another tool, or one it cannot follow gets no reading', () => {
    expect(readableKey(keyOf('git status'))).toBeUndefined();
    expect(readableKey('run_command:git:push')).toBeUndefined();
    expect(readableKey('write_file:src/my-file.ts')).toBeUndefined();
    expect(readableKey('run_command:for(-do(-echo-)')).toBeUndefined();
    expect(readableKey('run_command:echo-)')).toBeUndefined();
    expect(readableKey('run_command:echo-"x"')).toBeUndefined();
  });

  it('reads the keys of the other command tools too', () => {
    expect(readableKey('run_sandboxed:npm-test-&&-npm-run')).toBe('npm test && npm run');
  });
});
