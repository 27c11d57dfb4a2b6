import { spawn, type ChildProcess } from 'node:child_process';
import { readFile, readdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_CONFIG_BYTES, parseConfigText } from './configFile.js';
import { ConfigWriteRefused, ProjectConfig } from './projectConfig.js';
import { tempProject } from './permissions.testkit.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');
const writerScript = path.join(here, 'testkit/configWriter.ts');

let root: string;
let cleanup: () => Promise<void>;
beforeEach(async () => {
  ({ root, cleanup } = await tempProject());
});
afterEach(async () => cleanup());

const file = () => path.join(root, 'codecoder.json');
const SEED =
  '{\n  "allowlist": {\n    "run_command:git": "AlwaysThisProject",\n    "run_command:cargo": "AlwaysThisSession",\n    "write_file:tests/**": "AlwaysThisProject"\n  }\n}\n';

describe('loading', () => {
  it('a missing file is an empty, valid project level', async () => {
    const c = await ProjectConfig.open({ projectRoot: root });
    expect(c.snapshot()).toEqual({ exists: false, allowlist: [], deny: [] });
  });

  it("loads the seed's file", async () => {
    await writeFile(file(), SEED);
    const c = await ProjectConfig.open({ projectRoot: root });
    expect(c.snapshot().allowlist.map((a) => a.key)).toEqual(['run_command:git', 'run_command:cargo', 'write_file:tests/**']);
    expect(c.snapshot().error).toBeUndefined();
  });

  const broken: [string, string | Buffer, RegExp][] = [
    ['truncated', SEED.slice(0, 60), /line \d+, column \d+/],
    ['wrong-typed', '{"allowlist": {"write_file:a": 1}}', /line 1, column 32: allowlist\["write_file:a"\] must be/],
    ['double-BOM', '\ufeff\ufeff{}', /line 1, column 1/],
    ['huge', Buffer.alloc(MAX_CONFIG_BYTES + 10, 0x20), /over the 1048576-byte limit/],
    ['commented', '{\n  // mine\n  "allowlist": {}\n}', /line 2, column 3: comments are not allowed/],
  ];
  for (const [name, content, message] of broken) {
    it(`a ${name} file: counts as empty, names the position, and is never overwritten`, async () => {
      await writeFile(file(), content);
      const before = await readFile(file());
      const c = await ProjectConfig.open({ projectRoot: root });
      expect(c.snapshot().allowlist).toEqual([]);
      expect(c.snapshot().error?.message).toMatch(message);
      await expect(c.edit({ op: 'setAllow', key: 'write_file:x', value: 'AlwaysThisProject' })).rejects.toThrow(ConfigWriteRefused);
      await expect(c.edit({ op: 'addDeny', key: 'write_file:.env' })).rejects.toThrow(/malformed/);
      expect(Buffer.compare(await readFile(file()), before)).toBe(0);
      expect((await readdir(root)).sort()).toEqual(['codecoder.json']);
    });
  }

  it('a BOM-prefixed file is accepted, and a write keeps the BOM and everything else', async () => {
    await writeFile(file(), '\ufeff' + SEED.replace('{\n', '{\n  "mine": {"keep": [1, 2]},\n'));
    const c = await ProjectConfig.open({ projectRoot: root });
    expect(c.snapshot().error).toBeUndefined();
    expect(c.snapshot().allowlist).toHaveLength(3);
    await c.edit({ op: 'setAllow', key: 'write_file:docs/**', value: 'AlwaysThisProject' });
    const bytes = await readFile(file());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.toString('utf8')).toContain('"mine": {"keep": [1, 2]}');
    expect(c.snapshot().allowlist.map((a) => a.key)).toContain('write_file:docs/**');
  });

  it('a file that went bad on disk after loading is not overwritten either', async () => {
    await writeFile(file(), SEED);
    const c = await ProjectConfig.open({ projectRoot: root });
    await writeFile(file(), '{"allowlist": {');
    await expect(c.edit({ op: 'setAllow', key: 'write_file:x', value: 'AlwaysThisProject' })).rejects.toThrow(
      /on disk is malformed.*line 1/,
    );
    expect(await readFile(file(), 'utf8')).toBe('{"allowlist": {');
    expect(c.changedOnDisk).toBe(true);
  });

  it('a malformed reload keeps the last good deny rules and empties the allowlist; fixing it and reloading restores writes', async () => {
    await writeFile(file(), '{"allowlist": {"write_file:a": "AlwaysThisProject"}, "deny": ["write_file:.env"]}');
    const c = await ProjectConfig.open({ projectRoot: root });
    await writeFile(file(), '{"allowlist": {"write_file:a": "AlwaysThisProject"}, "deny": []');
    const s = await c.reload();
    expect(s.allowlist).toEqual([]);
    expect(s.deny.map((d) => d.key)).toEqual(['write_file:.env']);
    expect(s.error?.line).toBe(1);
    await writeFile(file(), '{"deny": []}');
    await c.reload();
    await c.edit({ op: 'setAllow', key: 'write_file:b', value: 'AlwaysThisProject' });
    expect(JSON.parse(await readFile(file(), 'utf8'))).toEqual({ deny: [], allowlist: { 'write_file:b': 'AlwaysThisProject' } });
  });
});

describe('manual edits are not applied silently', () => {
  it('the watcher marks the file changed on disk (also through an atomic rename); reload applies it', async () => {
    await writeFile(file(), SEED);
    let notified!: () => void;
    const changed = new Promise<void>((r) => (notified = r));
    const c = await ProjectConfig.open({ projectRoot: root, onDiskChange: () => notified() });
    c.watch();
    try {
      await writeFile(path.join(root, 'tmp.json'), '{"allowlist": {"write_file:new/**": "AlwaysThisProject"}}');
      await rename(path.join(root, 'tmp.json'), file());
      await changed;
      expect(c.changedOnDisk).toBe(true);
      expect(c.snapshot().allowlist.map((a) => a.key)).not.toContain('write_file:new/**');
      await c.reload();
      expect(c.changedOnDisk).toBe(false);
      expect(c.snapshot().allowlist.map((a) => a.key)).toEqual(['write_file:new/**']);
    } finally {
      c.close();
    }
  });

  it("this process's own writes do not count as changes on disk", async () => {
    const c = await ProjectConfig.open({ projectRoot: root });
    await c.edit({ op: 'setAllow', key: 'write_file:a', value: 'AlwaysThisProject' });
    await c.checkDisk();
    expect(c.changedOnDisk).toBe(false);
  });

  it("another writer's change is kept on disk, flagged, and applied only at reload", async () => {
    const a = await ProjectConfig.open({ projectRoot: root });
    const b = await ProjectConfig.open({ projectRoot: root });
    await a.edit({ op: 'setAllow', key: 'write_file:from-a', value: 'AlwaysThisProject' });
    await b.edit({ op: 'addDeny', key: 'write_file:.env' });
    expect(b.changedOnDisk).toBe(true);
    expect(b.snapshot().allowlist).toEqual([]);
    expect(b.snapshot().deny.map((d) => d.key)).toEqual(['write_file:.env']);
    expect(JSON.parse(await readFile(file(), 'utf8'))).toEqual({
      allowlist: { 'write_file:from-a': 'AlwaysThisProject' },
      deny: ['write_file:.env'],
    });
    await b.reload();
    expect(b.snapshot().allowlist.map((x) => x.key)).toEqual(['write_file:from-a']);
  });
});

describe('serialized writes', () => {
  it('many concurrent edits from two instances in one process lose nothing', async () => {
    const a = await ProjectConfig.open({ projectRoot: root });
    const b = await ProjectConfig.open({ projectRoot: root });
    await Promise.all(
      Array.from({ length: 30 }, (_, i) => (i % 2 ? a : b).edit({ op: 'setAllow', key: `write_file:k${i}`, value: 'AlwaysThisProject' })),
    );
    const r = parseConfigText(await readFile(file(), 'utf8'));
    expect(r.ok && r.doc.allowlist.length).toBe(30);
  });

  function spawnWriter(prefix: string, count: string): ChildProcess {
    return spawn(process.execPath, ['--import', 'tsx', writerScript, root, prefix, count], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  }
  function finished(child: ChildProcess): Promise<{ code: number | null; stderr: string }> {
    let stderr = '';
    child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stderr })));
  }

  it('two processes writing at once never lose an update', async () => {
    const n = 25;
    const [x, y] = await Promise.all([finished(spawnWriter('a', String(n))), finished(spawnWriter('b', String(n)))]);
    expect(x).toEqual({ code: 0, stderr: '' });
    expect(y).toEqual({ code: 0, stderr: '' });
    const r = parseConfigText(await readFile(file(), 'utf8'));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const keys = new Set(r.doc.allowlist.map((a) => a.key.split('/').slice(0, 2).join('/')));
    for (let i = 0; i < n; i++) {
      expect(keys.has(`write_file:a/${i}`)).toBe(true);
      expect(keys.has(`write_file:b/${i}`)).toBe(true);
    }
    expect(r.doc.allowlist).toHaveLength(2 * n);
  }, 60_000);

  it('a writer killed mid-write leaves the old or the new file, never a torn one; the next writer recovers the lock', async () => {
    await writeFile(file(), SEED);
    for (const killAfter of [3, 7, 12]) {
      const child = spawnWriter(`kill${killAfter}`, 'forever');
      const exited = new Promise<void>((r) => child.on('exit', () => r()));
      let done = -1;
      await new Promise<void>((resolve) => {
        let buf = '';
        child.stdout!.on('data', (d: Buffer) => {
          buf += d.toString();
          const lines = buf.split('\n');
          buf = lines.pop()!;
          for (const l of lines) done = Number(l.slice(3));
          if (done >= killAfter) {
            // Killed while it is already inside its next write.
            child.kill('SIGKILL');
            resolve();
          }
        });
      });
      await exited;
      const text = await readFile(file(), 'utf8');
      const r = parseConfigText(text);
      expect(r.ok, text.slice(0, 200)).toBe(true);
      if (!r.ok) return;
      const mine = r.doc.allowlist.filter((a) => a.key.startsWith(`write_file:kill${killAfter}/`)).length;
      // Every reported write is there; at most the one in flight on top (old or new).
      expect(mine === done + 1 || mine === done + 2).toBe(true);
      expect(r.doc.allowlist.filter((a) => a.key.startsWith('run_command:'))).toHaveLength(2);
    }
    // The killed writer may have left its lock behind: a new writer waits for it to go stale, then writes.
    const c = await ProjectConfig.open({ projectRoot: root, lockStaleMs: 5000 });
    await c.edit({ op: 'setAllow', key: 'write_file:after-crash', value: 'AlwaysThisProject' });
    expect(await readFile(file(), 'utf8')).toContain('write_file:after-crash');
  }, 60_000);
});
