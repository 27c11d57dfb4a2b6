/**
 * Through the real classifier and engine: a deny rule on a program refuses it under its other
 * spellings (a version, another case, a path, `.exe`, a second name the package installs, a front
 * end's long form), whatever is allowed for the session. Allow entries still cover only the name
 * they spell: a grant for `python` is never one for `python3`.
 */
import { describe, expect, it } from 'vitest';
import { commandEngine } from './permissions.testkit.js';

const { harness, check } = commandEngine();

async function deny(...rules: string[]): Promise<void> {
  for (const r of rules) await harness().engine.addDenyRule(r);
}
function allowForSession(...keys: string[]): void {
  for (const k of keys) harness().engine.addSessionEntry(k);
}
async function expectRefusedBy(command: string, rule: string): Promise<void> {
  expect(await check(command), command).toMatchObject({ allowed: false, via: 'deny-rule', entry: rule });
  expect(harness().asker.asked).toHaveLength(0);
}

describe('a deny rule refuses every spelling of its program', () => {
  it.each([
    'python3 -c x',
    'python3.12 x.py',
    'python3.12 -c x',
    '/usr/bin/python3.11 x.py',
    'PYTHON3 x.py',
    'python.exe x.py',
    'env python3 x.py',
    "bash -c 'python3.12 -c y'",
    'pnpm python3 x.py',
    'python3 x.py && echo done',
  ])('run_command:python refuses %s, with that spelling allowed for the session', async (command) => {
    await deny('run_command:python');
    allowForSession('run_command:python3', 'run_command:python3.12', 'run_command:PYTHON3', 'run_command:python.exe', 'run_command:pnpm:*');
    await expectRefusedBy(command, 'run_command:python');
  });

  it.each(['pn publish', 'pn m publish', 'pn --filter a publish', 'PNPM publish', 'pnpm publ1sh; pn publish'])(
    'run_command:pnpm:publish refuses %s',
    async (command) => {
      await deny('run_command:pnpm:publish');
      allowForSession('run_command:pn', 'run_command:pn:*', 'run_command:PNPM', 'run_command:PNPM:*');
      await expectRefusedBy(command, 'run_command:pnpm:publish');
    },
  );

  it('run_command:pnpm:publish leaves other pn commands to the allowlist', async () => {
    await deny('run_command:pnpm:publish');
    allowForSession('run_command:pn:*');
    expect(await check('pn build')).toMatchObject({ allowed: true, via: 'session' });
    expect(await check('pn install')).toMatchObject({ allowed: true, via: 'session' });
  });

  it.each(['pn install', 'pnx create-vite app', 'pnpx create-vite app', 'pnpm exec vite'])(
    'run_command:pnpm refuses %s',
    async (command) => {
      await deny('run_command:pnpm');
      allowForSession('run_command:pn', 'run_command:pn:*', 'run_command:pnx', 'run_command:pnpx');
      await expectRefusedBy(command, 'run_command:pnpm');
    },
  );

  it('a rule written with the second name (run_command:pn:publish) refuses pnpm publish too', async () => {
    await deny('run_command:pn:publish');
    allowForSession('run_command:pnpm:*');
    await expectRefusedBy('pnpm publish', 'run_command:pn:publish');
  });

  it('a front end meets the rules on its long form, and the other way round', async () => {
    await deny('run_command:npm:exec', 'run_command:pnpm:dlx', 'run_command:bunx');
    allowForSession('run_command:npx', 'run_command:pnx', 'run_command:bun:*');
    await expectRefusedBy('npx --version', 'run_command:npm:exec');
    await expectRefusedBy('npx prettier .', 'run_command:npm:exec');
    await expectRefusedBy('pnx create-vite', 'run_command:pnpm:dlx');
    await expectRefusedBy('bun x vite', 'run_command:bunx');
    // npm's other commands are not npx.
    allowForSession('run_command:npm:*');
    expect(await check('npm test')).toMatchObject({ allowed: true, via: 'session' });
  });

  it('programs without rules of their own are matched by version too (ruby3.2, gpg2, node20)', async () => {
    await deny('run_command:ruby', 'run_command:gpg', 'run_command:node');
    allowForSession('run_command:ruby3.2', 'run_command:gpg2', 'run_command:node20');
    await expectRefusedBy('ruby3.2 x.rb', 'run_command:ruby');
    await expectRefusedBy('gpg2 --sign x', 'run_command:gpg');
    await expectRefusedBy('node20 x.js', 'run_command:node');
  });

  it('a versioned rule refuses its later versions only: run_command:python3 leaves python2 and python to ask', async () => {
    await deny('run_command:python3');
    await expectRefusedBy('python3.12 x.py', 'run_command:python3');
    await expectRefusedBy('python3 x.py', 'run_command:python3');
    const { asker } = harness();
    asker.answer({ choice: 'once' });
    expect(await check('python2 x.py')).toMatchObject({ allowed: true, via: 'once' });
    asker.answer({ choice: 'once' });
    expect(await check('python x.py')).toMatchObject({ allowed: true, via: 'once' });
    // …and a name that merely starts the same is no version of it.
    asker.answer({ choice: 'once' });
    expect(await check('python3-config --libs')).toMatchObject({ allowed: true, via: 'once' });
  });
});

describe('allow entries still cover only the name they spell', () => {
  it('run_command:python allowed for the session does not cover python3 or python3.12: they ask', async () => {
    allowForSession('run_command:python', 'run_command:pnpm:*');
    const { asker } = harness();
    expect(await check('python x.py')).toMatchObject({ allowed: true, via: 'session' });
    for (const command of ['python3 x.py', 'python3.12 x.py', 'PYTHON x.py']) {
      asker.answer({ choice: 'once' });
      expect(await check(command), command).toMatchObject({ allowed: true, via: 'once' });
    }
    expect(asker.asked).toHaveLength(3);
  });

  it('run_command:pnpm:* allowed does not cover pn publish', async () => {
    allowForSession('run_command:pnpm:*');
    const { asker } = harness();
    asker.answer({ choice: 'once' });
    expect(await check('pn publish')).toMatchObject({ allowed: true, via: 'once' });
    expect(asker.asked).toHaveLength(1);
  });
});
