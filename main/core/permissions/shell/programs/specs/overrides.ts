/**
 * Corrections to the generated spec tables (figTables.ts), each with a test in overrides.test.ts:
 * where a spec of @withfig/autocomplete is wrong or missing a fact the classifier needs, the fix
 * lives here, not in the generated file (which the generator rewrites on a version bump).
 */
import { HAND_RULE_OVERRIDES } from './handRuleOverrides.js';

export interface SpecOverride {
  /** Leave the program out of the spec layer (its spec is unusable): it keeps the no-spec rule. */
  drop?: true;
  /**
   * Options to add, by subcommand path ("" the program, "run", "remote add"), in optionTable.ts's
   * compact spec; they come first, so they also correct an option the spec gets wrong.
   */
  options?: Readonly<Record<string, string>>;
  /**
   * Options the program accepts at every level, before or after any subcommand (pip's general
   * options, kubectl's global flags), where the spec lists them on one node only or not at all.
   */
  global?: string;
  /** The program takes unique prefixes of its long options (optparse, argparse, getopt_long). */
  abbrev?: true;
  /**
   * Subcommands the spec lacks, by their path ("cache"), with their options (compact spec); for a
   * subcommand the spec has, the options come first, as `options` do.
   */
  subcommands?: Readonly<Record<string, string>>;
  /** Subcommand paths whose options end at the first operand (the rest are a script's: `nr build --all`). */
  stopAtOperand?: readonly string[];
  /**
   * Subcommand paths whose operands are not paths though they look like ones (bazel's `//pkg:x`
   * labels): the default's outside-the-project rule spares them.
   */
  notPaths?: readonly string[];
}

/** Every name of `names`, dropped: the same reason for a group. */
const dropped = (names: string): Record<string, SpecOverride> => Object.fromEntries(names.split(' ').map((n) => [n, { drop: true }]));

export const OVERRIDES: Readonly<Record<string, SpecOverride>> = {
  // Shell builtins: bash runs its own, not the program the spec describes (`echo -x` prints "-x";
  // bash's echo reads no option but -n/-e/-E), and the classifier reads them itself (cd: folderChange).
  ...dropped('cd echo export pushd pwd kill whence where'),
  // GNU coreutils, grep and util-linux: the specs describe the BSD/macOS tools (`tail` knows only -f
  // and -r, `cp` no -r, `du` no --max-depth), so GNU's everyday options would all be unknown. These
  // are read by the hand layer (fileTargets.ts's utilities, coreutils.ts), never from a spec.
  ...dropped(
    'base32 basename cat chmod chown cp cut date df dirname du fmt fold head id install join ln ls mkdir mkfifo ' +
      'mknod mv nl od paste pathchk readlink rm rmdir seq sha1sum shred stat tac tail touch tr truncate uname wc who ' +
      'grep killall pkill ps mount lsblk fdisk',
  ),
  // Info-ZIP unzip (`unzip -h`): the spec gives -l, -c and -0 a file value and knows no modifier
  // (-o, -q, -n …), so `unzip -o a.zip` was unknown and `unzip -l a.zip` lost its operand; -M pipes
  // through the `more` pager (a program the configuration names).
  unzip: { options: { '': 'p| f| u| v| x| l| t| z| T| d|=:read n| q| o| a| j| U| C| L| X| V| K| M|:runs Z| P|= c| h|' } },
  // Angular's spec is a stub (new, generate, version): `ng build --configuration production` would be
  // unknown. Until it is completed, ng keeps the no-spec rule.
  ng: { drop: true },
  // ansible-playbook: the inventory -i names is a file (or a host list); the spec gives it no value.
  'ansible-playbook': { options: { '': 'i|inventory=:read' } },
  // Bazel's operands are labels (`//pkg:target`, `//...`: rooted at the workspace), not file paths.
  bazel: { notPaths: ['build', 'test', 'run', 'coverage', 'query', 'cquery', 'aquery'] },
  // webpack-cli: the spec names --config's value "value"; it is the configuration file, code webpack runs.
  webpack: { options: { '': 'c|config=:read' } },
  // PHPUnit: the spec predates PHPUnit 10 and lacks its test selection and run options
  // (docs.phpunit.de, "The Command-Line Test Runner").
  phpunit: {
    options: {
      '':
        'filter= testsuite= exclude-testsuite= group= exclude-group= covers= uses= list-groups list-suites list-tests ' +
        'list-tests-xml=:read test-suffix= process-isolation globals-backup static-backup fail-on-warning fail-on-risky ' +
        'fail-on-incomplete fail-on-skipped fail-on-deprecation fail-on-notice fail-on-empty-test-suite stop-on-defect ' +
        'stop-on-error stop-on-failure stop-on-warning stop-on-risky stop-on-skipped stop-on-incomplete display-incomplete ' +
        'display-skipped display-deprecations display-errors display-notices display-warnings order-by= random-order-seed= ' +
        'colors=? columns= stderr no-progress no-results no-output teamcity testdox testdox-summary debug v|verbose ' +
        'cache-directory=:read do-not-cache-result coverage-cobertura=:read only-summary-for-coverage-text ' +
        'show-uncovered-for-coverage-text',
    },
  },
  // SwiftPM: the spec's build/test/run know --product and --target only, not the everyday -c
  // (swift build --help); -X passes arbitrary flags to a compiler or the linker (plugins: load).
  swift: {
    options: Object.fromEntries(
      ['build', 'test', 'run'].map((sub) => [
        sub,
        'c|configuration= package-path=:read scratch-path=:read cache-path=:read config-path=:read j|jobs= arch= triple= ' +
          'sdk=:read toolchain=:read swift-sdk= sanitize= v|verbose very-verbose q|quiet enable-code-coverage ' +
          'static-swift-stdlib skip-build build-tests parallel filter= skip= list-tests Xcc=:load Xswiftc=:load ' +
          'Xlinker=:load Xcxx=:load',
      ]),
    ),
  },
  // wasm-pack: the spec lists the subcommands without their options (wasm-pack build/test --help).
  'wasm-pack': {
    options: {
      build: 't|target= d|out-dir=:read out-name= s|scope= mode= no-typescript no-pack weak-refs reference-types dev release profiling',
      test: 'node firefox chrome safari headless chromedriver=:read geckodriver=:read safaridriver=:read mode= dev release profiling',
    },
  },
  // antfu's ni: `nr <script> [args]` hands the words after the script name to the script.
  nr: { stopAtOperand: [''] },
  // bat: `bat cache --build|--clear` (bat --help; the spec has no `cache` subcommand).
  bat: { subcommands: { cache: 'b|build c|clear source=:read target=:read blank h|help' } },
  // pandoc: `-F/--filter PROGRAM` runs a program on the document's AST (with the output format as its
  // argument), `-L/--lua-filter SCRIPT` runs Lua in pandoc (pandoc(1), "Reader options").
  pandoc: { options: { '': 'F|filter=:prog L|lua-filter=:load' } },
  // TypeScript's compiler: the spec lists `--project` and `--build` without their one-letter forms.
  tsc: { options: { '': 'p|project=:read b|build w|watch h|help v|version' } },
  // Programs with a hand rule that reads their options with the spec (OptionPolicy `spec` with checks).
  ...HAND_RULE_OVERRIDES,
};
