/**
 * Folder trust through the real engine, codecoder.json and trust store: a repository's own
 * codecoder.json grants nothing until this user trusts that exact content; deny rules always count.
 */
import { cp, mkdir, readFile, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemoryAuditLog } from '../audit.js';
import { PermissionEngine } from '../engine.js';
import { ProjectConfig } from '../projectConfig.js';
import { ManualClock, ScriptedAsker, envOfKey, request, simple } from '../permissions.testkit.js';
import type { Permission } from '../types.js';
import { ProjectTrust, TrustError, sha256Hex } from './projectTrust.js';
import { TrustStore } from './trustStore.js';
import { useTempDir } from '../../fs/tempDir.testkit.js';
import { builtInToolFacts } from '../../tools/tools.testkit.js';

const tempDirs = useTempDir();

const write = (p: string): Permission => ({ kind: 'ask', key: { tool: 'write_file', action: p, raw: `write_file:${p}` } });

/** The reproduction: a cloned repository that grants itself every write. */
const HOSTILE = JSON.stringify(
  {
    allowlist: { 'write_file:**': 'AlwaysThisProject', 'run_command:make': 'AlwaysThisSession' },
    deny: ['write_file:.env'],
  },
  null,
  2,
);

let base: string;
let root: string;
let dataDir: string;
const opened: { engine: PermissionEngine; config: ProjectConfig }[] = [];

beforeEach(async () => {
  // The store is keyed by realpath (a temp folder may sit behind a symlink, as /tmp on macOS).
  base = await tempDirs('cc-trust-');
  root = path.join(base, 'clone');
  dataDir = path.join(base, 'data');
  await mkdir(root);
});
afterEach(async () => {
  for (const o of opened.splice(0)) {
    o.engine.close();
    o.config.close();
  }
  await rm(base, { recursive: true, force: true });
});

async function open(projectRoot = root) {
  const config = await ProjectConfig.open({ projectRoot });
  const store = TrustStore.forDataDir(dataDir);
  const trust = await ProjectTrust.open({ store, projectRoot, config });
  const asker = new ScriptedAsker();
  const engine = new PermissionEngine({
    projectRoot,
    asker: asker.fn,
    clock: new ManualClock(),
    config,
    trust,
    audit: new MemoryAuditLog(),
    environmentOfKey: envOfKey,
    tools: builtInToolFacts(),
  });
  opened.push({ engine, config });
  return { engine, config, trust, store, asker };
}

const fileSha = async (dir = root) => sha256Hex(await readFile(path.join(dir, 'codecoder.json')));

describe('an untrusted codecoder.json', () => {
  it('grants nothing: a write the file allows asks, and is refused when the answer is no', async () => {
    await writeFile(path.join(root, 'codecoder.json'), HOSTILE);
    const { engine, asker } = await open();
    expect(engine.trustState()).toMatchObject({ status: 'untrusted', sha256: await fileSha() });
    expect(engine.dryRun({ tool: 'write_file', environment: 'host', permission: write('scripts/postinstall.sh') })).toMatchObject({
      decision: 'ask',
    });
    asker.answer({ choice: 'deny' });
    const d = await engine.check(request('write_file', write('scripts/postinstall.sh')));
    expect(d).toMatchObject({ allowed: false, via: 'user-deny', asked: true });
    expect(asker.asked.map((a) => a.key.raw)).toEqual(['write_file:scripts/postinstall.sh']);
  });

  it('keeps its deny rules in force and lists its entries for review; presets are not offered', async () => {
    await writeFile(path.join(root, 'codecoder.json'), HOSTILE);
    const { engine } = await open();
    expect(await engine.check(request('write_file', write('.env')))).toMatchObject({ allowed: false, via: 'deny-rule' });
    expect(engine.listProject().map((e) => [e.key, e.status])).toEqual([
      ['write_file:**', 'active'],
      ['run_command:make', 'preset'],
    ]);
    expect(engine.sessionPresets()).toEqual([]);
    expect(engine.acceptPresets(['run_command:make'])).toEqual([]);
    expect(engine.dryRun({ tool: 'run_command', environment: 'shell', permission: simple('make') }).decision).toBe('ask');
  });

  it('a ceiling-breaking entry is not even reported as matching while untrusted', async () => {
    await writeFile(path.join(root, 'codecoder.json'), '{"allowlist":{"run_command:curl":"AlwaysThisProject"}}');
    const { engine } = await open();
    expect(engine.loadReport().violations).toHaveLength(1); // listed for review
    expect(engine.dryRun({ tool: 'run_command', environment: 'shell', permission: simple('curl') }).violations).toEqual([]);
  });

  it('a project answer is saved and counts for this session, and says the file is not trusted yet', async () => {
    await writeFile(path.join(root, 'codecoder.json'), HOSTILE);
    const { engine, asker } = await open();
    asker.answer({ choice: 'project' });
    const d = await engine.check(request('write_file', write('docs/a.md')));
    expect(d).toMatchObject({ allowed: true, via: 'session' });
    expect(d.reason).toContain('not trusted yet');
    expect(JSON.parse(await readFile(path.join(root, 'codecoder.json'), 'utf8')).allowlist['write_file:docs/a.md']).toBe(
      'AlwaysThisProject',
    );
    expect(engine.trustState().status).toBe('untrusted');
    // The hostile entry still does not count.
    expect(engine.dryRun({ tool: 'write_file', environment: 'host', permission: write('x.sh') }).decision).toBe('ask');
  });
});

describe('trusting', () => {
  it('trust() honours exactly the reviewed content; a wrong hash is refused', async () => {
    await writeFile(path.join(root, 'codecoder.json'), HOSTILE);
    const { engine, store } = await open();
    await expect(engine.trustProject('0'.repeat(64))).rejects.toBeInstanceOf(TrustError);
    expect(engine.trustState().status).toBe('untrusted');
    const s = await engine.trustProject(await fileSha());
    expect(s).toMatchObject({ status: 'trusted', runOnly: false });
    expect((await store.get(root))?.sha256).toBe(await fileSha());
    expect(await engine.check(request('write_file', write('scripts/postinstall.sh')))).toMatchObject({ allowed: true, via: 'project' });
    expect(engine.sessionPresets()).toEqual(['run_command:make']);
    // Deny rules still beat the trusted allow.
    expect(await engine.check(request('write_file', write('.env')))).toMatchObject({ allowed: false, via: 'deny-rule' });
  });

  it('refuses to trust a file that changed on disk after it was loaded (what was reviewed is what is trusted)', async () => {
    await writeFile(path.join(root, 'codecoder.json'), '{"allowlist":{"write_file:docs/**":"AlwaysThisProject"}}');
    const { engine } = await open();
    const reviewed = engine.trustState().sha256!;
    await writeFile(path.join(root, 'codecoder.json'), HOSTILE);
    await expect(engine.trustProject(reviewed)).rejects.toThrow(/changed on disk/);
    await expect(engine.trustProject()).rejects.toThrow(/changed on disk/);
    expect(engine.trustState().status).toBe('untrusted');
  });

  it('a hand edit (or a pull) needs trust again after reload', async () => {
    await writeFile(path.join(root, 'codecoder.json'), HOSTILE);
    const { engine } = await open();
    await engine.trustProject();
    await writeFile(path.join(root, 'codecoder.json'), HOSTILE.replace('write_file:.env', 'write_file:.envrc'));
    await engine.reload();
    expect(engine.trustState().status).toBe('changed');
    expect(engine.dryRun({ tool: 'write_file', environment: 'host', permission: write('a.sh') }).decision).toBe('ask');
  });

  it('after a change, the bytes trusted before are there to compare (kept beside the store); a tampered copy is not used', async () => {
    await writeFile(path.join(root, 'codecoder.json'), HOSTILE);
    const { engine, store } = await open();
    expect(await engine.trustedBeforeContent()).toBeUndefined();
    await engine.trustProject();
    const trustedSha = engine.trustState().sha256!;
    // Trusted and unchanged: nothing to compare.
    expect(await engine.trustedBeforeContent()).toBeUndefined();
    await writeFile(path.join(root, 'codecoder.json'), HOSTILE.replace('write_file:.env', 'write_file:.envrc'));
    await engine.reload();
    expect(engine.trustState().status).toBe('changed');
    expect(Buffer.from((await engine.trustedBeforeContent())!).toString('latin1')).toBe(HOSTILE);
    const copy = path.join(dataDir, 'trusted-content', `${trustedSha}.json`);
    await writeFile(copy, HOSTILE.replace('AlwaysThisProject', 'AlwaysThisSession'));
    expect(await engine.trustedBeforeContent()).toBeUndefined();
    // Trusting the new content keeps its copy and removes the one no record names any more.
    await engine.trustProject();
    expect(await store.trustedContent(trustedSha)).toBeUndefined();
    await expect(readFile(copy)).rejects.toThrow();
    expect(await store.trustedContent(engine.trustState().sha256!)).toBeDefined();
  });

  it('a new clone of the same content elsewhere is not trusted; the same folder through a symlink is', async () => {
    await writeFile(path.join(root, 'codecoder.json'), HOSTILE);
    await (await open()).engine.trustProject();
    const clone = path.join(base, 'clone2');
    await cp(root, clone, { recursive: true });
    expect((await open(clone)).engine.trustState().status).toBe('untrusted');
    const link = path.join(base, 'link');
    await symlink(root, link);
    expect((await open(link)).engine.trustState().status).toBe('trusted');
  });

  it('revoke removes the record: the entries ask again', async () => {
    await writeFile(path.join(root, 'codecoder.json'), HOSTILE);
    const { engine, store } = await open();
    await engine.trustProject();
    expect((await engine.revokeTrust()).status).toBe('untrusted');
    expect(await store.get(root)).toBeUndefined();
    expect(engine.dryRun({ tool: 'write_file', environment: 'host', permission: write('a.sh') }).decision).toBe('ask');
  });

  it('a malformed trust store trusts nothing, says why, and is not overwritten by trust()', async () => {
    await writeFile(path.join(root, 'codecoder.json'), HOSTILE);
    await mkdir(dataDir, { recursive: true });
    await writeFile(path.join(dataDir, 'trusted-folders.json'), 'garbage');
    const { engine } = await open();
    expect(engine.trustState()).toMatchObject({ status: 'untrusted', error: expect.stringContaining('unusable') });
    await expect(engine.trustProject()).rejects.toThrow(/unusable/);
    expect(await readFile(path.join(dataDir, 'trusted-folders.json'), 'utf8')).toBe('garbage');
  });

  it('trustForThisRun honours the content for this process only: nothing is recorded', async () => {
    await writeFile(path.join(root, 'codecoder.json'), HOSTILE);
    const first = await open();
    expect(await first.trust.trustForThisRun()).toMatchObject({ status: 'trusted', runOnly: true, trustedAt: null });
    expect(await first.store.get(root)).toBeUndefined();
    expect((await open()).engine.trustState().status).toBe('untrusted');
  });
});

describe('where trust is kept', () => {
  it('a trust store inside the project (a repository could ship one) is never read or written', async () => {
    await writeFile(path.join(root, 'codecoder.json'), HOSTILE);
    const inside = path.join(root, '.codecoder-data');
    await mkdir(inside);
    const shipped = JSON.stringify({
      version: 1,
      folders: { [await realpath(root)]: { sha256: await fileSha(), trustedAt: '2020-01-01T00:00:00Z' } },
    });
    await writeFile(path.join(inside, 'trusted-folders.json'), shipped);
    const config = await ProjectConfig.open({ projectRoot: root });
    const trust = await ProjectTrust.open({ store: TrustStore.forDataDir(inside), projectRoot: root, config });
    expect(trust.state()).toMatchObject({ status: 'untrusted', error: expect.stringContaining('inside the project') });
    await expect(trust.trust()).rejects.toThrow(/inside the project/);
    expect(await readFile(path.join(inside, 'trusted-folders.json'), 'utf8')).toBe(shipped);
  });
});

describe("the app's own writes keep their trust", () => {
  it('a run-only trust stays run-only after our own write: nothing is recorded', async () => {
    await writeFile(path.join(root, 'codecoder.json'), HOSTILE);
    const { engine, trust, store } = await open();
    await trust.trustForThisRun();
    // The engine compiled before the run-only trust: reload, as assembleAgent trusts before building the engine.
    await engine.reload();
    await engine.setProjectEntry('write_file:docs/**');
    expect(engine.trustState()).toMatchObject({ status: 'trusted', runOnly: true, sha256: await fileSha() });
    expect(await store.get(root)).toBeUndefined();
    expect(engine.dryRun({ tool: 'write_file', environment: 'host', permission: write('x.sh') }).decision).toBe('allow');
  });

  it('an editor edit and a project answer on a trusted file stay trusted, also in the next process', async () => {
    await writeFile(path.join(root, 'codecoder.json'), HOSTILE);
    const { engine, asker, store } = await open();
    await engine.trustProject();
    await engine.setProjectEntry('write_file:docs/**');
    await engine.addDenyRule('write_file:secrets/**');
    asker.answer({ choice: 'project' });
    expect(
      await engine.check(request('commit', { kind: 'ask', key: { tool: 'commit', action: 'main', raw: 'commit:main' } }, 'host')),
    ).toMatchObject({
      via: 'project',
    });
    expect(engine.trustState().status).toBe('trusted');
    expect((await store.get(root))?.sha256).toBe(await fileSha());
    const next = await open();
    expect(next.engine.trustState().status).toBe('trusted');
    expect(next.engine.dryRun({ tool: 'write_file', environment: 'host', permission: write('docs/x.md') }).decision).toBe('allow');
  });

  it('no file needs no trust; the file a project answer creates is trusted', async () => {
    const { engine, asker } = await open();
    expect(engine.trustState()).toMatchObject({ status: 'not-needed', sha256: null });
    asker.answer({ choice: 'project' });
    expect(await engine.check(request('write_file', write('src/a.ts')))).toMatchObject({ allowed: true, via: 'project' });
    expect(engine.trustState().status).toBe('trusted');
    expect((await open()).engine.dryRun({ tool: 'write_file', environment: 'host', permission: write('src/a.ts') }).decision).toBe('allow');
  });

  it('a deny-only file needs no trust and its rules count', async () => {
    await writeFile(path.join(root, 'codecoder.json'), '{"deny":["write_file:.env"]}');
    const { engine } = await open();
    expect(engine.trustState().status).toBe('not-needed');
    expect(await engine.check(request('write_file', write('.env')))).toMatchObject({ allowed: false, via: 'deny-rule' });
  });

  it("someone else's change in the file beside our write is not recorded as trusted", async () => {
    await writeFile(path.join(root, 'codecoder.json'), '{"allowlist":{"write_file:docs/**":"AlwaysThisProject"}}');
    const { engine, store } = await open();
    await engine.trustProject();
    const trusted = (await store.get(root))!.sha256;
    // A pull lands while the app has the file loaded; then the user edits through the app.
    await writeFile(
      path.join(root, 'codecoder.json'),
      '{"allowlist":{"write_file:docs/**":"AlwaysThisProject","write_file:**":"AlwaysThisProject"}}',
    );
    await engine.setProjectEntry('write_file:tests/**');
    expect((await store.get(root))!.sha256).toBe(trusted);
    const next = await open();
    expect(next.engine.trustState().status).toBe('changed');
    expect(next.engine.dryRun({ tool: 'write_file', environment: 'host', permission: write('x.sh') }).decision).toBe('ask');
  });
});
