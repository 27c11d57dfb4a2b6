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

  it('kubectl: the global flags, at every level', () => {
    expect(kind('kubectl get pods -n dev')).toBe('simple');
    expect(kind('kubectl logs web --context prod --namespace api')).toBe('simple');
    expect(kind('kubectl rollout status deploy/web --request-timeout=30s')).toBe('simple');
    expect(key('kubectl get pods --kubeconfig ../other/config')).toContain('#outside');
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

  it('find and uv: their specs are dropped; find reads GNU find’s own table, uv keeps the default', () => {
    expect(specRule('find')).toBeUndefined();
    expect(specRule('uv')).toBeUndefined();
    expect(handRule('find')?.policy.kind).toBe('allowlist');
    expect(handRule('uv')?.policy.kind).toBe('default');
    expect(kind('find . -name "*.ts" -not -path "./node_modules/*"')).toBe('simple');
    expect(kind('uv sync --no-progress --dev')).toBe('simple');
  });
});
