import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { commandPermission, parseKey, pathPermission } from './keys.js';
import { AllowSet, DenySet } from './match.js';
import { classifyCommand } from './shell/index.js';
import { makeEngine, request, tempProject } from './permissions.testkit.js';
import type { Permission } from './types.js';

let root: string;
let cleanup: () => Promise<void>;
beforeEach(async () => {
  ({ root, cleanup } = await tempProject());
});
afterEach(async () => cleanup());

const keyOf = (p: Permission) => (p.kind === 'ask' ? p.key.raw : p.kind);

describe('parseKey', () => {
  it('splits at the first colon', () => {
    expect(parseKey('run_command:git')).toEqual({ tool: 'run_command', action: 'git', raw: 'run_command:git' });
    expect(parseKey('run_command:git:push')).toEqual({ tool: 'run_command', action: 'git:push', raw: 'run_command:git:push' });
    expect(parseKey('write_file:a:b/c')).toMatchObject({ tool: 'write_file', action: 'a:b/c' });
  });
  it('names what is wrong', () => {
    expect(() => parseKey('git')).toThrow(/no ':'/);
    expect(() => parseKey('run_command:')).toThrow(/empty action/);
    expect(() => parseKey(':git')).toThrow(/not a tool name/);
    expect(() => parseKey(3)).toThrow(/must be a string/);
  });
});

describe('commandPermission (through the shell classifier)', () => {
  it("the seed's examples, verbatim", () => {
    expect(keyOf(commandPermission('git status'))).toBe('run_command:git');
    expect(keyOf(commandPermission('git status && git add .'))).toBe('run_command:git-status-&&-git-add');
    expect(keyOf(commandPermission('git status && git push origin main'))).toBe('run_command:git-status-&&-git-push');
  });

  it('simple: subcommand and programs flags; compound: compound flag, programs and notes; invalid: reason', () => {
    expect(commandPermission('git -C sub status')).toEqual({
      kind: 'ask',
      key: { tool: 'run_command', action: 'git', raw: 'run_command:git' },
      flags: { programs: [{ program: 'git', subcommand: 'status' }], subcommand: 'status' },
      // The classifier's words, for the prompt's preview (the command is classified once per call).
      argv: ['git', '-C', 'sub', 'status'],
    });
    const c = commandPermission('git status && git push origin main');
    expect(c.kind === 'ask' && c.flags).toMatchObject({
      compound: true,
      programs: [
        { program: 'git', subcommand: 'status' },
        { program: 'git', subcommand: 'push' },
      ],
    });
    expect(c.kind === 'ask' && c.flags?.notes?.length).toBeGreaterThan(0);
    expect(commandPermission('')).toMatchObject({ kind: 'invalid', reason: expect.any(String) });
    expect(commandPermission('echo "unbalanced')).toMatchObject({ kind: 'invalid' });
  });

  it('ordinary commands stay simple', () => {
    for (const cmd of ['git commit -m "fix: a && b"', "echo 'a;b'", 'cargo build 2>&1', 'git status \\\n--short']) {
      const p = commandPermission(cmd);
      expect(p.kind === 'ask' && !p.flags?.compound, cmd).toBe(true);
    }
  });

  it('property: whenever a wildcard or program entry allows a command, the classifier called it simple', () => {
    const allow = new AllowSet(
      ['run_command:*', 'run_command:git', 'run_command:git:*', 'run_command:ls', 'run_command:echo'].map((r) => ({
        key: parseKey(r),
        meta: r,
      })),
    );
    const word = fc.constantFrom(
      'git',
      'status',
      'push',
      'ls',
      'echo',
      '-la',
      '"a b"',
      "'x;y'",
      '$X',
      '$(git push)',
      '`id`',
      '*',
      '>',
      'out',
      '2>&1',
      '&&',
      '||',
      ';',
      '|',
      '&',
      '\n',
      '(',
      ')',
      '{',
      '}',
      'sh',
      '-c',
      'sudo',
      'FOO=1',
      '#',
      '\\',
      '~',
      '<(ls)',
    );
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 8 }), (words) => {
        const cmd = words.join(' ');
        const p = commandPermission(cmd);
        if (p.kind !== 'ask') return;
        if (allow.match(p)) expect(classifyCommand(cmd).kind, cmd).toBe('simple');
      }),
      { numRuns: 500 },
    );
  });
});

describe('deny rules against real commands', () => {
  const deny = new DenySet(['run_command:git:push', 'run_command:curl']);
  const denied = (cmd: string) => {
    const p = commandPermission(cmd);
    return p.kind === 'ask' ? deny.match(p) : 'invalid';
  };
  it('match the program anywhere inside a compound command, in every spelling the classifier names', () => {
    for (const cmd of [
      'git push',
      'git -C sub push origin main',
      'git status && git push origin main',
      'echo $(git push)',
      'xargs git push',
      '/usr/bin/git push',
      'true | curl example.com',
      'bash -c "git push"',
      'git $(echo push)',
      'ls | sh',
    ]) {
      expect(denied(cmd), cmd).toBeDefined();
    }
  });
  it('leave other commands alone', () => {
    for (const cmd of ['git status', 'git pull && git status', 'echo push', 'ls -la | wc -l']) expect(denied(cmd), cmd).toBeUndefined();
  });
});

describe('pathPermission', () => {
  it('keys a project-relative path after realpath', async () => {
    await mkdir(path.join(root, 'src'));
    expect(await pathPermission('write_file', root, 'src/a.ts')).toEqual({
      kind: 'ask',
      key: { tool: 'write_file', action: 'src/a.ts', raw: 'write_file:src/a.ts' },
    });
    expect(keyOf(await pathPermission('write_file', root, './src/../src/b.ts'))).toBe('write_file:src/b.ts');
    expect(keyOf(await pathPermission('write_file', root, path.join(root, 'src/c.ts')))).toBe('write_file:src/c.ts');
  });

  it('anything resolving outside gets an absolute key and the outsideProject flag', async () => {
    const outside = await tempProject();
    try {
      await symlink(outside.root, path.join(root, 'link'));
      for (const p of ['../x', '/etc/passwd', 'link/x', 'src/../../x']) {
        const perm = await pathPermission('write_file', root, p);
        expect(perm.kind === 'ask' && perm.flags?.outsideProject, p).toBe(true);
        expect(perm.kind === 'ask' && path.isAbsolute(perm.key.action), p).toBe(true);
      }
    } finally {
      await outside.cleanup();
    }
  });

  it('protected paths are flagged with a note, also through a symlink into them', async () => {
    await mkdir(path.join(root, '.git', 'hooks'), { recursive: true });
    await symlink(path.join(root, '.git', 'hooks'), path.join(root, 'hooks'));
    for (const p of [
      'codecoder.json',
      '.git/hooks/pre-commit',
      '.codecoder/x',
      './.git/config',
      'src/../.git/config',
      'hooks/post-checkout',
      '.GIT/config',
    ]) {
      const perm = await pathPermission('write_file', root, p);
      expect(perm.kind === 'ask' && perm.flags?.protectedPath, p).toBe(true);
      expect(perm.kind === 'ask' && perm.flags?.notes?.[0], p).toMatch(/protected/);
    }
  });

  it('empty, NUL and the root itself are invalid', async () => {
    expect((await pathPermission('write_file', root, '')).kind).toBe('invalid');
    expect((await pathPermission('write_file', root, 'a\0b')).kind).toBe('invalid');
    expect((await pathPermission('write_file', root, '.')).kind).toBe('invalid');
  });
});

describe('end to end: real keys through the engine', () => {
  it('a compound key matches only itself, with the real classifier; protected paths ask even with write_file:** in the project', async () => {
    await writeFile(
      path.join(root, 'codecoder.json'),
      '{"allowlist": {"write_file:**": "AlwaysThisProject"}, "deny": ["run_command:git:push"]}',
    );
    const h = await makeEngine(root);
    h.asker.answer({ choice: 'session' });
    expect(await h.engine.check(request('run_command', commandPermission('git pull')))).toMatchObject({ allowed: true, asked: true });
    expect(await h.engine.check(request('run_command', commandPermission('git status')))).toMatchObject({ allowed: true, via: 'session' });
    expect(await h.engine.check(request('run_command', commandPermission('git pull && git push --force')))).toMatchObject({
      allowed: false,
      via: 'deny-rule',
    });
    h.asker.answer({ choice: 'once' });
    expect(await h.engine.check(request('run_command', commandPermission('git status && git log')))).toMatchObject({ asked: true });
    expect(await h.engine.check(request('write_file', await pathPermission('write_file', root, 'src/x.ts')))).toMatchObject({
      via: 'project',
    });
    h.asker.answer({ choice: 'once' });
    expect(await h.engine.check(request('write_file', await pathPermission('write_file', root, '.git/hooks/pre-commit')))).toMatchObject({
      asked: true,
      via: 'once',
    });
  });
});
