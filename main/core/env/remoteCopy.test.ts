/**
 * The project copy for a remote engine, and reading its changes back, without an engine: what is
 * sent (no protected entry, no key file, links as links), and an archive as a hostile engine could
 * answer (names climbing out, links, protected names) read into changes without touching the disk.
 */
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import tar from 'tar-stream';
import { describe, expect, it } from 'vitest';
import { useTempDir } from '../fs/tempDir.testkit.js';
import { CopyRefused, planCopy, readChanges } from './remoteCopy.js';

const temp = useTempDir();

function project(): string {
  const root = temp.sync('cc-copy-');
  mkdirSync(path.join(root, 'src'));
  mkdirSync(path.join(root, '.git'));
  mkdirSync(path.join(root, 'vendor', '.git'), { recursive: true });
  writeFileSync(path.join(root, 'src', 'a.txt'), 'hi\n');
  writeFileSync(path.join(root, '.git', 'config'), '[core]\n');
  writeFileSync(path.join(root, 'vendor', '.git', 'config'), '[core]\n');
  writeFileSync(path.join(root, 'codecoder.json'), '{}\n');
  writeFileSync(path.join(root, 'key.txt'), 'sk-test\n');
  symlinkSync('/etc/passwd', path.join(root, 'link'));
  return root;
}

async function entriesOf(stream: NodeJS.ReadableStream): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const extract = tar.extract();
  stream.pipe(extract as unknown as NodeJS.WritableStream);
  for await (const e of extract) {
    let body = '';
    for await (const c of e as AsyncIterable<Buffer>) body += c.toString();
    out.set(e.header.name, e.header.type === 'symlink' ? `-> ${e.header.linkname}` : body);
  }
  return out;
}

function archive(entries: { name: string; body?: string; type?: 'file' | 'directory' | 'symlink'; linkname?: string }[]): NodeJS.ReadableStream {
  const pack = tar.pack();
  for (const e of entries) pack.entry({ name: e.name, type: e.type ?? 'file', ...(e.linkname ? { linkname: e.linkname } : {}) }, e.body ?? '');
  pack.finalize();
  return Readable.from(pack);
}

describe('the copy sent to a remote engine', () => {
  it('leaves out every protected entry at any depth and the key files; a link travels as a link', async () => {
    const root = project();
    const copy = planCopy(root, ['key.txt']);
    const sent = await entriesOf(copy.tar());
    expect([...sent.keys()].sort()).toEqual(['link', 'src', 'src/a.txt', 'vendor']);
    expect(sent.get('link')).toBe('-> /etc/passwd');
    expect(sent.get('src/a.txt')).toBe('hi\n');
    expect(copy.manifest.get('src/a.txt')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses a project over the limits rather than sending half of it', () => {
    const root = project();
    expect(() => planCopy(root, [], { bytes: 2, files: 100 })).toThrow(CopyRefused);
    expect(() => planCopy(root, [], { bytes: 1e9, files: 2 })).toThrow(/more than 2 entries/);
  });
});

describe("reading the engine's answer back", () => {
  it('reports added, modified and deleted files as a diff; drops names that climb out, protected names and changed links; writes nothing', async () => {
    const root = project();
    const copy = planCopy(root, ['key.txt']);
    await entriesOf(copy.tar());
    const changes = await readChanges(
      archive([
        { name: 'work/', type: 'directory' },
        { name: 'work/src/a.txt', body: 'changed\n' },
        { name: 'work/src/new.txt', body: 'new\n' },
        { name: 'work/../../etc/cron.d/x', body: 'evil\n' },
        { name: 'work/.git/hooks/pre-commit', body: 'evil\n' },
        { name: 'work/vendor/.git/config', body: 'evil\n' },
        { name: 'work/CODECODER.JSON', body: 'evil\n' },
        { name: 'work/link', type: 'symlink', linkname: '/root/.ssh/id_rsa' },
      ]),
      copy.manifest,
      root,
    );
    expect(changes.modified).toEqual(['src/a.txt']);
    expect(changes.added).toEqual(['src/new.txt']);
    // Only files count as deleted; a folder or link missing from the answer is not offered as a change.
    expect(changes.deleted).toEqual([]);
    expect(changes.dropped).toEqual(
      expect.arrayContaining(['../../etc/cron.d/x', '.git/hooks/pre-commit', 'vendor/.git/config', 'CODECODER.JSON', 'link']),
    );
    expect(changes.diff).toContain('-hi\n+changed');
    expect(changes.diff).not.toContain('evil');
    expect(readFileSync(path.join(root, 'src', 'a.txt'), 'utf8')).toBe('hi\n');
  });

  it('a file missing from the answer is a deletion', async () => {
    const root = project();
    const copy = planCopy(root, ['key.txt']);
    await entriesOf(copy.tar());
    const changes = await readChanges(archive([{ name: 'work/src/', type: 'directory' }]), copy.manifest, root);
    expect(changes.deleted).toEqual(['src/a.txt']);
    expect(changes.diff).toContain('--- a/src/a.txt\n+++ /dev/null');
  });
});
