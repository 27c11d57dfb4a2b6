import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CeilingViolationError } from './ceiling.js';
import { compound, makeEngine, pathKey, request, simple, tempProject, type Harness } from './permissions.testkit.js';

let root: string;
let cleanup: () => Promise<void>;
beforeEach(async () => {
  ({ root, cleanup } = await tempProject());
});
afterEach(async () => cleanup());

const SEED = `{
  "allowlist": {
    "run_command:git": "AlwaysThisProject",
    "run_command:cargo": "AlwaysThisSession",
    "write_file:tests/**": "AlwaysThisProject"
  }
}
`;
const file = () => path.join(root, 'codecoder.json');
const gitStatusPush = compound('git-status-&&-git-push', [
  { program: 'git', subcommand: 'status' },
  { program: 'git', subcommand: 'push' },
]);

async function seeded(): Promise<Harness> {
  await writeFile(file(), SEED);
  return makeEngine(root);
}

describe("the seed's examples", () => {
  it('the reference codecoder.json: the run_command:git entry is a CeilingViolation, cargo is a session preset, tests/** is allowed', async () => {
    const h = await seeded();
    const report = h.engine.loadReport();
    expect(report.violations.map((v) => [v.key, v.environment, v.requested, v.ceiling])).toEqual([
      ['run_command:git', 'shell', 'project', 'session'],
    ]);
    expect(report.violations[0]!.message).toMatch(/^CeilingViolation: run_command:git .*line 3, column 5/);
    expect(h.engine.sessionPresets()).toEqual(['run_command:cargo']);

    expect(await h.engine.check(request('write_file', pathKey('tests/unit/a.test.ts')))).toMatchObject({
      allowed: true,
      via: 'project',
      entry: 'write_file:tests/**',
      asked: false,
    });

    // The violating entry is reported at lookup, never honoured, never silently skipped: the call asks.
    h.asker.answer({ choice: 'once' });
    const d = await h.engine.check(request('run_command', simple('git', 'status')));
    expect(d).toMatchObject({ allowed: true, via: 'once', asked: true });
    expect(d.violations?.map((v) => v.key)).toEqual(['run_command:git']);
    expect(h.asker.asked[0]!.ceiling).toBe('session');

    // The session preset is never granted silently.
    h.asker.answer({ choice: 'deny' });
    expect(await h.engine.check(request('run_command', simple('cargo', 'build')))).toMatchObject({ allowed: false, via: 'user-deny' });
    h.engine.acceptPresets(['run_command:cargo']);
    expect(await h.engine.check(request('run_command', simple('cargo', 'build')))).toMatchObject({
      allowed: true,
      via: 'session',
      asked: false,
    });
    expect(h.engine.sessionPresets()).toEqual([]);
  });

  it('a session grant for run_command:git does not cover git status && git push origin main', async () => {
    const h = await makeEngine(root);
    h.asker.answer({ choice: 'session' });
    await h.engine.check(request('run_command', simple('git', 'status')));
    expect(await h.engine.check(request('run_command', simple('git', 'push')))).toMatchObject({ allowed: true, via: 'session' });
    h.asker.answer({ choice: 'deny', reason: 'no pushing' });
    const d = await h.engine.check(request('run_command', gitStatusPush));
    expect(d).toMatchObject({ allowed: false, via: 'user-deny', key: 'run_command:git-status-&&-git-push', asked: true });
    expect(d.reason).toMatch(/no pushing/);
    expect(h.asker.asked.at(-1)!.flags?.compound).toBe(true);
  });
});

describe('the chain, step by step', () => {
  it('None passes without asking', async () => {
    const h = await makeEngine(root);
    expect(await h.engine.check(request('read_file', { kind: 'none' }))).toMatchObject({ allowed: true, via: 'none', asked: false });
    expect(h.asker.asked).toHaveLength(0);
  });

  it('invalid input is refused with its reason, without asking', async () => {
    const h = await makeEngine(root);
    const d = await h.engine.check(request('run_command', { kind: 'invalid', reason: 'unbalanced quote' }));
    expect(d).toMatchObject({ allowed: false, via: 'invalid', reason: 'unbalanced quote' });
    expect(h.asker.asked).toHaveLength(0);
  });

  it('a deny rule is checked first and beats the project and session allowlists', async () => {
    await writeFile(
      file(),
      '{"allowlist": {"write_file:**": "AlwaysThisProject"}, "deny": ["write_file:secrets/**", "run_command:git:push"]}',
    );
    const h = await makeEngine(root);
    h.engine.addSessionEntry('run_command:git');
    expect(await h.engine.check(request('write_file', pathKey('src/a.ts')))).toMatchObject({ allowed: true, via: 'project' });
    expect(await h.engine.check(request('write_file', pathKey('secrets/key.pem')))).toMatchObject({
      allowed: false,
      via: 'deny-rule',
      entry: 'write_file:secrets/**',
    });
    expect(await h.engine.check(request('run_command', simple('git', 'status')))).toMatchObject({ allowed: true, via: 'session' });
    const d = await h.engine.check(request('run_command', simple('git', 'push')));
    expect(d).toMatchObject({ allowed: false, via: 'deny-rule' });
    expect(d.reason).toMatch(/run_command:git:push/);
    // Inside a compound command too, even when the user would have said yes.
    h.asker.answer({ choice: 'once' });
    expect(await h.engine.check(request('run_command', gitStatusPush))).toMatchObject({ allowed: false, via: 'deny-rule', asked: false });
    expect(h.asker.asked).toHaveLength(0);
  });

  it('project allowlist → session allowlist → ask', async () => {
    await writeFile(file(), '{"allowlist": {"write_file:docs/**": "AlwaysThisProject"}}');
    const h = await makeEngine(root);
    expect(await h.engine.check(request('write_file', pathKey('docs/a.md')))).toMatchObject({ via: 'project' });
    h.engine.addSessionEntry('write_file:src/**');
    expect(await h.engine.check(request('write_file', pathKey('src/a.ts')))).toMatchObject({ via: 'session', entry: 'write_file:src/**' });
    h.asker.answer({ choice: 'once' });
    expect(await h.engine.check(request('write_file', pathKey('lib/a.ts')))).toMatchObject({ allowed: true, via: 'once', asked: true });
    h.asker.answer({ choice: 'once' });
    await h.engine.check(request('write_file', pathKey('lib/a.ts')));
    expect(h.asker.asked).toHaveLength(2);
    expect(h.asker.asked[0]).toMatchObject({
      tool: 'write_file',
      environment: 'host',
      ceiling: 'project',
      agentId: 'agent-1',
      conversationId: 'conv-1',
      depth: 0,
    });
  });

  it('wildcards and program entries never cover a compound command, at any level', async () => {
    await writeFile(file(), '{"allowlist": {"run_command:*": "AlwaysThisSession"}}');
    const h = await makeEngine(root);
    h.engine.acceptPresets(['run_command:*']);
    h.engine.addSessionEntry('run_command:git:*');
    h.engine.addSessionEntry('run_command:git');
    expect(await h.engine.check(request('run_command', simple('ls')))).toMatchObject({ allowed: true, via: 'session' });
    h.asker.answer({ choice: 'session' });
    expect(await h.engine.check(request('run_command', gitStatusPush))).toMatchObject({ asked: true, via: 'session' });
    // Now the exact compound key is in the session: identical commands pass, others still ask.
    expect(await h.engine.check(request('run_command', gitStatusPush))).toMatchObject({ asked: false, via: 'session' });
    h.asker.answer({ choice: 'once' });
    const add = compound('git-status-&&-git-add', [
      { program: 'git', subcommand: 'status' },
      { program: 'git', subcommand: 'add' },
    ]);
    expect(await h.engine.check(request('run_command', add))).toMatchObject({ asked: true });
  });
});

describe('answers', () => {
  it('AlwaysThisSession with a time limit expires on the injected clock, and the entry is dropped', async () => {
    const h = await makeEngine(root);
    h.asker.answer({ choice: 'session', ttlMs: 60_000 });
    await h.engine.check(request('run_command', simple('npm', 'test')));
    expect(h.engine.listSession()).toEqual([{ tool: 'run_command', key: 'run_command:npm', expiry: h.clock.t + 60_000 }]);
    h.clock.advance(59_999);
    expect(await h.engine.check(request('run_command', simple('npm', 'run')))).toMatchObject({ allowed: true, via: 'session' });
    h.clock.advance(1);
    h.asker.answer({ choice: 'once' });
    expect(await h.engine.check(request('run_command', simple('npm', 'test')))).toMatchObject({ via: 'once', asked: true });
    expect(h.engine.listSession()).toEqual([]);
  });

  it('a session entry without a limit never expires (-1)', async () => {
    const h = await makeEngine(root);
    h.asker.answer({ choice: 'session' });
    await h.engine.check(request('write_file', pathKey('a.txt')));
    expect(h.engine.listSession()[0]!.expiry).toBe(-1);
    h.clock.advance(10 * 365 * 24 * 3600_000);
    expect(await h.engine.check(request('write_file', pathKey('a.txt')))).toMatchObject({ via: 'session' });
  });

  it('AlwaysThisProject for a host key is written to codecoder.json and honoured without asking', async () => {
    await writeFile(file(), '{"theme": "dark"}');
    const h = await makeEngine(root);
    h.asker.answer({ choice: 'project' });
    expect(await h.engine.check(request('write_file', pathKey('src/a.ts')))).toMatchObject({ allowed: true, via: 'project', asked: true });
    expect(JSON.parse(await readFile(file(), 'utf8'))).toEqual({
      theme: 'dark',
      allowlist: { 'write_file:src/a.ts': 'AlwaysThisProject' },
    });
    expect(await h.engine.check(request('write_file', pathKey('src/a.ts')))).toMatchObject({ via: 'project', asked: false });
    expect(h.changes).toContainEqual({ kind: 'project' });
  });

  it('AlwaysThisProject for a shell key is refused with a CeilingViolation (the seed: deny) and nothing is written', async () => {
    const h = await makeEngine(root);
    h.asker.answer({ choice: 'project' });
    const d = await h.engine.check(request('run_command', simple('git', 'status')));
    expect(d).toMatchObject({ allowed: false, via: 'ceiling' });
    expect(d.violations).toEqual([
      expect.objectContaining({ key: 'run_command:git', environment: 'shell', requested: 'project', ceiling: 'session' }),
    ]);
    expect(d.reason).toMatch(/^CeilingViolation/);
    await expect(readFile(file())).rejects.toThrow(/ENOENT/);
  });

  it('AlwaysThisProject when codecoder.json is malformed: allowed for the session only, the file untouched', async () => {
    await writeFile(file(), '{"allowlist": ');
    const h = await makeEngine(root);
    h.asker.answer({ choice: 'project' });
    const d = await h.engine.check(request('write_file', pathKey('a.ts')));
    expect(d).toMatchObject({ allowed: true, via: 'session' });
    expect(d.reason).toMatch(/could not save to codecoder.json/);
    expect(await readFile(file(), 'utf8')).toBe('{"allowlist": ');
  });

  it('a failing or malformed asker, or a cancelled request, refuses', async () => {
    const h = await makeEngine(root, { asker: async () => ({ choice: 'always' }) as never });
    expect(await h.engine.check(request('write_file', pathKey('a')))).toMatchObject({
      allowed: false,
      reason: expect.stringMatching(/no valid answer/),
    });
    const h2 = await makeEngine(root, {
      asker: async () => {
        throw new Error('window closed');
      },
    });
    expect(await h2.engine.check(request('write_file', pathKey('a')))).toMatchObject({
      allowed: false,
      reason: expect.stringMatching(/window closed/),
    });
    const ac = new AbortController();
    const h3 = await makeEngine(root, {
      asker: async () => {
        ac.abort();
        return { choice: 'once' };
      },
    });
    expect(await h3.engine.check({ ...request('write_file', pathKey('a')), signal: ac.signal })).toMatchObject({
      allowed: false,
      reason: expect.stringMatching(/cancelled/),
    });
  });
});

describe('concurrent calls for one key', () => {
  it('share one prompt: a Session answer covers the waiting call; a Once answer lets it ask again', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const answers = [{ choice: 'session' as const }, { choice: 'once' as const }, { choice: 'once' as const }];
    let prompts = 0;
    const slow = await makeEngine(root, {
      asker: async () => {
        prompts++;
        await gate;
        return answers.shift()!;
      },
    });
    const both = Promise.all([
      slow.engine.check(request('write_file', pathKey('a'))),
      slow.engine.check(request('write_file', pathKey('a'))),
    ]);
    release();
    const [first, second] = await both;
    expect(first).toMatchObject({ allowed: true, via: 'session', asked: true });
    expect(second).toMatchObject({ allowed: true, via: 'session', asked: false });
    expect(prompts).toBe(1);
    const again = await Promise.all([
      slow.engine.check(request('write_file', pathKey('b'))),
      slow.engine.check(request('write_file', pathKey('b'))),
    ]);
    expect(again.map((d) => d.via)).toEqual(['once', 'once']);
    expect(prompts).toBe(3);
  });
});

describe('protected and outside paths always ask', () => {
  it('no allowlist covers them, and session/project answers are not remembered', async () => {
    await writeFile(file(), '{"allowlist": {"write_file:**": "AlwaysThisProject", "write_file:*": "AlwaysThisProject"}}');
    const h = await makeEngine(root);
    h.engine.addSessionEntry('write_file:**');
    for (const p of [
      pathKey('codecoder.json', { protectedPath: true }),
      pathKey('.git/hooks/pre-commit', { protectedPath: true }),
      pathKey('/etc/passwd', { outsideProject: true }),
    ]) {
      h.asker.answer({ choice: 'session' }, { choice: 'project' }, { choice: 'once' });
      for (let i = 0; i < 3; i++) {
        const d = await h.engine.check(request('write_file', p));
        expect(d).toMatchObject({ allowed: true, via: 'once', asked: true });
      }
    }
    expect(h.asker.asked).toHaveLength(9);
    expect(h.asker.asked[0]!.flags?.protectedPath).toBe(true);
    expect(JSON.parse(await readFile(file(), 'utf8')).allowlist).toEqual({
      'write_file:**': 'AlwaysThisProject',
      'write_file:*': 'AlwaysThisProject',
    });
    expect(h.engine.listSession().map((s) => s.key)).toEqual(['write_file:**']);
  });
});

describe('the UI methods', () => {
  it('lists, adds, changes and removes entries; refuses a shell key at project scope', async () => {
    await writeFile(file(), SEED);
    const h = await seeded();
    expect(h.engine.listProject().map((e) => [e.key, e.status])).toEqual([
      ['run_command:git', 'violation'],
      ['run_command:cargo', 'preset'],
      ['write_file:tests/**', 'active'],
    ]);
    const before = await readFile(file());
    await expect(h.engine.setProjectEntry('run_command:npm')).rejects.toThrow(CeilingViolationError);
    await expect(h.engine.setProjectEntry('mystery:x')).rejects.toThrow(/unknown tool/);
    await expect(h.engine.setProjectEntry('write_file:/etc/**')).rejects.toThrow(/absolute/);
    expect(Buffer.compare(await readFile(file()), before)).toBe(0);

    await h.engine.setProjectEntry('run_command:npm', 'AlwaysThisSession');
    await h.engine.setProjectEntry('write_file:docs/**');
    await h.engine.setProjectEntry('write_file:tests/**', 'AlwaysThisSession');
    await h.engine.removeProjectEntry('run_command:git');
    await h.engine.addDenyRule('write_file:.env');
    expect(h.engine.listProject().map((e) => [e.key, e.status])).toEqual([
      ['run_command:cargo', 'preset'],
      ['write_file:tests/**', 'preset'],
      ['run_command:npm', 'preset'],
      ['write_file:docs/**', 'active'],
    ]);
    expect(h.engine.listDeny().map((d) => d.key)).toEqual(['write_file:.env']);
    expect(h.engine.loadReport().violations).toEqual([]);
    await h.engine.removeDenyRule('write_file:.env');
    expect(h.engine.listDeny()).toEqual([]);
    expect(h.changes.map((c) => c.kind)).toEqual(['project', 'project', 'project', 'project', 'deny', 'deny']);
  });

  it('reload applies manual edits and lists every violation and ignored entry', async () => {
    const h = await makeEngine(root);
    await writeFile(
      file(),
      '{"allowlist": {"run_command:git": "AlwaysThisProject", "run_command:*": "AlwaysThisProject", "teleport:x": "AlwaysThisProject", "write_file:../x": "AlwaysThisProject", "write_file:a": "AlwaysThisProject"}, "deny": ["run_command:git*"]}',
    );
    // Not applied until reload: the call still asks (the scripted asker has no answer, so it refuses).
    expect(await h.engine.check(request('write_file', pathKey('a')))).toMatchObject({ asked: true, allowed: false });
    const report = await h.engine.reload();
    expect(report.violations.map((v) => v.key)).toEqual(['run_command:git', 'run_command:*']);
    expect(report.issues.map((i) => [i.key, i.kind])).toEqual([
      ['run_command:git', 'ceiling'],
      ['run_command:*', 'ceiling'],
      ['teleport:x', 'unknown-tool'],
      ['write_file:../x', 'pattern'],
      ['run_command:git*', 'pattern'],
    ]);
    expect(await h.engine.check(request('write_file', pathKey('a')))).toMatchObject({ via: 'project' });
    expect(h.changes.at(-1)).toMatchObject({ kind: 'reload' });
  });

  it('a malformed file counts as empty (asks) and is reported by configStatus', async () => {
    await writeFile(file(), '{"allowlist": {"write_file:a": "AlwaysThisProject"}');
    const h = await makeEngine(root);
    expect(h.engine.configStatus().error?.message).toMatch(/line 1, column \d+/);
    h.asker.answer({ choice: 'once' });
    expect(await h.engine.check(request('write_file', pathKey('a')))).toMatchObject({ asked: true });
  });

  it('session entries: add with a ttl, list, remove', async () => {
    const h = await makeEngine(root);
    h.engine.addSessionEntry('write_file:tmp/**', 5000);
    expect(h.engine.listSession()).toEqual([{ tool: 'write_file', key: 'write_file:tmp/**', expiry: h.clock.t + 5000 }]);
    expect(h.engine.removeSessionEntry('write_file:tmp/**')).toBe(true);
    expect(h.engine.listSession()).toEqual([]);
    expect(() => h.engine.addSessionEntry('write_file:.git/**')).toThrow(/protected/);
  });
});

describe('dry run', () => {
  it('never asks; grants apply; a project grant above the ceiling is a violation and not honoured', async () => {
    await writeFile(file(), '{"deny": ["write_file:.env"]}');
    const h = await makeEngine(root);
    expect(h.engine.dryRun(request('write_file', pathKey('src/a.ts')))).toEqual({
      decision: 'ask',
      via: 'ask',
      key: 'write_file:src/a.ts',
      violations: [],
    });
    expect(h.engine.dryRun(request('write_file', pathKey('src/a.ts')), [{ key: 'write_file:src/**', scope: 'project' }])).toMatchObject({
      decision: 'allow',
      via: 'project',
    });
    expect(h.engine.dryRun(request('run_command', simple('git', 'push')), [{ key: 'run_command:git', scope: 'session' }])).toMatchObject({
      decision: 'allow',
      via: 'session',
    });
    const v = h.engine.dryRun(request('run_command', simple('git', 'push')), [{ key: 'run_command:git', scope: 'project' }]);
    expect(v.decision).toBe('ask');
    expect(v.violations.map((x) => x.key)).toEqual(['run_command:git']);
    expect(h.engine.dryRun(request('write_file', pathKey('.env')), [{ key: 'write_file:**', scope: 'session' }])).toMatchObject({
      decision: 'deny',
      via: 'deny',
    });
    expect(h.engine.dryRun(request('read_file', { kind: 'none' }))).toMatchObject({ decision: 'allow', via: 'none', key: null });
    expect(h.engine.dryRun(request('run_command', { kind: 'invalid', reason: 'NUL' }))).toMatchObject({
      decision: 'deny',
      via: 'invalid',
      reason: 'NUL',
    });
    expect(h.asker.asked).toHaveLength(0);
    expect(h.audit.records).toHaveLength(0);
  });
});

describe('audit', () => {
  it('every decision of check() is recorded with its level or rule', async () => {
    await writeFile(file(), '{"allowlist": {"write_file:a": "AlwaysThisProject"}, "deny": ["write_file:b"]}');
    const h = await makeEngine(root);
    await h.engine.check(request('read_file', { kind: 'none' }));
    await h.engine.check(request('write_file', pathKey('a')));
    await h.engine.check(request('write_file', pathKey('b')));
    h.asker.answer({ choice: 'deny', reason: 'nope' });
    await h.engine.check(request('write_file', pathKey('c')));
    expect(h.audit.records.map((r) => [r.tool, r.key, r.decision, r.via])).toEqual([
      ['read_file', null, 'allow', 'none'],
      ['write_file', 'write_file:a', 'allow', 'project'],
      ['write_file', 'write_file:b', 'deny', 'deny-rule'],
      ['write_file', 'write_file:c', 'deny', 'user-deny'],
    ]);
    expect(h.audit.records[0]).toMatchObject({ agent: 'agent-1', conversation: 'conv-1', time: new Date(h.clock.t).toISOString() });
    expect(h.audit.records[3]).toMatchObject({ asked: true, reason: 'the user refused: nope' });
    expect((await h.engine.queryAudit({ decision: 'deny', limit: 1 }))[0]!.key).toBe('write_file:c');
  });
});

describe('audit: subjects and allowlist edits', () => {
  it('a decision records what the call touched: the command or the path', async () => {
    const h = await makeEngine(root);
    h.asker.answer({ choice: 'once' });
    await h.engine.check({ ...request('run_command', simple('git', 'status')), args: { command: 'git status --short' } });
    await h.engine.check({ ...request('read_file', { kind: 'none' }), args: { path: 'src/a.ts' } });
    expect(h.audit.records.map((r) => r.subject)).toEqual(['git status --short', 'src/a.ts']);
  });

  it('records adds, removes, undos and "project" answers with who and when, and they are not hits', async () => {
    await writeFile(file(), '{"allowlist": {"run_command:git": "AlwaysThisProject"}, "deny": ["write_file:secret"]}');
    const h = await makeEngine(root);
    await h.engine.setProjectEntry('write_file:docs/**');
    await h.engine.removeProjectEntry('run_command:git');
    await h.engine.undoRemove('run_command:git', 'project');
    await h.engine.removeDenyRule('write_file:secret');
    h.engine.addSessionEntry('run_command:npm', 60_000);
    h.asker.answer({ choice: 'project' });
    await h.engine.check(request('write_file', pathKey('b.txt')));
    const edits = h.audit.records.filter((r) => r.edit);
    expect(edits.map((r) => [r.tool, r.key, r.edit!.op, r.edit!.scope, r.edit!.by, r.agent, r.conversation])).toEqual([
      ['allowlist', 'write_file:docs/**', 'add', 'project', 'editor', 'user', ''],
      ['allowlist', 'run_command:git', 'remove', 'project', 'editor', 'user', ''],
      ['allowlist', 'run_command:git', 'undo', 'project', 'editor', 'user', ''],
      ['allowlist', 'write_file:secret', 'remove', 'deny', 'editor', 'user', ''],
      ['allowlist', 'run_command:npm', 'add', 'session', 'editor', 'user', ''],
      ['allowlist', 'write_file:b.txt', 'add', 'project', 'answer', 'user', 'conv-1'],
    ]);
    expect(edits[3]).toMatchObject({ decision: 'deny', via: 'deny-rule', time: new Date(h.clock.t).toISOString() });
    const hits = await h.audit.hitCounts();
    expect(hits.byKey['write_file:docs/**']).toBeUndefined();
    expect(hits.byKey['write_file:b.txt']).toBe(1); // the decision, not the edit
  });
});

describe('undo a removal', () => {
  it('puts a violating entry back exactly as it was (still reported, never honoured), once', async () => {
    await writeFile(file(), SEED);
    const h = await makeEngine(root);
    await h.engine.removeProjectEntry('run_command:git');
    expect(await readFile(file(), 'utf8')).not.toContain('run_command:git');
    expect(await h.engine.undoRemove('run_command:git', 'project')).toBe(true);
    expect(JSON.parse(await readFile(file(), 'utf8')).allowlist['run_command:git']).toBe('AlwaysThisProject');
    expect(h.engine.loadReport().violations.map((v) => v.key)).toEqual(['run_command:git']);
    // Once: a second undo has nothing to put back.
    expect(await h.engine.undoRemove('run_command:git', 'project')).toBe(false);
  });

  it('only what was removed can come back: never a new entry past the ceiling', async () => {
    const h = await makeEngine(root);
    expect(await h.engine.undoRemove('run_command:rm', 'project')).toBe(false);
    await expect(readFile(file(), 'utf8')).rejects.toThrow();
  });

  it('keeps a preset a preset, a deny rule a deny rule, and a session entry its own expiry', async () => {
    await writeFile(file(), '{"allowlist": {"run_command:cargo": "AlwaysThisSession"}, "deny": ["write_file:secret"]}');
    const h = await makeEngine(root);
    await h.engine.removeProjectEntry('run_command:cargo');
    await h.engine.removeDenyRule('write_file:secret');
    h.engine.addSessionEntry('run_command:npm', 60_000);
    h.engine.removeSessionEntry('run_command:npm');
    expect(await h.engine.undoRemove('run_command:cargo', 'preset')).toBe(true);
    expect(await h.engine.undoRemove('write_file:secret', 'deny')).toBe(true);
    h.clock.advance(10_000);
    expect(await h.engine.undoRemove('run_command:npm', 'session')).toBe(true);
    const json = JSON.parse(await readFile(file(), 'utf8'));
    expect(json.allowlist['run_command:cargo']).toBe('AlwaysThisSession');
    expect(json.deny).toEqual(['write_file:secret']);
    expect(h.engine.listSession()).toEqual([{ tool: 'run_command', key: 'run_command:npm', expiry: h.clock.t + 50_000 }]);
  });

  it('refuses to bring back a session entry whose time has run out', async () => {
    const h = await makeEngine(root);
    h.engine.addSessionEntry('run_command:npm', 1_000);
    h.engine.removeSessionEntry('run_command:npm');
    h.clock.advance(2_000);
    await expect(h.engine.undoRemove('run_command:npm', 'session')).rejects.toThrow(/would have expired/);
  });
});
