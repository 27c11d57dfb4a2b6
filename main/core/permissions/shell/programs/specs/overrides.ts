/**
 * Corrections to the generated spec tables (figTables.ts), each with a test in overrides.test.ts:
 * where a spec of @withfig/autocomplete is wrong or missing a fact the classifier needs, the fix
 * lives here, not in the generated file (which the generator rewrites on a version bump).
 */
import { HAND_RULE_OVERRIDES } from './handRuleOverrides.js';
import type { SpecOverride } from './specOverride.js';

/** Every name of `names`, dropped: the same reason for a group. */
const dropped = (names: string): Record<string, SpecOverride> => Object.fromEntries(names.split(' ').map((n) => [n, { drop: true }]));

export const OVERRIDES: Readonly<Record<string, SpecOverride>> = {
  // Shell builtins: bash runs its own, not the program the spec describes (`echo -x` prints "-x";
  // bash's echo reads no option but -n/-e/-E), and the classifier reads them itself (cd: folderChange).
  ...dropped('cd echo export pushd pwd kill whence where'),
  // GNU coreutils, grep and util-linux: the specs describe the BSD/macOS tools (`tail` knows only -f
  // and -r, `cp` no -r, `du` no --max-depth), so GNU's everyday options would all be unknown. These
  // are read by the hand layer or the default, never from a spec (cp, mv, rm … have hand rules: coreutils.ts).
  ...dropped(
    'base32 basename cat chmod chown cut date df dirname du fmt fold head id join ls mkdir mkfifo ' +
      'mknod nl od paste pathchk readlink seq sha1sum stat tac tail tr uname wc who ' +
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

  // ── Found by the held-out red team (redteam.heldout.test.ts): specs that leave out everyday options,
  //    or read an option that runs code as a plain value. Each list is the program's own help. ──
  // Kotlin's compiler spells its options with one dash (`-include-runtime`, `-version`), which the
  // spec (no options at all) cannot say: kotlinc keeps the no-spec rule (kotlinlang.org/docs/compiler-reference.html).
  kotlinc: { drop: true },
  // webpack-cli: the spec names --config's value "value"; it is the configuration file, code webpack
  // runs. `serve` (webpack.js.org/api/cli/#serve): the dev server's options and webpack's own.
  webpack: {
    options: {
      '': 'c|config=:read',
      serve:
        'c|config=:read config-name= m|merge env= node-env= mode= entry= o|output-path=:read w|watch progress=? ' +
        'open=? no-open host= port= hot=? no-hot live-reload no-live-reload static=:read no-static compress no-compress ' +
        'history-api-fallback no-history-api-fallback client-overlay no-client-overlay https allowed-hosts= server-type= bonjour',
    },
  },
  // Playwright Test (playwright.dev/docs/test-cli): the spec knows only -g and --headed.
  playwright: {
    options: {
      test:
        'c|config=:read project= headed debug ui ui-host= ui-port= g|grep= grep-invert= j|workers= reporter= retries= ' +
        'repeat-each= timeout= global-timeout= forbid-only fully-parallel list max-failures=? x| output=:read ' +
        'pass-with-no-tests quiet shard= trace= u|update-snapshots=? last-failed only-changed=? tsconfig=:read no-deps',
    },
  },
  // mypy (mypy.readthedocs.io/en/stable/command_line.html): -p/-m/-c take a value (the spec makes them
  // flags), and --python-executable names the Python mypy runs to find site-packages.
  mypy: { options: { '': 'p|package= m|module= c|command= python-executable=:prog python-version= platform= junit-xml=:read exclude=' } },
  // Gradle (docs.gradle.org, "Command-Line Interface"): -x/--exclude-task for every task, test's
  // --tests filter, dependencies' --configuration.
  gradle: {
    options: {
      '': 'x|exclude-task=',
      build: 'x|exclude-task=',
      test: 'x|exclude-task= tests=',
      check: 'x|exclude-task=',
      dependencies: 'configuration=',
    },
  },
  // Bazel's operands are labels (`//pkg:target`, `//...`: rooted at the workspace), not file paths.
  // Bazel (bazel.build/reference/command-line-reference): the everyday build options the spec leaves
  // out of build/test/run; --run_under and --workspace_status_command name programs to run.
  bazel: {
    notPaths: ['build', 'test', 'run', 'coverage', 'query', 'cquery', 'aquery'],
    options: Object.fromEntries(
      ['build', 'test', 'run', 'coverage'].map((sub) => [
        sub,
        'c|compilation_mode= config= j|jobs= k|keep_going verbose_failures test_output= test_filter= test_arg= define= ' +
          'copt= cxxopt= linkopt= platforms= cpu= features= run_under=:prog workspace_status_command=:prog stamp nostamp ' +
          'remote_cache= disk_cache=:read action_env= test_env= nocache_test_results build_tests_only s|subcommands ' +
          'sandbox_debug spawn_strategy= show_result= color= curses= announce_rc override_repository=',
      ]),
    ),
  },
  // Apache Ant (ant.apache.org/manual/running.html): -D<property>=<value>.
  ant: { options: { '': 'D*' } },
  // mongosh (mongodb.com/docs/mongodb-shell/reference/options/): --host, and -f/--file and --eval run JavaScript.
  mongosh: { options: { '': 'host= f|file=:load eval=:load json=? apiVersion=' } },
  // Zig's build system (`zig build --help`): -D<option>=<value> and the optimize modes.
  zig: { options: { build: 'D* release=?' } },
  // Trivy (trivy.dev, "trivy filesystem/image/config"): the spec lists the subcommands without options.
  trivy: {
    options: Object.fromEntries(
      ['fs', 'filesystem', 'image', 'i', 'config', 'repo', 'rootfs'].map((sub) => [
        sub,
        's|severity= scanners= f|format= o|output=:read exit-code= skip-dirs= skip-files= ignorefile=:read ignore-unfixed ' +
          'c|config=:read cache-dir=:read timeout= q|quiet d|debug list-all-pkgs include-dev-deps t|template= dependency-tree ' +
          'pkg-types= skip-db-update offline-scan secret-config=:read module-dir=:load',
      ]),
    ),
  },
  // ansible-lint (ansible.readthedocs.io/projects/lint/usage/): --fix and the profile options.
  'ansible-lint': { options: { '': 'fix=? s|strict profile= P|list-profiles c|config-file=:read sarif-file=:read' } },
  // Haskell Stack (docs.haskellstack.org, "stack build"): --fast and the build targets' options;
  // --exec runs a command after the build.
  stack: {
    options: {
      build: 'fast pedantic file-watch exec=:exec ghc-options= flag= test-arguments= ta= local-bin-path=:read dry-run no-run-tests',
      test: 'fast pedantic file-watch ghc-options= flag= test-arguments= ta= no-run-tests coverage',
    },
  },
  // AWS CDK (docs.aws.amazon.com/cdk/v2/guide/ref-cli-cmd-deploy.html): deploy's options; -a/--app is
  // the command that synthesizes the app.
  cdk: {
    options: {
      deploy:
        'all require-approval= hotswap hotswap-fallback concurrency= e|exclusively f|force O|outputs-file=:read parameters= ' +
        'progress= rollback no-rollback watch method= m|= tags= t|= c|context= profile= a|app=:exec',
      synth: 'q|quiet e|exclusively c|context= profile= a|app=:exec o|output=:read',
      diff: 'c|context= profile= a|app=:exec fail',
    },
  },
  // Electron (electronjs.org/docs/latest/api/command-line-switches): its own switches; the sandbox ones
  // (--no-sandbox) stay unknown on purpose.
  electron: {
    options: { '': 'enable-logging=? inspect=? inspect-brk=? remote-debugging-port= disable-gpu lang= log-file=:read log-level=' },
  },
  // nbconvert (nbconvert.readthedocs.io/en/latest/usage.html): the conversion options.
  jupyter: {
    options: {
      nbconvert:
        'to= output= output-dir=:read execute inplace stdout allow-errors template= no-prompt no-input clear-output embed-images ' +
        'ExecutePreprocessor.timeout=',
    },
  },
  // `streamlit run` (docs.streamlit.io/develop/api-reference/cli/run): the server options it takes.
  streamlit: {
    options: {
      run: 'server.port= server.address= server.headless= server.runOnSave= server.baseUrlPath= server.maxUploadSize= logger.level= theme.base=',
    },
  },
  // Code given inline: `mix run -e` (hexdocs.pm/mix/Mix.Tasks.Run.html), `clojure -e`
  // (clojure.org/reference/clojure_cli), `django-admin shell -c` (docs.djangoproject.com, "shell --command").
  mix: { options: { run: 'e|eval=:load r|require=:read' } },
  clojure: { options: { '': 'e|eval=:load' } },
  'django-admin': { options: { shell: 'c|command=:load' } },
  // Found by the second held-out set (its rates were measured before these). Turbo 2
  // (turbo.build/repo/docs/reference/run): `--filter` and the options the 1.0 spec predates, for
  // `turbo run build` and `turbo build` alike.
  turbo: {
    options: Object.fromEntries(
      ['', 'run'].map((sub) => [
        sub,
        'F|filter= affected cache= cache-dir=:read concurrency= continue=? cwd=:read daemon no-daemon dry=? dry-run=? ' +
          'env-mode= framework-inference=? graph=? log-order= log-prefix= only output-logs= parallel profile=:read ' +
          'summarize=? ui= token= team= api= v| verbosity=',
      ]),
    ),
  },
  // ansible-galaxy (docs.ansible.com, ansible-galaxy): `install` (roles, from a requirements file)
  // and `collection install`, which the spec leaves out.
  'ansible-galaxy': {
    subcommands: {
      install: 'r|role-file=:read p|roles-path=:read f|force n|no-deps i|ignore-errors keep-scm-meta force-with-deps s|server= c|ignore-certs timeout= token=',
      'collection install':
        'r|requirements-file=:read p|collections-path=:read f|force n|no-deps i|ignore-errors U|upgrade pre s|server= c|ignore-certs offline timeout= token=',
    },
    options: { 'role install': 'r|role-file=:read p|roles-path=:read f|force n|no-deps i|ignore-errors keep-scm-meta force-with-deps s|server= c|ignore-certs' },
  },
  // TypeORM 0.3 (typeorm.io/docs/advanced-topics/using-cli): -d/--dataSource names the data source
  // file (TypeScript the CLI runs) for the migration and schema commands.
  typeorm: {
    options: Object.fromEntries(
      ['migration:run', 'migration:revert', 'migration:show', 'migration:generate', 'schema:sync', 'schema:log', 'schema:drop', 'query'].map(
        (sub) => [sub, 'd|dataSource=:read'],
      ),
    ),
  },
  // Programs with a hand rule that reads their options with the spec (OptionPolicy `spec` with checks).
  ...HAND_RULE_OVERRIDES,
};
