/**
 * Background agents on real git and the real assembled agent, driven by the scripted model: four
 * agents editing the same file at once (each approval answered for the agent that asked, each diff
 * reviewed, merges fast-forward / conflict / merge), the project's uncommitted work never touched,
 * protected entries, the limit and its queue, stop and discard leaving nothing behind.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PendingApproval } from '../approvals/index.js';
import { useTempDir } from '../fs/tempDir.testkit.js';
import { agentsRig, gitIn, gitProject, type AgentsRig } from './agents.testkit.js';
import { AgentRegistry } from './registry.js';

const temp = useTempDir();

const BASE = ['l1', 'l2', 'l3', 'l4', 'l5', 'l6', 'l7', 'l8', 'l9'];
const withLine = (i: number, text: string) => [...BASE.slice(0, i), text, ...BASE.slice(i + 1)].join('\n') + '\n';
/** Each agent's task and the file it writes: alpha and beta change line 1 (a conflict), gamma line 9, delta line 5. */
const EDITS = {
  alpha: withLine(0, 'L1-alpha'),
  beta: withLine(0, 'L1-beta'),
  gamma: withLine(8, 'L9-gamma'),
  delta: withLine(4, 'L5-delta'),
};
type Name = keyof typeof EDITS;
const NAMES = Object.keys(EDITS) as Name[];

const writeTurn = (name: string, file: string, content: string, delayMs = 0) => ({
  match: { lastUser: `task ${name}` },
  delayMs,
  toolCalls: [{ id: `toolu_${name}`, name: 'write_file', input: { path: file, content } }],
});

/** Answers each approval `once` when it names the agent whose content it carries; records any crossed one. */
function answerForItsAgent(rig: AgentsRig, crossed: string[], answered: PendingApproval[]): () => void {
  return rig.approvals.subscribe((n) => {
    if (n.type !== 'approval.requested' || n.approval.kind !== 'tool') return;
    const a = n.approval;
    const agentId = rig.agents.agentOfConversation(a.conversationId);
    const content = (a.request.args as { content?: string }).content;
    if (!agentId || content !== EDITS[agentId as Name]) crossed.push(`${a.id} from ${agentId} carried ${JSON.stringify(content)}`);
    answered.push(a);
    // Answered after the asking call returns, as a user would.
    setTimeout(() => rig.approvals.answer(a.id, { choice: 'once' }), 5);
  });
}

describe('background agents in worktrees', () => {
  it('four agents edit the same file in parallel; each approval reaches its agent; merges fast-forward, conflict (project untouched) and merge', async () => {
    const rig = await agentsRig(temp, {
      files: { 'shared.txt': BASE.join('\n') + '\n' },
      // Each model turn waits a little, so all four are in flight together.
      script: { turns: NAMES.map((n) => writeTurn(n, 'shared.txt', EDITS[n], 30)), whenExhausted: { text: 'done' } },
    });
    try {
      const crossed: string[] = [];
      const answered: PendingApproval[] = [];
      const stop = answerForItsAgent(rig, crossed, answered);
      const started = await Promise.all(NAMES.map((n) => rig.agents.start({ prompt: `task ${n}: change shared.txt`, name: n })));
      expect(started.map((a) => a.branch)).toEqual(NAMES.map((n) => `codecoder/${n}`));
      // Never inside the project: each worktree lives in the data folder.
      for (const a of started) expect(a.worktree.startsWith(rig.dataDir + path.sep)).toBe(true);
      await rig.agents.idle();
      stop();
      expect(crossed).toEqual([]);
      const list = await rig.agents.list();
      expect(list.map((a) => [a.id, a.status, a.filesChanged, a.message])).toEqual(NAMES.map((n) => [n, 'finished', 1, 'done']));
      expect(answered).toHaveLength(4);
      expect(list.every((a) => a.usage.inputTokens > 0)).toBe(true);

      // Review: each diff is against the commit it started from.
      for (const n of NAMES) {
        const d = await rig.agents.diff(n);
        expect(d.files).toEqual([{ path: 'shared.txt', change: 'modified', protected: false }]);
        expect(d.diff).toContain(`+${EDITS[n].split('\n').find((l) => l.includes('-'))}`);
      }

      const alpha = await rig.agents.merge('alpha');
      expect(alpha.outcome).toBe('fast-forward');
      expect(alpha.agent.status).toBe('merged');
      const headAfterAlpha = gitIn(rig.root, 'rev-parse', 'HEAD');

      const beta = await rig.agents.merge('beta');
      expect(beta.outcome).toBe('conflict');
      expect(beta.conflicts.map((c) => c.path)).toEqual(['shared.txt']);
      expect(beta.conflicts[0]!.diff).toMatch(/<<<<<<<[\s\S]*L1-alpha[\s\S]*=======[\s\S]*L1-beta[\s\S]*>>>>>>>/);
      // The project is exactly as before: same HEAD, clean tree, no merge in progress.
      expect(gitIn(rig.root, 'rev-parse', 'HEAD')).toBe(headAfterAlpha);
      expect(gitIn(rig.root, 'status', '--porcelain')).toBe('');
      expect(existsSync(path.join(rig.root, '.git', 'MERGE_HEAD'))).toBe(false);
      expect((await rig.agents.list()).find((a) => a.id === 'beta')!.status).toBe('finished');

      expect((await rig.agents.merge('gamma')).outcome).toBe('merged');
      expect((await rig.agents.merge('delta')).outcome).toBe('merged');
      expect(await readFile(path.join(rig.root, 'shared.txt'), 'utf8')).toBe(
        ['L1-alpha', 'l2', 'l3', 'l4', 'L5-delta', 'l6', 'l7', 'l8', 'L9-gamma'].join('\n') + '\n',
      );
      expect(gitIn(rig.root, 'status', '--porcelain')).toBe('');

      // Discard removes the worktree, the branch and the record.
      const betaView = (await rig.agents.list()).find((a) => a.id === 'beta')!;
      await rig.agents.discard('beta');
      expect(existsSync(betaView.worktree)).toBe(false);
      expect(gitIn(rig.root, 'branch', '--list', 'codecoder/beta')).toBe('');
      expect(gitIn(rig.root, 'worktree', 'list', '--porcelain')).not.toContain(betaView.worktree);
      expect((await rig.agents.list()).map((a) => a.id)).toEqual(['alpha', 'gamma', 'delta']);
    } finally {
      await rig.close();
    }
  });

  it("refuses a merge over the user's uncommitted change to a file it touches, and keeps that change", async () => {
    const rig = await agentsRig(temp, {
      files: { 'a.txt': 'a\n', 'b.txt': 'b\n' },
      script: { turns: [writeTurn('one', 'a.txt', 'agent\n')], whenExhausted: { text: 'done' } },
    });
    try {
      const stop = rig.approvals.subscribe((n) => {
        if (n.type === 'approval.requested') setTimeout(() => rig.approvals.answer(n.approval.id, { choice: 'once' }), 1);
      });
      await rig.agents.start({ prompt: 'task one', name: 'one' });
      await rig.agents.idle();
      stop();
      await writeFile(path.join(rig.root, 'a.txt'), 'mine, not committed\n');
      const r = await rig.agents.merge('one');
      expect(r.outcome).toBe('refused');
      expect(r.message).toMatch(/uncommitted changes .*a\.txt/);
      expect(await readFile(path.join(rig.root, 'a.txt'), 'utf8')).toBe('mine, not committed\n');
      // An uncommitted change elsewhere does not stop it, and stays.
      gitIn(rig.root, 'checkout', '--', 'a.txt');
      await writeFile(path.join(rig.root, 'b.txt'), 'b changed\n');
      expect((await rig.agents.merge('one')).outcome).toBe('fast-forward');
      expect(await readFile(path.join(rig.root, 'a.txt'), 'utf8')).toBe('agent\n');
      expect(await readFile(path.join(rig.root, 'b.txt'), 'utf8')).toBe('b changed\n');
    } finally {
      await rig.close();
    }
  });

  it("an agent cannot touch the project's protected entries; its worktree's codecoder.json grants nothing; merging one asks", async () => {
    const files = { 'codecoder.json': '{"allowlist":[]}\n', 'x.txt': 'x\n' };
    const PROJECT = await gitProject(temp, files);
    const rig = await agentsRig(temp, {
      files,
      root: PROJECT,
      script: {
        turns: [
          {
            match: { lastUser: 'task guard' },
            toolCalls: [
              // The project's own files, by absolute path and by climbing out of the worktree.
              { id: 't1', name: 'write_file', input: { path: `${PROJECT}/codecoder.json`, content: '{"allowlist":["write_file:*"]}' } },
              { id: 't2', name: 'write_file', input: { path: '.git', content: `gitdir: ${PROJECT}/.git` } },
              { id: 't3', name: 'read_file', input: { path: `${PROJECT}/.git/config` } },
            ],
          },
          // Its own copy of codecoder.json, allowed once by the user: it grants the next call nothing.
          { toolCalls: [{ id: 't4', name: 'write_file', input: { path: 'codecoder.json', content: '{"allowlist":["write_file:*"]}\n' } }] },
          { toolCalls: [{ id: 't5', name: 'write_file', input: { path: 'y.txt', content: 'y\n' } }] },
          { text: 'done' },
        ],
      },
    });
    try {
      const asked: { key: string; protectedPath: boolean }[] = [];
      const stop = rig.approvals.subscribe((n) => {
        if (n.type !== 'approval.requested' || n.approval.kind !== 'tool') return;
        const r = n.approval.request;
        asked.push({ key: r.key.raw, protectedPath: Boolean(r.flags?.protectedPath) });
        // The user allows the worktree's own codecoder.json once, and refuses y.txt (so it was asked).
        setTimeout(
          () => rig.approvals.answer(n.approval.id, r.key.raw === 'write_file:codecoder.json' ? { choice: 'once' } : { choice: 'deny' }),
          1,
        );
      });
      await rig.agents.start({ prompt: `task guard in ${rig.root}`, name: 'guard' });
      await rig.agents.idle();
      stop();
      expect(await readFile(path.join(rig.root, 'codecoder.json'), 'utf8')).toBe('{"allowlist":[]}\n');
      // Each of the three reaches for the project's protected entries failed.
      const results = new Map(rig.log.of('tool.result').map((r) => [r.callId, r]));
      for (const id of ['t1', 't2', 't3']) expect(results.get(id)?.isError, `${id}: ${results.get(id)?.content}`).toBe(true);
      // Its worktree's .git file still points where git put it.
      const agent = (await rig.agents.list())[0]!;
      expect(await readFile(path.join(agent.worktree, '.git'), 'utf8')).toMatch(/^gitdir: .*\.git\/worktrees\//);
      expect(asked.map((a) => a.key)).toContain('write_file:codecoder.json');
      // y.txt was asked about although the worktree's codecoder.json allows write_file:*.
      expect(asked.map((a) => a.key)).toContain('write_file:y.txt');
      expect(existsSync(path.join(agent.worktree, 'y.txt'))).toBe(false);

      // Merging the edited codecoder.json asks through the project's engine; a denial merges nothing.
      const head = gitIn(rig.root, 'rev-parse', 'HEAD');
      const stop2 = rig.approvals.subscribe((n) => {
        if (n.type !== 'approval.requested' || n.approval.kind !== 'tool') return;
        expect(n.approval.request.key.raw).toBe('merge_agent:codecoder.json');
        expect(n.approval.request.flags?.protectedPath).toBe(true);
        expect(rig.agents.agentOfConversation(n.approval.conversationId)).toBe('guard');
        setTimeout(() => rig.approvals.answer(n.approval.id, { choice: 'deny', reason: 'not this' }), 1);
      });
      const r = await rig.agents.merge('guard');
      stop2();
      expect(r.outcome).toBe('refused');
      expect(r.message).toMatch(/protected entries \(codecoder\.json\) and was not approved: .*not this/);
      expect(gitIn(rig.root, 'rev-parse', 'HEAD')).toBe(head);
      expect(await readFile(path.join(rig.root, 'codecoder.json'), 'utf8')).toBe('{"allowlist":[]}\n');
    } finally {
      await rig.close();
    }
  });

  it('runs at most the limit at once and queues the rest; stop ends a queued and a running agent', async () => {
    const rig = await agentsRig(temp, {
      files: { 'a.txt': 'a\n' },
      limit: 1,
      script: { turns: [{ match: { lastUser: 'task slow' }, text: 'thinking', stall: true }], whenExhausted: { text: 'done' } },
    });
    try {
      const slow = await rig.agents.start({ prompt: 'task slow', name: 'slow' });
      const queued = await rig.agents.start({ prompt: 'task later', name: 'later' });
      expect(queued.status).toBe('queued');
      await rig.server.waitForRequests(1);
      expect((await rig.agents.list()).map((a) => a.status)).toEqual(['running', 'queued']);
      expect((await rig.agents.stop('slow')).status).toBe('stopped');
      // The slot freed: the queued one runs and finishes.
      await rig.agents.idle();
      expect((await rig.agents.list()).map((a) => [a.id, a.status])).toEqual([
        [slow.id, 'stopped'],
        ['later', 'finished'],
      ]);
    } finally {
      await rig.close();
    }
  });

  it('a restart removes a half-made agent and a stray worktree, marks a running one interrupted, and leaves a live process its own', async () => {
    const rig = await agentsRig(temp, { files: { 'a.txt': 'a\n' }, script: { turns: [] } });
    await rig.close();
    const dead = spawnSync('true').pid;
    const registry = new AgentRegistry(path.join(path.dirname(rig.agents.worktrees.home)));
    const base = {
      v: 1 as const,
      prompt: 'p',
      baseCommit: '',
      conversationId: '',
      createdAt: 1,
      updatedAt: 1,
      usage: { inputTokens: 0, outputTokens: 0, costUsd: 0 },
      filesChanged: 0,
    };
    // Killed between its record and its worktree's record: the worktree and branch exist, the record says not ready.
    const half = await rig.agents.worktrees.create('half', 'codecoder/half');
    await registry.write({
      ...base,
      id: 'half',
      name: 'half',
      branch: 'codecoder/half',
      worktree: '',
      adminDir: '',
      ready: false,
      status: 'queued',
      ownerPid: dead,
    });
    // Killed while running.
    const ran = await rig.agents.worktrees.create('ran', 'codecoder/ran');
    await registry.write({ ...base, id: 'ran', name: 'ran', ...ran, ready: true, status: 'running', ownerPid: dead });
    // Run by a live process (this one stands in for a `codecoder run --worktree` beside the app).
    const other = await rig.agents.worktrees.create('other', 'codecoder/other');
    await registry.write({
      ...base,
      id: 'other',
      name: 'other',
      ...other,
      ready: true,
      status: 'running',
      ownerPid: process.pid,
      createdAt: 2,
    });
    // A worktree no record names.
    await rig.agents.worktrees.create('stray', 'codecoder/stray');

    const again = await agentsRig(temp, { files: {}, root: rig.root, dataDir: rig.dataDir, script: { turns: [] } });
    try {
      expect(again.agents.reconciled.removed.sort()).toEqual(['half', 'stray']);
      expect(again.agents.reconciled.interrupted).toEqual(['ran']);
      expect(existsSync(half.worktree)).toBe(false);
      expect(gitIn(rig.root, 'branch', '--list', 'codecoder/half')).toBe('');
      expect((await again.agents.list()).map((a) => [a.id, a.status])).toEqual([
        ['ran', 'interrupted'],
        ['other', 'running'],
      ]);
      const listed = gitIn(rig.root, 'worktree', 'list', '--porcelain');
      expect(listed).toContain(ran.worktree);
      expect(listed).toContain(other.worktree);
      expect(listed).not.toContain(path.join(again.agents.worktrees.home, 'stray'));
    } finally {
      await again.close();
    }
  });

  it('a session answer covers its own agent only: each agent has its own session allowlist', async () => {
    const write = (id: string, content: string) => ({ toolCalls: [{ id, name: 'write_file', input: { path: 'x.txt', content } }] });
    const rig = await agentsRig(temp, {
      files: { 'x.txt': 'x\n' },
      limit: 1,
      script: {
        turns: [
          { match: { lastUser: 'task first' }, ...write('a1', 'first 1\n') },
          write('a2', 'first 2\n'),
          { text: 'done' },
          { match: { lastUser: 'task second' }, ...write('b1', 'second\n') },
        ],
        whenExhausted: { text: 'done' },
      },
    });
    try {
      const asked: string[] = [];
      const stop = rig.approvals.subscribe((n) => {
        if (n.type !== 'approval.requested') return;
        asked.push(rig.agents.agentOfConversation(n.approval.conversationId) ?? '?');
        setTimeout(() => rig.approvals.answer(n.approval.id, { choice: 'session' }), 1);
      });
      await rig.agents.start({ prompt: 'task first', name: 'first' });
      await rig.agents.start({ prompt: 'task second', name: 'second' });
      await rig.agents.idle();
      stop();
      // first: asked once, its second write covered by its session answer; second: asked again.
      expect(asked).toEqual(['first', 'second']);
      expect((await rig.agents.list()).map((a) => [a.id, a.status])).toEqual([
        ['first', 'finished'],
        ['second', 'finished'],
      ]);
    } finally {
      await rig.close();
    }
  });
});
