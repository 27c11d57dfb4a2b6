/**
 * What the app keeps about a project in its data folder is this user's only:
 * transcripts (full tool output, e.g. an `env` dump), long tool outputs, command logs and the audit
 * log are 0600 in 0700 folders, whatever the umask; folders and transcripts an older version left
 * open are tightened.
 */
import { chmodSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { projectDataDir } from '../appData.js';
import { JsonlAuditLog } from '../permissions/index.js';
import { newLogPath } from '../tools/index.js';
import { ConversationStore } from './conversations.js';
import { fitForModel } from './truncate.js';
import { useTempDir } from '../fs/tempDir.testkit.js';

const tempDirs = useTempDir();

const mode = (p: string) => statSync(p).mode & 0o777;
let base: string;
let oldUmask: number;
beforeEach(() => {
  base = tempDirs.sync('cc-private-');
  oldUmask = process.umask(0o022);
});
afterEach(() => {
  process.umask(oldUmask);
  rmSync(base, { recursive: true, force: true });
});

describe.skipIf(process.platform === 'win32')('private data folder (POSIX modes; Windows has none)', () => {
  it('a transcript is 0600 in 0700 folders', async () => {
    const dataDir = path.join(base, 'data');
    const store = new ConversationStore({ dataDir, projectRoot: path.join(base, 'proj') });
    const c = await store.create({ title: 't' });
    await store.appendMessages(c.id, [{ role: 'user', content: [{ type: 'text', text: 'env' }] }]);
    const file = store.fileOf(c.id);
    expect(mode(file)).toBe(0o600);
    expect(mode(path.dirname(file))).toBe(0o700);
    expect(mode(path.dirname(path.dirname(file)))).toBe(0o700);
  });

  it('tightens a folder and a transcript an older version left 0755/0644', async () => {
    const dataDir = path.join(base, 'data');
    const projDir = projectDataDir(dataDir, path.join(base, 'proj'));
    const convDir = path.join(projDir, 'conversations');
    mkdirSync(convDir, { recursive: true, mode: 0o755 });
    chmodSync(projDir, 0o755);
    const store = new ConversationStore({ dataDir, projectRoot: path.join(base, 'proj') });
    const old = store.fileOf('conv_old');
    writeFileSync(old, '{"type":"meta","v":1,"id":"conv_old","title":"t","createdAt":1,"projectRoot":"/p"}\n', { mode: 0o644 });
    // Reopening an old conversation and appending to it, with no new one created.
    await store.appendMessages('conv_old', [{ role: 'user', content: [{ type: 'text', text: 'x' }] }]);
    expect(mode(old)).toBe(0o600);
    expect(mode(projDir)).toBe(0o700);
    expect(mode(convDir)).toBe(0o700);
  });

  it("a long tool output's full log and a command log folder are private", async () => {
    const logDir = path.join(base, 'data', 'logs');
    const r = await fitForModel({ content: 'x'.repeat(100) }, { maxChars: 10, logDir, name: 'run-call' });
    expect(mode(r.fullLogPath!)).toBe(0o600);
    expect(mode(logDir)).toBe(0o700);
    const cmdDir = path.join(base, 'data', 'cmdlogs');
    mkdirSync(cmdDir, { mode: 0o755 });
    chmodSync(cmdDir, 0o755);
    await newLogPath(cmdDir, 'run_command');
    expect(mode(cmdDir)).toBe(0o700);
  });

  it('the audit log is 0600 in a 0700 folder', async () => {
    const dataDir = path.join(base, 'data');
    const log = JsonlAuditLog.forProject(dataDir, path.join(base, 'proj'));
    log.append({ at: 1, agent: 'a', conversation: 'c', tool: 'read_file', key: 'read_file:x', decision: 'allow', via: 'none' });
    await log.flush();
    expect(log.lastError).toBeUndefined();
    expect(mode(log.file)).toBe(0o600);
    expect(mode(path.dirname(log.file))).toBe(0o700);
  });
});
