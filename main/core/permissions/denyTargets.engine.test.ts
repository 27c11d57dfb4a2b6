/**
 * Through the real classifier and engine: a deny rule on a path key also refuses a
 * shell command whose target is known and matches, in every spelling of the path, whatever is
 * allowed for the session. A target only known at run time keeps asking; reading is not writing.
 */
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { commandPermission } from './keys.js';
import { builtInToolFacts } from '../tools/tools.testkit.js';
import { commandEngine, request } from './permissions.testkit.js';

const { harness } = commandEngine({ tools: builtInToolFacts() });

async function deny(...rules: string[]): Promise<void> {
  for (const r of rules) await harness().engine.addDenyRule(r);
}
/** Every program used below is allowed for the session: only the deny rule can refuse. */
function allowAll(): void {
  for (const p of ['echo', 'tee', 'sed', 'cp', 'mv', 'dd', 'truncate', 'install', 'touch', 'ln', 'rm', 'printf', 'cat', 'curl', 'sort'])
    harness().engine.addSessionEntry(`run_command:${p}`);
}
function decide(command: string, cwd?: string) {
  return harness().engine.decide(request('run_command', commandPermission(command, 'run_command', cwd)));
}
function expectRefused(command: string, rule: string, cwd?: string): void {
  const v = decide(command, cwd);
  expect(v, command).toMatchObject({ outcome: 'deny', via: 'deny-rule', entry: rule });
  expect(v.reason).toMatch(/the command (writes|deletes|moves) /);
}

describe('a deny on write_file:.env refuses shell commands that write .env', () => {
  it.each([
    'echo x > .env',
    'echo x >> .env',
    'echo x >| .env',
    'echo x 2> .env',
    'echo x &> .env',
    'echo x &>> .env',
    'cat x 1<> .env',
    'echo x > ./.env',
    'echo x > sub/../.env',
    'echo x > ./sub/./../.env',
    'tee .env',
    'printf x | tee -a a.txt .env',
    'sed -i s/a/b/ .env',
    'sed -i.bak -e s/a/b/ .env',
    'cp x .env',
    'cp -f x ./.env',
    'cp sub/.env .',
    'cp -t . sub/.env',
    // the file utilities' options are read with their tables (GNU getopt_long: a unique prefix, a
    // cluster ending in -t, options after the operands); an option the table does not know is
    // read past, so the targets after it are still met
    'cp --target=. sub/.env',
    'cp -rt. sub/.env',
    'cp sub/.env -t .',
    'cp --frobnicate x .env',
    'install -Dm600 x .env',
    'mv x .env',
    'dd if=x of=.env',
    'truncate -s 0 .env',
    'install -m 600 x .env',
    'touch .env',
    'ln -sf x .env',
    'curl -o .env http://127.0.0.1:9/',
    'sort -o .env x',
    'sudo tee .env',
    "bash -c 'echo x > .env'",
    'ls && echo x > .env',
    'exec > .env',
    '{ echo x; } > .env',
    "echo x > .e''nv",
    'echo x > /proc/self/cwd/.env',
    'ln -s .env link',
    'ln .env hard',
    'cp -l .env hard',
    'cp --symbolic-link .env link',
    'cp --sym .env link',
  ])('%s', async (command) => {
    await deny('write_file:.env');
    allowAll();
    expectRefused(command, 'write_file:.env');
  });

  it('an absolute path into the project is the same file', async () => {
    await deny('write_file:.env');
    allowAll();
    expectRefused(`echo x > ${path.join(harness().root, '.env')}`, 'write_file:.env');
  });

  it('paths resolve from the command folder (cwd)', async () => {
    await deny('write_file:.env');
    allowAll();
    expectRefused('echo x > ../.env', 'write_file:.env', 'sub');
    expectRefused('cp x ../.env', 'write_file:.env', 'sub');
    // sub/.env is another file.
    expect(decide('echo x > .env', 'sub').outcome).toBe('ask');
  });

  it.each([
    'cd sub && echo x > ../.env',
    'cd sub; cp x ../.env',
    'pushd sub && tee ../.env',
    '(cd a/b && echo x > ../../.env)',
    'cd a && cd b && echo x > ../../.env',
    'cd "$d" && echo x > .env',
    'cd && echo x > .env',
    'cd - && echo x > x/../.env',
    'env -C sub tee ../.env',
    "bash -c 'cd sub; echo x > ../.env'",
  ])('a folder change first does not hide the target: %s', async (command) => {
    await deny('write_file:.env');
    allowAll();
    expectRefused(command, 'write_file:.env');
  });

  it('a folder change leaves other files alone', async () => {
    await deny('write_file:.env');
    expect(decide('cd sub && echo x > out.txt').outcome).toBe('ask');
    expect(decide('cd sub && echo x > ../.env.example').outcome).toBe('ask');
  });

  it('a link to the denied file is refused through its real path', async () => {
    await writeFile(path.join(harness().root, '.env'), 'A=1\n');
    await symlink('.env', path.join(harness().root, 'settings'));
    await deny('write_file:.env');
    allowAll();
    expectRefused('echo x > settings', 'write_file:.env');
  });

  it('glob deny rules and edit_file rules apply too', async () => {
    await deny('write_file:**/.env', 'edit_file:config/*.json');
    allowAll();
    expectRefused('echo x > app/.env', 'write_file:**/.env');
    expectRefused('cp .env.example deploy/.env', 'write_file:**/.env');
    expectRefused('sed -i s/a/b/ config/app.json', 'edit_file:config/*.json');
  });

  it('targets known only at run time keep asking; other files are not refused', async () => {
    await deny('write_file:.env');
    for (const c of ['echo x > "$f"', 'echo x > $(cat name)', 'echo x > .en?', 'echo x > .env.example', 'cp .env .env.bak'])
      expect(decide(c).outcome, c).toBe('ask');
  });

  it('reading a denied file is not writing it (read access is not matched)', async () => {
    await deny('write_file:.env');
    allowAll();
    for (const c of ['cat .env', 'cp .env backup.txt']) expect(decide(c), c).toMatchObject({ outcome: 'allow', via: 'session' });
    // Compound: asks, as any compound command does; not refused.
    expect(decide('cat < .env').outcome).toBe('ask');
  });
});

describe('deny rules on delete_path and move_path meet rm and mv', () => {
  it.each(['rm .env', 'rm -f ./.env', 'unlink .env', 'mv .env old.env'])('delete_path:.env refuses %s', async (command) => {
    await deny('delete_path:.env');
    allowAll();
    harness().engine.addSessionEntry('run_command:unlink');
    expectRefused(command, 'delete_path:.env');
  });

  it('move_path:.env refuses mv .env, not mv into it', async () => {
    await deny('move_path:.env');
    allowAll();
    expectRefused('mv .env elsewhere.env', 'move_path:.env');
    expect(decide('mv x y').outcome).toBe('allow');
  });

  it('leaves commands without denied targets to the allowlist', async () => {
    await mkdir(path.join(harness().root, 'sub'));
    await deny('write_file:.env', 'delete_path:.env');
    allowAll();
    for (const c of ['rm -f build.log', 'cp a b', 'touch sub/x']) expect(decide(c), c).toMatchObject({ outcome: 'allow' });
    expect(decide('echo x > out.txt').outcome).toBe('ask');
  });
});

describe('a command naming a protected file asks every time, whatever is allowed', () => {
  it.each([
    'cp x codecoder.json',
    'mv x ./codecoder.json',
    'echo {} > codecoder.json',
    'tee .git/hooks/pre-commit',
    'cp hook .git/hooks/pre-commit',
    'ln -sf ../../hook .git/hooks/pre-commit',
    'install -m 755 hook sub/.git/hooks/post-checkout',
    'touch .codecoder/x',
    'rm -rf .git',
    'cd .git && cp x hooks/pre-commit',
    'cp x /somewhere/project/codecoder.json',
  ])('%s', (command) => {
    allowAll();
    harness().engine.addSessionEntry('run_command:install');
    const p = commandPermission(command);
    expect(p.kind === 'ask' && p.flags?.protectedPath, command).toBe(true);
    expect(harness().engine.decide(request('run_command', p))).toMatchObject({ outcome: 'ask' });
  });

  it('other files stay covered by the grant', () => {
    allowAll();
    expect(decide('cp x notes/codecoder.json.md')).toMatchObject({ outcome: 'allow' });
    expect(decide('cp x .github/workflows/ci.yml')).toMatchObject({ outcome: 'allow' });
  });
});
