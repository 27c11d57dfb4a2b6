/**
 * Hand rules read with their program's spec (OptionPolicy `spec` with `checks`, specRules.ts
 * `withSpec`): an option the spec does not define is compound in every spelling, the hand rule's
 * checks still key what runs and what is written, the no-spec default is applied once, and the
 * programs' everyday uses stay simple (where a spec lacked an everyday option, handRuleOverrides.ts
 * adds it from the program's own parser or manual).
 */
import { describe, expect, it } from 'vitest';
import { classifyCommand } from '../../classify.js';
import { handRule } from '../index.js';

const classify = (c: string) => classifyCommand(c);

/**
 * Unknown options, per program, in each spelling the program's parser would read: `--opt`,
 * `--opt=v`, an attached or clustered short letter, a one-dash long word (Go, Java), a prefix of a
 * real option where the parser takes no prefixes (pflag, Go's flag, clap).
 */
// mvn and dotnet are not here: they are allowlists of their own tables (maven.ts, dotnet.ts; their examples in build.ts).
const UNKNOWN: Readonly<Record<string, readonly string[]>> = {
  brew: ['brew install --evil x', 'brew install --evil=1 x'],
  gcloud: ['gcloud compute instances list --evil', 'gcloud run deploy web --evil=1'],
  aws: ['aws s3 ls --evil', 'aws s3 ls --evil=1'],
  rustup: ['rustup update --evil', 'rustup target add --evil=1 x'],
  lerna: ['lerna run build --evil', 'lerna run build --evil=1'],
  gem: ['gem install --evil x', 'gem install --evil=1 x'],
  asdf: ['asdf install --evil'],
  pyenv: ['pyenv install --evil 3.11'],
  direnv: ['direnv allow --evil', 'direnv status --evil=1'],
  bundle: ['bundle install --evil', 'bundle install --evil=1'],
  rbenv: ['rbenv install --evil 3.2.2', 'rbenv install -Z 3.2.2'],
  jenv: ['jenv global --evil 17'],
};

/** Everyday uses, per program: each stays one simple call. */
const EVERYDAY: Readonly<Record<string, readonly string[]>> = {
  rustup: [
    'rustup update',
    'rustup default stable',
    'rustup target add wasm32-unknown-unknown',
    'rustup component add clippy rustfmt',
    'rustup toolchain install nightly',
    'rustup show',
    'rustup component list --installed',
    'rustup target list --installed',
  ],
  pyenv: ['pyenv install 3.11.7', 'pyenv local 3.11.7', 'pyenv versions', 'pyenv install --list', 'pyenv which python'],
  rbenv: ['rbenv install 3.2.2', 'rbenv local 3.2.2', 'rbenv versions', 'rbenv install -l', 'rbenv install --list'],
  jenv: ['jenv versions', 'jenv local 17', 'jenv global 17'],
  asdf: ['asdf install', 'asdf install nodejs 20.1.0', 'asdf plugin add nodejs', 'asdf current'],
  lerna: [
    'lerna run build',
    'lerna run test --stream',
    'lerna run build --scope my-pkg',
    'lerna list',
    'lerna changed',
    'lerna publish from-package --yes',
    'lerna version --no-push',
  ],
  bundle: [
    'bundle install',
    'bundle update',
    'bundle add rails',
    'bundle install --jobs 4',
    'bundle outdated',
    'bundle config set --local path vendor/bundle',
    'bundle -v',
  ],
  direnv: ['direnv reload', 'direnv status'],
  brew: [
    'brew install wget',
    'brew update',
    'brew upgrade',
    'brew list',
    'brew install --cask firefox',
    'brew info node',
    'brew search ripgrep',
    'brew uninstall wget',
    'brew outdated',
    'brew deps --tree node',
    'brew uses --installed openssl',
  ],
  gem: [
    'gem install bundler',
    'gem list',
    'gem update --system',
    'gem uninstall rails',
    'gem install rails -v 7.0.0',
    'gem install bundler --no-document',
    'gem install --user-install pry',
  ],
  aws: [
    'aws s3 ls',
    'aws sts get-caller-identity',
    'aws ec2 describe-instances --region us-east-1',
    'aws sso login --profile dev',
    'aws lambda list-functions',
    'aws configure set output json --profile p',
    'aws dynamodb list-tables --output table',
  ],
  gcloud: [
    'gcloud auth login',
    'gcloud config set project my-project',
    'gcloud compute instances list',
    'gcloud run deploy web --image gcr.io/p/web --region us-central1',
    'gcloud projects list',
  ],
};

describe('hand rules read with their spec', () => {
  it('the programs tested here are hand rules read with their spec', () => {
    for (const name of new Set([...Object.keys(UNKNOWN), ...Object.keys(EVERYDAY)]))
      expect(handRule(name)?.policy, name).toEqual({ kind: 'spec', checks: true });
  });

  it('an option the spec does not define is compound, in every spelling', () => {
    const lax: string[] = [];
    for (const commands of Object.values(UNKNOWN))
      for (const c of commands) {
        const r = classify(c);
        if (r.kind !== 'compound' || !r.key.includes('#unknown_option')) lax.push(`${c}: ${r.kind} ${r.key}`);
      }
    expect(lax).toEqual([]);
    expect(Object.keys(UNKNOWN).length).toBeGreaterThanOrEqual(12);
  });

  it('everyday uses stay simple', () => {
    const blocked: string[] = [];
    for (const commands of Object.values(EVERYDAY))
      for (const c of commands) {
        const r = classify(c);
        if (r.kind !== 'simple') blocked.push(`${c}: ${r.kind} ${r.key} (${r.kind === 'compound' ? r.reason : ''})`);
      }
    expect(blocked).toEqual([]);
  });

  it('the hand rule’s checks still apply: what runs and what is written', () => {
    expect(classify('bundle exec rspec').key).toContain('[-rspec-]');
    expect(classify('rbenv exec ruby -v').key).toContain('#exec-[-ruby-]');
    expect(classify('direnv allow').key).toContain('#allow');
  });

  it('the default is applied once: paths outside the project, options that run things', () => {
    const once = (c: string, token: string) => expect((classify(c).key ?? '').split(token).length - 1, c).toBe(1);
    once('brew install --cask ../evil.rb', '#outside');
    once('terraform plan -var-file=../secrets.tfvars', '#outside');
    once('dotnet build ../other/x.csproj', '#outside');
    once('gem install ./../x.gem', '#outside');
  });

  it('the words of a command the checks run are that command’s, not the program’s options', () => {
    expect(classify('rbenv exec ruby -v').key).toBe('run_command:rbenv-exec-#exec-[-ruby-]');
    expect(classify('bundle exec rspec --fail-fast').key).toBe('run_command:bundle-exec-#exec-[-rspec-]');
    expect(classify('pyenv exec python -V').key).toBe('run_command:pyenv-exec-#exec-[-python-]');
  });

  it('an unknown option before the subcommand is compound, and what the program may run is unknown', () => {
    for (const c of ['terraform --evil plan', 'gem --evil install x', 'brew --evil install x', 'aws --evil s3 ls']) {
      const r = classify(c);
      expect(r.kind, c).toBe('compound');
      expect(r.key, c).toContain('#unknown_option');
      expect(r.kind === 'compound' && r.programs.some((p) => p.program === '?'), c).toBe(true);
    }
  });

  it('--help and --version stay plain', () => {
    for (const name of Object.keys(UNKNOWN)) {
      expect(classify(`${name} --help`).kind, name).toBe('simple');
      expect(classify(`${name} --version`).kind, name).toBe('simple');
    }
  });

  it('a word known only at run time where an option may stand is not read as plain', () => {
    expect(classify('terraform plan $ARGS').kind).toBe('compound');
    expect(classify('brew install $OPTS x').kind).toBe('compound');
  });
});
