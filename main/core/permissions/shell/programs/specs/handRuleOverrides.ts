/**
 * Corrections to the spec tables of programs that also have a hand rule (OptionPolicy `spec` with
 * `checks`: the spec's table is the allowlist of their options, the hand rule's checks stay on top;
 * specRules.ts `withSpec`). Where a spec lacks an option the real program has, an everyday command
 * would be compound; each fix is written from the program's own parser or manual (cited at the
 * entry) and tested in handRuleOverrides.test.ts. overrides.ts spreads them into OVERRIDES.
 */
import { PIP_COMMANDS, PIP_GENERAL } from '../python/pipOptions.js';
import type { SpecOverride } from './overrides.js';

/**
 * .NET SDK 8 (learn.microsoft.com, "dotnet test"): test's options the spec lacks (`--no-restore`,
 * `--verbosity`, `--logger` …). `dotnet new <template>` takes the template's own options after its
 * name (`-f net8.0` is classlib's), so new's reading stops there.
 */
const DOTNET_TEST =
  'a|test-adapter-path= arch= artifacts-path= blame blame-crash blame-crash-dump-type= blame-crash-collect-always ' +
  'blame-hang blame-hang-dump-type= blame-hang-timeout= c|configuration= collect= d|diag= f|framework= e|environment= ' +
  'filter= interactive l|logger= no-build nologo no-restore o|output= os= results-directory= r|runtime= s|settings= ' +
  't|list-tests v|verbosity= p|property=';

/** The AWS CLI's `logs tail` (a CLI customization, so absent from the botocore-generated spec). */
const AWS_LOGS_TAIL = 'follow since= format= filter-pattern= log-stream-names= log-stream-name-prefix= mode= poll-interval=';

/**
 * Homebrew's `brew bundle` (docs.brew.sh/Manpage, "bundle"): its options and subcommands (`exec` and
 * `sh` run commands and are left to the hand rule; the spec has no bundle at all).
 */
const BREW_BUNDLE =
  'file= global v|verbose no-upgrade upgrade install no-lock f|force cleanup all formula brews cask casks tap taps mas ' +
  'whalebrew vscode describe no-restart zap no-vscode';

/**
 * pip: the options of its own parser, as python.ts's hand checks read them (python/pipOptions.ts,
 * pip's optparse tables: general options at every level, each command's own, unique prefixes
 * accepted). The spec knew only `install -r`, so `pip install -e .` was unknown; `index` and
 * `inspect` were missing.
 */
const PIP: SpecOverride = { global: PIP_GENERAL, subcommands: PIP_COMMANDS, abbrev: true };

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
      // pytest-repeat, syrupy, pytest-random-order, pytest-forked; --junitxml is --junit-xml's other spelling
      'count= repeat-scope= snapshot-update snapshot-warn-unused snapshot-details random-order random-order-bucket= ' +
      'random-order-seed= forked junitxml=:read ' +
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
 * The AWS CLI's global options (docs.aws.amazon.com/cli/latest/reference, "Global Options"): every
 * command takes them, the spec lists them on the root only (`aws configure set output json --profile p`).
 */
const AWS: SpecOverride = {
  subcommands: { 'logs tail': AWS_LOGS_TAIL },
  global:
    'debug endpoint-url= no-verify-ssl no-paginate output= query= profile= region= version color= no-sign-request ' +
    'ca-bundle=:read cli-read-timeout= cli-connect-timeout= cli-binary-format= no-cli-pager cli-auto-prompt no-cli-auto-prompt',
};

/**
 * Terraform 1.11 (`terraform <command> -help`; Go's flag package: one or two dashes, `-name value`
 * or `-name=value`, booleans take an attached value only: `-lock=false`). The spec knew few of
 * each command's options (`apply -auto-approve`, `fmt -recursive`, `output -json` were unknown)
 * and none of `state`'s subcommands. `apply` and `destroy` also take plan's options.
 */
const TF_LOCK = 'lock=? lock-timeout= input=? no-color';
const TF_VARS = 'var= var-file=:read';
const TF_PLAN =
  `destroy=? refresh-only=? refresh=? replace= target= ${TF_VARS} compact-warnings=? detailed-exitcode=? ` +
  `generate-config-out= ${TF_LOCK} out= parallelism= state=:read json=?`;
const TF_APPLY = `${TF_PLAN} auto-approve=? backup= state-out=`;
const TF_STATE = 'lock=? lock-timeout= ignore-remote-version=? state= state-out= backup=';
const TERRAFORM: SpecOverride = {
  subcommands: {
    init:
      `backend=? backend-config= force-copy=? from-module= get=? ${TF_LOCK} json=? plugin-dir=:read reconfigure=? ` +
      'migrate-state=? upgrade=? lockfile= ignore-remote-version=? test-directory=',
    validate: 'json=? no-color no-tests=? test-directory=',
    plan: TF_PLAN,
    apply: TF_APPLY,
    destroy: TF_APPLY,
    console: `state= plan=? ${TF_VARS}`,
    fmt: 'list=? write=? diff=? check=? no-color recursive=?',
    'force-unlock': 'force=?',
    get: 'update=? no-color test-directory=',
    graph: 'plan= draw-cycles=? type= module-depth=',
    import: `config= input=? no-color ${TF_VARS} ${TF_STATE} allow-missing-config=? parallelism= provider=`,
    output: 'state= no-color json=? raw=?',
    providers: 'test-directory=',
    'providers lock': 'fs-mirror= net-mirror= platform= enable-plugin-cache=?',
    'providers mirror': 'platform= lock-file=?',
    'providers schema': 'json=?',
    refresh: `compact-warnings=? input=? no-color parallelism= target= ${TF_VARS} ${TF_STATE} json=?`,
    show: 'no-color json=?',
    'state list': 'state= id=',
    'state mv': `dry-run=? ${TF_STATE} backup-out=`,
    'state rm': `dry-run=? ${TF_STATE}`,
    'state show': 'state=',
    'state pull': '',
    'state push': 'force=? lock=? lock-timeout= ignore-remote-version=?',
    'state replace-provider': `auto-approve=? ${TF_STATE}`,
    taint: `allow-missing=? ${TF_STATE}`,
    untaint: `allow-missing=? ${TF_STATE}`,
    test: `cloud-run= filter= json=? no-color test-directory= ${TF_VARS} verbose=?`,
    version: 'json=?',
    'workspace new': 'lock=? lock-timeout= state=',
    'workspace select': 'or-create=?',
    'workspace delete': 'force=? lock=? lock-timeout=',
  },
};

/**
 * systemctl (systemd 252 `systemctl --help`, getopt_long: unique prefixes): every option is taken
 * with any command; the spec gave each command a few (`--now`, `--no-pager`, `--type` were unknown).
 * `--no-legend` is the older spelling of `--legend=no`, still accepted. Newer systemd's `--when`, `--kill-value`, `--drop-in`, `--capsule`, `--no-warn` and `--stdin` too.
 */
const SYSTEMCTL: SpecOverride = {
  abbrev: true,
  global:
    'h|help version system user H|host= M|machine= t|type= state= failed p|property= P|= a|all l|full r|recursive ' +
    'reverse with-dependencies job-mode= T|show-transaction show-types value check-inhibitors= i| kill-whom= ' +
    'kill-value= s|signal= what= now dry-run q|quiet wait no-block no-wall no-reload legend= no-legend no-pager ' +
    'no-ask-password global runtime f|force preset-mode= root=:read image=:read n|lines= o|output= firmware-setup ' +
    'boot-loader-menu= boot-loader-entry= plain timestamp= read-only mkdir marked when= drop-in= C|capsule= no-warn stdin',
};

/** SQLite 3.40 (`sqlite3 -help`): the output modes and options the spec lacks (`-json`, `-box`, `-table` …). */
const SQLITE3: SpecOverride = {
  options: {
    '': 'A= box deserialize json markdown maxsize= nonce= safe table tabs zip header noheader',
  },
};

/**
 * RubyGems 3.x (guides.rubygems.org, "gem install"): install's options (the spec had `--platform`
 * only), the same as `gem update`'s plus the version and the local/remote options. Ruby's
 * OptionParser takes unique prefixes.
 */
const GEM_INSTALL =
  'platform= v|version= prerelease no-prerelease i|install-dir=:read n|bindir=:read document=? build-root=:read vendor ' +
  'N|no-document E|env-shebang no-env-shebang f|force no-force w|wrappers no-wrappers P|trust-policy= ' +
  'ignore-dependencies format-executable no-format-executable user-install no-user-install development ' +
  'development-all conservative minimal-deps no-minimal-deps post-install-message no-post-install-message ' +
  'g|file=?:read without= default explain lock no-lock suggestions no-suggestions target-rbconfig=?:read l|local ' +
  'r|remote b|both B|bulk-threshold= clear-sources s|source= p|http-proxy=? no-http-proxy';
const GEM: SpecOverride = { abbrev: true, options: { install: GEM_INSTALL, i: GEM_INSTALL } };

/** conda's `env` commands (conda env create/update/export --help); the spec has only list and remove. */
const CONDA_ENV_COMMON = 'n|name= p|prefix=:read q|quiet json v|verbose';
const CONDA_ENV = {
  'env create': `f|file=:read ${CONDA_ENV_COMMON} force y|yes d|dry-run solver= C|use-index-cache k|insecure offline no-default-packages`,
  'env update': `f|file=:read ${CONDA_ENV_COMMON} prune solver=`,
  'env export': `${CONDA_ENV_COMMON} f|file= c|channel= override-channels no-builds from-history ignore-channels`,
  'env config': '',
  'env vars': '',
};

/**
 * Lerna (lerna.js.org, "lerna publish"): publish takes every `lerna version` option and its own;
 * the spec knew four (`--yes` was unknown); `changed` lists like `list`, and lerna 7's `run`
 * takes `--skip-nx-cache` and the env-file options.
 */
const LERNA: SpecOverride = {
  options: {
    publish:
      'canary contents= dist-tag= force-publish=? git-head= graph-type= ignore-scripts ignore-prepublish legacy-auth= ' +
      'no-git-reset no-granular-pathspec no-verify-access otp= preid= pre-dist-tag= registry= tag-version-prefix= ' +
      'temp-tag throttle throttle-size= throttle-delay= y|yes summary-file=? include-private= no-private ' +
      'allow-branch= amend changelog-preset= conventional-commits conventional-graduate=? conventional-prerelease=? ' +
      'create-release= exact git-remote= ignore-changes= m|message= no-changelog no-commit-hooks no-git-tag-version ' +
      'no-push sign-git-commit sign-git-tag force-git-tag',
    version: 'no-push exact y|yes json',
    changed: 'json ndjson a|all l|long p|parseable toposort graph include-merged-tags force-publish=? ignore-changes=',
    run: 'skip-nx-cache npm-client= load-env-files no-load-env-files verbose',
  },
};

/**
 * Homebrew (docs.brew.sh/Manpage, "deps", "uses"): the options the spec lacks (`brew deps --tree`,
 * `brew uses --installed`).
 */
const BREW: SpecOverride = {
  subcommands: {
    deps:
      'n|topological 1|direct union full-name include-build include-optional include-test skip-recommended ' +
      'include-requirements tree prune graph dot annotate installed missing eval-all for-each HEAD formula formulae ' +
      'cask casks',
    bundle: BREW_BUNDLE,
    'bundle install': BREW_BUNDLE,
    'bundle dump': BREW_BUNDLE,
    'bundle cleanup': BREW_BUNDLE,
    'bundle check': BREW_BUNDLE,
    'bundle list': BREW_BUNDLE,
    uses: 'recursive installed missing eval-all include-build include-test include-optional skip-recommended formula formulae cask casks',
  },
};

/**
 * Poetry 1.8/2.x (python-poetry.org/docs/cli): the options the spec lacks — `add -D` (1.x's
 * `--dev`), `build -f`, `check --lock`, the export plugin's `export`.
 */
const POETRY: SpecOverride = {
  options: {
    install: 'E|extras= with= without= only= all-groups',
    show: 'with= without= only=',
    add: 'D|dev G|group= e|editable E|extras= optional=? python= platform= source= allow-prereleases dry-run l|lock',
    build: 'f|format= o|output= clean config-settings=',
    check: 'lock strict',
    publish: 'r|repository= u|username= p|password= cert= client-cert= build dry-run skip-existing dist-dir=',
  },
  // Poetry's global `-C/--directory` (1.5+) and `-P/--project` (2.0) name the project to work in.
  global: 'C|directory= P|project=',
  subcommands: {
    export:
      'f|format= o|output= with-hashes without-hashes with-credentials without-urls E|extras= all-extras with= ' +
      'without= only= dev all-groups',
  },
};

/** rustup (rust-lang.github.io/rustup, `rustup component list --help`): `--installed` on the list commands. */
const RUSTUP: SpecOverride = {
  options: {
    'component list': 'installed toolchain= q|quiet',
    'component add': 'toolchain= target=',
    'component remove': 'toolchain= target=',
    'target add': 'toolchain=',
    'target remove': 'toolchain=',
    'target list': 'installed toolchain= q|quiet',
    'toolchain list': 'v|verbose q|quiet',
  },
};

/** .NET SDK (learn.microsoft.com, "dotnet dev-certs"): the https command the spec lists without options. */
const DOTNET: SpecOverride = {
  options: { test: DOTNET_TEST },
  stopAtOperand: ['new'],
  subcommands: {
    'dev-certs': '',
    'dev-certs https': 'c|check clean e|export-path= format= i|import= no-password np p|password= q|quiet t|trust v|verbose',
  },
};

/** Volta (docs.volta.sh, "volta run"): `volta run [--node v] <command> [args]`, the words after the command are its own. */
const VOLTA: SpecOverride = { stopAtOperand: ['run'] };

export const HAND_RULE_OVERRIDES: Readonly<Record<string, SpecOverride>> = {
  aws: AWS,
  terraform: TERRAFORM,
  systemctl: SYSTEMCTL,
  sqlite3: SQLITE3,
  gem: GEM,
  conda: { subcommands: CONDA_ENV, options: { 'env list': 'json v|verbose q|quiet' } },
  mamba: { subcommands: CONDA_ENV, options: { 'env list': 'json v|verbose q|quiet' } },
  // pipenv (pipenv.pypa.io, "pipenv requirements"): the command the spec lacks.
  pipenv: { subcommands: { requirements: 'dev dev-only hash exclude-markers categories= from-pipfile' } },
  // pipx (pipx.pypa.io, "pipx run"): `--spec` and the run options; the words after the app are the app's.
  pipx: {
    options: { run: 'spec= no-cache pypackages python= system-site-packages i|index-url= e|editable pip-args= v|verbose q|quiet' },
    stopAtOperand: ['run'],
  },
  // fnm (Schniz/fnm docs/commands.md): `fnm exec --using=<version> <command>`; the command's words are its own.
  fnm: { options: { exec: 'using= using-file', env: 'shell=', completions: 'shell=' }, stopAtOperand: ['exec'] },
  // cronie's crontab (crontab(1)): -u takes the user; -i, -n, -c, -s, -T and -V.
  crontab: { options: { '': 'u|= i| n|= c| s| T| V|' } },
  // gcloud run deploy --source (cloud.google.com/sdk/gcloud/reference/run/deploy): deploy from source.
  gcloud: { options: { 'run deploy': 'source=:read' } },
  lerna: LERNA,
  brew: BREW,
  rustup: RUSTUP,
  dotnet: DOTNET,
  volta: VOLTA,
  // gh: the spec lags gh by years (no `--json` on any command, no `release`, `search`, `label`,
  // `cache`, `variable` commands, `gh api` without options), so `gh pr list --json number` would be
  // unknown. gh keeps its hand rule with the default until a table is written from gh's own manual.
  gh: { drop: true },
  // ruby-build's `rbenv install` (rbenv-install --help): -l lists the latest versions, -L all of them.
  rbenv: { options: { install: 'l|list L|list-all f|force s|skip-existing k|keep v|verbose p|patch' } },
  // Bundler (bundler.io, "bundle config"): `bundle config set --local path x`.
  bundle: { options: { '': 'v|version', config: 'local global delete parseable' } },
  // GNU screen (screen(1)): reattach and detach (-r, -R, -d, -D), -ln, -Logfile, -Q.
  screen: { options: { '': 'r| R| d| D| l| ln Logfile=:read Q|' } },
  pip: PIP,
  pip3: PIP,
  pytest: PYTEST,
  poetry: POETRY,
  // uv: the spec lags uv's CLI by many releases (`uv pip install` has no options at all, `uv sync`
  // lacks --dev and --python). uv keeps its hand rule with the default until a table is written from
  // uv's own clap definitions (crates/uv-cli).
  uv: { drop: true },
};
