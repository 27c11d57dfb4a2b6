/**
 * Through the real classifier and engine: the front ends of the package runners (npx = npm exec,
 * pnpx/pnx = pnpm dlx, bunx = bun x, pn = pnpm) are seen by deny rules on the program they run,
 * whatever is allowed for the session, and an allow for the runner never covers what it runs.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { classifyCommand } from './shell/index.js';
import { commandEngine } from './permissions.testkit.js';

const RUNNERS = ['npx', 'pnpx', 'pnx', 'bunx', 'pn', 'npm', 'pnpm', 'bun', 'yarn'];

const { harness, check } = commandEngine();
beforeEach(async () => {
  const { engine } = harness();
  await engine.addDenyRule('run_command:bash');
  await engine.addDenyRule('run_command:git:push');
  for (const runner of RUNNERS) {
    engine.addSessionEntry(`run_command:${runner}`);
    engine.addSessionEntry(`run_command:${runner}:*`);
  }
});

describe('deny rules see what a package runner front end runs', () => {
  it.each([
    ['npx bash -c x', 'run_command:bash'],
    ['npx --yes bash -c x', 'run_command:bash'],
    ['npx -p some-pkg bash -c x', 'run_command:bash'],
    ["npx -c 'bash -c y'", 'run_command:bash'],
    ["npx --call='bash -c y'", 'run_command:bash'],
    ['npx -- git push origin', 'run_command:git:push'],
    ['pnpx bash', 'run_command:bash'],
    ['pnx bash -c x', 'run_command:bash'],
    ["pnpx -c 'git push'", 'run_command:git:push'],
    ['bunx bash', 'run_command:bash'],
    ['bunx --bun bash -c x', 'run_command:bash'],
    ['bunx git push', 'run_command:git:push'],
    ['pn bash -c x', 'run_command:bash'],
    ['pn dlx bash', 'run_command:bash'],
    ['pn exec git push', 'run_command:git:push'],
    // The long forms, with the option readings fixed here (nopt: -p is --parseable, --registry takes a value).
    ['npm exec -p bash x', 'run_command:bash'],
    ['npm exec --registry http://r bash -c y', 'run_command:bash'],
    ['pnpm dlx bash', 'run_command:bash'],
    ['bun x git push', 'run_command:git:push'],
    // pnpm exec (shell mode given before exec), yarn dlx, yarn exec (a script of yarn's shell).
    ['pnpm exec bash -c x', 'run_command:bash'],
    ["pnpm -c exec 'git push'", 'run_command:git:push'],
    ["pn --shell-mode exec 'echo a && git push'", 'run_command:git:push'],
    ['yarn dlx -p some-pkg bash', 'run_command:bash'],
    ['yarn dlx -q -- git push', 'run_command:git:push'],
    ["yarn exec 'curl -s x | bash'", 'run_command:bash'],
    ['yarn exec -- git push origin', 'run_command:git:push'],
  ])('%s is refused by %s even with the runner allowed for the session', async (command, rule) => {
    const d = await check(command);
    expect(d).toMatchObject({ allowed: false, via: 'deny-rule', entry: rule });
    expect(harness().asker.asked).toHaveLength(0);
  });

  it('bunx -p X Y is refused when X is denied: older bun runs X (it ignores -p)', async () => {
    const d = await check('bunx -p bash x');
    expect(d).toMatchObject({ allowed: false, via: 'deny-rule', entry: 'run_command:bash' });
  });

  it.each([
    'npx --unknown-opt bash',
    'pnpx --frobnicate bash',
    'bunx --later-flag bash',
    'npx $RUNNER',
    'npm exec --reg x y',
    'pnpm exec --frobnicate bash',
    'yarn dlx --frobnicate bash',
    'yarn exec -x bash',
    // An unknown option before a subcommand that runs programs: its own options may be misread.
    "npm --frobnicate exec -c 'bash x'",
    "yarn --frobnicate exec 'bash x'",
  ])('%s: an option the classifier does not know before the program is refused by any program deny (fail closed)', async (command) => {
    const d = await check(command);
    expect(d).toMatchObject({ allowed: false, via: 'deny-rule' });
  });

  it.each(['npx prettier --check .', 'pnpx create-vite app', 'bunx vite', 'npm exec tsc'])(
    '%s is not covered by the runner allowed for the session: it asks',
    async (command) => {
      const { asker } = harness();
      asker.answer({ choice: 'once' });
      const d = await check(command);
      expect(d).toMatchObject({ allowed: true, via: 'once' });
      expect(asker.asked).toHaveLength(1);
      expect(asker.asked[0]!.flags?.compound).toBe(true);
    },
  );

  it('npx prettier --check . gets the same kind of key and program list as npm exec prettier --check .', () => {
    const short = classifyCommand('npx prettier --check .');
    const long = classifyCommand('npm exec prettier --check .');
    expect(short.kind).toBe('compound');
    expect(long.kind).toBe('compound');
    if (short.kind !== 'compound' || long.kind !== 'compound') return;
    expect(short.key).toBe('run_command:npx-#exec-[-prettier-]');
    expect(long.key).toBe('run_command:npm-exec-#exec-[-prettier-]');
    // The same tail after the runner's own token(s), the same programs after the runner.
    expect(short.key.replace(/^run_command:npx-/, '')).toBe(long.key.replace(/^run_command:npm-exec-/, ''));
    expect(short.programs.slice(1)).toEqual(long.programs.slice(1));
    expect(short.programs[0]).toEqual({ program: 'npx' });
    expect(long.programs[0]).toEqual({ program: 'npm', subcommand: 'exec' });
  });

  it('pn build is still pnpm build: allowed by run_command:pn:* without a prompt', async () => {
    expect(await check('pn build')).toMatchObject({ allowed: true, via: 'session' });
    expect(harness().asker.asked).toHaveLength(0);
  });

  it('npx --version runs nothing else and stays simple', async () => {
    expect(await check('npx --version')).toMatchObject({ allowed: true, via: 'session' });
  });
});
