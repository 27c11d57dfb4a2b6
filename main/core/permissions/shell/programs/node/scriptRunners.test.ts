/**
 * Package managers that run a word which is none of their commands as a program when no script has
 * that name (pnpm's fallback to exec, yarn's and bun's dependency bins, `bun run` and `yarn run`):
 * the key stays the runner's, the program it may run is listed for deny rules (runBy set).
 */
import { describe, expect, it } from 'vitest';
import { classifyCommand } from '../../classify.js';
import { runnerPrograms } from './scriptRunners.js';
import { programRule } from '../index.js';
import { expectCompound, expectSimple } from '../../classify.testkit.js';

const mayRun = (command: string) => {
  const c = classifyCommand(command);
  if (c.kind === 'simple') return c.mayRun ?? [];
  if (c.kind === 'compound') return c.programs.filter((p) => p.runBy !== undefined);
  return [];
};

describe('pnpm runs a word that is no command as a program', () => {
  it('keeps the simple key and lists the program, classified as its own call', () => {
    const c = expectSimple("pnpm bash -c 'git push'", 'pnpm', 'bash');
    expect(c.mayRun).toEqual([
      { program: 'bash', runBy: 'pnpm' },
      { program: 'git', subcommand: 'push', runBy: 'pnpm' },
    ]);
    expect(c.notes).toEqual(['pnpm runs "bash" as a program when no script has that name']);
    expect(expectSimple('pnpm git push origin main', 'pnpm', 'git').mayRun).toEqual([
      { program: 'git', subcommand: 'push', runBy: 'pnpm' },
    ]);
    expect(expectSimple('pnpm build', 'pnpm', 'build').mayRun).toEqual([{ program: 'build', runBy: 'pnpm' }]);
  });

  it("lists nothing for pnpm's own commands and aliases", () => {
    for (const cmd of ['pnpm install', 'pnpm i', 'pnpm i lodash', 'pnpm add x', 'pnpm rm x', 'pnpm publish', 'pnpm run build', 'pnpm ls']) {
      const c = classifyCommand(cmd);
      expect(c.kind, cmd).toBe('simple');
      if (c.kind === 'simple') expect(c.mayRun, cmd).toBeUndefined();
    }
    // `pnpm m bash` is recursive: pnpm 11 falls back there too, so tsc is listed, `m` is not.
    expect(mayRun('pnpm m tsc').map((p) => p.program)).toEqual(['tsc']);
  });

  it('test, t and start are no commands in pnpm 10 and 11: they may run a program of that name', () => {
    expect(mayRun('pnpm test').map((p) => p.program)).toEqual(['test']);
    expect(mayRun('pnpm t').map((p) => p.program)).toEqual(['t']);
    expect(mayRun('pnpm start').map((p) => p.program)).toEqual(['start']);
  });

  it('a path runs that file: listed by its base name', () => {
    expect(mayRun('pnpm ./scripts/deploy.sh').map((p) => p.program)).toEqual(['deploy.sh']);
  });

  it('pnpm 8+ runs the first word after its leading options: -C dir bash runs dir', () => {
    expect(mayRun('pnpm -C dir bash x').map((p) => p.program)).toEqual(['bash', 'x', 'dir']);
    expect(runnerPrograms('pnpm', programRule('pnpm')!.runner!, ['pnpm', '--silent', '--', 'bash'], 'bash', 3)).toEqual([
      { index: 3, note: 'pnpm runs "bash" as a program when no script has that name' },
    ]);
  });

  it('inside a compound command, with an unknown option, and for a word known only at run time', () => {
    expect(expectCompound("pnpm bash -c 'x' && true").programs).toContainEqual({ program: 'bash', runBy: 'pnpm' });
    expect(mayRun('pnpm --unknown-opt v bash -c y').map((p) => p.program)).toContain('bash');
    expect(expectCompound('pnpm $CMD -c y').programs).toContainEqual({ program: '?', runBy: 'pnpm' });
  });
});

describe('yarn and bun', () => {
  it("yarn <word> and yarn run <word> may run a dependency's bin of that name", () => {
    expect(expectSimple('yarn bash -c x', 'yarn', 'bash').mayRun?.map((p) => p.program)).toEqual(['bash', 'x']);
    expect(expectSimple('yarn run git push', 'yarn', 'run').mayRun).toEqual([{ program: 'git', subcommand: 'push', runBy: 'yarn' }]);
    expect(expectSimple('yarn add lodash', 'yarn', 'add').mayRun).toBeUndefined();
    // A word right after an option without `=` may be its value: the next word counts too.
    expect(mayRun('yarn run --require x git push').map((p) => p.program)).toEqual(['x', 'git']);
  });

  it('yarn 4 runs the rest of the line in a folder given first: yarn ./pkg exec … is yarn exec', () => {
    const c = expectCompound('yarn ./pkg exec rm -rf y');
    expect(c.programs).toEqual([{ program: 'yarn', subcommand: 'exec' }, { program: 'rm' }]);
    expect(expectSimple('yarn ./pkg build', 'yarn', 'build').subcommand).toBe('build');
    // `@scope/name` is a package name, not a folder.
    expect(expectSimple('yarn @scope/tool', 'yarn', '@scope/tool').subcommand).toBe('@scope/tool');
  });

  it('bun <word> (file, script or bin) and bun run <word> (also a system program)', () => {
    expect(expectSimple('bun git push', 'bun', 'git').mayRun).toEqual([{ program: 'git', subcommand: 'push', runBy: 'bun' }]);
    expect(expectSimple('bun run bash -c x', 'bun', 'run').mayRun?.map((p) => p.program)).toEqual(['bash', 'x']);
    expect(expectSimple('bun install', 'bun', 'install').mayRun).toBeUndefined();
    expect(expectSimple('bun test', 'bun', 'test').mayRun).toBeUndefined();
  });

  it('npm never runs a program in place of a script', () => {
    expect(expectSimple('npm bash', 'npm', 'bash').mayRun).toBeUndefined();
  });
});

describe('bounds', () => {
  it('nested or branching runners stop at a bound and list "?" (every program deny applies)', () => {
    const nested = classifyCommand(Array(60).fill('pnpm').join(' ') + ' git push');
    expect(nested.kind).toBe('simple');
    if (nested.kind === 'simple') expect(nested.mayRun).toContainEqual({ program: '?', runBy: 'pnpm' });
    // Unknown options make every later word a candidate: the work stays bounded.
    const branching = expectCompound(Array(40).fill('pnpm --x').join(' ') + ' bash');
    expect(branching.programs).toContainEqual({ program: '?', runBy: 'pnpm' });
  });
});
