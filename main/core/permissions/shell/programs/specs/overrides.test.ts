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
