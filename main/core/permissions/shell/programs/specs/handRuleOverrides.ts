/**
 * Corrections to the spec tables of programs that also have a hand rule (OptionPolicy `spec` with
 * `checks`: the spec's table is the allowlist of their options, the hand rule's checks stay on top;
 * specRules.ts `withSpec`). Where a spec lacks an option the real program has, an everyday command
 * would be compound; each fix is written from the program's own parser or manual (cited at the
 * entry) and tested in handRuleOverrides.test.ts. overrides.ts spreads them into OVERRIDES.
 */
import type { SpecOverride } from './specOverride.js';

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

export const HAND_RULE_OVERRIDES: Readonly<Record<string, SpecOverride>> = {
  aws: AWS,
  gem: GEM,
  // gcloud run deploy --source (cloud.google.com/sdk/gcloud/reference/run/deploy): deploy from source.
  gcloud: { options: { 'run deploy': 'source=:read' } },
  lerna: LERNA,
  brew: BREW,
  rustup: RUSTUP,
  // ruby-build's `rbenv install` (rbenv-install --help): -l lists the latest versions, -L all of them.
  rbenv: { options: { install: 'l|list L|list-all f|force s|skip-existing k|keep v|verbose p|patch' } },
  // Bundler (bundler.io, "bundle config"): `bundle config set --local path x`.
  bundle: { options: { '': 'v|version', config: 'local global delete parseable' } },
};
