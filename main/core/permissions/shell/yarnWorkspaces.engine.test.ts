/** Through the real classifier and engine: deny rules see the command a yarn workspace front runs. */
import { beforeEach, describe, expect, it } from 'vitest';
import { commandEngine } from '../permissions.testkit.js';

const { harness, check } = commandEngine();
beforeEach(async () => {
  const { engine } = harness();
  await engine.addDenyRule('run_command:bash');
  await engine.addDenyRule('run_command:git:push');
  engine.addSessionEntry('run_command:yarn:*');
});

describe('yarn workspace fronts', () => {
  it.each([
    ['yarn workspace foo exec bash', 'run_command:bash'],
    ['yarn workspaces foreach -A exec bash', 'run_command:bash'],
    ['yarn workspace a run git push', 'run_command:git:push'],
    ['yarn workspaces run git push', 'run_command:git:push'],
  ])('%s is refused by %s with yarn allowed for the session', async (command, rule) => {
    expect(await check(command)).toMatchObject({ allowed: false, via: 'deny-rule', entry: rule });
  });

  it('an unknown foreach option before exec bash is refused (fail closed)', async () => {
    expect(await check('yarn workspaces foreach -j 4 --bogus exec bash')).toMatchObject({ allowed: false });
  });

  it.each(['yarn workspace foo build', 'yarn workspaces foreach -A run build'])(
    '%s is still allowed by run_command:yarn:*',
    async (command) => {
      expect(await check(command)).toMatchObject({ allowed: true, via: 'session' });
    },
  );
});
