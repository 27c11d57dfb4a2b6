/**
 * System and language package managers and version managers: apt, dnf/yum, brew, gem, bundle, composer, rpm, nix, direnv, pyenv/rbenv/nodenv/asdf/mise, lerna, devbox.
 * Rules: rule.ts; lookup: index.ts.
 */
import { exec, type Effect } from '../effects.js';
import type { Arg } from '../options.js';
import { opaque, script, isShort, isLong, valueOf, subcommandRunner, HELP, table, RUN_TOOL, also, itemsOf } from './kit.js';
import { composer, composerCommand } from './composer.js';
import { nixOptions } from './nix.js';
import { optionTable } from './optionTable.js';
import { dnf, rpm } from './rpmFamily.js';
import { devbox, envStyle, mise } from './versionManagers.js';
import { rules, type Check, type SubcommandSpec, type Resolver, type ProgramRule, type Examples } from './rule.js';

/**
 * apt, apt-get and apt-cache (apt 2.6, apt-get(8), apt-cache(8)): one table of their options
 * (apt's CommandLine: exact names, `--no-X` for a switch X, `-o Name=Value`).
 */
const APT = optionTable({
  negate: true,
  options:
    'd|download-only f|fix-broken m|fix-missing ignore-missing no-download q|quiet s|simulate just-print dry-run recon no-act ' +
    'y|yes assume-yes assume-no u|show-upgraded V|verbose-versions b|compile build install-recommends install-suggests ' +
    'ignore-hold no-upgrade only-upgrade upgrade allow-downgrades allow-remove-essential allow-change-held-packages force-yes ' +
    'print-uris purge reinstall list-cleanup t|target-release= default-release= trivial-only remove auto-remove autoremove ' +
    'only-source diff-only dsc-only tar-only arch-only indep-only allow-unauthenticated allow-insecure-repositories ' +
    'allow-releaseinfo-change show-progress with-source= a|host-architecture= P|build-profiles= mark-auto solver= ' +
    'fix-policy h|help v|version c|config-file= o|option= p|pkg-cache= src-cache= i|important pre-depends depends ' +
    'recommends suggests conflicts breaks replaces enhances implicit names-only n| full all-versions all-names recurse ' +
    'installed g|generate list upgradable manual-installed format= color plain-output',
});

function apt(argv: readonly Arg[]): Effect[] {
  const { items, effects: out } = itemsOf(APT, argv);
  for (const it of items) {
    if (isShort(it, 'o') || isLong(it, ['option']))
      out.push({
        flag: 'option',
        value: valueOf(it),
        runs: opaque(valueOf(it)),
        note: 'apt -o sets options that can name programs to run (DPkg::Pre-Invoke, …)',
      });
    if (isShort(it, 'c') || isLong(it, ['config-file']))
      out.push(exec('config-file', opaque(), 'apt -c loads a configuration file that can name programs to run'));
  }
  return out;
}

/**
 * Bundler: `COMMAND_ALIASES` of bundler/lib/bundler/cli.rb (`map aliases_for(…)`). Thor also runs
 * any unique prefix of a command (`bundle inst`); the command list varies by version and plugin, so
 * only these are resolved. Every prefix of `exec` is among them, so `bundle e x` is seen as exec.
 */
const BUNDLE_ALIASES: Readonly<Record<string, string>> = {
  c: 'check',
  i: 'install',
  ls: 'list',
  e: 'exec',
  ex: 'exec',
  exe: 'exec',
  package: 'cache',
  pack: 'cache',
};

/**
 * `direnv allow`, `mise trust`: mark a folder's .envrc / mise.toml as trusted, so the user's shell
 * hook runs the code in it on the next `cd` there (direnv(1), mise trust docs): a program run later
 * by a plain command. The file is the repository's, which the model may have written.
 */
const trusts =
  (subs: readonly string[]): Check =>
  (argv, sub) =>
    sub.subcommand !== undefined && subs.includes(sub.subcommand)
      ? [exec(sub.subcommand, opaque(), `${String(argv[0])} ${sub.subcommand}: the shell hook runs that folder's code on the next cd`)]
      : [];

/**
 * nix-shell(1) and nix's common options (`--arg NAME VALUE` takes two words: the second is read as
 * an operand, which is harmless here).
 */
const NIX_SHELL = optionTable({
  options:
    'run= command= p|packages A|attr= I|include= arg= argstr= pure impure keep= i|= E|expr ' +
    'option= j|max-jobs= cores= show-trace v|verbose quiet Q|no-build-output k|keep-going K|keep-failed fallback repair ' +
    'readonly-mode log-format= print-build-logs L| builders= store= extra-experimental-features= help version',
});

/**
 * What the spec-read version managers and package managers do beyond their options (their options
 * are read with their spec: index.ts `withSpec`): `asdf plugin add NAME URL` installs plugin code from
 * the repository it names (a NAME alone comes from asdf's curated plugin index, as a package from a
 * registry); `brew tap`, and a formula named by tap (`user/repo/formula`), path or URL, bring
 * formulae (Ruby code brew runs) from outside Homebrew's own (docs.brew.sh/Taps); `gem sources
 * --add` changes where every later `gem install` fetches from.
 */
const reaches =
  (
    program: string,
    rules: Readonly<Record<string, string>>,
    named?: { subs: readonly string[]; operand: RegExp; flag: string; note: string },
  ): Check =>
  (argv, sub) => {
    if (sub.subcommand === undefined || sub.index === undefined) return [];
    const rest = argv.slice(sub.index + 1);
    const action = rest.find((w) => w === null || !w.startsWith('-'));
    const out: Effect[] = [];
    for (const key of [`${sub.subcommand} ${String(action)}`, sub.subcommand])
      if (Object.prototype.hasOwnProperty.call(rules, key)) {
        out.push(exec(key.replace(/[ -]/g, '_'), opaque(), `${program} ${key} ${rules[key]!}`));
        break;
      }
    if (named?.subs.includes(sub.subcommand))
      for (const w of rest)
        if (w !== null && !w.startsWith('-') && named.operand.test(w)) out.push(exec(named.flag, opaque(w), `${program} ${named.note}`));
    return out;
  };

const effects: Readonly<Record<string, Check>> = {
  composer: also(composer, subcommandRunner(['exec'])),
  // Version managers and monorepo tools: `<tool> exec|x|run <command…>`.
  ...Object.fromEntries(['pyenv', 'rbenv', 'jenv'].map((n) => [n, subcommandRunner(['exec'])])),
  asdf: also(
    subcommandRunner(['exec']),
    reaches(
      'asdf',
      {},
      {
        subs: ['plugin', 'plugin-add'],
        operand: /^([a-z][a-z0-9+.-]*:\/\/|git@)/,
        flag: 'plugin_add',
        note: 'plugin add installs plugin code from the repository it names',
      },
    ),
  ),
  lerna: subcommandRunner(['exec']),
  brew: reaches(
    'brew',
    { tap: 'adds a third-party tap (formulae are Ruby code brew runs)' },
    {
      subs: ['install', 'reinstall', 'upgrade', 'fetch', 'audit', 'info'],
      operand: /^([^/\s]+\/[^/\s]+\/[^/\s]+|.*\.rb|[a-z][a-z0-9+.-]*:\/\/.*|\.{0,2}\/.*)$/,
      flag: 'formula',
      note: 'names a formula from a tap, a path or a URL (Ruby code brew runs)',
    },
  ),
  gem: (argv, sub) =>
    sub.subcommand === 'sources' && sub.index !== undefined && argv.slice(sub.index + 1).some((w) => w === null || /^(--add|-a)/.test(w))
      ? [exec('sources_add', opaque(), 'gem sources --add changes where every later gem install fetches from')]
      : [],
  nodenv: also(envStyle, subcommandRunner(['exec'])),
  goenv: also(envStyle, subcommandRunner(['exec'])),
  mise: also(mise, subcommandRunner(['exec', 'x']), trusts(['trust'])),
  rtx: also(mise, subcommandRunner(['exec', 'x']), trusts(['trust'])),
  devbox: also(devbox, subcommandRunner(['run'])),
  rpm,
  dnf,
  yum: dnf,
  bundle: subcommandRunner(['exec']),
  direnv: also(subcommandRunner(['exec']), trusts(['allow', 'permit', 'grant'])),
  nix: also(nixOptions, subcommandRunner(['develop', 'shell', 'run'])),
  'nix-shell': (argv) => {
    const { items, effects } = itemsOf(NIX_SHELL, argv);
    return [
      ...effects,
      ...items
        .filter((it) => isLong(it, ['run', 'command']))
        .map((it) => exec('run', script(valueOf(it)), 'nix-shell --run runs a shell command')),
    ];
  },
  apt,
  'apt-get': apt,
  'apt-cache': apt,
};

/** mise's global options before its command (`mise --help`). */
const MISE_GLOBALS: SubcommandSpec = {
  grammar: { shortValue: 'CEj', longValue: ['cd', 'env', 'jobs', 'output', 'log-level'], noAbbrev: true },
  flags: [...HELP, '-q', '--quiet', '--silent', '--verbose', '-y', '--yes', '--raw', '--no-config', '--locked', '--debug', '--trace'],
};

const subcommands: Readonly<Record<string, SubcommandSpec>> = {
  direnv: RUN_TOOL,
  pyenv: RUN_TOOL,
  rbenv: RUN_TOOL,
  nodenv: RUN_TOOL,
  goenv: RUN_TOOL,
  jenv: RUN_TOOL,
  mise: MISE_GLOBALS,
  rtx: MISE_GLOBALS,
  asdf: RUN_TOOL,
  devbox: RUN_TOOL,
  lerna: RUN_TOOL,
  brew: { grammar: { noAbbrev: true }, flags: [...HELP, '-d', '--debug', '-q', '--quiet', '--verbose'] },
  apt: {
    grammar: {
      shortValue: 'octa',
      longValue: ['option', 'config-file', 'target-release', 'default-release', 'host-architecture'],
      noAbbrev: true,
    },
    flags: [
      ...HELP,
      '-y',
      '--yes',
      '--assume-yes',
      '--assume-no',
      '-q',
      '-qq',
      '--quiet',
      '-s',
      '--simulate',
      '--dry-run',
      '-d',
      '--download-only',
      '-f',
      '--fix-broken',
      '--no-install-recommends',
      '--install-recommends',
      '--reinstall',
      '--purge',
      '--auto-remove',
      '-u',
      '-m',
      '--allow-downgrades',
      '--allow-unauthenticated',
      '--allow-remove-essential',
      '--allow-change-held-packages',
      '--no-upgrade',
      '--only-upgrade',
      '-V',
    ],
  },
  gem: { grammar: { noAbbrev: true }, flags: HELP },
  bundle: { grammar: { noAbbrev: true }, flags: [...HELP, '--verbose', '--no-color'] },
  composer: {
    grammar: { shortValue: 'd', longValue: ['working-dir'], noAbbrev: true },
    flags: [...HELP, '-q', '--quiet', '-n', '--no-interaction', '--ansi', '--no-ansi', '--no-plugins', '--no-scripts', '--profile'],
  },
  nix: {
    grammar: { longValue: ['option', 'extra-experimental-features'], noAbbrev: true },
    flags: [...HELP, '-L', '--print-build-logs', '--impure', '--offline', '--refresh'],
  },
};

const aliases: Readonly<Record<string, Resolver>> = {
  bundle: table(BUNDLE_ALIASES),
  composer: composerCommand,
};

/** What these rules catch (match: compound, key holding the fragment) and let through (notMatch: simple). */
const EXAMPLES: Readonly<Record<string, Examples>> = {
  apt: {
    match: [['apt -o APT::Update::Pre-Invoke::=id update', '#option-APT::Update::Pre%2DInvoke::=id']],
    notMatch: ['apt list --installed'],
  },
  'apt-cache': { match: [['apt-cache -o Dir::Etc=../x show pkg', '#outside-Dir::Etc=../x']], notMatch: ['apt-cache show pkg'] },
  'nix-shell': { match: [['nix-shell --run id', '#run-[-id-]']], notMatch: ['nix-shell -p hello'] },
  'apt-get': { notMatch: ['apt-get install x'] },
  direnv: {
    match: [
      ['direnv allow', '#allow'],
      ['direnv permit', '#permit'],
      ['direnv exec . make', '#exec'],
    ],
    notMatch: ['direnv status', 'direnv reload'],
  },
  brew: {
    match: [
      ['brew tap evil/tap', '#tap'],
      ['brew install evil/tap/x', '#formula'],
      ['brew install ./x.rb', '#formula'],
      ['brew install https://x/y.rb', '#formula'],
      ['brew install --evil x', '#unknown_option'],
    ],
    notMatch: ['brew install jq', 'brew upgrade', 'brew list'],
  },
  gem: {
    match: [
      ['gem sources --add https://x', '#sources_add'],
      ['gem sources -a https://x', '#sources_add'],
      ['gem install ../evil.gem', '#outside'],
      ['gem install --evil x', '#unknown_option'],
    ],
    notMatch: ['gem install rails', 'gem list', 'gem sources'],
  },
  bundle: {
    match: [
      ['bundle exec rspec', '#exec'],
      ['bundle e rspec', '#exec'],
      ['bundle install --gemfile=../Gemfile', '#outside'],
      ['bundle exec --frob rspec', '#unknown_option'],
    ],
    notMatch: ['bundle install', 'bundle update rails', 'bundle add rails'],
  },
  lerna: {
    match: [
      ['lerna exec -- rm -rf x', '#exec'],
      ['lerna run build --evil', '#unknown_option'],
    ],
    notMatch: ['lerna run build', 'lerna run test --scope pkg'],
  },
  pyenv: {
    match: [
      ['pyenv exec python x.py', '#exec'],
      ['pyenv install --evil 3.11', '#unknown_option'],
    ],
    notMatch: ['pyenv install 3.12.1', 'pyenv local 3.12', 'pyenv global 3.12', 'pyenv versions'],
  },
  rbenv: {
    match: [['rbenv exec ruby x.rb', '#exec']],
    notMatch: ['rbenv install 3.3.0', 'rbenv local 3.3.0', 'rbenv global 3.3.0'],
  },
  jenv: {
    match: [['jenv add /opt/jdk', '#outside']],
    notMatch: ['jenv versions', 'jenv local 17', 'jenv global 17'],
  },
  asdf: {
    match: [
      ['asdf plugin add x https://x', '#plugin_add'],
      ['asdf plugin-add x git@github.com:e/x.git', '#plugin_add'],
      ['asdf install --evil', '#unknown_option'],
    ],
    notMatch: ['asdf install', 'asdf install nodejs 20', 'asdf current', 'asdf plugin add nodejs', 'asdf global nodejs 20'],
  },
  mise: {
    match: [
      ['mise trust', '#trust'],
      ['mise use -g node@20', '#global'],
      ['mise use --global node@20', '#global'],
      ['mise use cargo:ripgrep', '#backend'],
      ['mise install npm:evil', '#backend'],
      ['mise x node@20 -- node app.js', '#x'],
      ['mise plugins install x https://git/x', '#plugins'],
      ['mise settings set experimental true', '#settings'],
      ['mise self-update', '#self_update'],
      ['mise -C ../x install', '#outside'],
      ['mise --frob ls', '#unknown_option'],
      ['mise frob', '#unknown_option'],
    ],
    notMatch: ['mise install', 'mise use node@20', 'mise run build', 'mise ls', 'mise -C sub install', 'mise current node'],
  },
  rtx: {
    match: [
      ['rtx trust', '#trust'],
      ['rtx use -g node@20', '#global'],
      ['rtx frob', '#unknown_option'],
    ],
    notMatch: ['rtx install', 'rtx use node@20'],
  },
  nodenv: {
    match: [
      ['nodenv exec node x.js', '#exec'],
      ['nodenv install ../def', '#outside'],
      ['nodenv install --frob 20', '#unknown_option'],
      ['nodenv frob', '#unknown_option'],
    ],
    notMatch: ['nodenv install 20.11.0', 'nodenv local 20', 'nodenv global 20', 'nodenv versions', 'nodenv install -s 20'],
  },
  goenv: {
    match: [
      ['goenv exec go build', '#exec'],
      ['goenv install --frob 1.22.0', '#unknown_option'],
      ['goenv frob', '#unknown_option'],
    ],
    notMatch: ['goenv install -s 1.22.0', 'goenv local 1.22.0', 'goenv global 1.22.0', 'goenv versions'],
  },
  devbox: {
    match: [
      ['devbox run test', '#run'],
      ['devbox global add ripgrep', '#global'],
      ['devbox create --template=go', '#create'],
      ['devbox add x --allow-insecure=x', '#allow_insecure'],
      ['devbox add x --allow-insecure x', '#allow_insecure'],
      ['devbox -c ../other shell', '#outside'],
      ['devbox frob', '#unknown_option'],
    ],
    notMatch: ['devbox add nodejs@20', 'devbox shell', 'devbox install', 'devbox search ripgrep'],
  },
  nix: {
    match: [
      ['nix --option sandbox false build', '#option'],
      ['nix build --no-sandbox', '#unknown_option'],
      ['nix build --accept-flake-config', '#unknown_option'],
      ['nix build --substituters https://evil', '#unknown_option'],
      ['nix --extra-experimental-features recursive-nix build', '#experimental_features'],
      ['nix --extra-experimental-features=recursive-nix build', '#experimental_features'],
      ['nix build --impure', '#impure'],
      ['nix eval --expr "1+1"', '#expr'],
      ['nix eval .#x --apply "x: x"', '#apply'],
      ['nix build --arg x "import ./y"', '#arg'],
      ['nix build github:evil/flake', '#remote'],
      ['nix build -f ../x.nix', '#outside'],
      ['nix profile install nixpkgs#hello', '#profile_install'],
      ['nix registry add nixpkgs ./x', '#registry_add'],
      ['nix edit nixpkgs#hello', '#edit'],
      ['nix run .#app', '#run'],
    ],
    notMatch: [
      'nix build',
      'nix build .#app -L --show-trace -j 4',
      'nix flake update',
      'nix flake check',
      'nix --extra-experimental-features "nix-command flakes" build',
      'nix --option experimental-features "nix-command flakes" build',
      'nix eval --json .#x',
      'nix search nixpkgs hello',
    ],
  },
  dnf: {
    match: [
      ['dnf install --installroot=/mnt/x bash', '#installroot'],
      ['dnf --installr /mnt/x install bash', '#installroot'],
      ['dnf -c ./dnf.conf install x', '#config'],
      ['dnf --setopt=pluginpath=p install x', '#setopt'],
      ['dnf --setopt pluginpath=p install x', '#setopt'],
      ['dnf --repofrompath=r,/tmp/repo install x', '#repofrompath'],
      ['dnf install ./evil.rpm', '#package'],
      ['dnf install https://x/evil.rpm', '#package'],
      ['dnf --nogpgcheck install x', '#nogpgcheck'],
      ['dnf shell cmds.txt', '#shell'],
      ['dnf config-manager --add-repo https://x', '#config_manager'],
      ['dnf --frob install x', '#unknown_option'],
    ],
    notMatch: [
      'dnf install -y gcc make',
      'dnf repoquery --whatrequires glibc',
      'dnf list installed',
      'dnf search python3',
      'dnf makecache',
    ],
  },
  yum: {
    match: [
      ['yum --installroot=/mnt/x install bash', '#installroot'],
      ['yum install ./evil.rpm', '#package'],
      ['yum --frob install x', '#unknown_option'],
    ],
    notMatch: ['yum -y install httpd', 'yum info python3'],
  },
  rpm: {
    match: [
      ['rpm -ivh x.rpm', '#install'],
      ['rpm -Uvh x.rpm', '#install'],
      ['rpm --install x.rpm', '#install'],
      ['rpm --reinstall x.rpm', '#install'],
      ['rpm -e bash', '#erase'],
      ['rpm --eval "%(id)"', '#eval'],
      ['rpm -E %{_libdir}', '#eval'],
      ['rpm -D "x %(id)" -q bash', '#define'],
      ['rpm --define="x %(id)" -q bash', '#define'],
      ['rpm --root /mnt -qa', '#root'],
      ['rpm --dbpath db -qa', '#dbpath'],
      ['rpm --rcfile ./rc -qa', '#rcfile'],
      ['rpm --macros ./m -qa', '#macros'],
      ['rpm --pipe sh -qa', '#pipe'],
      ['rpm --import key.asc', '#import'],
      ['rpm --frob -qa', '#unknown_option'],
    ],
    notMatch: ['rpm -qa', 'rpm -qi bash', 'rpm -ql bash', 'rpm -q --qf "%{VERSION}" bash', 'rpm -K x.rpm'],
  },
  composer: {
    match: [
      ['composer --working-dir=../other install', '#working_dir'],
      ['composer -d ../x install', '#working_dir'],
      ['composer -d../x install', '#working_dir'],
      ['composer install -d /tmp/x', '#working_dir'],
      ['composer global require x/y', '#global'],
      ['composer glob require x/y', '#global'],
      ['composer GLOBAL require x/y', '#global'],
      ['composer create-project laravel/laravel app', '#create_project'],
      ['composer ex phpunit', '#exec'],
      ['composer self-update', '#self_update'],
      ['composer config --editor', '#editor'],
      ['composer install --frob', '#unknown_option'],
    ],
    notMatch: [
      'composer install',
      'composer install --no-dev --prefer-dist -o',
      'composer require monolog/monolog',
      'composer --working-dir=backend install',
      'composer test',
      'composer run test -- --filter x',
      'composer dumpa -o',
      'composer update --with-all-dependencies',
      'composer show -s',
    ],
  },
};

/** The version managers read whole with versionManagers.ts's tables. */
const MANAGERS = ['nodenv', 'goenv', 'mise', 'rtx', 'devbox'];

export const RULES: readonly ProgramRule[] = rules(
  'packages',
  {
    effects,
    subcommands: { ...subcommands, 'apt-get': subcommands['apt']!, 'apt-cache': subcommands['apt']! },
    aliases,
    // Read whole with APT and NIX_SHELL; their operands are package names and files, so the default applies too.
    allowlist: ['apt', 'apt-get', 'apt-cache', 'nix-shell', 'composer', 'dnf', 'yum', 'rpm', 'nix', ...MANAGERS],
    withDefaults: ['apt', 'apt-get', 'apt-cache', 'nix-shell', 'dnf', 'yum', 'rpm', 'nix', ...MANAGERS],
  },
  EXAMPLES,
);
