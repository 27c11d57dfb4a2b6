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

const kind = (c: string) => classifyCommand(c).kind;
const key = (c: string) => classifyCommand(c).key;

describe('spec overrides of programs with a hand rule', () => {
  it('every entry names a program with a hand rule', () => {
    for (const name of Object.keys(HAND_RULE_OVERRIDES)) expect(handRule(name), name).toBeDefined();
  });

  it('aws: the global options, at every level', () => {
    expect(kind('aws configure set output json --profile p')).toBe('simple');
    expect(kind('aws s3 ls --region eu-west-1 --no-cli-pager')).toBe('simple');
    expect(key('aws s3 ls --not-an-aws-option')).toContain('#unknown_option');
  });

  // uv, volta, fnm and nvm read with tables of their own (python/uvOptions.ts, node/versionManagers.ts).
  it('uv, volta, fnm, nvm: their own tables, not the spec', () => {
    for (const name of ['uv', 'volta', 'fnm', 'nvm']) expect(handRule(name)?.policy.kind, name).toBe('allowlist');
    expect(kind('uv sync --no-progress --dev')).toBe('simple');
    expect(key('volta run --node 18 node --inspect x.js')).not.toContain('#unknown_option');
    expect(key('fnm exec --using=18 node --inspect')).not.toContain('#unknown_option');
  });

  // gh and terraform read with tables generated from their own help (ghTables.ts, terraformTables.ts):
  // their rows live with those rules' examples and textOptions/policy tests.
  it('terraform and gh: their own generated tables, not the spec', () => {
    for (const name of ['terraform', 'gh']) expect(handRule(name)?.policy.kind, name).toBe('allowlist');
    expect(kind('terraform apply -auto-approve')).toBe('simple');
    expect(kind('terraform fmt -recursive -check')).toBe('simple');
    expect(kind('terraform plan -lock=false -input=false -out=tfplan')).toBe('simple');
    expect(kind('terraform state mv a b')).toBe('simple');
    expect(kind('terraform providers lock -platform=linux_amd64')).toBe('simple');
    expect(key('terraform apply -auto-approve -evil')).toContain('#unknown_option');
    expect(key('terraform plan -var-file=../secrets.tfvars')).toContain('#outside');
    expect(kind('gh pr list --json number,title')).toBe('simple');
  });

  it('gem, brew, rustup, lerna: options and commands their specs lack', () => {
    expect(kind('gem install rails -v 7.0.0 --no-document')).toBe('simple');
    expect(kind('brew deps --tree node')).toBe('simple');
    expect(kind('rustup component list --installed')).toBe('simple');
    expect(kind('lerna publish from-package --yes')).toBe('simple');
    expect(key('gem install --evil x')).toContain('#unknown_option');
  });

  it('rbenv, bundle: the tools’ own options', () => {
    expect(kind('rbenv install -l')).toBe('simple');
    expect(kind('bundle config set --local path vendor/bundle')).toBe('simple');
    expect(kind('bundle -v')).toBe('simple');
    expect(key('rbenv install -Z 3.2.2')).toContain('#unknown_option');
  });

  it('more commands and options the specs lack (aws logs tail, brew bundle, rustup, gcloud, lerna)', () => {
    expect(kind('aws logs tail my-group --follow')).toBe('simple');
    expect(kind('brew bundle --file Brewfile')).toBe('simple');
    expect(kind('brew bundle cleanup --force')).toBe('simple');
    expect(kind('rustup component add rust-src --toolchain nightly')).toBe('simple');
    expect(kind('gcloud run deploy web --source .')).toBe('simple');
    expect(kind('lerna changed --json')).toBe('simple');
    expect(kind('lerna run build --skip-nx-cache')).toBe('simple');
    expect(key('aws logs tail g --evil')).toContain('#unknown_option');
  });
});
