/**
 * Corrections to the spec tables of programs that also have a hand rule (OptionPolicy `spec` with
 * `checks`: the spec's table is the allowlist of their options, the hand rule's checks stay on top;
 * specRules.ts `withSpec`). Where a spec lacks an option the real program has, an everyday command
 * would be compound; each fix is written from the program's own parser or manual (cited at the
 * entry) and tested in handRuleOverrides.test.ts. overrides.ts spreads them into OVERRIDES.
 */
import { NODE_TABLE } from '../interpreterOptions.js';
import { PIP_COMMANDS, PIP_GENERAL } from '../python/pipOptions.js';
import type { SpecOverride } from './overrides.js';

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

/**
 * The AWS CLI's global options (docs.aws.amazon.com/cli/latest/reference, "Global Options"): every
 * command takes them, the spec lists them on the root only (`aws configure set output json --profile p`).
 */
const AWS: SpecOverride = {
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

/**
 * keytool (JDK 17 `keytool -help`, `keytool -<command> -help`): its commands are dash words
 * (`-list`, `-genkeypair`, and the old names `-genkey`, `-import`, `-export`), then one-dash
 * options; the spec knew only `-help`.
 */
const KEYTOOL: SpecOverride = {
  options: {
    '':
      'certreq changealias delete exportcert genkeypair genseckey gencert importcert importpass importkeystore keypasswd ' +
      'list printcert printcertreq printcrl storepasswd showinfo version genkey export import selfcert keyclone ' +
      'addprovider= alias= cacerts destalias= destkeypass= destkeystore= destprotected destprovidername= deststorepass= ' +
      'deststoretype= dname= ext= file= groupname= infile= jarfile= keyalg= keypass= keysize= keystore= new= noprompt ' +
      'outfile= protected providerarg= providerclass= providername= providerpath= rfc sigalg= signer= signerkeypass= ' +
      'srcalias= srckeypass= srckeystore= srcprotected srcprovidername= srcstorepass= srcstoretype= sslserver= ' +
      'startdate= storepass= storetype= tls trustcacerts v| validity=',
  },
};

/** SQLite 3.40 (`sqlite3 -help`): the output modes and options the spec lacks (`-json`, `-box`, `-table` …). */
const SQLITE3: SpecOverride = {
  options: {
    '': 'A= box deserialize json markdown maxsize= nonce= safe table tabs zip header noheader',
  },
};

/**
 * GNU nano 7.2 (nano(1)): every option (the spec has none; it shares copyfile's empty table).
 * getopt_long, so long options take unique prefixes.
 */
const NANO: SpecOverride = {
  abbrev: true,
  options: {
    '':
      'A|smarthome B|backup C|backupdir=:read D|boldtext E|tabstospaces F|multibuffer G|locking H|historylog ' +
      'I|ignorercfiles J|guidestripe= K|rawsequences L|nonewlines M|trimblanks N|noconvert O|bookstyle P|positionlog ' +
      'Q|quotestr= R|restricted S|softwrap T|tabsize= U|quickblank V|version W|wordbounds X|wordchars= Y|syntax= Z|zap ' +
      'a|atblanks b|breaklonglines c|constantshow d|rebinddelete e|emptyline f|rcfile=:read g|showcursor h|help ' +
      'i|autoindent j|jumpyscrolling k|cutfromcursor l|linenumbers m|mouse n|noread o|operatingdir=:read p|preserve ' +
      'q|indicator r|fill= s|speller= t|saveonexit u|unix v|view w|nowrap x|nohelp y|afterends magic stateflags ' +
      'minibar zero',
  },
};

/**
 * Nmap 7.93 (nmap(1)): getopt_long_only, so long options take one dash. Scan types, ping types and
 * timing templates are a letter with an attached value (`-sV` is `-s V`, `-Pn`, `-PS22`, `-T4`,
 * `-p-`), output options are long (`-oN file`); the spec knew a dozen.
 */
const NMAP: SpecOverride = {
  options: {
    '':
      's|= P|=? T|= p|= v|=? d|=? O|=? 4| 6| A| F| f| h| n| R| r| V| b|= D|= e|= g|= S|= ' +
      'oN= oX= oS= oG= oA= oM= oH= iL= iR= sI= ' +
      'adler32 allports append-output badsum data= data-length= data-string= datadir= defeat-icmp-ratelimit ' +
      'defeat-rst-ratelimit disable-arp-ping discovery-ignore-rst dns-servers= exclude= exclude-ports= excludefile= ' +
      'host-timeout= iflist initial-rtt-timeout= ip-options= max-hostgroup= max-os-tries= max-parallelism= max-rate= ' +
      'max-retries= max-rtt-timeout= max-scan-delay= min-hostgroup= min-parallelism= min-rate= min-rtt-timeout= mtu= ' +
      'no-stylesheet noninteractive nsock-engine= open osscan-guess osscan-limit packet-trace port-ratio= privileged ' +
      'proxies= randomize-hosts reason release-memory resolve-all resume= scan-delay= scanflags= script= script-args= ' +
      'script-args-file= script-help= script-timeout= script-trace script-updatedb send-eth send-ip servicedb= ' +
      'source-port= spoof-mac= stats-every= stylesheet= system-dns top-ports= traceroute ttl= unprivileged ' +
      'version-all version-intensity= version-light version-trace versiondb= webxml',
  },
};

/**
 * GNU Emacs 28 (emacs(1)): the initial, Lisp and display options, in their one-dash and two-dash
 * forms (`-nw`, `--no-window-system`); the spec knew a handful. What runs Lisp (`-l`, `--eval`,
 * `-f`, `--script`) is the hand rule's to key.
 */
const EMACS: SpecOverride = {
  options: {
    '':
      'file= find-file= visit= chdir= q|no-init-file nl no-shared-memory no-site-file nsl no-site-lisp no-desktop ' +
      'Q|quick no-splash debug-init u|user= t|terminal= daemon=? bg-daemon=? fg-daemon=? version help f|funcall= ' +
      'execute= l|load= eval= batch script= insert= kill L|directory= name= no-x-resources T|title= r| rv ' +
      'reverse-video fn= font= xrm= color=? bw= border-width= ib= internal-border= g|geometry= lsp= line-spacing= ' +
      'vb vertical-scroll-bars fh fullheight fs fullscreen fw fullwidth mm maximized fg= foreground-color= bg= ' +
      'background-color= bd= border-color= cr= cursor-color= ms= mouse-color= d|display= nbi no-bitmap-icon iconic ' +
      'nbc no-blinking-cursor parent-id= nw no-window-system D|basic-display init-directory= dump-file= fingerprint',
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
 * the spec knew four (`--yes` was unknown).
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
  },
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
    'target list': 'installed toolchain= q|quiet',
    'toolchain list': 'v|verbose q|quiet',
  },
};

/** .NET SDK (learn.microsoft.com, "dotnet dev-certs"): the https command the spec lists without options. */
const DOTNET: SpecOverride = {
  subcommands: {
    'dev-certs': '',
    'dev-certs https': 'c|check clean e|export-path= format= i|import= no-password np p|password= q|quiet t|trust v|verbose',
  },
};

/**
 * fzf 0.5x/0.6x (`fzf --help`, junegunn/fzf's man page): the options added since the spec was
 * written (`--reverse` as `--layout=reverse`, `--tmux`, `--style`, labels, the walker).
 */
const FZF: SpecOverride = {
  options: {
    '':
      'reverse tmux=? style= border-label= border-label-pos= preview-label= preview-label-pos= scheme= walker= ' +
      'walker-root= walker-skip= no-info no-separator separator= scrollbar=? no-scrollbar highlight-line wrap ' +
      'wrap-sign= gap=? tail= listen=? no-unicode smart-case ghost= list-border=? input-border=? header-border=? ' +
      'no-input info-command= with-shell= footer= footer-border=?',
  },
};

/** Volta (docs.volta.sh, "volta run"): `volta run [--node v] <command> [args]`, the words after the command are its own. */
const VOLTA: SpecOverride = { stopAtOperand: ['run'] };

/** Deno 2 (docs.deno.com, "deno lint", "deno check"): options the spec lacks. */
const DENO: SpecOverride = {
  options: {
    lint: 'fix rules=? rules-tags= rules-include= rules-exclude= json compact ignore= permit-no-files watch',
    check: 'all remote doc doc-only',
  },
};

export const HAND_RULE_OVERRIDES: Readonly<Record<string, SpecOverride>> = {
  aws: AWS,
  terraform: TERRAFORM,
  systemctl: SYSTEMCTL,
  keytool: KEYTOOL,
  sqlite3: SQLITE3,
  nano: NANO,
  nmap: NMAP,
  emacs: EMACS,
  gem: GEM,
  conda: { subcommands: CONDA_ENV },
  mamba: { subcommands: CONDA_ENV },
  lerna: LERNA,
  brew: BREW,
  rustup: RUSTUP,
  dotnet: DOTNET,
  fzf: FZF,
  volta: VOLTA,
  deno: DENO,
  // gh: the spec lags gh by years (no `--json` on any command, no `release`, `search`, `label`,
  // `cache`, `variable` commands, `gh api` without options), so `gh pr list --json number` would be
  // unknown. gh keeps its hand rule with the default until a table is written from gh's own manual.
  gh: { drop: true },
  // The words after the script are the script's (`tsx build.ts --prod`); tsx hands Node's own options
  // to node (tsx.is, "Node.js CLI"), so it takes Node's table too (interpreterOptions.ts).
  tsx: { stopAtOperand: ['', 'watch'], global: [NODE_TABLE.options].flat().join(' ') },
  'ts-node': { stopAtOperand: [''] },
  elixir: { stopAtOperand: [''] },
  julia: { stopAtOperand: [''] },
  osascript: { stopAtOperand: [''] },
  // bash's `unset [-f] [-v] [-n] [name …]` (bash(1), SHELL BUILTIN COMMANDS).
  unset: { options: { '': 'f| v| n|' } },
  // ruby-build's `rbenv install` (rbenv-install --help): -l lists the latest versions, -L all of them.
  rbenv: { options: { install: 'l|list L|list-all f|force s|skip-existing k|keep v|verbose p|patch' } },
  // Bundler (bundler.io, "bundle config"): `bundle config set --local path x`.
  bundle: { options: { '': 'v|version', config: 'local global delete parseable' } },
  // GNU screen (screen(1)): reattach and detach (-r, -R, -d, -D), -ln, -Logfile, -Q.
  screen: { options: { '': 'r| R| d| D| l| ln Logfile=:read Q|' } },
  pip: PIP,
  pip3: PIP,
  pytest: PYTEST,
  kubectl: KUBECTL,
  poetry: POETRY,
  // find: the spec is BSD find's options (-E -X -d -s -x) and none of its expression (-name, -type,
  // -maxdepth are read as unknown options). find keeps its hand rule with the default (coreutils).
  find: { drop: true },
  // uv: the spec lags uv's CLI by many releases (`uv pip install` has no options at all, `uv sync`
  // lacks --dev and --python). uv keeps its hand rule with the default until a table is written from
  // uv's own clap definitions (crates/uv-cli).
  uv: { drop: true },
};
