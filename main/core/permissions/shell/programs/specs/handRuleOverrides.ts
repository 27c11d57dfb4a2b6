/**
 * Corrections to the spec tables of programs that also have a hand rule (OptionPolicy `spec` with
 * `checks`: the spec's table is the allowlist of their options, the hand rule's checks stay on top;
 * specRules.ts `withSpec`). Where a spec lacks an option the real program has, an everyday command
 * would be compound; each fix is written from the program's own parser or manual (cited at the
 * entry) and tested in handRuleOverrides.test.ts. overrides.ts spreads them into OVERRIDES.
 */
import type { SpecOverride } from './overrides.js';

/**
 * pip 23.2 (optparse), every command's options and the general options, as its parser defines them
 * (`pip._internal.commands.create_command(name).parser`, `cmdoptions.general_group`); `--group` is
 * pip 25.1's (pip.pypa.io, "pip install": `--group <[path:]group>`). The spec knew only
 * `install -r`, so `pip install -e .` was unknown.
 */
const PIP_INDEX = 'i|index-url= pypi-url= extra-index-url= no-index f|find-links=';
const PIP_BUILD = 'no-build-isolation use-pep517 no-use-pep517 check-build-dependencies';
const PIP_SOURCE = 'src=:read source=:read source-dir=:read source-directory=:read';
const PIP_TARGET = 'platform= python-version= implementation= abi=';
const PIP: SpecOverride = {
  global:
    'h|help debug isolated require-virtualenv require-venv python= v|verbose V|version q|quiet log=:read log-file=:read ' +
    'local-log=:read no-input keyring-provider= proxy= retries= timeout= default-timeout= exists-action= trusted-host= ' +
    'cert=:read client-cert=:read cache-dir=:read no-cache-dir disable-pip-version-check no-color no-python-version-warning ' +
    'use-feature= use-deprecated=',
  options: {
    cache: 'format=',
    completion: 'b|bash z|zsh f|fish p|powershell',
    config: 'editor= global user site',
    debug: PIP_TARGET,
    download:
      `c|constraint=:read r|requirement=:read no-deps no-dependencies global-option= no-binary= only-binary= prefer-binary ` +
      `${PIP_SOURCE} pre require-hashes progress-bar= ${PIP_BUILD} ignore-requires-python d|dest=:read ` +
      `destination-dir=:read destination-directory=:read ${PIP_TARGET} no-clean ${PIP_INDEX}`,
    freeze: 'r|requirement=:read l|local user path=:read all exclude-editable exclude=',
    hash: 'a|algorithm=',
    install:
      `r|requirement=:read c|constraint=:read no-deps no-dependencies pre e|editable= dry-run t|target=:read ${PIP_TARGET} ` +
      `user no-user root=:read prefix=:read ${PIP_SOURCE} U|upgrade upgrade-strategy= force-reinstall I|ignore-installed ` +
      `ignore-requires-python ${PIP_BUILD} break-system-packages C|config-settings= global-option= compile no-compile ` +
      `no-warn-script-location no-warn-conflicts no-binary= only-binary= prefer-binary require-hashes progress-bar= ` +
      `root-user-action= report=:read no-clean group= ${PIP_INDEX}`,
    list:
      `o|outdated u|uptodate e|editable l|local user path=:read pre format= not-required exclude-editable include-editable ` +
      `exclude= ${PIP_INDEX}`,
    search: 'i|index=',
    show: 'f|files',
    uninstall: 'r|requirement=:read y|yes root-user-action= break-system-packages',
    wheel:
      `w|wheel-dir=:read no-binary= only-binary= prefer-binary ${PIP_BUILD} c|constraint=:read e|editable= ` +
      `r|requirement=:read ${PIP_SOURCE} ignore-requires-python no-deps no-dependencies progress-bar= no-verify ` +
      `C|config-settings= build-option= global-option= pre require-hashes no-clean ${PIP_INDEX}`,
  },
  subcommands: {
    index: `${PIP_TARGET} ignore-requires-python pre no-binary= only-binary= ${PIP_INDEX}`,
    inspect: 'local user path=:read',
  },
};

/**
 * pytest 9.0 (`pytest --help`): the core options the spec lacks or gets wrong (`--strict-config`
 * and `--trace-config` are flags, `-c` is `--config-file`), and the options of the plugins most
 * projects install (pytest-xdist `-n`, pytest-cov `--cov`, pytest-timeout, pytest-asyncio,
 * pytest-rerunfailures, pytest-randomly, pytest-django, pytest-html, pytest-benchmark, hypothesis),
 * from each plugin's README. A plugin's option this list lacks stays unknown (compound).
 */
const PYTEST: SpecOverride = {
  options: {
    '':
      'strict-config trace-config c|config-file=:read funcargs no-fold-skipped force-short-summary no-showlocals xfail-tb ' +
      'sw-reset stepwise-reset disable-plugin-autoload log-file-mode= log-disable= ' +
      // pytest-xdist
      'n|numprocesses= maxprocesses= max-worker-restart= dist= tx= rsyncdir=:read rsyncignore= ' +
      // pytest-cov
      'cov=?:read cov-report= cov-config=:read no-cov no-cov-on-fail cov-fail-under= cov-append cov-branch cov-context= ' +
      'cov-precision= cov-reset ' +
      // pytest-timeout, pytest-asyncio, pytest-rerunfailures, pytest-randomly
      'timeout= timeout-method= timeout-disable-debugger-detection asyncio-mode= asyncio-default-fixture-loop-scope= ' +
      'reruns= reruns-delay= only-rerun= rerun-except= randomly-seed= randomly-dont-reset-seed randomly-dont-reorganize ' +
      // pytest-django, pytest-html
      'ds= dc= reuse-db create-db nomigrations migrations html=:read self-contained-html css=:read ' +
      // hypothesis, pytest-benchmark
      'hypothesis-profile= hypothesis-verbosity= hypothesis-show-statistics hypothesis-seed= hypothesis-explain ' +
      'benchmark-min-time= benchmark-max-time= benchmark-min-rounds= benchmark-timer= benchmark-calibration-precision= ' +
      'benchmark-warmup=? benchmark-warmup-iterations= benchmark-disable-gc benchmark-skip benchmark-disable ' +
      'benchmark-enable benchmark-only benchmark-save= benchmark-autosave benchmark-save-data benchmark-json=:read ' +
      'benchmark-compare=? benchmark-compare-fail= benchmark-storage= benchmark-verbose benchmark-quiet benchmark-sort= ' +
      'benchmark-group-by= benchmark-columns= benchmark-name= benchmark-time-unit= benchmark-histogram=?',
  },
};

/**
 * kubectl's global flags (`kubectl options`, kubectl 1.3x): accepted by every command. The spec
 * lists only `-n` and only on the root, so `kubectl get pods -n dev` was unknown. pflag booleans
 * take an attached value only (`--insecure-skip-tls-verify=false`).
 */
const KUBECTL: SpecOverride = {
  global:
    'as= as-group= as-uid= cache-dir=:read certificate-authority=:read client-certificate=:read client-key=:read cluster= ' +
    'context= disable-compression=? insecure-skip-tls-verify=? kubeconfig=:read log-flush-frequency= ' +
    'match-server-version=? n|namespace= password= profile= profile-output=:read request-timeout= s|server= ' +
    'tls-server-name= token= user= username= v= vmodule= warnings-as-errors=?',
};

/** Poetry (python-poetry.org/docs/cli, "install"): `-E/--extras` takes the extra's name; the spec has a flag. */
const POETRY: SpecOverride = {
  options: { install: 'E|extras= with= without= only=', show: 'with= without= only=' },
};

/**
 * The AWS CLI's global options (docs.aws.amazon.com/cli/latest/reference, "Global Options"): every
 * command takes them, the spec lists them on the root only (`aws configure set output json --profile p`).
 */
const AWS: SpecOverride = {
  global:
    'debug endpoint-url= no-verify-ssl no-paginate output= query= profile= region= version color= no-sign-request ' +
    'ca-bundle=:read cli-read-timeout= cli-connect-timeout= cli-binary-format= no-cli-pager cli-auto-prompt no-cli-auto-prompt',
};

export const HAND_RULE_OVERRIDES: Readonly<Record<string, SpecOverride>> = {
  aws: AWS,
  pip: PIP,
  pip3: PIP,
  pytest: PYTEST,
  kubectl: KUBECTL,
  poetry: POETRY,
  // find: the spec is BSD find's options (-E -X -d -s -x) and none of its expression (-name, -type,
  // -maxdepth are read as unknown options). find's hand rule reads GNU find's own table (textOptions.ts FIND).
  find: { drop: true },
  // uv: the spec lags uv's CLI by many releases (`uv pip install` has no options at all, `uv sync`
  // lacks --dev and --python). uv keeps its hand rule with the default until a table is written from
  // uv's own clap definitions (crates/uv-cli).
  uv: { drop: true },
};
