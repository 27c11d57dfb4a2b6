/**
 * Everything the app creates in its data folder is this user's only, whatever the umask: a whole
 * session on the plain-Node core (the web host's) under `umask 000` — settings and a saved key,
 * the recent list, folder trust, a conversation with an edit, a command and its long output,
 * checkpoints, the audit log — then every folder and file under the data folder is walked and
 * must have no group or other permission bit. (Vitest runs this file in its own child process,
 * `pool: 'forks'`, so the umask set here is that process's alone.)
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, lstatSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventName, PendingApprovalView, Result } from '../../../shared/contract/index.js';
import { ContextWindows } from '../agent/index.js';
import { useTempDir } from '../fs/tempDir.testkit.js';
import { startScriptedServer } from '../llm/index.js';
import { createPlainNodeCore } from './plainNodeCore.js';
import type { WindowSession } from './windows.js';

const tempDirs = useTempDir();

/** Every entry under `dir` whose mode lets anyone but the owner in, as `mode path`. */
function openEntries(dir: string): string[] {
  const out: string[] = [];
  const walk = (p: string) => {
    const st = lstatSync(p);
    if ((st.mode & 0o077) !== 0 && !st.isSymbolicLink()) out.push(`${(st.mode & 0o777).toString(8)} ${path.relative(dir, p) || '.'}`);
    if (st.isDirectory()) for (const e of readdirSync(p)) walk(path.join(p, e));
  };
  walk(dir);
  return out;
}

/** Every folder and file under `dir`, to show the walk saw the session's data. */
function allEntries(dir: string): string[] {
  return readdirSync(dir, { recursive: true }).map(String);
}

let oldUmask: number;
beforeAll(() => {
  oldUmask = process.umask(0);
});
afterAll(() => {
  process.umask(oldUmask);
});

describe.skipIf(process.platform === 'win32')('the data folder after a session under umask 000 (POSIX modes; Windows has none)', () => {
  it('holds no file or folder another user could read, write or enter', async () => {
    const base = await tempDirs('cc-private-session-');
    const dataDir = path.join(base, 'data'); // not there yet: the app creates it
    const project = path.join(base, 'project');
    execFileSync('git', ['init', '-q', project]);
    await writeFile(path.join(project, 'README.md'), '# hello\n');
    await writeFile(path.join(project, 'codecoder.json'), JSON.stringify({ allowlist: { 'write_file:notes/**': 'AlwaysThisProject' } }));

    const server = await startScriptedServer({
      script: {
        models: ['scripted'],
        turns: [
          { toolCalls: [{ id: 'w1', name: 'write_file', input: { path: 'notes/a.md', content: 'hi\n' } }] },
          { toolCalls: [{ id: 'r1', name: 'run_command', input: { command: 'seq 1 40000' } }] },
          { text: 'done' },
        ],
      },
    });
    const core = createPlainNodeCore({
      dataDir,
      env: {},
      llmOverride: () => ({ provider: 'anthropic', model: 'scripted', baseUrl: server.url, apiKey: 'k' }),
    });
    try {
      const approvals: PendingApprovalView[][] = [];
      let finished: (() => void) | undefined;
      const done = new Promise<void>((resolve) => (finished = resolve));
      const window: WindowSession = {
        id: 'w1',
        project: null,
        emit: (name: EventName, payload: any) => {
          if (name === 'approvals.changed' && payload.length > 0) approvals.push(payload);
          if (name === 'agent.event' && payload.type === 'run.finished') finished!();
        },
      };
      core.windows.add(window);
      const call = async (method: string, input: unknown = {}): Promise<any> => {
        const r = (await core.router.call(method, input, { caller: 'w1', window })) as Result<any>;
        if (!r.ok) throw new Error(`${method}: ${r.error.message}`);
        return r.value;
      };
      await call('settings.update', { theme: 'dark', apiKey: 'sk-test-0123456789', githubToken: 'ghp_0123456789' });
      await call('project.open', { path: project });
      const view = await call('allowlist.reload');
      await call('permissions.trust', { sha256: view.trust.sha256 });
      const conv = await call('conversations.create');
      await call('agent.send', { conversationId: conv.id, text: 'write a note, then count' });
      while (approvals.length === 0) await new Promise((r) => setTimeout(r, 20));
      await call('approvals.answer', { id: approvals[0]![0]!.id, answer: { choice: 'session' } });
      await done;
      expect((await call('checkpoints.list')).checkpoints.length).toBeGreaterThan(0);
      await call('project.close');
    } finally {
      await core.runtimes.closeAll();
      await server.close();
    }

    // A server's "prompt too long" makes the runtime remember the model's window in the data folder.
    new ContextWindows(path.join(dataDir, 'context-windows.json')).learn('anthropic', 'scripted', 50_000);

    const names = allEntries(dataDir).join('\n');
    for (const expected of [
      'settings.json',
      'secrets.json',
      'recent.json',
      'trusted-folders.json',
      'audit.jsonl',
      'conversations/conv_',
      'logs/',
      'checkpoints/shadow.git/objects',
      'checkpoints/index.json',
      'context-windows.json',
    ]) {
      expect(names).toContain(expected);
    }
    expect(openEntries(dataDir)).toEqual([]);
  }, 60_000);

  it('tightens a data folder and a recent.json an older web host left 0755 / 0644', async () => {
    const dataDir = path.join(await tempDirs('cc-private-old-'), 'data');
    mkdirSync(dataDir, { mode: 0o755 });
    chmodSync(dataDir, 0o755);
    writeFileSync(path.join(dataDir, 'recent.json'), '{}\n', { mode: 0o644 });
    chmodSync(path.join(dataDir, 'recent.json'), 0o644);
    const core = createPlainNodeCore({ dataDir, env: {} });
    await core.runtimes.closeAll();
    expect(openEntries(dataDir)).toEqual([]);
  });
});
