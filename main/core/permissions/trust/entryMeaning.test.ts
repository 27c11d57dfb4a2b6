import { describe, expect, it } from 'vitest';
import { entryAction, entryMeaning } from './entryMeaning.js';

describe('entryMeaning: what trusting an entry would grant, in words', () => {
  it.each([
    ['write_file:**', 'create or overwrite any file in the project (except dotfiles and protected paths, which always ask)'],
    ['edit_file:src/**', 'edit any file under src/'],
    ['delete_path:build/*.o', 'delete any path matching the pattern "build/*.o"'],
    ['move_path:README.md', 'move or rename the file README.md'],
    ['run_command:*', 'run ANY simple command on this machine, with any arguments'],
    ['run_command:git', 'run git on this machine with any subcommand and arguments'],
    ['run_command:npm:*', 'run npm on this machine with any subcommand and arguments'],
    ['run_command:git:push', 'run "git push" on this machine with any further arguments'],
    ['run_command:git-status-&&-git-add', 'run exactly this command on this machine: git status && git add (key git-status-&&-git-add)'],
    [
      'run_command:for(-)-do(-echo-$i-;-sleep-)',
      'run exactly this command on this machine: for …; do echo $i; sleep; done (key for(-)-do(-echo-$i-;-sleep-))',
    ],
    ['run_sandboxed:cargo', 'run cargo in the sandbox with any subcommand and arguments'],
    ['run_container:*', 'run ANY simple command in a container, with any arguments'],
    ['web_fetch:localhost', 'fetch from localhost (this machine)'],
    ['web_fetch:app.localhost:3000', 'fetch from app.localhost:3000 (this machine)'],
    ['web_fetch:127.0.0.1:8080', 'fetch from the loopback address 127.0.0.1:8080 (this machine)'],
    ['web_fetch:0.0.0.0:3000', 'fetch from the unspecified address 0.0.0.0:3000'],
    ['web_fetch:192.168.1.20', 'fetch from the private address 192.168.1.20'],
    ['web_fetch:10.0.0.5:9200', 'fetch from the private address 10.0.0.5:9200'],
    ['web_fetch:169.254.169.254', 'fetch from the link-local address 169.254.169.254'],
    ['web_fetch:8.8.8.8', 'nothing: 8.8.8.8 is a public address, and public addresses are fetched without asking'],
    [
      'web_fetch:example.com',
      'fetch from example.com when that name resolves to a local or private network address (public addresses are fetched without asking)',
    ],
    ['web_fetch:*.internal', 'fetch from any host matching "*.internal" when it is a local or private network address'],
    ['web_fetch:*', 'fetch from any local or private network address'],
    ['commit:main', 'commit to the branch main'],
    ['commit:release/*', 'commit to any branch matching "release/*"'],
    ['run_capability:fmt@abc123', 'run the capability fmt@abc123 (this exact code)'],
    ['mystery_tool:x', 'use the tool mystery_tool for "x"'],
    ['no-colon', '"no-colon" (not a valid key)'],
  ])('%s → %s', (key, words) => {
    expect(entryAction(key)).toBe(words);
  });

  it('says whether the grant is silent in every session or a preset offered at session start', () => {
    expect(entryMeaning('write_file:docs/**', 'AlwaysThisProject')).toBe(
      'without asking, every session: create or overwrite any file under docs/',
    );
    expect(entryMeaning('run_command:make', 'AlwaysThisSession')).toMatch(/^offered once per session .*: run make/);
  });
});
