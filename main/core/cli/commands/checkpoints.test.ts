/** `codecoder checkpoints list|restore` through the command with in-memory streams. */
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConversationStore } from '../../agent/index.js';
import { CheckpointStore } from '../../checkpoints/index.js';
import { memoryIo } from '../io.testkit.js';
import { run } from './checkpoints.js';
import { useTempDir } from '../../fs/tempDir.testkit.js';

const tempDirs = useTempDir();

let root: string;
let data: string;
beforeEach(async () => {
  root = await tempDirs('cc-cli-cp-');
  data = await tempDirs('cc-cli-cp-data-');
  await writeFile(path.join(root, 'a.txt'), 'before\n');
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
  await rm(data, { recursive: true, force: true });
});

async function cli(argv: string[], input?: string) {
  const t = memoryIo({ env: { CODECODER_DATA_DIR: data }, ...(input === undefined ? {} : { input, tty: true }) });
  const code = await run(argv, t.io);
  return { code, out: t.out(), err: t.err() };
}

describe('codecoder checkpoints', () => {
  it('lists, shows what a restore changes, restores with --yes (audited), and the undo it prints works', async () => {
    const conv = await new ConversationStore({ dataDir: data, projectRoot: root }).create({ title: 't' });
    const cp = await new CheckpointStore({ dataDir: data, projectRoot: root }).snapshot({
      conversationId: conv.id,
      label: 'turn 1 of “t”',
    });
    await writeFile(path.join(root, 'a.txt'), 'after\n');
    await writeFile(path.join(root, 'b.txt'), 'new\n');

    const list = await cli(['list', '--project', root, '--conversation', conv.id]);
    expect(list.code).toBe(0);
    expect(list.out).toContain(`${cp.id}  `);
    expect(list.out).toContain('turn 1 of “t”');
    expect(list.out).toMatch(/MB used of 2048 MB for this project/);

    const noTty = await cli(['restore', '--project', root, cp.id]);
    expect(noTty.code).toBe(2);
    expect(noTty.err).toContain('no TTY to confirm on: add --yes');
    expect(await readFile(path.join(root, 'a.txt'), 'utf8')).toBe('after\n');

    const declined = await cli(['restore', '--project', root, '--conversation', conv.id], 'n\n');
    expect(declined.code).toBe(1);
    expect(declined.out).toContain('nothing changed');

    const r = await cli(['restore', '--project', root, '--conversation', conv.id, '--yes', cp.id]);
    expect(r.code).toBe(0);
    expect(r.out).toContain('changes 2 files:\n  restore   a.txt\n  remove    b.txt\n');
    expect(r.out).toContain('restored: 2 files (1 restored, 1 removed)');
    expect(await readFile(path.join(root, 'a.txt'), 'utf8')).toBe('before\n');
    const undoId = /undo: codecoder checkpoints restore --project ".*" (cp_\S+)/.exec(r.out)![1]!;
    const audit = await readFile(
      path.join(path.dirname(new CheckpointStore({ dataDir: data, projectRoot: root }).dir), 'audit.jsonl'),
      'utf8',
    );
    expect(audit).toContain(`"agent":"cli","conversation":"${conv.id}","tool":"checkpoint_restore"`);

    expect((await cli(['restore', '--project', root, '--yes', undoId])).code).toBe(0);
    expect(await readFile(path.join(root, 'b.txt'), 'utf8')).toBe('new\n');
  });

  it('says what is wrong with its arguments', async () => {
    expect((await cli(['undo', '--project', root])).err).toContain('unknown subcommand "undo"');
    expect((await cli(['restore', '--project', root])).err).toContain('give a CHECKPOINT_ID, or --conversation ID');
    const missing = await cli(['restore', '--project', root, '--yes', 'cp_nope']);
    expect(missing.code).toBe(1);
    expect(missing.err).toContain('There is no checkpoint cp_nope for this project.');
  });
});
