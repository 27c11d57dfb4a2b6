/**
 * Subcommands are named the way the program resolves them (aliases, npm's abbreviations), so a deny
 * rule on `run_command:npm:publish` is not dodged by `npm publ` — through the real engine.
 */
import { describe, expect, it } from 'vitest';
import { commandEngine } from '../permissions.testkit.js';
import { classifyCommand } from './classify.js';
import { NPM_ALIASES, NPM_COMMANDS, npmDeref } from './programs/node/npmCommands.js';
import { expectCompound, expectSimple } from './classify.testkit.js';

/** Every word npm runs as `command`: the name, its aliases, every prefix that resolves to it. */
function npmSpellings(command: string): string[] {
  const words = new Set<string>();
  for (const w of [...NPM_COMMANDS, ...Object.keys(NPM_ALIASES)]) for (let n = 1; n <= w.length; n++) words.add(w.slice(0, n));
  return [...words].filter((w) => npmDeref(w) === command).sort();
}

describe('canonical subcommands', () => {
  it.each([
    ['npm publ', 'npm', 'publish'],
    ['npm pub --otp 123', 'npm', 'publish'],
    ['npm i', 'npm', 'install'],
    ['npm add lodash', 'npm', 'install'],
    ['npm isntall', 'npm', 'install'],
    ['npm t', 'npm', 'test'],
    ['npm tst', 'npm', 'test'],
    ['npm run-script build', 'npm', 'run'],
    ['npm rum build', 'npm', 'run'],
    ['npm install-cl', 'npm', 'ci'],
    ['npm clean-install', 'npm', 'ci'],
    ['npm installTest', 'npm', 'install-test'],
    ['npm -g rm left-pad', 'npm', 'uninstall'],
    ['npm --workspace a unpub x', 'npm', 'unpublish'],
    ['pnpm rm lodash', 'pnpm', 'remove'],
    ['pnpm uni lodash', 'pnpm', 'remove'],
    ['pnpm up', 'pnpm', 'update'],
    ['pnpm t', 'pnpm', 'test'],
    ['pnpm ls', 'pnpm', 'list'],
    ['pnpm run-script build', 'pnpm', 'run'],
    ['pnpm i', 'pnpm', 'install'],
    ['pnpm install --frozen-lockfile', 'pnpm', 'install'],
    // pnpm runs `install <pkg>` as add.
    ['pnpm i lodash', 'pnpm', 'add'],
    ['pnpm install -D typescript', 'pnpm', 'add'],
    // pnpm's recursive/multi/m qualifies the command after it.
    ['pnpm m publish', 'pnpm', 'publish'],
    ['pnpm recursive --filter a rm x', 'pnpm', 'remove'],
    ['pnpm multi', 'pnpm', 'recursive'],
    ['pnpm recursive', 'pnpm', 'recursive'],
    ['bun i', 'bun', 'install'],
    ['bun i -g typescript', 'bun', 'add'],
    ['bun a zod', 'bun', 'add'],
    ['bun rm zod', 'bun', 'remove'],
    ['bun uninstall zod', 'bun', 'remove'],
    ['bun c', 'bun', 'create'],
    ['cargo b --release', 'cargo', 'build'],
    ['cargo +nightly t', 'cargo', 'test'],
    ['cargo r', 'cargo', 'run'],
    ['cargo rm serde', 'cargo', 'remove'],
    ['cargo d', 'cargo', 'doc'],
    ['cargo c', 'cargo', 'check'],
    ['bundle i', 'bundle', 'install'],
    ['bundle ls', 'bundle', 'list'],
    ['bundle pack', 'bundle', 'cache'],
  ])('%s → %s:%s', (command, program, subcommand) => {
    expectSimple(command, program, subcommand);
  });

  it.each([
    // npm would refuse these (ambiguous prefix, unknown): the word stays.
    ['npm p', 'npm', 'p'],
    ['npm st', 'npm', 'st'],
    ['npm xyz', 'npm', 'xyz'],
    ['npm constructor', 'npm', 'constructor'],
    ['npm Publish', 'npm', 'Publish'],
    // not pnpm aliases (r was remove before pnpm 6; purge is 11 only): a script or a program.
    ['pnpm r', 'pnpm', 'r'],
    ['pnpm purge', 'pnpm', 'purge'],
    ['pnpm publ', 'pnpm', 'publ'],
    // yarn (classic and berry) has no alias it resolves itself; unknown words are scripts.
    ['yarn rm x', 'yarn', 'rm'],
    ['yarn i', 'yarn', 'i'],
    // bun: no prefixes; `update` means different things across versions.
    ['bun publ', 'bun', 'publ'],
    ['bun update', 'bun', 'update'],
  ])('%s keeps the word: %s:%s', (command, program, subcommand) => {
    expectSimple(command, program, subcommand);
  });

  it('git has no built-in aliases: `git co` keeps the word, and with no option table it is compound', () => {
    // User-defined aliases need I/O (docs/permissions.md); what `co` runs and reads is unknown.
    const c = expectCompound('git co main');
    expect(c.programs[0]).toEqual({ program: 'git', subcommand: 'co' });
    expect(c.key).toContain('#unknown_option');
  });

  it('cargo takes no prefixes: an unknown word runs an external cargo-<word> program, so it is compound', () => {
    expect(expectCompound('cargo bu').key).toBe('run_command:cargo-bu-#unknown_option-[-?-]');
  });

  it('names the canonical subcommand in compound keys and notes the spelling', () => {
    const c = expectCompound('npm publ && echo ok');
    expect(c.key).toBe('run_command:npm-publish-&&-echo');
    expect(c.programs[0]).toEqual({ program: 'npm', subcommand: 'publish' });
    expect(c.notes).toContain('npm runs "publ" as publish');
  });

  it('lists each candidate also as resolved when an unknown option makes the subcommand uncertain', () => {
    const c = expectCompound('npm --no-such-flag publ');
    expect(c.programs).toEqual(
      expect.arrayContaining([
        { program: 'npm', subcommand: 'publ' },
        { program: 'npm', subcommand: 'publish' },
      ]),
    );
  });

  it.each([
    ['npm exe -- rm -rf x', 'rm'],
    ['npm x -- rm -rf x', 'rm'],
    ['npm exec -- rm -rf x', 'rm'],
    ['pnpm m exec rm -rf x', 'rm'],
    ['pnpm recursive exec -- rm -rf x', 'rm'],
    ['bundle e rm -rf x', 'rm'],
    ['bundle exe rm -rf x', 'rm'],
    ['composer ex rm -rf x', 'rm'],
    ['composer EXE rm -rf x', 'rm'],
  ])('an abbreviated or qualified runner still runs what follows: %s', (command, inner) => {
    const c = expectCompound(command);
    expect(c.programs.map((p) => p.program)).toContain(inner);
  });

  it.each(['npm edi', 'npm explo -- ls', 'npm conf set script-shell=x', 'npm cre vite'])(
    'abbreviations reach the dangerous-argument checks of their command: %s',
    (command) => {
      expect(classifyCommand(command).kind).toBe('compound');
    },
  );
});

describe('a deny rule beats the wildcard allow for every spelling (engine)', () => {
  const { harness, check } = commandEngine();

  it('npm: every spelling of publish, and the wildcard still allows the rest', async () => {
    await harness().engine.addDenyRule('run_command:npm:publish');
    harness().engine.addSessionEntry('run_command:npm:*');
    const spellings = npmSpellings('publish');
    expect(spellings).toEqual(['pu', 'pub', 'publ', 'publi', 'publis', 'publish']);
    for (const w of spellings) {
      expect(await check(`npm ${w}`), w).toMatchObject({ allowed: false, via: 'deny-rule', asked: false });
      expect(await check(`npm --workspace a ${w} --tag next`), w).toMatchObject({ allowed: false, via: 'deny-rule' });
    }
    expect(await check('npm publ && echo done')).toMatchObject({ allowed: false, via: 'deny-rule' });
    expect(await check('npm --no-such-flag publ')).toMatchObject({ allowed: false, via: 'deny-rule' });
    expect(await check('npm pack')).toMatchObject({ allowed: true, via: 'session' });
    expect(await check('npm unpublish x')).toMatchObject({ allowed: true, via: 'session' });
  });

  it('npm: aliases, typos and alias abbreviations of install and ci', async () => {
    await harness().engine.addDenyRule('run_command:npm:install');
    await harness().engine.addDenyRule('run_command:npm:ci');
    harness().engine.addSessionEntry('run_command:npm:*');
    const install = npmSpellings('install');
    for (const w of ['i', 'in', 'ins', 'add', 'isntall', 'instal']) expect(install).toContain(w);
    for (const w of [...install, ...npmSpellings('ci')])
      expect(await check(`npm ${w}`), w).toMatchObject({ allowed: false, via: 'deny-rule' });
    expect(npmSpellings('ci')).toEqual(expect.arrayContaining(['ic', 'clean-install', 'install-cl', 'install-clean', 'isntall-c']));
    expect(await check('npm test')).toMatchObject({ allowed: true, via: 'session' });
  });

  it('pnpm: remove aliases, install-with-a-package as add, recursive forms', async () => {
    await harness().engine.addDenyRule('run_command:pnpm:remove');
    await harness().engine.addDenyRule('run_command:pnpm:add');
    await harness().engine.addDenyRule('run_command:pnpm:publish');
    harness().engine.addSessionEntry('run_command:pnpm:*');
    for (const c of ['pnpm rm x', 'pnpm un x', 'pnpm uni x', 'pnpm uninstall x', 'pnpm m rm x'])
      expect(await check(c), c).toMatchObject({ allowed: false, via: 'deny-rule' });
    for (const c of ['pnpm i lodash', 'pnpm install lodash', 'pnpm add lodash'])
      expect(await check(c), c).toMatchObject({ allowed: false, via: 'deny-rule' });
    for (const c of ['pnpm m publish', 'pnpm multi publish', 'pnpm recursive publish', 'pnpm -r publish'])
      expect(await check(c), c).toMatchObject({ allowed: false, via: 'deny-rule' });
    expect(await check('pnpm i')).toMatchObject({ allowed: true, via: 'session' });
  });

  it('bun and cargo built-in aliases', async () => {
    await harness().engine.addDenyRule('run_command:bun:remove');
    await harness().engine.addDenyRule('run_command:cargo:run');
    harness().engine.addSessionEntry('run_command:bun:*');
    harness().engine.addSessionEntry('run_command:cargo:*');
    for (const c of ['bun r x', 'bun rm x', 'bun uninstall x', 'cargo r', 'cargo +stable r --release'])
      expect(await check(c), c).toMatchObject({ allowed: false, via: 'deny-rule' });
    expect(await check('cargo b')).toMatchObject({ allowed: true, via: 'session' });
  });
});
