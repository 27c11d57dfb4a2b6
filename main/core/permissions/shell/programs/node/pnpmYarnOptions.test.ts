/** The spellings pnpm's (nopt) and yarn's (commander / clipanion) option readers accept. */
import { describe, expect, it } from 'vitest';
import { classifyCommand } from '../../classify.js';

const kind = (c: string) => classifyCommand(c).kind;

describe('pnpm options (nopt)', () => {
  it.each([
    'pnpm install --frozen-l', // a unique prefix
    'pnpm install --no-optional',
    'pnpm install --frozen-lockfile false', // a switch takes true/false
    'pnpm install ---frozen-lockfile', // any number of dashes
    'pnpm add -DE x', // a cluster of shorthands
    'pnpm add x -F app -w',
    'pnpm remove x --save-dev',
    'pnpm up --latest --interactive',
    'pnpm run -r --parallel dev --pnpmfile x', // after the script name: the script's
    'pnpm t --unknown-to-pnpm', // test hands every word to the script
    'pnpm help add',
    'pnpm get registry',
  ])('%s is simple', (c) => expect(kind(c)).toBe('simple'));

  it.each([
    'pnpm install --p', // ambiguous prefix
    'pnpm add -DX x', // a letter that is no shorthand
    'pnpm add x --pnpmfile=./h.cjs',
    'pnpm install --store-d /tmp/s', // a prefix of a writing option still writes
    'pnpm run --pnpmfile x build',
    'pnpm deploy out', // no table
  ])('%s is compound', (c) => expect(kind(c)).toBe('compound'));

  it('keys a run-time word where an option may stand', () => {
    expect(classifyCommand('pnpm install "$OPT"').kind).toBe('compound');
  });
});

describe('yarn options (yarn 1 ∪ yarn 4)', () => {
  it.each([
    'yarn install --no-lockfile',
    'yarn install --network-timeout 600000',
    'yarn add -D --exact x',
    'yarn add x -W',
    'yarn run -T tsc --noEmit',
    'yarn cache clean --all',
    'yarn config set color false',
    'yarn workspaces list --json',
    'yarn help',
  ])('%s is simple', (c) => expect(kind(c)).toBe('simple'));

  it.each([
    'yarn install --immut', // no prefixes in either parser
    'yarn run --inspect jest',
    'yarn run --require=./x.js jest',
    'yarn add -DZ x',
    'yarn install --mutex network:31997',
    'yarn workspaces foreach -A --frob run build',
  ])('%s is compound', (c) => expect(kind(c)).toBe('compound'));
});
