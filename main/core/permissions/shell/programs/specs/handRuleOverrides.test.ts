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

  it('find and uv: their specs are dropped; each reads its own table (GNU find’s, uv’s CLI reference)', () => {
    expect(specRule('find')).toBeUndefined();
    expect(specRule('uv')).toBeUndefined();
    expect(handRule('find')?.policy.kind).toBe('allowlist');
    expect(handRule('uv')?.policy.kind).toBe('allowlist');
    expect(kind('find . -name "*.ts" -not -path "./node_modules/*"')).toBe('simple');
    expect(kind('uv sync --no-progress --dev')).toBe('simple');
  });
});
