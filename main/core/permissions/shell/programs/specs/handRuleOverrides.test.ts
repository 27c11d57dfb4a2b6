/**
 * Each correction of handRuleOverrides.ts, proven on the command it fixes: read with the spec alone,
 * an everyday command of a program with a hand rule was compound (an option the real program has,
 * missing from the spec); with the override it is simple, and an option the program does not have
 * stays compound.
 */
import { describe, expect, it } from 'vitest';
import { classifyCommand } from '../../classify.js';
import { handRule } from '../index.js';
import { HAND_RULE_OVERRIDES } from './handRuleOverrides.js';
import { specRule } from './specRules.js';

const kind = (c: string) => classifyCommand(c).kind;
const key = (c: string) => classifyCommand(c).key;

describe('spec overrides of programs with a hand rule', () => {
  it('every entry names a program with a hand rule', () => {
    for (const name of Object.keys(HAND_RULE_OVERRIDES)) expect(handRule(name), name).toBeDefined();
  });

  it('pip: every command’s options and the general options, from pip’s own parser', () => {
    expect(kind('pip install -e .')).toBe('simple');
    expect(kind('pip install --no-cache-dir -r requirements.txt')).toBe('simple');
    expect(kind('pip install -U mypyc/lib-rt')).toBe('simple');
    expect(kind('pip install -e . --group dev')).toBe('simple');
    expect(kind('pip uninstall -y requests')).toBe('simple');
    expect(kind('pip --disable-pip-version-check list --outdated --format=json')).toBe('simple');
    expect(kind('pip index versions requests')).toBe('simple');
    expect(key('pip install --not-a-pip-option x')).toContain('#unknown_option');
    expect(key('pip install -r ../other/requirements.txt')).toContain('#outside');
  });

  it('pytest: the core options the spec lacks, and the common plugins’ options', () => {
    expect(kind('pytest -n auto')).toBe('simple');
    expect(kind('pytest -n0 -k test_name')).toBe('simple');
    expect(kind('pytest --cov=src --cov-report=xml')).toBe('simple');
    expect(kind('pytest --no-fold-skipped --sw-reset tests')).toBe('simple');
    expect(kind('pytest --reruns 3 --timeout=60')).toBe('simple');
    expect(key('pytest --not-a-pytest-option')).toContain('#unknown_option');
  });

  it('aws: the global options, at every level', () => {
    expect(kind('aws configure set output json --profile p')).toBe('simple');
    expect(kind('aws s3 ls --region eu-west-1 --no-cli-pager')).toBe('simple');
    expect(key('aws s3 ls --not-an-aws-option')).toContain('#unknown_option');
  });

  it('poetry: -E/--extras and the dependency groups take a value', () => {
    expect(kind('poetry install --no-root -E lxml')).toBe('simple');
    expect(kind('poetry install --with docs --without test')).toBe('simple');
  });

  it('uv and gh: their specs are dropped, the hand rules keep the default', () => {
    for (const name of ['uv', 'gh']) {
      expect(specRule(name), name).toBeUndefined();
      expect(handRule(name)?.policy.kind, name).toBe('default');
    }
    expect(kind('uv sync --no-progress --dev')).toBe('simple');
    expect(kind('gh pr list --json number,title')).toBe('simple');
  });

  it('terraform: every command’s options (Go flags: one or two dashes, booleans with an attached value)', () => {
    expect(kind('terraform apply -auto-approve')).toBe('simple');
    expect(kind('terraform fmt -recursive -check')).toBe('simple');
    expect(kind('terraform plan -lock=false -input=false -out=tfplan')).toBe('simple');
    expect(kind('terraform state mv a b')).toBe('simple');
    expect(kind('terraform providers lock -platform=linux_amd64')).toBe('simple');
    expect(key('terraform apply -auto-approve -evil')).toContain('#unknown_option');
    expect(key('terraform plan -var-file=../secrets.tfvars')).toContain('#outside');
  });

  it('systemctl: every option with every command, unique prefixes', () => {
    expect(kind('systemctl enable --now nginx')).toBe('simple');
    expect(kind('systemctl status nginx --no-pager')).toBe('simple');
    expect(kind('systemctl list-units --type=service --no-leg')).toBe('simple');
    expect(key('systemctl status --evil nginx')).toContain('#unknown_option');
  });

  it('sqlite3, gem, brew, rustup, dotnet, lerna, conda, poetry, volta: options and commands their specs lack', () => {
    expect(kind('sqlite3 -json app.db "select 1"')).toBe('simple');
    // volta run: the words after the command are the command's, not volta's.
    const volta = specRule('volta')!.effects!(['volta', 'run', 'node', '--inspect', 'x.js'], {}, 'volta');
    expect(volta.map((e) => e.flag)).not.toContain('unknown_option');
    expect(kind('gem install rails -v 7.0.0 --no-document')).toBe('simple');
    expect(kind('brew deps --tree node')).toBe('simple');
    expect(kind('rustup component list --installed')).toBe('simple');
    expect(kind('dotnet dev-certs https --trust')).toBe('simple');
    expect(kind('lerna publish from-package --yes')).toBe('simple');
    expect(kind('conda env create -f environment.yml')).toBe('simple');
    expect(kind('mamba env update -f environment.yml --prune')).toBe('simple');
    expect(kind('poetry add -D pytest')).toBe('simple');
    expect(key('gem install --evil x')).toContain('#unknown_option');
    expect(key('conda env create -f ../env.yml')).toContain('#outside');
  });

  it('rbenv, bundle, screen: the tools’ own options', () => {
    expect(kind('rbenv install -l')).toBe('simple');
    expect(kind('bundle config set --local path vendor/bundle')).toBe('simple');
    expect(key('rbenv install -Z 3.2.2')).toContain('#unknown_option');
    expect(key('screen -Z')).toContain('#unknown_option');
  });

  it('more commands and options the specs lack (dotnet test, aws logs tail, brew bundle, poetry, rustup, conda, pipenv, fnm, crontab, gcloud, lerna)', () => {
    expect(kind('dotnet test --no-restore --verbosity quiet')).toBe('simple');
    expect(kind('dotnet new classlib -o Lib -f net8.0')).toBe('simple');
    expect(kind('aws logs tail my-group --follow')).toBe('simple');
    expect(kind('brew bundle --file Brewfile')).toBe('simple');
    expect(kind('brew bundle cleanup --force')).toBe('simple');
    expect(kind('poetry publish -r testpypi')).toBe('simple');
    expect(kind('poetry -C sub install')).toBe('simple');
    expect(kind('rustup component add rust-src --toolchain nightly')).toBe('simple');
    expect(kind('conda env list --json')).toBe('simple');
    expect(kind('pipenv requirements --dev')).toBe('simple');
    expect(kind('crontab -u deploy -l')).toBe('simple');
    expect(kind('gcloud run deploy web --source .')).toBe('simple');
    expect(kind('lerna changed --json')).toBe('simple');
    expect(kind('lerna run build --skip-nx-cache')).toBe('simple');
    expect(key('pytest --count 3 --random-order --junitxml=report.xml')).toBe('run_command:pytest-#junitxml->-report.xml');
    expect(key('dotnet test --evil')).toContain('#unknown_option');
    expect(key('aws logs tail g --evil')).toContain('#unknown_option');
    expect(key('poetry -C ../other install')).toContain('#outside');
  });
});
