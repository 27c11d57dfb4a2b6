/** Anything bash computes at run time makes a command compound, and the key shows it. */
import { describe, expect, it } from 'vitest';
import { expectCompound } from './classify.testkit.js';

describe('expansions and shell structure', () => {
  const table: [string, string][] = [
    ['echo $HOME', 'run_command:echo-$HOME'],
    ['echo ${HOME}', 'run_command:echo-$HOME'],
    ['echo "$HOME"', 'run_command:echo-$HOME'],
    ['echo ${x:-$(id)}', 'run_command:echo-$x-$(-id-)'],
    ['echo ${#x}', 'run_command:echo-$#x'],
    ['echo ${!x}', 'run_command:echo-$!x'],
    ['ls $(cat list)', 'run_command:ls-$(-cat-)'],
    ['ls `cat list`', 'run_command:ls-$(-cat-)'],
    ['echo "$(rm -rf x)"', 'run_command:echo-$(-rm-)'],
    // Where an option may stand, a substitution's output may be one (`--output=…`): git's option table.
    ['git log $(git rev-parse HEAD)', 'run_command:git-log-#unknown_option-[-?-]-$(-git-rev%2Dparse-)'],
    ['git log -- $(git rev-parse HEAD)', 'run_command:git-log-$(-git-rev%2Dparse-)'],
    // A word known only at run time where an option may stand is also an unknown option (optionTable.ts).
    ['diff <(ls a) <(ls b)', 'run_command:diff-#unknown_option-[-?-]-<(-ls-)-<(-ls-)'],
    ['tee >(rm x)', 'run_command:tee-#unknown_option-[-?-]->(-rm-)'],
    ['echo $((1+2))', 'run_command:echo-$((-))'],
    ['echo $((x[$(id)]))', 'run_command:echo-$((-$x-$(-id-)-))'],
    ['$CMD', 'run_command:?-$CMD'],
    ['$(echo rm) -rf x', 'run_command:?-$(-echo-)'],
    ['"$(echo rm)" -rf x', 'run_command:?-$(-echo-)'],
    ['{rm,-rf,x}', 'run_command:?'.concat('-#brace')],
    ['r* -rf x', 'run_command:?'],
    ['FOO=1 git status', 'run_command:$FOO=-1-git-status'],
    ['GIT_PAGER=evil git log', 'run_command:$GIT_PAGER=-evil-git-log'],
    ['a=1', 'run_command:$a=-1'],
    ['export A=$(id)', 'run_command:export(-$A=-?-$(-id-)-)'],
    ['! git push', 'run_command:!-git-push'],
    ['git push &', 'run_command:git-push-&'],
    ['git status; git push', 'run_command:git-status-;-git-push'],
    ['git status\ngit push', 'run_command:git-status-;-git-push'],
    ['git status & git push', 'run_command:git-status-&-git-push'],
    ['git status || git push', 'run_command:git-status-||-git-push'],
    ['git log | head', 'run_command:git-log-|-head'],
    ['git log |& head', 'run_command:git-log-|&-head'],
    ['(git push)', 'run_command:(-git-push-)'],
    ['{ git push; }', 'run_command:{-git-push-}'],
    ['f() { rm -rf x; }; f', 'run_command:f()-{-rm-}-;-f'],
    ['function f { rm x; }', 'run_command:f()-{-rm-}'],
    ['if true; then rm x; fi', 'run_command:if(-true-)-then(-rm-)'],
    ['if a; then b; elif c; then d; else e; fi', 'run_command:if(-a-)-then(-b-)-elif(-c-)-then(-d-)-else(-e-)'],
    ['while true; do rm x; done', 'run_command:while(-true-)-do(-rm-)'],
    ['until a; do b; done', 'run_command:until(-a-)-do(-b-)'],
    // rm reads its options with its table (a word known only at run time may be an option: `-rf`).
    ['for f in $(ls); do rm $f; done', 'run_command:for(-$(-ls-)-)-do(-rm-#unknown_option-[-?-]-$f-)'],
    ['case $x in a) rm y;; esac', 'run_command:case(-$x-)-in(-rm-)'],
    ['[[ -f $(id) ]]', 'run_command:[[-$(-id-)-]]'],
    ['(( x = $(id) ))', 'run_command:((-$(-id-)-))'],
    ['let x=1', 'run_command:let(-)'],
    ['coproc rm x', 'run_command:coproc(-rm-)'],
    ['time git push', 'run_command:time(-git-push-)'],
    ["echo $'\\x41'", 'run_command:echo-#compound'],
    ['echo $"hello"', 'run_command:echo-#compound'],
    ['echo {a,b}', 'run_command:echo-#brace'],
    ['git {push,status}', 'run_command:git-#brace'],
    ['echo @(a|b)', 'run_command:echo-#extglob-125:a%7Cb'],
  ];
  for (const [cmd, key] of table) {
    it(`${JSON.stringify(cmd)} → ${key}`, () => {
      expect(expectCompound(cmd).key).toBe(key);
    });
  }

  it('programs inside substitutions, subshells and function bodies are listed', () => {
    expect(expectCompound('echo "$(git push)"').programs).toContainEqual({ program: 'git', subcommand: 'push' });
    expect(expectCompound('f() { git push; }; f').programs).toContainEqual({ program: 'git', subcommand: 'push' });
    expect(expectCompound('diff <(curl x) y').programs.map((p) => p.program)).toContain('curl');
    expect(expectCompound('for i in 1; do sudo rm x; done').programs.map((p) => p.program)).toEqual(['sudo', 'rm']);
  });

  it('notes name the substitution, the pipeline and the assignment', () => {
    expect(expectCompound('ls $(cat list)').notes).toContain('contains command substitution');
    expect(expectCompound('git log | head').notes).toContain('pipes output into another program (|)');
    expect(expectCompound('GIT_PAGER=x git log').notes.join('\n')).toMatch(/GIT_PAGER/);
  });
});
