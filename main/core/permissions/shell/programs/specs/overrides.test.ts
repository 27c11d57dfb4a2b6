/**
 * Each correction of overrides.ts, proven on the command it fixes: the spec's reading was wrong
 * (an everyday command compound, or an outside path not keyed), the override's is right.
 */
import { describe, expect, it } from 'vitest';
import { classifyCommand } from '../../classify.js';
import { handRule } from '../index.js';
import { specRule } from './specRules.js';
import { OVERRIDES } from './overrides.js';

const kind = (c: string) => classifyCommand(c).kind;
const key = (c: string) => classifyCommand(c).key;

describe('spec overrides', () => {
  it('dropped programs are not read from their spec (shell builtins, GNU tools the specs describe as BSD)', () => {
    for (const [name, o] of Object.entries(OVERRIDES)) if (o.drop) expect(specRule(name), name).toBeUndefined();
    // GNU forms the BSD specs do not know stay as the hand layer reads them.
    expect(kind('tail -n 100 logs/app.log')).toBe('simple');
    expect(kind('cp -r templates/base out/base')).toBe('simple');
    expect(kind('du -h --max-depth=1 .')).toBe('simple');
    expect(kind('head -20 CHANGELOG.md')).toBe('simple');
    // bash's echo prints the word, it is no option
    expect(kind('echo --not-an-option')).toBe('simple');
  });

  it('unzip: the modifiers are flags, -d is the folder, -M runs the pager', () => {
    expect(kind('unzip -o archive.zip -d out')).toBe('simple');
    expect(kind('unzip -l archive.zip')).toBe('simple');
    expect(key('unzip -q a.zip -d /tmp/x')).toContain('#outside-/tmp/x');
    expect(key('unzip -M a.zip')).toContain('#M');
  });

  it('bazel: labels rooted at the workspace are not paths outside the project', () => {
    expect(kind('bazel build //...')).toBe('simple');
    expect(kind('bazel test //pkg:all_tests')).toBe('simple');
    expect(key('bazel --bazelrc=../evil.rc build //x')).toContain('#outside');
  });

  it('phpunit: PHPUnit 10’s selection options', () => {
    expect(kind('phpunit --filter testFoo --testsuite unit')).toBe('simple');
    expect(kind('phpunit --group slow --stop-on-failure')).toBe('simple');
  });

  it('swift: -c and the SwiftPM options of build/test/run; -X flags go to a compiler', () => {
    expect(kind('swift build -c release')).toBe('simple');
    expect(kind('swift test --parallel --filter MyTests')).toBe('simple');
    expect(key('swift build -Xswiftc -foo')).toContain('#Xswiftc');
  });

  it('wasm-pack: the options of build and test', () => {
    expect(kind('wasm-pack test --node')).toBe('simple');
    expect(kind('wasm-pack build --target web --release')).toBe('simple');
    expect(key('wasm-pack build --out-dir /tmp/pkg')).toContain('#outside');
  });

  it('nr: the words after the script name are the script’s', () => {
    expect(kind('nr build runtime-core -f global')).toBe('simple');
    expect(key('nr --not-an-nr-option build')).toContain('#unknown_option');
  });

  it('bat: the cache subcommand', () => {
    expect(kind('bat cache --build')).toBe('simple');
    expect(kind('bat cache --clear')).toBe('simple');
    expect(key('bat cache --build --source ../themes')).toContain('#outside');
  });

  it('webpack: --config names the configuration (code webpack runs)', () => {
    expect(kind('webpack --config webpack.prod.js')).toBe('simple');
    expect(key('webpack --config ../webpack.config.js')).toContain('#outside-../webpack.config.js');
  });

  it('tsc: -p and -b, which the spec lists only as --project and --build', () => {
    expect(kind('tsc -p tsconfig.json')).toBe('simple');
    expect(kind('tsc -b')).toBe('simple');
    expect(key('tsc -p ../x/tsconfig.json')).toContain('#outside-../x/tsconfig.json');
  });

  it('an override naming a program with a hand rule is read: the rule reads its spec, or the override drops the spec', () => {
    for (const [name, o] of Object.entries(OVERRIDES)) {
      const rule = handRule(name);
      if (rule === undefined || o.drop) continue;
      expect(rule.policy, name).toEqual({ kind: 'spec', checks: true });
    }
  });
});

describe('spec overrides: facts the specs leave out', () => {
  it('ng: the stub spec is dropped, so its everyday options are not all unknown', () => {
    expect(specRule('ng')).toBeUndefined();
  });

  it('ansible-playbook: -i takes the inventory (a value, read as a path)', () => {
    expect(kind('ansible-playbook -i inventory/hosts site.yml')).toBe('simple');
    expect(key('ansible-playbook -i ../inv site.yml')).toContain('#outside-../inv');
    expect(key('ansible-playbook /tmp/evil.yml')).toContain('#outside-/tmp/evil.yml');
  });
});

describe('spec overrides found by the held-out red team (redteam.heldout.test.ts)', () => {
  it('kotlinc: the empty spec is dropped; its one-dash options read by the no-spec rule', () => {
    expect(specRule('kotlinc')).toBeUndefined();
    expect(kind('kotlinc hello.kt -include-runtime -d hello.jar')).toBe('simple');
    expect(kind('kotlinc -version')).toBe('simple');
    expect(key('kotlinc -script /tmp/x.kts')).toContain('#script');
    expect(key('kotlinc hello.kt -d /tmp/out')).toContain('#outside');
  });

  it('webpack serve, playwright test: the options the specs leave out', () => {
    expect(kind('webpack serve --open --port 8080')).toBe('simple');
    expect(key('webpack serve --config ../w.js')).toContain('#outside');
    expect(kind('playwright test --project chromium --workers 2')).toBe('simple');
    expect(kind('playwright test tests/login.spec.ts --debug')).toBe('simple');
    expect(key('playwright test -c /tmp/x.config.ts')).toContain('#outside');
  });

  it('mypy: -p takes a package, --python-executable names a program', () => {
    expect(kind('mypy -p mypackage')).toBe('simple');
    expect(key('mypy --python-executable python3.11 src')).toContain('#python_executable');
  });

  it('gradle: -x, test --tests, dependencies --configuration', () => {
    expect(kind('gradle build -x test')).toBe('simple');
    expect(kind("gradle test --tests 'com.acme.*'")).toBe('simple');
    expect(kind('gradle dependencies --configuration runtimeClasspath')).toBe('simple');
    expect(key('gradle -I ../init.gradle build')).toContain('#outside');
  });

  it('bazel: the everyday build options; --run_under names a program', () => {
    expect(kind('bazel build -c opt //app:bin')).toBe('simple');
    expect(kind('bazel test --test_output=errors //...')).toBe('simple');
    expect(key("bazel test --run_under='valgrind' //:t")).toContain('#run_under');
    expect(key('bazel build --workspace_status_command=tools/status.sh //...')).toContain('#workspace_status_command');
  });

  it('ant and zig build: -D properties', () => {
    expect(kind('ant -Dversion=1.2 dist')).toBe('simple');
    expect(kind('zig build -Doptimize=ReleaseFast')).toBe('simple');
    expect(key('ant -f ../build.xml')).toContain('#outside');
  });

  it('mongosh: --host; --file and --eval run JavaScript', () => {
    expect(kind('mongosh --quiet --host localhost --port 27017')).toBe('simple');
    expect(key('mongosh --file seed.js')).toContain('#file');
    expect(key('mongosh --eval "db.stats()"')).toContain('#eval');
  });

  it('trivy, ansible-lint, stack, cdk, electron, nbconvert, streamlit: their everyday options', () => {
    expect(kind('trivy fs --severity HIGH,CRITICAL .')).toBe('simple');
    expect(key('trivy fs --module-dir mods .')).toContain('#module_dir');
    expect(kind('ansible-lint --fix')).toBe('simple');
    expect(kind('stack build --fast')).toBe('simple');
    expect(key('stack build --exec "sh x"')).toContain('#exec');
    expect(kind('cdk deploy --all')).toBe('simple');
    expect(key("cdk deploy --app 'node app.js'")).toContain('#app');
    expect(kind('electron . --enable-logging')).toBe('simple');
    expect(key('electron . --no-sandbox')).toContain('#unknown_option');
    expect(kind('jupyter nbconvert --to html notebook.ipynb')).toBe('simple');
    expect(kind('streamlit run app.py --server.port 8080')).toBe('simple');
  });

  it('mix run -e, clojure -e, django-admin shell -c: inline code', () => {
    expect(key(`mix run -e 'System.cmd("id", [])'`)).toContain('#eval');
    expect(key(`clojure -M -e '(println 1)'`)).toContain('#eval');
    expect(key(`django-admin shell -c 'import os'`)).toContain('#command');
    expect(kind('mix run priv/repo/seeds.exs')).toBe('simple');
  });
});

describe('spec overrides found by the second held-out set', () => {
  it('turbo: --filter and the Turbo 2 options, with or without `run`', () => {
    expect(kind('turbo run test --filter=web')).toBe('simple');
    expect(kind('turbo build --filter=@acme/web... --summarize')).toBe('simple');
    expect(key('turbo run build --cwd=../other')).toContain('#outside');
  });

  it('ansible-galaxy: install and collection install read their requirements file', () => {
    expect(kind('ansible-galaxy install -r requirements.yml')).toBe('simple');
    expect(kind('ansible-galaxy collection install -r requirements.yml')).toBe('simple');
    expect(key('ansible-galaxy install -r /tmp/req.yml')).toContain('#outside');
    expect(key('ansible-galaxy collection install git+https://github.com/evil/c.git')).toContain('#remote');
  });

  it('typeorm: -d names the data source file', () => {
    expect(kind('typeorm migration:run -d src/data-source.ts')).toBe('simple');
    expect(key('typeorm migration:run -d ../ds.ts')).toContain('#outside');
  });
});
