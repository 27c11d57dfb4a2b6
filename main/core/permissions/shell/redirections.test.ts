/** A redirection to or from a file is never simple; the key names the operator and the literal target. */
import { describe, expect, it } from 'vitest';
import { expectCompound, expectSimple } from './classify.testkit.js';

describe('redirections', () => {
  const table: [string, string, string?][] = [
    ['echo hi > out.txt', 'run_command:echo->-out.txt', 'writes to out.txt (redirection)'],
    ['echo hi >> out.txt', 'run_command:echo->>-out.txt', 'appends to out.txt (redirection)'],
    ['echo hi > ~/.bashrc', 'run_command:echo->-~/.bashrc', 'writes to ~/.bashrc (redirection)'],
    ['echo hi >| f', 'run_command:echo->|-f'],
    ['echo hi &> f', 'run_command:echo-&>-f'],
    ['echo hi &>> f', 'run_command:echo-&>>-f'],
    ['echo hi 2> err.log', 'run_command:echo-2>-err.log'],
    ['echo hi >&out.txt', 'run_command:echo->&-out.txt'],
    ['echo hi 1>&file', 'run_command:echo-1>&-file'],
    ['cat < in.txt', 'run_command:cat-<-in.txt', 'reads from in.txt (redirection)'],
    ['cat <> f', 'run_command:cat-<>-f'],
    ['> f', 'run_command:>-f'],
    ['echo hi > "$F"', 'run_command:echo->-?-$F'],
    ['echo hi > $(mktemp)', 'run_command:echo->-?-$(-mktemp-)'],
    ['echo hi > my-file.txt', 'run_command:echo->-my%2Dfile.txt'],
    ['echo hi > "a b"', 'run_command:echo->-a%20b'],
    ['echo hi > *.txt', 'run_command:echo->-?'],
    ['cat <<EOF\nhello\nEOF', 'run_command:cat-<<'],
    ['cat <<EOF\n$(rm x)\nEOF', 'run_command:cat-<<-$(-rm-)'],
    ["cat <<'EOF'\n$(rm x)\nEOF", 'run_command:cat-<<'],
    ['cat <<< "$(id)"', 'run_command:cat-<<<-$(-id-)'],
    ['git status 2>&1 > log.txt', 'run_command:git-status->-log.txt'],
    ['> out.txt git status', 'run_command:git-status->-out.txt'],
  ];
  for (const [cmd, key, note] of table) {
    it(`${JSON.stringify(cmd)} → ${key}`, () => {
      const c = expectCompound(cmd);
      expect(c.key).toBe(key);
      if (note) expect(c.notes).toContain(note);
    });
  }

  it('a grant for writing out.txt never covers ~/.bashrc', () => {
    expect(expectCompound('echo x > out.txt').key).not.toBe(expectCompound('echo x > ~/.bashrc').key);
  });

  it('fd duplications alone stay simple', () => {
    expectSimple('cargo build 2>&1', 'cargo');
    expectSimple('echo oops >&2', 'echo');
  });
});
