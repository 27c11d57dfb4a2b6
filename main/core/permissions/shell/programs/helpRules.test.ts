/**
 * The help layer (helpRules.ts): programs without a hand rule read with a table generated from their
 * own `--help`. Each row was checked against the program's help on this machine (coreutils 9.1,
 * util-linux 2.38.1, grep 3.8) and, for what runs, against what bash runs.
 */
import { describe, expect, it } from 'vitest';
import { expectCompound, expectSimple } from '../classify.testkit.js';
import { HELP_TABLES } from './helpTables.js';
import { helpPrograms, helpRule } from './helpRules.js';
import { handRule, programRule } from './index.js';

const compound = (cmd: string, holds: string) => expect(expectCompound(cmd).key, cmd).toContain(holds);
const simple = (cmd: string) => expectSimple(cmd, cmd.split(' ')[0]);

describe('the help layer', () => {
  it('is looked up after the hand rules and before the spec library', () => {
    expect(programRule('ls')?.family).toBe('help');
    expect(programRule('grep')?.family).toBe('help');
    // sort has a hand rule (textOptions.ts): its table is the hand one, with the uses.
    expect(programRule('sort')?.family).not.toBe('help');
    expect(handRule('ls')).toBeUndefined();
  });

  it('an option the program does not list is compound, in every spelling', () => {
    // `ls --evil`: "ls: unrecognized option '--evil'"; the classifier cannot know what an option it
    // does not know takes, so it never reads the call as plain.
    for (const cmd of ['ls --evil', 'ls --evil=x', 'ls -la --evil .', 'grep --evil x', 'cat -Q x', 'head --frob=3 a', 'du -sh --x .'])
      compound(cmd, '#unknown_option');
  });

  it('reads unique prefixes as getopt_long does, and an ambiguous one as unknown', () => {
    simple('ls --col=auto'); // --color
    simple('grep --ignore-c foo a'); // --ignore-case
    // --c is --classify, --color, --context …: ambiguous, ls refuses it.
    compound('ls --c', '#unknown_option');
  });

  it('knows which options take a value, so a value is never read as options', () => {
    simple('head -n 50 src/index.ts');
    simple('cut -d: -f1 a.txt');
    simple('grep -e -rf a.txt'); // the pattern is "-rf"
    simple('date -d yesterday +%F');
    simple('tail -n +5 log.txt');
  });

  it('reads -<digits> where the program does (head -20) and nowhere else', () => {
    simple('head -20 a.txt');
    simple('tail -5 a.txt');
    simple('seq -5 5');
    compound('cat -20 a.txt', '#unknown_option');
    // renice changes a running process's priority (renice(1)): no command, so no wrapper.
    simple('renice -5 12345');
    simple('renice -n 10 -p 12345');
  });

  it('keeps the default on top: a path outside the project or an option named for running something', () => {
    compound('grep -f ../patterns.txt src', '#outside');
    compound('cat ~/.ssh/id_rsa', '#outside');
    compound('cp -t.. a.txt', '#outside'); // cp's target directory, attached
    compound('cp --target-directory=/tmp a.txt', '#outside');
    compound('install --strip-program=./evil a b', '#strip_program');
    compound('install --strip-prog=./evil a b', '#strip'); // a unique prefix of the same option
  });

  it('a program whose usage names a command it runs is never simple without a hand rule', () => {
    // runcon CONTEXT COMMAND [args]: `runcon x bash -c 'id'` runs bash where SELinux is on.
    expect(HELP_TABLES['runcon']?.runs).toBe(true);
    compound("runcon x bash -c 'rm -rf ~'", '#runs');
    compound('runcon -t unconfined_t make', '#runs');
    // scriptlive runs the input recorded in a log in a shell.
    compound('scriptlive -t timing.log typescript', '#runs');
    // Wrappers with a hand rule keep it: timeout's reads where its command starts.
    compound('timeout 5 make', 'timeout-[-make-]');
  });

  it('a reads-only program reads wildcards and run-time words as files, any other program as hidden options', () => {
    simple('ls *.ts');
    simple('wc -l *.ts');
    simple('grep -n foo *.py');
    simple('ls -*');
    compound('cat $F', '$F');
    // `cp * dest` with a file named `-t..` in the folder copies everything into the parent.
    compound('cp * dest', '#glob');
    compound('rm -rf *', '#glob');
    compound('rm $f', '#unknown_option');
  });

  it('every reads-only program has a table and runs nothing', () => {
    const { all, readsOnly } = helpPrograms();
    for (const p of readsOnly) {
      expect(all, p).toContain(p);
      expect(HELP_TABLES[p]?.runs, p).toBeUndefined();
      expect(helpRule(p)?.readsOnly, p).toBe(true);
    }
  });

  it('everyday uses stay one simple call', () => {
    for (const cmd of [
      'ls -la',
      'ls -lah src',
      'ls --color=auto -1 tests',
      'cat -n README.md',
      'grep -rn --include=*.ts useState src',
      'grep -E "a|b" -r src',
      'du -sh node_modules',
      'df -h .',
      'wc -l src/index.ts',
      'stat -c %s package.json',
      'mkdir -p src/components',
      'cp -r src dest',
      'mv a.txt b.txt',
      'rm -rf dist',
      'touch src/new.ts',
      'chmod +x scripts/build.sh',
      'chmod -x scripts/build.sh',
      'ln -sf target link',
      'sha256sum dist/app.js',
      'realpath src',
      'lsblk -f',
      'free -h',
      'pgrep -fl node',
      'uniq -c',
      'tr -d x',
      'xz -9 -k data.csv',
      'gzip -d data.csv.gz',
    ])
      simple(cmd);
  });
});
