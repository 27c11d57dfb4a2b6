/**
 * The whole core through the router, as a window uses it: open a project, talk to a scripted model
 * (real Anthropic SDK on loopback), answer approvals, edit the allowlist. No electron, no browser.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { AgentEvent, EventName, PendingApprovalView, Result } from '../../../shared/contract/index.js';
import { startScriptedServer, type ScriptedServer, type ScriptInput } from '../llm/index.js';
import { createPlainNodeCore } from './plainNodeCore.js';
import type { WindowSession } from './windows.js';
import { useTempDir } from '../fs/tempDir.testkit.js';
import { podmanServiceProblem, startPodmanService } from '../env/podmanService.testkit.js';

const tempDirs = useTempDir();

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function harness(script: ScriptInput) {
  const dataDir = await tempDirs('cc-core-data-');
  const project = await tempDirs('cc-core-project-');
  execFileSync('git', ['init', '-q'], { cwd: project });
  await writeFile(path.join(project, 'README.md'), '# hello\n');
  const server: ScriptedServer = await startScriptedServer({ script });
  const core = createPlainNodeCore({
    dataDir,
    env: {},
    llmOverride: () => ({ provider: 'anthropic', model: 'scripted', baseUrl: server.url, apiKey: 'k' }),
  });
  // Popped last first: the folders go after the runtimes that use them are closed.
  cleanups.push(
    () => rm(dataDir, { recursive: true, force: true }),
    () => rm(project, { recursive: true, force: true }),
    () => server.close(),
    () => core.runtimes.closeAll(),
  );
  const events: { name: EventName; payload: any }[] = [];
  const waiters: { pred: (e: { name: EventName; payload: any }) => boolean; resolve: (p: any) => void }[] = [];
  const window: WindowSession = {
    id: 'w1',
    project: null,
    emit: (name, payload) => {
      const e = { name, payload };
      events.push(e);
      for (const w of [...waiters]) {
        if (!w.pred(e)) continue;
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(payload);
      }
    },
  };
  core.windows.add(window);
  const call = async <T = any>(method: string, input: unknown = {}): Promise<T> => {
    const r = (await core.router.call(method, input, { caller: 'w1', window })) as Result<T>;
    if (!r.ok) throw Object.assign(new Error(`${method}: ${r.error.code}: ${r.error.message}`), { code: r.error.code });
    return r.value;
  };
  const next = (pred: (e: { name: EventName; payload: any }) => boolean) => {
    const seen = events.find(pred);
    if (seen) return Promise.resolve(seen.payload);
    return new Promise<any>((resolve) => waiters.push({ pred, resolve }));
  };
  const approval = (): Promise<PendingApprovalView> =>
    next((e) => e.name === 'approvals.changed' && e.payload.length > 0).then((list) => list[0]);
  const finished = (runId: string): Promise<AgentEvent> =>
    next((e) => e.name === 'agent.event' && e.payload.type === 'run.finished' && e.payload.runId === runId);
  await call('project.open', { path: project });
  return { core, call, events, approval, finished, project, server, next };
}

describe('core through the router', () => {
  it('runs a command after a session approval, then runs the same key again without asking', async () => {
    const h = await harness({
      models: ['scripted'],
      turns: [
        { toolCalls: [{ id: 't1', name: 'run_command', input: { command: 'git status --short' } }] },
        { toolCalls: [{ id: 't2', name: 'run_command', input: { command: 'git log --oneline -1' } }] },
        { text: 'done' },
      ],
    });
    const conv = await h.call('conversations.create');
    const { runId } = await h.call('agent.send', { conversationId: conv.id, text: 'check git' });
    const prompt = await h.approval();
    expect(prompt).toMatchObject({
      kind: 'tool',
      tool: 'run_command',
      key: 'run_command:git',
      environment: 'shell',
      ceiling: 'session',
      preview: { argv: ['git', 'status', '--short'] },
    });
    // The ceiling: a shell key cannot be allowed for the project.
    await h.call('approvals.answer', { id: prompt.id, answer: { choice: 'session' } });
    const end = await h.finished(runId);
    expect(end).toMatchObject({ stopReason: 'end_turn', finalText: 'done' });
    const calls = h.events.filter((e) => e.name === 'agent.event' && e.payload.type === 'tool.call').map((e) => e.payload);
    expect(calls.map((c) => [c.key, c.decision, c.via])).toEqual([
      ['run_command:git', 'allowed', 'session'],
      ['run_command:git', 'allowed', 'session'],
    ]);
    const list = await h.call('allowlist.list');
    expect(list.entries).toEqual([
      expect.objectContaining({ key: 'run_command:git', scope: 'session', environment: 'shell', expiresAt: null }),
    ]);
    const audit = await h.call('audit.query', { tool: 'run_command' });
    expect(audit.map((r: any) => r.via)).toEqual(['session', 'session']);
  });

  it('a project grant for a write lands in codecoder.json; a denial with a reason reaches the model', async () => {
    const h = await harness({
      models: ['scripted'],
      turns: [
        { toolCalls: [{ id: 'w1', name: 'write_file', input: { path: 'notes/a.md', content: 'hi\n' } }] },
        { toolCalls: [{ id: 'w2', name: 'run_command', input: { command: 'rm -rf build' } }] },
        { text: 'understood' },
      ],
    });
    const conv = await h.call('conversations.create');
    const { runId } = await h.call('agent.send', { conversationId: conv.id, text: 'write notes' });
    const write = await h.approval();
    expect(write).toMatchObject({ key: 'write_file:notes/a.md', ceiling: 'project' });
    expect(write.preview?.diff).toContain('+hi');
    await h.call('approvals.answer', { id: write.id, answer: { choice: 'project' } });
    const rm = await h.next((e) => e.name === 'approvals.changed' && e.payload[0]?.key === 'run_command:rm').then((l) => l[0]);
    await expect(h.call('approvals.answer', { id: rm.id, answer: { choice: 'project' } })).rejects.toThrow();
    await h.call('approvals.answer', { id: rm.id, answer: { choice: 'deny', reason: 'never delete build' } });
    await h.finished(runId);
    expect(JSON.parse(await readFile(path.join(h.project, 'codecoder.json'), 'utf8'))).toEqual({
      allowlist: { 'write_file:notes/a.md': 'AlwaysThisProject' },
    });
    expect(await readFile(path.join(h.project, 'notes/a.md'), 'utf8')).toBe('hi\n');
    const lastRequest = JSON.stringify(h.server.requests.at(-1)?.body);
    expect(lastRequest).toContain('never delete build');
  });

  it('refuses a shell key at project scope in the editor, reports violations from the file, and reloads', async () => {
    const h = await harness({ models: ['scripted'], turns: [] });
    await expect(h.call('allowlist.add', { key: 'run_command:git', scope: 'project' })).rejects.toMatchObject({
      code: 'ceiling_violation',
    });
    await writeFile(
      path.join(h.project, 'codecoder.json'),
      JSON.stringify({ allowlist: { 'run_command:cargo': 'AlwaysThisProject', 'write_file:tests/**': 'AlwaysThisProject' } }),
    );
    // Not applied until reload.
    expect((await h.call('allowlist.list')).entries).toEqual([]);
    const view = await h.call('allowlist.reload');
    expect(view.violations).toEqual([expect.objectContaining({ key: 'run_command:cargo', ceiling: 'session' })]);
    expect(view.entries.find((e: any) => e.key === 'write_file:tests/**')).toMatchObject({ scope: 'project', violation: null });
    const test = await h.call('permissions.test', { command: 'git status && git push origin main' });
    expect(test).toMatchObject({
      classification: { kind: 'compound', key: 'run_command:git-status-&&-git-push' },
      result: { decision: 'ask' },
    });
  });

  it('a malformed codecoder.json is shown with its position, never rewritten, and writes are refused', async () => {
    const h = await harness({ models: ['scripted'], turns: [] });
    const bad = '{\n  "allowlist": {\n    "write_file:a": "AlwaysThisProject",\n';
    await writeFile(path.join(h.project, 'codecoder.json'), bad);
    const view = await h.call('allowlist.reload');
    expect(view.file).toMatchObject({ readOnly: true, error: { line: expect.any(Number) } });
    await expect(h.call('allowlist.add', { key: 'write_file:b', scope: 'project' })).rejects.toMatchObject({ code: 'conflict' });
    expect(await readFile(path.join(h.project, 'codecoder.json'), 'utf8')).toBe(bad);
  });

  it('folder trust: the view carries the review, permissions.trust takes the reviewed sha256, untrust revokes', async () => {
    const h = await harness({ models: ['scripted'], turns: [] });
    await writeFile(path.join(h.project, 'codecoder.json'), JSON.stringify({ allowlist: { 'write_file:**': 'AlwaysThisProject' } }));
    const view = await h.call('allowlist.reload');
    expect(view.trust).toMatchObject({
      status: 'untrusted',
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      review: [{ key: 'write_file:**', value: 'AlwaysThisProject', meaning: expect.stringContaining('any file'), violation: null }],
    });
    expect(view.entries[0].problem).toContain('not used until you trust');
    await expect(h.call('permissions.trust', { sha256: 'nope' })).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(h.call('permissions.trust', { sha256: '0'.repeat(64), extra: 1 })).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(h.call('permissions.trust', { sha256: '0'.repeat(64) })).rejects.toMatchObject({ code: 'conflict' });
    const trusted = await h.call('permissions.trust', { sha256: view.trust.sha256 });
    expect(trusted.trust).toMatchObject({ status: 'trusted', trustedAt: expect.any(String) });
    expect(trusted.entries[0].problem).toBeNull();
    expect((await h.call('permissions.untrust')).trust.status).toBe('untrusted');
  });

  it('a prompt lists only the answers the engine honours: a protected path is offered once, and project is refused', async () => {
    const h = await harness({
      models: ['scripted'],
      turns: [
        { toolCalls: [{ id: 'p1', name: 'write_file', input: { path: '.git/hooks/pre-commit', content: '#!/bin/sh\n' } }] },
        { toolCalls: [{ id: 'p2', name: 'run_command', input: { command: 'git status' } }] },
        { toolCalls: [{ id: 'p3', name: 'write_file', input: { path: 'notes/b.md', content: 'b\n' } }] },
        { text: 'done' },
      ],
    });
    const conv = await h.call('conversations.create');
    const { runId } = await h.call('agent.send', { conversationId: conv.id, text: 'write a hook' });
    const hook = await h.approval();
    expect(hook).toMatchObject({ key: 'write_file:.git/hooks/pre-commit', flags: { protectedPath: true }, scopes: ['once'] });
    await expect(h.call('approvals.answer', { id: hook.id, answer: { choice: 'project' } })).rejects.toThrow(/once only/);
    await expect(h.call('approvals.answer', { id: hook.id, answer: { choice: 'session' } })).rejects.toThrow(/once only/);
    await h.call('approvals.answer', { id: hook.id, answer: { choice: 'once' } });
    const git = await h.next((e) => e.name === 'approvals.changed' && e.payload[0]?.key === 'run_command:git').then((l) => l[0]);
    expect(git.scopes).toEqual(['once', 'session']);
    await h.call('approvals.answer', { id: git.id, answer: { choice: 'once' } });
    const note = await h.next((e) => e.name === 'approvals.changed' && e.payload[0]?.key === 'write_file:notes/b.md').then((l) => l[0]);
    expect(note.scopes).toEqual(['once', 'session', 'project']);
    await h.call('approvals.answer', { id: note.id, answer: { choice: 'deny' } });
    await h.finished(runId);
    const audit = await h.call('audit.query', { tool: 'write_file' });
    expect(audit.find((r: any) => r.key === 'write_file:.git/hooks/pre-commit')).toMatchObject({ decision: 'allow', via: 'once' });
    await expect(readFile(path.join(h.project, 'codecoder.json'), 'utf8')).rejects.toThrow();
  });

  it('answers methods of a project only when one is open', async () => {
    const h = await harness({ models: ['scripted'], turns: [] });
    await h.call('project.close');
    await expect(h.call('allowlist.list')).rejects.toMatchObject({ code: 'no_project' });
    await expect(h.call('project.files', { query: 'read' })).rejects.toMatchObject({ code: 'no_project' });
  });

  it('@-mentions: project.files lists and validates in main; agent.send refuses an attachment outside the project', async () => {
    const h = await harness({ models: ['scripted'], turns: [{ text: 'read it' }] });
    expect(await h.call('project.files', { query: 'read' })).toEqual({ files: ['README.md'], truncated: false });
    await expect(h.call('project.files', { query: 'a\u0000b' })).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(h.call('project.files', { query: '', limit: 500 })).rejects.toMatchObject({ code: 'invalid_input' });
    // Typed @words: only those naming a regular file inside the project attach; the rest stay text.
    await mkdir(path.join(h.project, 'src'), { recursive: true });
    expect(
      await h.call('project.typedMentions', { typed: ['README.md', './README.md', 'someone', 'src', '../../etc/passwd', '/etc/passwd'] }),
    ).toEqual({
      files: [
        { typed: 'README.md', file: 'README.md' },
        { typed: './README.md', file: 'README.md' },
      ],
    });
    await expect(h.call('project.typedMentions', { typed: ['a\u0000b'] })).rejects.toMatchObject({ code: 'invalid_input' });
    const { id } = await h.call('conversations.create');
    await expect(h.call('agent.send', { conversationId: id, text: 'x', attachments: ['../../etc/passwd'] })).rejects.toMatchObject({
      code: 'invalid_input',
    });
    const { runId } = await h.call('agent.send', { conversationId: id, text: 'look at @README.md', attachments: ['README.md'] });
    await h.finished(runId);
    const reads = h.events.filter((e) => e.name === 'agent.event' && e.payload.type === 'tool.call' && e.payload.tool === 'read_file');
    expect(reads.map((e) => e.payload.decision)).toEqual(['allowed']);
    // The read is audited with its path.
    const audit = await h.call<{ tool: string; subject?: string }[]>('audit.query', { tool: 'read_file' });
    expect(audit.map((r) => r.subject)).toEqual(['README.md']);
  });
});

describe('conversations.rewind: Edit and Regenerate cut a conversation at a message', () => {
  it('cuts at the message run.started placed; refuses a message that is not there', async () => {
    const h = await harness({ models: ['scripted'], turns: [{ text: 'first answer' }, { text: 'second answer' }, { text: 'again' }] });
    const { id } = await h.call('conversations.create');
    await h.finished((await h.call('agent.send', { conversationId: id, text: 'one' })).runId);
    await h.finished((await h.call('agent.send', { conversationId: id, text: 'two' })).runId);
    const started = h.events.filter((e) => e.name === 'agent.event' && e.payload.type === 'run.started').map((e) => e.payload);
    expect(started.map((e: { prompt: string; messageIndex: number }) => [e.prompt, e.messageIndex])).toEqual([
      ['one', 0],
      ['two', 2],
    ]);
    await expect(h.call('conversations.rewind', { id, messageIndex: 2, text: 'one' })).rejects.toMatchObject({ code: 'conflict' });
    await expect(h.call('conversations.rewind', { id, messageIndex: 1, text: 'first answer' })).rejects.toMatchObject({ code: 'conflict' });
    expect(await h.call('conversations.rewind', { id, messageIndex: 2, text: 'two' })).toEqual({ removedMessages: 2 });
    const after = await h.call<{ events: { type: string; prompt?: string }[] }>('conversations.events', { id });
    expect(after.events.filter((e) => e.type === 'run.started').map((e) => e.prompt)).toEqual(['one']);
    // The next message continues from the cut.
    await h.finished((await h.call('agent.send', { conversationId: id, text: 'two, edited' })).runId);
    const last = h.events.filter((e) => e.name === 'agent.event' && e.payload.type === 'run.started').at(-1)!.payload;
    expect(last).toMatchObject({ prompt: 'two, edited', messageIndex: 2 });
  });
});

describe('modes and checkpoints through the router', () => {
  it('mode.set is told to the windows; accept edits writes without a prompt; a restore comes back through checkpoints.*', async () => {
    const h = await harness({
      models: ['scripted'],
      turns: [
        { toolCalls: [{ id: 'w1', name: 'write_file', input: { path: 'a.txt', content: 'agent\n' } }] },
        { text: 'written' },
        { toolCalls: [{ id: 'c1', name: 'run_command', input: { command: 'echo hi > /tmp/cc-never-written.txt' } }] },
        { text: 'refused' },
      ],
    });
    const conv = await h.call('conversations.create');
    expect(await h.call('mode.get', { conversationId: conv.id })).toEqual({ conversationId: conv.id, mode: 'ask', carryPlan: false, planReady: false });
    await expect(h.call('mode.set', { conversationId: 'conv_nope', mode: 'edits' })).rejects.toMatchObject({ code: 'not_found' });
    await h.call('mode.set', { conversationId: conv.id, mode: 'edits' });
    expect(await h.next((e) => e.name === 'mode.changed')).toEqual({ conversationId: conv.id, mode: 'edits', carryPlan: false, planReady: false });

    const { runId } = await h.call('agent.send', { conversationId: conv.id, text: 'write a' });
    await h.finished(runId);
    expect(await readFile(path.join(h.project, 'a.txt'), 'utf8')).toBe('agent\n');
    expect(h.events.some((e) => e.name === 'approvals.changed' && e.payload.length > 0)).toBe(false);

    // A command writing outside the project: the prompt says a checkpoint cannot undo it.
    const second = await h.call('agent.send', { conversationId: conv.id, text: 'write outside' });
    const prompt = await h.approval();
    expect(prompt.flags?.notes).toContain('writes outside the project (/tmp/cc-never-written.txt): checkpoints cannot undo this');
    await h.call('approvals.answer', { id: prompt.id, answer: { choice: 'deny' } });
    await h.finished(second.runId);

    const { checkpoints, capBytes } = await h.call('checkpoints.list', { conversationId: conv.id });
    expect(checkpoints.map((c: { label: string }) => c.label)).toEqual(['turn 1 of “write outside”', 'turn 1 of “write a”']);
    expect(capBytes).toBeGreaterThan(0);
    const first = checkpoints[1].id;
    expect((await h.call('checkpoints.preview', { id: first })).changes).toEqual([{ path: 'a.txt', change: 'delete' }]);
    const r = await h.call('checkpoints.restore', { id: first, rewindConversation: false });
    expect(r).toMatchObject({ changes: [{ path: 'a.txt', change: 'delete' }], skipped: [], rewoundMessages: 0 });
    await expect(readFile(path.join(h.project, 'a.txt'), 'utf8')).rejects.toThrow();
    await expect(h.call('checkpoints.preview', { id: 'cp_nope' })).rejects.toMatchObject({ code: 'not_found' });
  });
});

const podmanWhy = await podmanServiceProblem();

describe.skipIf(podmanWhy !== undefined)(`an agent in a container, through the router${podmanWhy ? ` (skipped: ${podmanWhy})` : ''}`, () => {
  it("agent.send inContainer: that conversation's run_command runs on the Settings' engine, under the same key and approval; another conversation runs on the host", async () => {
    const service = await startPodmanService(await tempDirs('cc-core-podman-'), 'unix');
    cleanups.unshift(() => service.stop());
    const probe = 'test -d /usr || echo busybox-image';
    const h = await harness({
      models: ['scripted'],
      turns: [
        { toolCalls: [{ id: 't1', name: 'run_command', input: { command: probe } }] },
        { text: 'boxed' },
        { toolCalls: [{ id: 't2', name: 'run_command', input: { command: probe } }] },
        { text: 'host' },
      ],
    });
    await h.call('settings.update', { containerEngine: { host: service.url } });
    const boxed = await h.call('conversations.create');
    const first = await h.call('agent.send', { conversationId: boxed.id, text: 'probe', inContainer: true });
    const prompt = await h.approval();
    expect(prompt).toMatchObject({ tool: 'run_command', ceiling: 'session' });
    await h.call('approvals.answer', { id: prompt.id, answer: { choice: 'session' } });
    await h.finished(first.runId);
    const results = () => h.events.filter((e) => e.name === 'agent.event' && e.payload.type === 'tool.result').map((e) => e.payload);
    expect(results()[0]).toMatchObject({ isError: false, data: { container: { engine: 'podman', endpoint: service.url } } });
    expect(results()[0].content).toContain('busybox-image');
    const other = await h.call('conversations.create');
    const second = await h.call('agent.send', { conversationId: other.id, text: 'probe' });
    await h.finished(second.runId);
    expect(results()[1].content).not.toContain('busybox-image');
    expect(results()[1].data).not.toHaveProperty('container');
  }, 120_000);
});
