/** yarn's workspace fronts run the rest of the line as another yarn command (yarnWorkspaces.ts). */
import { describe, expect, it } from 'vitest';
import { classifyCommand } from '../../classify.js';
import { expectCompound, expectSimple } from '../../classify.testkit.js';

const programs = (command: string) => {
  const c = classifyCommand(command);
  if (c.kind === 'compound') return c.programs.map((p) => p.program);
  if (c.kind === 'simple') return [c.program, ...(c.mayRun ?? []).map((p) => p.program)];
  return [];
};

describe('yarn workspace / workspaces foreach / workspaces run', () => {
  it('classifies the command after the front as that yarn command', () => {
    expect(expectSimple('yarn workspace foo build', 'yarn', 'build').mayRun).toEqual([{ program: 'build', runBy: 'yarn' }]);
    expectSimple('yarn workspace @scope/a add lodash', 'yarn', 'add');
    expectSimple('yarn workspaces foreach -A run build', 'yarn', 'run');
    expectSimple('yarn workspaces foreach -Apt --since --include @a/b -j 4 --from=x run build', 'yarn', 'run');
    expectSimple('yarn workspaces run test', 'yarn', 'run');
  });

  it('exec through a front runs its command: bash is listed', () => {
    expect(expectCompound('yarn workspace foo exec bash').programs).toContainEqual({ program: 'bash' });
    expect(expectCompound('yarn workspaces foreach -A exec bash').programs).toContainEqual({ program: 'bash' });
    expect(expectCompound('yarn workspace a workspace b exec bash').programs).toContainEqual({ program: 'bash' });
    // yarn 1 spawns `yarn <rest>`: its exec reads options after the program as its own.
    expect(programs('yarn workspace a exec env -i a curl x')).toContain('?');
  });

  it('yarn run falls back to a dependency program: git push is listed', () => {
    expect(expectSimple('yarn workspace a run git push', 'yarn', 'run').mayRun).toEqual([
      { program: 'git', subcommand: 'push', runBy: 'yarn' },
    ]);
  });

  it('--since takes a value only with = (clipanion tolerateBoolean): the next word is the command', () => {
    expectSimple('yarn workspaces foreach --since main', 'yarn', 'main');
    expect(programs('yarn workspaces foreach --since main exec bash')).toContain('main');
  });

  it('fails closed on an option it does not know inside the front', () => {
    for (const cmd of [
      'yarn workspaces foreach -j 4 --bogus exec bash',
      'yarn workspace -x foo exec bash',
      'yarn workspaces foreach -Az exec bash',
    ])
      expect(programs(cmd), cmd).toContain('?');
  });

  it("leaves yarn's own workspace commands and incomplete fronts as they were", () => {
    expectSimple('yarn workspaces list', 'yarn', 'workspaces');
    expectSimple('yarn workspace foo', 'yarn', 'workspace');
    expectSimple('yarn workspaces foreach -A', 'yarn', 'workspaces');
  });
});
