/**
 * pytest's options: its own (pytest 8 `pytest --help`; the parser is argparse with
 * `allow_abbrev=False`, so no unique prefixes, and `fromfile_prefix_chars="@"`: a word `@file`
 * is replaced by the file's lines, read here by the default's path rule) and those of the plugins
 * agents meet most (pytest-cov, pytest-xdist, pytest-timeout, pytest-rerunfailures, pytest-html,
 * pytest-json-report, pytest-asyncio, pytest-django, pytest-randomly, pytest-benchmark,
 * hypothesis). An option not listed (another plugin's) is compound.
 *
 * Uses: `-p name` imports a plugin module (`-p no:name` only turns one off: the handler);
 * `--pdbcls=mod:cls` imports a module; `xdist --tx popen//python=X` runs the interpreter it names;
 * `--basetemp` deletes and recreates its folder; report and log files are written; `-c`/
 * `--config-file`, `--rootdir`, `--confcutdir`, `--cov-config` name a configuration or the folders
 * conftest.py files are loaded from: outside the project they are compound (pytestChecks below);
 * `-o key=value` overrides an ini setting, which can add to sys.path or write files: only display
 * settings stay plain; `--pastebin` uploads the session's output.
 */
import { exec, risk } from '../../effects.js';
import { outsideProject } from '../kit.js';
import { optionTable, type OptionHandler, type OptionTable } from '../optionTable.js';

const CORE =
  'h|help V|version k|= m|= markers x|exitfirst maxfail= strict-config strict-markers strict fixtures funcargs ' +
  'fixtures-per-test pdb pdbcls=:load trace capture= s| runxfail lf last-failed ff failed-first nf new-first ' +
  'cache-show=? cache-clear lfnf= last-failed-no-failures= sw stepwise sw-skip stepwise-skip sw-reset stepwise-reset disable-plugin-autoload ' +
  'durations= durations-min= v|verbose no-header no-summary no-fold-skipped force-short-summary q|quiet ' +
  'verbosity= r|= disable-warnings disable-pytest-warnings l|showlocals no-showlocals tb= xfail-tb ' +
  'show-capture= full-trace color= code-highlight= pastebin=:config junit-xml=:write junitxml=:write ' +
  'junit-prefix= W|pythonwarnings= ignore= ignore-glob= deselect= confcutdir= noconftest keep-duplicates ' +
  'collect-in-virtualenv continue-on-collection-errors import-mode= doctest-modules doctest-report= ' +
  'doctest-glob= doctest-ignore-import-errors doctest-continue-on-failure basetemp=:write co collect-only ' +
  'pyargs rootdir= c|config-file= inifile= trace-config debug=?:write o|override-ini= assert= setup-only ' +
  'setup-show setup-plan log-level= log-format= log-date-format= log-cli-level= log-cli-format= ' +
  'log-cli-date-format= log-file=:write log-file-mode= log-file-level= log-file-format= ' +
  'log-file-date-format= log-auto-indent= log-disable= p|= resultlog=:write result-log=:write report-log=:write';

const PLUGINS =
  // pytest-cov
  'cov=? cov-report= cov-config= no-cov-on-fail no-cov cov-fail-under= cov-append cov-branch cov-context= ' +
  'cov-precision= cov-reset ' +
  // pytest-xdist
  'n|numprocesses= maxprocesses= max-worker-restart= dist= d|distload loadscope loadfile tx= px= ' +
  'rsyncdir= rsyncignore= f|looponfail boxed ' +
  // pytest-timeout, pytest-rerunfailures, pytest-html, pytest-json-report, pytest-asyncio
  'timeout= timeout-method= timeout_method= timeout-disable-debugger-detection asyncio-default-fixture-loop-scope= reruns= reruns-delay= only-rerun= rerun-except= html=:write ' +
  'self-contained-html css= json-report json-report-file=:write json-report-omit= json-report-summary ' +
  'json-report-indent= asyncio-mode= ' +
  // pytest-django, pytest-randomly, pytest-benchmark, hypothesis
  'ds= dc= reuse-db create-db nomigrations migrations randomly-seed= randomly-dont-reorganize ' +
  'randomly-dont-reset-seed benchmark-only benchmark-skip benchmark-disable benchmark-autosave ' +
  'benchmark-json=:write benchmark-save= benchmark-compare=? hypothesis-show-statistics hypothesis-seed= ' +
  'hypothesis-profile= hypothesis-verbosity= hypothesis-explain benchmark-min-time= benchmark-max-time= ' +
  'benchmark-min-rounds= benchmark-timer= benchmark-calibration-precision= benchmark-warmup=? ' +
  'benchmark-warmup-iterations= benchmark-disable-gc benchmark-enable benchmark-save-data benchmark-compare-fail= ' +
  'benchmark-storage= benchmark-verbose benchmark-quiet benchmark-sort= benchmark-group-by= benchmark-columns= ' +
  'benchmark-name= benchmark-time-unit= benchmark-histogram=?:write';

/** `-p name` imports the plugin module; `-p no:name` only turns a plugin off. */
const plugin: OptionHandler = (value, typed, at) =>
  value !== undefined && value !== null && value.startsWith('no:')
    ? []
    : [exec('p', { kind: 'opaque', text: value ?? null }, `${at.where} ${typed} imports the plugin module it names`)];

/** A configuration or conftest folder named outside the project (inside: the project's own). */
const projectPath =
  (flag: string): OptionHandler =>
  (value, typed, at) =>
    value === undefined || (value !== null && !outsideProject(value))
      ? []
      : [exec(flag, { kind: 'opaque', text: value }, `${at.where} ${typed} reads configuration or conftest.py files outside the project`)];

/** ini settings `-o` may override and stay plain: output only. */
const DISPLAY_INI =
  /^(console_output_style|log_cli|log_cli_level|log_level|log_format|verbosity_assertions|verbosity_test_cases|junit_family|junit_logging|xfail_strict|asyncio_mode|asyncio_default_fixture_loop_scope|faulthandler_timeout|empty_parameter_set_mark|filterwarnings|markers|truncation_limit_lines|truncation_limit_chars)=/;
const overrideIni: OptionHandler = (value, typed, at) =>
  value !== undefined && value !== null && DISPLAY_INI.test(value)
    ? []
    : [
        risk(
          'override_ini',
          `${at.where} ${typed} overrides an ini setting (pythonpath, cache_dir, addopts… load or write)`,
          value ?? null,
        ),
      ];

/** xdist `--tx popen//python=X`, `ssh=host//…`: the interpreter or host its workers run on. */
const tx: OptionHandler = (value, typed, at) => [
  exec('tx', { kind: 'opaque', text: value ?? null }, `${at.where} ${typed} starts test workers with the interpreter or host it names`),
];

export const PYTEST: OptionTable = optionTable({
  options: [CORE, PLUGINS],
  handlers: {
    p: plugin,
    'config-file': projectPath('config_file'),
    inifile: projectPath('config_file'),
    rootdir: projectPath('rootdir'),
    confcutdir: projectPath('confcutdir'),
    'cov-config': projectPath('cov_config'),
    'override-ini': overrideIni,
    tx,
  },
});
