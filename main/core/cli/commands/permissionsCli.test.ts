/** The permission CLI (`key`, `check`, `allowlist`) through main() with in-memory streams, and once as a real process. */
import { execFile } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TOOL_NAMES } from '../../tools/index.js';
import { hasHiddenCharacters } from '../../../../shared/escapeInvisible.js';
import { main } from '../main.js';
import { useTempDir } from '../../fs/tempDir.testkit.js';

const tempDirs = useTempDir();

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

function memIo(stdinText?: string) {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (d) => (out += d));
  stderr.on('data', (d) => (err += d));
  const stdin = stdinText === undefined ? Object.assign(new PassThrough(), { isTTY: true }) : Readable.from([stdinText]);
  // The folder trust store lives in a temp data folder, never the user's.
  return { io: { stdin, stdout, stderr, env: { ...process.env, CODECODER_DATA_DIR: dataDir } }, out: () => out, err: () => err };
}

async function cli(argv: string[], stdin?: string) {
  const t = memIo(stdin);
  const code = await main(argv, t.io);
  return { code, out: t.out(), err: t.err() };
}

let root: string;
let dataDir: string;
beforeEach(async () => {
  root = await tempDirs('cc-cli-perm-');
  dataDir = await tempDirs('cc-cli-perm-data-');
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
});
const config = (text: string) => writeFile(path.join(root, 'codecoder.json'), text);

describe('codecoder key', () => {
  it("prints one JSON object: the seed's examples", async () => {
    expect(await cli(['key', 'git status'])).toEqual({
      code: 0,
      out: '{"kind":"simple","key":"run_command:git","program":"git","subcommand":"status"}\n',
      err: '',
    });
    const c = JSON.parse((await cli(['key', 'git status && git add .'])).out);
    expect(c).toMatchObject({ kind: 'compound', key: 'run_command:git-status-&&-git-add', reason: expect.any(String) });
    expect(JSON.parse((await cli(['key', 'git status && git push origin main'])).out).key).toBe('run_command:git-status-&&-git-push');
    expect(JSON.parse((await cli(['key', ''])).out)).toMatchObject({ kind: 'invalid', key: null, reason: expect.any(String) });
    // After --, words are the command even when they look like options.
    const dashed = await cli(['key', '--', '--jsonl']);
    expect(dashed.out.trim().split('\n')).toHaveLength(1);
    expect(JSON.parse(dashed.out).kind).toBeDefined();
  });

  it('--jsonl: one object per line, in order; a line that is not a JSON string gives an invalid object and the stream goes on', async () => {
    const lines = ['"git status"', '"ls | sh"', 'not json', '42', '"cargo build 2>&1"', '', '"git push"'].join('\r\n') + '\n';
    const r = await cli(['key', '--jsonl'], lines);
    expect(r.code).toBe(0);
    const objs = r.out
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(objs.map((o) => o.kind)).toEqual(['simple', 'compound', 'invalid', 'invalid', 'simple', 'invalid', 'simple']);
    expect(objs[2]).toEqual({ kind: 'invalid', key: null, reason: 'line 3 is not a JSON string' });
    expect(objs[4]).toMatchObject({ key: 'run_command:cargo', program: 'cargo', subcommand: 'build' });
  });

  it('reads the command from stdin when none is given; usage without one', async () => {
    expect(JSON.parse((await cli(['key'], 'git diff')).out).subcommand).toBe('diff');
    expect((await cli(['key'])).code).toBe(2);
  });
});

describe('codecoder check', () => {
  it('a project grant of run_sandboxed:npm does not open the network: each host the call names is asked as net:<host> (issue 22 item 6)', async () => {
    await config('{"allowlist": {"run_sandboxed:npm": "AlwaysThisProject"}}');
    expect((await cli(['trust', '--project', root])).code).toBe(0);
    const args = '{"command":"npm install","allow_hosts":["evil.example.com"]}';
    expect(JSON.parse((await cli(['check', '--project', root, 'run_sandboxed', args])).out)).toMatchObject({
      decision: 'ask',
      key: 'net:evil.example.com',
    });
    const granted = await cli(['check', '--project', root, '--grant', 'net:evil.example.com=session', 'run_sandboxed', args]);
    expect(JSON.parse(granted.out)).toMatchObject({ decision: 'allow', via: 'project', key: 'run_sandboxed:npm' });
    const above = await cli(['check', '--project', root, '--grant', 'net:evil.example.com=project', 'run_sandboxed', args]);
    expect(JSON.parse(above.out)).toMatchObject({ decision: 'ask', key: 'net:evil.example.com', violations: [{ key: 'net:evil.example.com' }] });
  });

  it('dry-runs a call against codecoder.json', async () => {
    await config('{"allowlist": {"write_file:tests/**": "AlwaysThisProject"}, "deny": ["run_command:git:push"]}');
    expect((await cli(['trust', '--project', root])).code).toBe(0); // folder trust: see trust.test.ts
    const allow = await cli(['check', '--project', root, 'write_file', '{"path":"tests/a.ts","content":"x"}']);
    expect(allow.code).toBe(0);
    expect(JSON.parse(allow.out)).toEqual({
      decision: 'allow',
      via: 'project',
      key: 'write_file:tests/a.ts',
      violations: [],
      entry: 'write_file:tests/**',
    });
    expect(JSON.parse((await cli(['check', '--project', root, 'write_file', '{"path":"src/a.ts","content":"x"}'])).out)).toMatchObject({
      decision: 'ask',
      key: 'write_file:src/a.ts',
    });
    expect(JSON.parse((await cli(['check', '--project', root, 'run_command', '{"command":"git status && git push"}'])).out)).toMatchObject({
      decision: 'deny',
      via: 'deny',
    });
    expect(JSON.parse((await cli(['check', '--project', root, 'read_file', '{"path":"x"}'])).out)).toMatchObject({
      decision: 'allow',
      via: 'none',
      key: null,
    });
    expect(
      JSON.parse((await cli(['check', '--project', root, 'write_file', '{"path":"codecoder.json","content":"{}"}'])).out),
    ).toMatchObject({ decision: 'ask' });
  });

  it('applies --grant; a grant above the ceiling exits non-zero with CeilingViolation', async () => {
    const ok = await cli(['check', '--project', root, '--grant', 'run_command:git=session', 'run_command', '{"command":"git status"}']);
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.out)).toMatchObject({ decision: 'allow', via: 'session' });
    const compound = await cli([
      'check',
      '--project',
      root,
      '--grant',
      'run_command:git=session',
      '--grant',
      'run_command:*=session',
      'run_command',
      '{"command":"git status && git add ."}',
    ]);
    expect(JSON.parse(compound.out)).toMatchObject({ decision: 'ask', key: 'run_command:git-status-&&-git-add' });
    const bad = await cli(['check', '--project', root, '--grant', 'run_command:git=project', 'run_command', '{"command":"git status"}']);
    expect(bad.code).toBe(1);
    expect(bad.err).toMatch(/^CeilingViolation: run_command:git/);
    expect(JSON.parse(bad.out).violations[0]).toMatchObject({ key: 'run_command:git', requested: 'project', ceiling: 'session' });
    const project = await cli([
      'check',
      '--project',
      root,
      '--grant',
      'write_file:src/**=project',
      'write_file',
      '{"path":"src/a.ts","content":""}',
    ]);
    expect(JSON.parse(project.out)).toMatchObject({ decision: 'allow', via: 'project' });
  });

  it('names bad input clearly and exits 2', async () => {
    expect((await cli(['check', '--project', root, 'write_file', '{"path":1}'])).err).toMatch(
      /write_file: invalid arguments: "path": .*"content":/,
    );
    expect((await cli(['check', '--project', root, 'launch_rockets', '{}'])).err).toMatch(/unknown tool "launch_rockets"/);
    expect((await cli(['check', '--project', root, 'read_file', '{oops'])).err).toMatch(/ARGS_JSON is not valid JSON/);
    expect((await cli(['check', '--project', root, '--grant', 'run_command:git=forever', 'read_file', '{}'])).code).toBe(2);
  });
});

describe('codecoder allowlist', () => {
  const SEED =
    '{\n  "allowlist": {\n    "run_command:git": "AlwaysThisProject",\n    "run_command:cargo": "AlwaysThisSession",\n    "write_file:tests/**": "AlwaysThisProject"\n  }\n}\n';

  it('validate: 0 valid, 1 listing each CeilingViolation, 2 malformed; the file is never modified', async () => {
    await config('{"allowlist": {"write_file:tests/**": "AlwaysThisProject", "run_command:cargo": "AlwaysThisSession"}}');
    expect((await cli(['allowlist', 'validate', '--project', root])).code).toBe(0);

    await config(SEED);
    const v = await cli(['allowlist', 'validate', '--project', root]);
    expect(v.code).toBe(1);
    expect(v.out).toMatch(/CeilingViolation: run_command:git .*line 3, column 5/);
    expect(v.out).toMatch(/1 CeilingViolation/);
    expect(await readFile(path.join(root, 'codecoder.json'), 'utf8')).toBe(SEED);

    for (const broken of [SEED.slice(0, 50), '{"allowlist": {"write_file:a": 7}}', '\ufeff\ufeff{}']) {
      await config(broken);
      const m = await cli(['allowlist', 'validate', '--project', root]);
      expect(m.code).toBe(2);
      expect(m.err).toMatch(/line \d+, column \d+/);
      expect(await readFile(path.join(root, 'codecoder.json'), 'utf8')).toBe(broken);
    }
    await rm(path.join(root, 'codecoder.json'));
    expect((await cli(['allowlist', 'validate', '--project', root])).code).toBe(0);
  });

  it('list: human and --json', async () => {
    await config(SEED.replace('}\n}', '},\n  "deny": ["write_file:.env"]\n}'));
    const human = await cli(['allowlist', 'list', '--project', root]);
    expect(human.code).toBe(0);
    expect(human.out).toContain('write_file:tests/**  AlwaysThisProject  [active]');
    expect(human.out).toContain('run_command:cargo  AlwaysThisSession  [preset]');
    expect(human.out).toContain('run_command:git  AlwaysThisProject  [violation]');
    const json = JSON.parse((await cli(['allowlist', 'list', '--project', root, '--json'])).out);
    expect(json.allowlist.map((e: { key: string; status: string }) => [e.key, e.status])).toEqual([
      ['run_command:git', 'violation'],
      ['run_command:cargo', 'preset'],
      ['write_file:tests/**', 'active'],
    ]);
    expect(json.deny.map((d: { key: string }) => d.key)).toEqual(['write_file:.env']);
    expect(json.presets).toEqual(['run_command:cargo']);
  });
});

describe('the CLI knows all 26 tools (the app registry, not a stand-in)', () => {
  const ENTRIES = {
    'edit_file:src/**': 'AlwaysThisProject',
    'web_fetch:*': 'AlwaysThisProject',
    'commit:main': 'AlwaysThisProject',
    'run_container:cargo': 'AlwaysThisProject',
  };

  it('allowlist validate and list accept entries for any tool the app honours', async () => {
    await config(JSON.stringify({ allowlist: ENTRIES, deny: ['run_sandboxed:curl', 'move_path:secrets/**'] }));
    const v = await cli(['allowlist', 'validate', '--project', root]);
    expect(v).toMatchObject({ code: 0, err: '' });
    expect(v.out).toMatch(/is valid: 4 allowlist entries, 2 deny rules/);
    const json = JSON.parse((await cli(['allowlist', 'list', '--project', root, '--json'])).out);
    expect(json.allowlist.map((e: { key: string; status: string }) => [e.key, e.status])).toEqual(
      Object.keys(ENTRIES).map((k) => [k, 'active']),
    );
    expect(json.issues).toEqual([]);
    // A tool that does not exist is still reported.
    await config('{"allowlist": {"launch_rockets:x": "AlwaysThisProject"}}');
    expect((await cli(['allowlist', 'validate', '--project', root])).out).toMatch(/unknown tool "launch_rockets"; the entry is ignored/);
  });

  it('check takes every one of the 26 tools, and decides with their real keys', async () => {
    for (const name of TOOL_NAMES) {
      const r = await cli(['check', '--project', root, name, '{}']);
      expect(r.err, name).not.toMatch(/unknown tool/);
    }
    await config(JSON.stringify({ allowlist: ENTRIES }));
    expect((await cli(['trust', '--project', root])).code).toBe(0); // folder trust: see trust.test.ts
    const edit = await cli(['check', '--project', root, 'edit_file', '{"path":"src/a.ts","old_text":"a","new_text":"b"}']);
    expect(JSON.parse(edit.out)).toMatchObject({ decision: 'allow', via: 'project', key: 'edit_file:src/a.ts', entry: 'edit_file:src/**' });
    const container = await cli(['check', '--project', root, 'run_container', '{"command":"cargo build"}']);
    expect(JSON.parse(container.out)).toMatchObject({ decision: 'allow', via: 'project', key: 'run_container:cargo' });
    // A local address asks (key web_fetch:<host>): the project's web_fetch:* entry answers it.
    const fetch = await cli(['check', '--project', root, 'web_fetch', '{"url":"http://127.0.0.1:9/"}']);
    expect(JSON.parse(fetch.out)).toMatchObject({ decision: 'allow', via: 'project', entry: 'web_fetch:*' });
    const usage = await cli(['check', '--help']);
    for (const name of TOOL_NAMES) expect(usage.out).toContain(name);
  });
});

describe('keys and messages from codecoder.json are printed escaped', () => {
  // ESC sequences (clear the screen, move the cursor), C1 CSI and a bidi override that JSON.stringify
  // leaves raw, and a newline that would fake a line of validate output.
  const CLEAR = '\x1b[2J\x1b[H';
  const FAKE = '\nall good: 0 CeilingViolation(s), 0 other problem(s)';
  const hidden = (s: string) => hasHiddenCharacters(s, { keepNewlines: true });
  const lines = (s: string) => s.split('\n').filter(Boolean);

  it('allowlist validate and list', async () => {
    await config(
      JSON.stringify({
        allowlist: { [`write_file:/etc/${CLEAR}x`]: 'AlwaysThisProject', [`launch:${FAKE}`]: 'AlwaysThisProject' },
        deny: ['write_file:a\u009b31m\u202eb'],
      }),
    );
    const v = await cli(['allowlist', 'validate', '--project', root]);
    expect(v.code).toBe(1);
    expect(hidden(v.out + v.err)).toBe(false);
    expect(v.out).toContain('/etc/\\x1b[2J\\x1b[Hx');
    expect(v.out).toContain('launch:\\x0aall good');
    // The trust state, two violations and the summary: the escaped newline fakes no fifth line.
    expect(lines(v.out)).toHaveLength(4);
    const human = await cli(['allowlist', 'list', '--project', root]);
    expect(hidden(human.out)).toBe(false);
    expect(human.out).toContain('write_file:a\\x9b31m\\u202eb  [active]');
    const json = await cli(['allowlist', 'list', '--project', root, '--json']);
    expect(hidden(json.out)).toBe(false);
    expect(JSON.parse(json.out).deny[0].key).toBe('write_file:a\u009b31m\u202eb');
  });

  it('a malformed file: the error naming the bad key', async () => {
    await config(JSON.stringify({ deny: [`${CLEAR}no colon`] }));
    const m = await cli(['allowlist', 'validate', '--project', root]);
    expect(m.code).toBe(2);
    expect(hidden(m.err)).toBe(false);
    expect(m.err).toContain('\\x1b[2J\\x1b[Hno colon');
  });

  it('check: the JSON result and the warnings', async () => {
    await config(JSON.stringify({ deny: [`${CLEAR}no colon`] }));
    const r = await cli(['check', '--project', root, 'write_file', JSON.stringify({ path: 'a\u009bb\u202e', content: '' })]);
    expect(hidden(r.out + r.err)).toBe(false);
    expect(r.err).toContain('\\x1b[2J');
    expect(JSON.parse(r.out).key).toBe('write_file:a\u009bb\u202e');
  });
});

describe('as a real process', () => {
  it('node bin/codecoder.mjs key and check', async () => {
    const run = promisify(execFile);
    const bin = path.join(repoRoot, 'bin/codecoder.mjs');
    const k = await run(process.execPath, [bin, 'key', 'git status && git push origin main'], { cwd: repoRoot });
    expect(JSON.parse(k.stdout)).toMatchObject({ kind: 'compound', key: 'run_command:git-status-&&-git-push' });
    await config('{"allowlist": {"run_command:git": "AlwaysThisProject"}}');
    const v = await run(process.execPath, [bin, 'allowlist', 'validate', '--project', root], { cwd: repoRoot }).catch(
      (e: { code: number; stdout: string }) => e,
    );
    expect((v as { code: number }).code).toBe(1);
    expect((v as { stdout: string }).stdout).toMatch(/CeilingViolation/);
  }, 60_000);
});
