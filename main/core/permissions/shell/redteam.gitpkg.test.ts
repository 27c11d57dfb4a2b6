/**
 * Red-team table for the option allowlists of git and the package managers (issue 16, themes 2,
 * 3, 4 and 8): plumbing and maintenance options that run a program or write outside the project,
 * options that load code or name a program, options that write a file they name, and the
 * everyday forms that must stay one simple call. "verified" rows were run under
 * a sandboxed bash trace (bubblewrap + strace) (bash -c, real git 2.39 / npm 11 / pip 23 in a sandbox) and did
 * what the why says; other rows cite the program's documentation or source.
 */
import { describe, expect, it } from 'vitest';
import { itClassifiesRows, type Row } from './redteam.testkit.js';

const ROWS: readonly Row[] = [
  // ── Theme 2: git transports, strategies, pagers and writes outside the project ──
  ["git ls-remote --upload-pack='touch pwned' /x", 'compound', 'verified: runs sh -c "touch pwned …"'],
  ["git push --receive-pack='touch pwned' /x HEAD", 'compound', 'verified: runs the receive-pack program through sh'],
  ["git push --exec='touch pwned' /x HEAD", 'compound', 'verified: --exec is push’s name for --receive-pack'],
  ["git pull --upload-pack='touch pwned' /x", 'compound', 'verified: pull hands it to git fetch, which runs it'],
  ["git clone --no-local -u 'touch pwned' r y", 'compound', 'verified: clone -u runs the upload-pack program'],
  ["git rebase --exec='touch pwned' HEAD~1", 'compound', 'verified: runs the command after each commit'],
  ["git grep --open-files-in-pager='touch pwned' -e x", 'compound', 'verified: runs the "pager" on the matching files'],
  ['git merge -s evil topic', 'compound', 'verified: runs git-merge-evil from PATH (a strategy git does not have)'],
  ['git archive --output=/tmp/outside.tar HEAD', 'compound', 'verified: writes /tmp/outside.tar'],
  ['git log --output=/tmp/outside.txt -1', 'compound', 'verified: the diff option --output writes the file'],
  ['git read-tree --index-output=../outside.idx HEAD', 'compound', 'verified: renames the new index to ../outside.idx'],
  ['git init --separate-git-dir=/tmp/outside-g z', 'compound', 'verified: creates the repository (hooks too) in /tmp'],
  ['git bundle create /tmp/outside.bundle HEAD', 'compound', 'verified: writes the bundle; bundle has no option table'],
  ['git pack-objects ../outside/pack', 'compound', 'verified: renames the pack to the base name it is given; no table'],
  ["git difftool -y -x 'touch pwned' topic", 'compound', 'git-difftool(1): -x/--extcmd runs the command for every file'],
  ['git repack -a -d --filter=blob:none --filter-to=/tmp/outside', 'compound', 'git-repack(1): writes the filtered-out pack there'],
  [
    "git push --branches --exec='touch pwned' /x",
    'compound',
    'builtin/push.c: --branches is OPT_ALIAS of --all, no value to hide --exec in',
  ],
  ['git gc --frobnicate', 'compound', 'not in git gc’s table: an option a later release adds is unknown, not harmless'],
  ['git co main', 'compound', 'an alias or git-co program: no table, what it runs is the configuration’s'],
  // Everyday git stays one simple call.
  ['git log --oneline -20', 'simple', 'ordinary'],
  ['git diff --stat HEAD~1', 'simple', 'ordinary'],
  ['git log -p -S foo -- src', 'simple', 'ordinary'],
  ['git stash push -m wip', 'simple', 'ordinary'],
  ['git fetch --all --prune', 'simple', 'ordinary'],
  ['git push -u origin HEAD', 'simple', 'ordinary'],
  ['git rev-parse --show-toplevel', 'simple', 'ordinary'],
  ['git config --get remote.origin.url', 'simple', 'reads a value'],
  ['git merge -s ours topic', 'simple', 'a strategy git has built in runs no program'],
  ['git config --global color.ui auto', 'simple', 'a display-only setting names no program wherever it is written'],
  ['git worktree list', 'simple', 'ordinary'],
  ['git branch -vv', 'simple', 'ordinary'],

  // ── Theme 3: options that load code (npm, pip) ──
  ["npm test --node-options='--require ./x.js'", 'compound', 'verified: node requires ./x.js before the test script'],
  ['npm init -y --init-mod ./x.js', 'compound', 'verified: nopt expands the abbreviation; npm runs the init module'],
  ['npm run build --userconfig ./evil.npmrc', 'compound', 'verified: the file sets script-shell, which then runs'],
  ['npm run build --globalconfig=./evil.npmrc', 'compound', 'npm docs (config): the global npmrc is read like the user one'],
  // ── Theme 4: options that name a program to run ──
  ['npm run build --script-shell=./sh', 'compound', 'verified: runs ./sh -c "echo hi"'],
  ['npm run build --scr=./sh', 'compound', 'verified: nopt accepts the unique prefix'],
  ['npm run build -script-shell ./sh', 'compound', 'verified: nopt strips any number of dashes'],
  ['npm config set script-shell ./sh', 'compound', 'npm docs (config, script-shell): every later npm run uses it'],
  ['pnpm config set script-shell ./sh', 'compound', 'pnpm docs (settings, script-shell): later pnpm run uses it'],
  ['yarn config set yarnPath ./evil.cjs', 'compound', 'yarn docs (yarnrc, yarnPath): every later yarn runs that file'],
  ['pip config set global.python ./py', 'compound', 'pip docs (configuration): a setting is any long option; --python re-runs pip'],
  ['pip --python ./py install x', 'compound', 'verified: pip re-executes itself under ./py'],
  // ── Theme 8: options that write a file they name ──
  ['npm run build --logs-dir=../outside-logs --loglevel silly', 'compound', 'verified: writes the debug log there'],
  ['npm run build --cache ../outside-cache', 'compound', 'verified: creates the cache (and its logs) there'],
  ['pip install --log-file=../outside.log --no-index x', 'compound', 'verified: writes the log even when the install fails'],
  ['pip install --report ../outside.json --dry-run ./pkg', 'compound', 'verified: writes the report'],
  ['pip install --target ../outside ./pkg', 'compound', 'verified: installs into ../outside'],
  ['pip download -d ../outside-dl ./pkg', 'compound', 'verified: creates the folder and saves there'],
  ['pip wheel -w ../outside-wh ./pkg', 'compound', 'verified: creates the wheel folder there'],
  ['npm run build --watch', 'compound', 'not an npm config: npm would take it as config, not pass it to the script'],
  // Everyday package-manager calls stay simple.
  ['npm run build -- --watch', 'simple', 'verified: --watch is the script’s (sh -c "echo hi --watch")'],
  ['npm test -- -t name', 'simple', 'verified: the arguments go to the test script'],
  ['npm ci', 'simple', 'ordinary'],
  ['npm i -D vitest', 'simple', 'ordinary'],
  ['npm run dev -w packages/app', 'simple', 'ordinary'],
  ['npm config set color false', 'simple', 'a display-only setting'],
  ['pip install -r requirements.txt', 'simple', 'ordinary'],
  ['pip install -e .', 'simple', 'ordinary'],
  ['pip install -U pip', 'simple', 'ordinary'],
  ['pip install --no-cache-dir -r requirements.txt', 'simple', 'ordinary'],
  ['pip list --outdated', 'simple', 'ordinary'],
];

describe('red team: git and package-manager option allowlists', () => {
  itClassifiesRows(ROWS);

  it('has at least 10 new rows for each theme it covers', () => {
    const count = (from: string, to: string) => {
      const a = ROWS.findIndex((r) => r[0].startsWith(from));
      const b = ROWS.findIndex((r) => r[0].startsWith(to));
      return ROWS.slice(a, b).filter((r) => r[1] === 'compound').length;
    };
    expect(count("git ls-remote --upload-pack='touch", 'git log --oneline -20')).toBeGreaterThanOrEqual(10);
    expect(count("npm test --node-options='--require", 'npm run build -- --watch')).toBeGreaterThanOrEqual(10);
  });
});
