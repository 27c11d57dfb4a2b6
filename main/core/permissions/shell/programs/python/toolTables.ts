/**
 * The option tables of Python's project and environment tools, read whole by kit.ts
 * `commandTable` (an option or command not listed is compound). Each from the tool's CLI
 * reference, as of late 2025:
 * - poetry 2 (cleo: `--x=v`, `--x v`, `-xv`; no prefixes): python-poetry.org/docs/cli
 * - pdm 2 (argparse, no prefixes): pdm-project.org/latest/reference/cli
 * - hatch 1 (click): hatch.pypa.io/latest/cli/reference
 * - pipx 1 (argparse): pipx.pypa.io/stable/docs
 * - pipenv 2024 (click): pipenv.pypa.io/en/latest/cli.html
 * - rye 0.4x (clap): rye.astral.sh/guide/commands
 * - pixi 0.x (clap): pixi.sh/latest/reference/cli
 * - conda 24/25 and mamba 2 (argparse; conda's own subcommands), micromamba 2 (CLI11):
 *   docs.conda.io/projects/conda/en/stable/commands, mamba.readthedocs.io
 * Uses: options that write where they name are `:write` (build output, export files); options
 * naming another folder to work in, or a config file, stay plain here and meet the default's
 * checks (a path outside the project is compound); `run`-like commands are keyed with what they run.
 */
import type { CommandOptions } from '../kit.js';

export interface ToolTable {
  global: string;
  commands: Readonly<Record<string, CommandOptions>>;
  runs?: Readonly<Record<string, string>>;
  fallback?: boolean;
  /** Commands that start an interactive shell. */
  shells?: readonly string[];
}

const POETRY_DEPS = 'without= with= only= no-dev';
const POETRY_INSTALL = `${POETRY_DEPS} sync no-root no-directory dry-run E|extras= all-extras all-groups only-root compile`;

export const POETRY: ToolTable = {
  global: 'h|help q|quiet V|version ansi no-ansi n|no-interaction no-plugins no-cache P|project= C|directory= v|verbose',
  commands: {
    about: '',
    add: 'G|group= D|dev e|editable E|extras= optional= python= platform= markers= source= allow-prereleases dry-run lock',
    build: 'f|format= clean l|local-version= o|output=:write config-settings=',
    check: 'lock strict',
    // `poetry config KEY VALUE` changes what later runs read (the check keys it).
    config: 'list unset local migrate',
    debug: { options: '', subs: { info: '', resolve: 'E|extras= python= t|tree install' } },
    env: {
      options: '',
      subs: { activate: '', info: 'p|path e|executable', list: 'full-path', remove: 'all', use: '' },
    },
    export: `f|format= o|output=:write without-hashes without-urls with-credentials ${POETRY_DEPS} E|extras= all-extras all-groups`,
    init: 'name= description= author= python= dependency= dev-dependency= l|license=',
    install: POETRY_INSTALL,
    lock: 'regenerate no-update check',
    new: 'name= src flat readme= interactive python= dependency= dev-dependency= author= description= l|license=',
    publish: 'r|repository= u|username= p|password= cert= client-cert= dist-dir= build dry-run skip-existing',
    python: {
      options: '',
      subs: {
        install: 'c|clean f|free-threaded i|implementation= r|reinstall',
        list: 'a|all f|free-threaded i|implementation= m|managed',
        remove: 'i|implementation=',
      },
    },
    remove: 'G|group= D|dev dry-run lock',
    run: '',
    search: '',
    show: `${POETRY_DEPS} t|tree why l|latest o|outdated T|top-level a|all f|format= no-truncate`,
    source: { options: '', subs: { add: 'd|default s|secondary priority=', remove: '', show: '' } },
    sync: POETRY_INSTALL,
    update: `${POETRY_DEPS} sync dry-run lock`,
    version: 's|short dry-run next-phase',
    cache: { options: '', subs: { clear: 'all', list: '' } },
    list: '',
    help: '',
  },
  runs: { run: 'run' },
};

const PDM_DEPS = 'd|dev G|group= prod production no-default without= L|lockfile= frozen-lockfile venv= g|global p|project=';
const PDM_INSTALL = `${PDM_DEPS} check dry-run no-self no-editable x|fail-fast no-isolation k|skip= plugins C|config-setting= override= no-lock`;
const PDM_UPDATE = 'update-reuse update-eager update-all update-reuse-installed pre prerelease stable u|unconstrained';

export const PDM: ToolTable = {
  global: 'h|help V|version v|verbose q|quiet c|config= I|ignore-python pep582=? n|non-interactive',
  commands: {
    add: `${PDM_INSTALL} ${PDM_UPDATE} no-sync save-compatible save-wildcard save-exact save-minimum e|editable=`,
    build: 'no-sdist no-wheel d|dest=:write no-clean C|config-setting= no-isolation k|skip= p|project=',
    cache: { options: '', subs: { clear: '', remove: '', list: '', info: '' } },
    completion: '',
    config: 'g|global l|local d|delete e|edit p|project=',
    export: `${PDM_DEPS} f|format= without-hashes o|output=:write pyproject expandvars self editable-self`,
    fix: 'dry-run p|project= g|global',
    import: 'f|format= d|dev G|group= p|project= g|global',
    info: 'python where packages env json p|project= g|global venv=',
    init: 'n|non-interactive python= backend= lib dist copier cookiecutter r|overwrite p|project= g|global',
    install: PDM_INSTALL,
    list: 'graph tree r|reverse freeze json csv markdown fields= sort= include= exclude= resolve p|project= g|global venv=',
    lock: `${PDM_DEPS} refresh check S|strategy= static-urls no-static-urls no-cross-platform exclude-newer= platform= implementation= append python= ${PDM_UPDATE}`,
    outdated: 'include-sub json p|project= g|global',
    publish:
      'r|repository= u|username= P|password= S|sign i|identity= c|comment= ca-certs= no-build skip-existing no-very-ssl d|dest= p|project=',
    python: { options: '', subs: { install: 'l|list min max', list: '', remove: '', link: '', find: '' } },
    remove: `${PDM_INSTALL} no-sync`,
    run: 'l|list j|json s|site-packages recreate venv= p|project= g|global k|skip=',
    search: '',
    self: { options: '', subs: { list: '', add: '', remove: 'y|yes', update: 'head pre' } },
    show: 'name version summary license platform keywords p|project= g|global venv=',
    sync: `${PDM_INSTALL} clean only-keep r|reinstall`,
    update: `${PDM_INSTALL} ${PDM_UPDATE} no-sync t|top outdated`,
    use: 'f|first i|ignore-remembered venv= p|project= g|global',
    venv: {
      options: 'p|project= path= python=',
      subs: { create: 'w|with= with-pip f|force n|name=', list: '', remove: 'y|yes', activate: '', purge: 'f|force i|interactive' },
    },
  },
  // `pdm init TEMPLATE` runs the template's hooks (a package or git repository).
  runs: { run: 'run', init: 'init' },
  // pdm runs a script by name for a word that is no command of its own (`pdm test`).
  fallback: true,
};

export const HATCH: ToolTable = {
  global: 'h|help version e|env= p|project= v|verbose q|quiet color no-color interactive no-interactive data-dir= cache-dir= config=',
  commands: {
    build: 't|target= hooks-only no-hooks c|clean clean-hooks-after ext',
    clean: 't|target= hooks-only no-hooks ext',
    config: { options: '', subs: { explore: '', find: 'copy', restore: '', set: '', show: 'a|all' } },
    dep: {
      options: '',
      subs: {
        hash: 'p|project-only e|env-only',
        show: {
          options: '',
          subs: { requirements: 'p|project-only e|env-only f|feature= all', table: 'p|project-only e|env-only l|lines a|ascii' },
        },
      },
    },
    env: {
      options: '',
      subs: {
        create: '',
        find: '',
        prune: '',
        remove: '',
        run: 'i|include= x|exclude= filter= f|force-continue ignore-compat',
        show: 'a|ascii json i|internal',
      },
    },
    fmt: 'check preview linter formatter sync',
    new: 'i|init cli',
    project: { options: '', subs: { metadata: '' } },
    publish: 'r|repo= u|user= a|auth= ca-cert= client-cert= client-key= no-prompt initialize-auth p|publisher= o|option=',
    python: {
      options: '',
      subs: { find: 'p|parent', install: 'd|dir= private f|force', remove: 'd|dir=', show: 'ascii', update: 'd|dir=' },
    },
    run: '',
    self: { options: '', subs: { report: 'no-open', restore: '', update: '' } },
    shell: 'name= path=',
    status: '',
    test: 'r|randomize p|parallel c|cover cover-quiet a|all python= i|include= x|exclude= show',
    version: '',
  },
  // `hatch run [ENV:]CMD`, `hatch env run -- CMD`: a script or a program.
  runs: { run: 'run', 'env run': 'run' },
  shells: ['shell'],
};

const PIPX_INSTALL =
  'include-deps force suffix= python= fetch-missing-python preinstall= system-site-packages index-url= editable e| pip-args= global';
export const PIPX: ToolTable = {
  global: 'h|help version q|quiet v|verbose',
  commands: {
    install: PIPX_INSTALL,
    'install-all': 'system-site-packages force python= fetch-missing-python',
    uninject: 'leave-deps global',
    inject: 'include-apps include-deps system-site-packages index-url= editable e| pip-args= force r|requirement= with-suffix global',
    upgrade: 'include-injected force system-site-packages index-url= editable e| pip-args= install global',
    'upgrade-all': 'include-injected skip= force global',
    'upgrade-shared': 'python= pip-args=',
    uninstall: 'global',
    'uninstall-all': 'global',
    reinstall: 'python= fetch-missing-python global',
    'reinstall-all': 'python= fetch-missing-python skip= global',
    list: 'include-injected json short skip-maintenance global',
    interpreter: { options: '', subs: { list: '', prune: '', upgrade: '' } },
    run: 'no-cache pypackages spec= path python= fetch-missing-python system-site-packages index-url= editable e| pip-args=',
    runpip: '',
    ensurepath: 'force prepend all-shells global',
    environment: 'V|value=',
    completions: '',
    pin: 'injected-only skip=',
    unpin: '',
  },
  runs: { run: 'run', runpip: 'runpip' },
};

export const PIPENV: ToolTable = {
  global:
    'h|help version where venv py envs rm bare man support site-packages no-site-packages python= clear q|quiet v|verbose pypi-mirror=',
  commands: {
    check: 'db= i|ignore= output= key= use-installed categories= auto-install scan save-json=:write',
    clean: 'dry-run',
    graph: 'bare json json-tree reverse',
    install:
      'system d|dev categories= deploy ignore-pipfile selective-upgrade skip-lock e|editable= r|requirements= extra-pip-args= pre keep-outdated site-packages',
    lock: 'd|dev dev-only categories= pre clear extra-pip-args=',
    open: '',
    requirements: 'dev dev-only hash exclude-markers categories= from-pipfile',
    run: '',
    scan: 'db= i|ignore= output= key= use-installed categories= auto-install save-json=:write',
    shell: 'fancy anyway',
    sync: 'system d|dev categories= extra-pip-args= site-packages',
    uninstall: 'all all-dev d|dev categories= skip-lock',
    update: 'd|dev categories= outdated dry-run extra-pip-args= pre',
    upgrade: 'd|dev categories= dry-run extra-pip-args= pre',
    verify: '',
  },
  // `pipenv open MODULE` opens it in $EDITOR; `pipenv shell` starts a shell.
  runs: { run: 'run', open: 'open' },
  shells: ['shell'],
};

const RYE_COMMON = 'v|verbose q|quiet pyproject=';
export const RYE: ToolTable = {
  global: 'h|help V|version',
  commands: {
    add: `${RYE_COMMON} git= url= path= absolute tag= rev= branch= features= dev optional= pre pin= sync no-sync`,
    build: `${RYE_COMMON} sdist wheel a|all p|package= o|out=:write clean`,
    fetch: `${RYE_COMMON} force`,
    fmt: `${RYE_COMMON} a|all p|package= check`,
    init: `${RYE_COMMON} no-pin min-py= p|py= no-readme no-import virtual r|requirements= dev-requirements= build-system= license= name= private script lib`,
    install: `${RYE_COMMON} git= url= path= absolute tag= rev= branch= features= force`,
    lint: `${RYE_COMMON} a|all p|package= fix`,
    list: RYE_COMMON,
    lock: `${RYE_COMMON} update= update-all pre features= all-features with-sources generate-hashes`,
    pin: `${RYE_COMMON} relaxed no-update-requires-python`,
    publish: `${RYE_COMMON} r|repository= repository-url= u|username= token= sign i|identity= skip-existing y|yes`,
    remove: `${RYE_COMMON} dev optional= sync no-sync`,
    run: `${RYE_COMMON} l|list`,
    show: `${RYE_COMMON} installed-deps`,
    sync: `${RYE_COMMON} f|force no-dev no-lock update= update-all pre features= all-features with-sources generate-hashes`,
    test: `${RYE_COMMON} a|all p|package= i|ignore s|no-capture`,
    toolchain: { options: '', subs: { fetch: 'force', list: 'include-downloadable', register: 'n|name=', remove: '' } },
    tools: {
      options: '',
      subs: {
        install: 'git= url= path= absolute tag= rev= branch= features= include-dep= p|python= f|force',
        list: 'include-scripts include-version',
        uninstall: '',
      },
    },
    uninstall: RYE_COMMON,
    version: `${RYE_COMMON} b|bump=`,
  },
  runs: { run: 'run' },
};

const PIXI_COMMON = 'v|verbose q|quiet color= no-progress manifest-path= frozen locked e|environment= no-install';
export const PIXI: ToolTable = {
  global: 'h|help V|version v|verbose q|quiet color= no-progress',
  commands: {
    add: `${PIXI_COMMON} host build pypi platform= f|feature= editable no-lockfile-update`,
    build: `${PIXI_COMMON} o|output-dir=:write target-platform=`,
    clean: `${PIXI_COMMON}`,
    global: {
      options: '',
      subs: {
        install: 'c|channel= p|platform= e|environment= expose= with= force-reinstall',
        list: '',
        uninstall: '',
        update: '',
        sync: '',
      },
    },
    info: `${PIXI_COMMON} extended json`,
    init: 'c|channel= p|platform= i|import= format= s|scm=',
    install: `${PIXI_COMMON} a|all`,
    list: `${PIXI_COMMON} platform= json json-pretty sort-by= explicit x`,
    lock: `${PIXI_COMMON} json`,
    remove: `${PIXI_COMMON} host build pypi platform= f|feature=`,
    run: `${PIXI_COMMON} clean-env skip-deps n|dry-run force-activate`,
    exec: 's|spec= c|channel= p|platform= force-reinstall list=?',
    search: 'c|channel= p|platform= l|limit=',
    shell: `${PIXI_COMMON} change-ps1=`,
    'shell-hook': `${PIXI_COMMON} s|shell= json change-ps1=`,
    task: { options: '', subs: { add: '', remove: '', alias: '', list: '' } },
    tree: `${PIXI_COMMON} p|platform= i|invert`,
    update: `${PIXI_COMMON} dry-run json`,
    upgrade: `${PIXI_COMMON} f|feature= exclude= json dry-run`,
  },
  // `pixi run TASK|CMD`, `pixi exec CMD` (a temporary environment), `pixi shell`; `pixi task add`
  // defines a command later runs execute, so it is keyed too.
  runs: { run: 'run', exec: 'exec', 'task add': 'task_add' },
  shells: ['shell'],
};

const CONDA_ENV = 'n|name= p|prefix=';
const CONDA_CHANNELS = 'c|channel= use-local override-channels repodata-fn= experimental= no-lock repodata-use-zst';
const CONDA_SOLVE = `${CONDA_CHANNELS} strict-channel-priority no-channel-priority no-deps only-deps no-pin copy no-shortcuts solver= C|use-index-cache k|insecure offline d|dry-run json q|quiet v|verbose y|yes download-only show-channel-urls file=`;
/** conda 24+ and mamba 2 (its commands are conda's). */
export const CONDA: ToolTable = {
  global: 'h|help V|version no-plugins',
  commands: {
    clean: 'a|all i|index-cache p|packages t|tarballs f|force-pkgs-dirs c|tempfiles= l|logfiles d|dry-run json q|quiet v|verbose y|yes',
    compare: `${CONDA_ENV} json q|quiet v|verbose`,
    config:
      'system env file= show=? show-sources validate describe=? write-default get=? append= prepend= add= set= remove= remove-key= stdin json q|quiet v|verbose',
    create: `${CONDA_ENV} ${CONDA_SOLVE} clone= no-default-packages dev platform= subdir= m|mkdir`,
    env: {
      options: '',
      subs: {
        create: `${CONDA_ENV} f|file= ${CONDA_CHANNELS} force json q|quiet v|verbose y|yes d|dry-run`,
        export: `${CONDA_ENV} f|file=:write no-builds ignore-channels from-history json c|channel= override-channels format=`,
        list: 'json q|quiet v|verbose',
        remove: `${CONDA_ENV} json q|quiet v|verbose y|yes d|dry-run`,
        update: `${CONDA_ENV} f|file= prune json q|quiet v|verbose`,
        config: { options: '', subs: { vars: { options: '', subs: { list: CONDA_ENV, set: CONDA_ENV, unset: CONDA_ENV } } } },
      },
    },
    info: 'a|all base e|envs s|system unsafe-channels json q|quiet v|verbose',
    init: 'all user no-user system reverse d|dry-run json q|quiet v|verbose',
    install: `${CONDA_ENV} ${CONDA_SOLVE} revision= force-reinstall freeze-installed update-deps S|satisfied-skip-solve update-all update-specs clobber`,
    list: `${CONDA_ENV} show-channel-urls c|canonical f|full-name explicit md5 e|export r|revisions no-pip json q|quiet v|verbose`,
    notices: 'c|channel= json q|quiet v|verbose',
    package: `${CONDA_ENV} w|which= r|reset u|untracked pkg-name= pkg-version= pkg-build=`,
    remove: `${CONDA_ENV} ${CONDA_CHANNELS} all keep-env features force-remove force no-pin C|use-index-cache k|insecure offline d|dry-run json q|quiet v|verbose y|yes solver=`,
    uninstall: `${CONDA_ENV} ${CONDA_CHANNELS} all keep-env features force-remove force no-pin d|dry-run json q|quiet v|verbose y|yes`,
    rename: `${CONDA_ENV} f|force d|dry-run`,
    run: `${CONDA_ENV} v|verbose dev debug-wrapper-scripts cwd= no-capture-output live-stream`,
    search: `${CONDA_CHANNELS} i|info subdir= platform= skip-flexible-search envs C|use-index-cache k|insecure offline json q|quiet v|verbose`,
    update: `${CONDA_ENV} ${CONDA_SOLVE} force-reinstall freeze-installed update-deps S|satisfied-skip-solve update-all update-specs clobber`,
    upgrade: `${CONDA_ENV} ${CONDA_SOLVE} force-reinstall update-all`,
    doctor: `${CONDA_ENV} v|verbose`,
    activate: '',
    deactivate: '',
  },
  runs: { run: 'run' },
};

const MM_COMMON = 'r|root-prefix= n|name= p|prefix= c|channel= y|yes q|quiet v|verbose json dry-run log-level= no-rc rc-file= offline';
export const MICROMAMBA: ToolTable = {
  global: 'h|help version r|root-prefix= rc-file= no-rc no-env log-level= v|verbose q|quiet json',
  commands: {
    create: `${MM_COMMON} f|file= override-channels strict-channel-priority no-pin platform= category= download-only`,
    install: `${MM_COMMON} f|file= override-channels strict-channel-priority no-pin freeze-installed force-reinstall download-only`,
    update: `${MM_COMMON} a|all f|file= override-channels prune-deps`,
    remove: `${MM_COMMON} a|all f|force prune no-prune-deps`,
    list: `${MM_COMMON} full-name explicit md5 canonical export revisions reverse`,
    search: `${MM_COMMON} platform=`,
    env: {
      options: '',
      subs: {
        list: MM_COMMON,
        create: MM_COMMON,
        remove: MM_COMMON,
        export: `${MM_COMMON} e|explicit no-md5 no-build channel-subdir from-history`,
        update: `${MM_COMMON} f|file=`,
      },
    },
    info: MM_COMMON,
    clean: `${MM_COMMON} a|all i|index-cache packages t|tarballs l|locks trash f|force-pkgs-dirs`,
    config: {
      options: '',
      subs: {
        list: 'sources descriptions long-descriptions',
        get: '',
        set: '',
        append: '',
        prepend: '',
        remove: '',
        'remove-key': '',
        describe: '',
      },
    },
    run: `${MM_COMMON} a|attach= l|label= d|detach clean-env e|env= cwd=`,
    activate: '',
    deactivate: '',
    shell: {
      options: 's|shell= r|root-prefix= p|prefix= n|name=',
      subs: {
        init: 's|shell= r|root-prefix= d|dry-run',
        deinit: 's|shell= r|root-prefix=',
        hook: 's|shell= r|root-prefix=',
        activate: '',
        deactivate: '',
      },
    },
    self: { options: '', subs: { update: 'version=' } },
    repoquery: {
      options: MM_COMMON,
      subs: { search: MM_COMMON, depends: `${MM_COMMON} t|tree recursive`, whoneeds: `${MM_COMMON} t|tree recursive` },
    },
  },
  runs: { run: 'run' },
};
