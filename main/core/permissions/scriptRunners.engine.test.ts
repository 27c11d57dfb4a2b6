/**
 * Through the real classifier and engine: a deny rule on a program refuses a package manager that
 * may run it in place of a script (`pnpm bash`), whatever is allowed for the session, while
 * `pnpm build` stays covered by `run_command:pnpm:*`.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { commandEngine } from './permissions.testkit.js';

const { harness, check } = commandEngine();
beforeEach(async () => {
  const { engine } = harness();
  await engine.addDenyRule('run_command:bash');
  await engine.addDenyRule('run_command:git:push');
  for (const runner of ['pnpm', 'yarn', 'bun']) engine.addSessionEntry(`run_command:${runner}:*`);
});

describe('deny rules see what a package manager runs instead of a script', () => {
  it.each([
    ["pnpm bash -c 'x'", 'run_command:bash'],
    ['pnpm git push', 'run_command:git:push'],
    ['pnpm -C sub git push origin', 'run_command:git:push'],
    ["pnpm sh -c 'bash -c y'", 'run_command:bash'],
    ['yarn bash -c x', 'run_command:bash'],
    ['yarn run git push', 'run_command:git:push'],
    ['bun bash -c x', 'run_command:bash'],
    ['bun run git push', 'run_command:git:push'],
    ["pnpm bash -c 'x' && echo done", 'run_command:bash'],
  ])('%s is refused by %s even with the runner allowed for the session', async (command, rule) => {
    const d = await check(command);
    expect(d).toMatchObject({ allowed: false, via: 'deny-rule', entry: rule });
    expect(harness().asker.asked).toHaveLength(0);
  });

  it.each(['pnpm build', 'pnpm test --watch', 'pnpm git status', 'yarn lint', 'bun run dev', 'pnpm install'])(
    '%s is still allowed by run_command:<runner>:* without a prompt',
    async (command) => {
      expect(await check(command)).toMatchObject({ allowed: true, via: 'session' });
      expect(harness().asker.asked).toHaveLength(0);
    },
  );

  it('the prompt names the program pnpm may run', async () => {
    const { engine, asker } = harness();
    engine.removeSessionEntry('run_command:pnpm:*');
    asker.answer({ choice: 'once' });
    await check('pnpm vitest run');
    expect(asker.asked[0]!.flags?.notes).toEqual(['pnpm runs "vitest" as a program when no script has that name']);
    expect(asker.asked[0]!.flags?.programs).toEqual([
      { program: 'pnpm', subcommand: 'vitest' },
      { program: 'vitest', runBy: 'pnpm' },
    ]);
  });
});
