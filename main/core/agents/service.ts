/**
 * `AgentsService`: the background agents of one project. Each is a conversation whose project
 * root is its own worktree (worktrees.ts), assembled like the project's own agent but with the
 * project's codecoder.json and trust (the caller's `assemble` passes `configRoot`), its own session
 * allowlist, checkpoints and audit log, and the project's approval queue — so its prompts show
 * where the project's do, each naming its agent. At most `limit()` run at once; the rest wait
 * queued. When a run ends, whatever the agent changed is committed on its branch, and the
 * assembled agent is closed (no process, watcher or lock outlives the run).
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { AgentEvent, AgentView, AgentDiffView, AgentMergeView } from '../../../shared/contract/index.js';
import { AppError } from '../../../shared/contract/index.js';
import { projectDataDir } from '../appData.js';
import { ConversationStore, type Emit } from '../agent/index.js';
import type { ApprovalQueue } from '../approvals/index.js';
import type { AssembledAgent } from '../assembly/index.js';
import { ensurePrivateDirs, namesProtectedEntry } from '../fs/index.js';
import { mergeBranch } from './merge.js';
import { AgentRegistry, processAlive, type AgentRecord } from './registry.js';
import { reconcileAgents, type ReconcileReport } from './reconcile.js';
import { Worktrees, type WorktreeRecord } from './worktrees.js';

/** Asks whether merging an agent may change these protected files (through the permission engine). */
export type MergeAsker = (req: {
  files: string[];
  agentId: string;
  conversationId: string;
}) => Promise<{ allowed: boolean; reason?: string }>;

export interface AgentsServiceDeps {
  /** The project (its real path). */
  projectRoot: string;
  dataDir: string;
  /** How many run at once (Settings `maxAgents`), read each time a slot may open. */
  limit: () => number;
  /** The project's approval queue: every agent asks through it. */
  approvals: ApprovalQueue;
  /**
   * Assembles an agent on `worktree`, with the project's codecoder.json and trust (`configRoot`),
   * `emit` as its event sink and `approvals` as its queue.
   */
  assemble(o: { worktree: string; emit: Emit; approvals: ApprovalQueue }): Promise<AssembledAgent>;
  askMerge: MergeAsker;
  /** A refused call stops the run (`codecoder run --worktree` with nobody to answer, `--on-ask stop`). */
  stopOnDenial?: boolean;
  /** Every event of every agent (the app sends them to the project's windows as `agent.event`). */
  onEvent?: Emit;
  /** An agent changed (or was removed). */
  onStatus?: (agent: AgentView, removed: boolean) => void;
  now?: () => number;
}

const DIFF_CAP = 512 * 1024;
const ZERO_USAGE = { inputTokens: 0, outputTokens: 0, costUsd: 0 };

/** The folder of a project's agents in the data folder: records and worktrees. */
export function agentsDir(dataDir: string, projectRoot: string): string {
  return path.join(projectDataDir(dataDir, projectRoot), 'agents');
}

interface Live {
  assembled?: AssembledAgent;
  cancel?: () => void;
  stopRequested: boolean;
  done: Promise<void>;
}

export class AgentsService {
  private readonly records = new Map<string, AgentRecord>();
  private readonly live = new Map<string, Live>();
  private readonly byConversation = new Map<string, string>();
  private readonly now: () => number;
  private closed = false;
  private unsubscribe: () => void = () => {};
  /** One state change at a time: start, stop, merge, discard and a run's end never interleave. */
  private chain: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly deps: AgentsServiceDeps,
    private readonly registry: AgentRegistry,
    readonly worktrees: Worktrees,
    /** What the start-up reconciliation found and did. */
    readonly reconciled: ReconcileReport,
  ) {
    this.now = deps.now ?? Date.now;
  }

  /** Opens the project's agents: reconciles the records with git and the file system first. */
  static async open(deps: AgentsServiceDeps): Promise<AgentsService> {
    const dir = agentsDir(deps.dataDir, deps.projectRoot);
    const home = path.join(dir, 'worktrees');
    await ensurePrivateDirs(dir, home);
    const worktrees = await Worktrees.open(deps.projectRoot, home);
    const registry = new AgentRegistry(dir);
    const report = await reconcileAgents(worktrees, registry, { dataDir: deps.dataDir, now: deps.now ?? Date.now });
    const svc = new AgentsService(deps, registry, worktrees, report);
    for (const r of report.records) svc.remember(r);
    svc.unsubscribe = deps.approvals.subscribe((n) => {
      const id = svc.byConversation.get(n.approval.conversationId);
      if (id) svc.publish(id);
    });
    return svc;
  }

  private remember(r: AgentRecord): void {
    this.records.set(r.id, r);
    if (r.conversationId) this.byConversation.set(r.conversationId, r.id);
  }

  /** The agent whose conversation this is (an approval names its agent through this). */
  agentOfConversation(conversationId: string): string | undefined {
    return this.byConversation.get(conversationId);
  }

  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.chain.then(fn, fn);
    this.chain = next.catch(() => {});
    return next;
  }

  /**
   * Records of agents another process runs (a `codecoder run --worktree` beside the app) change on
   * disk: list reads them again, keeping what this process runs as it knows it.
   */
  async list(): Promise<AgentView[]> {
    // The limit may have been raised in Settings since the queue last moved.
    this.pump();
    const { records } = await this.registry.list();
    for (const r of records) if (!this.live.has(r.id)) this.remember(r);
    for (const id of [...this.records.keys()]) if (!records.some((r) => r.id === id) && !this.live.has(id)) this.records.delete(id);
    return [...this.records.values()].sort((a, b) => a.createdAt - b.createdAt).map((r) => this.view(r));
  }

  get(id: string): AgentView {
    return this.view(this.record(id));
  }

  private record(id: string): AgentRecord {
    const r = this.records.get(id);
    if (!r) throw new AppError('not_found', `There is no agent ${id} in this project.`);
    return r;
  }

  private view(r: AgentRecord): AgentView {
    const waiting = this.deps.approvals.list({ conversationId: r.conversationId }).map((a) => a.id);
    const status = r.status === 'running' && waiting.length > 0 ? 'waiting' : r.status;
    return {
      id: r.id,
      name: r.name,
      status,
      prompt: r.prompt,
      branch: r.branch,
      baseCommit: r.baseCommit,
      worktree: r.worktree,
      conversationId: r.conversationId,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
      waitingApprovals: waiting,
      filesChanged: r.filesChanged,
      usage: r.usage,
      ...(r.message ? { message: r.message } : {}),
    };
  }

  private publish(id: string, removed = false): void {
    const r = this.records.get(id);
    if (r) this.deps.onStatus?.(this.view(r), removed);
  }

  private async save(r: AgentRecord, patch: Partial<AgentRecord>): Promise<AgentRecord> {
    const next = { ...r, ...patch, updatedAt: this.now() };
    if (patch.message === undefined && 'message' in patch) delete next.message;
    this.remember(next);
    await this.registry.write(next);
    this.publish(next.id);
    return next;
  }

  private uniqueId(wanted: string): string {
    const base = wanted.slice(0, 40).replace(/-+$/, '') || 'agent';
    let id = base;
    for (let n = 2; this.records.has(id); n++) id = `${base}-${n}`;
    return id;
  }

  /** Creates the agent's worktree and branch and queues its run; starts it when a slot is free. */
  start(opts: { prompt: string; name?: string }): Promise<AgentView> {
    return this.serial(async () => {
      if (this.closed) throw new AppError('conflict', 'The project is closing.');
      // Read again: another process may have made agents since.
      await this.list();
      const id = this.uniqueId(opts.name ?? slug(opts.prompt));
      const now = this.now();
      let rec: AgentRecord = {
        v: 1,
        id,
        name: opts.name ?? id,
        prompt: opts.prompt,
        branch: `codecoder/${id}`,
        baseCommit: '',
        worktree: '',
        adminDir: '',
        ready: false,
        conversationId: '',
        status: 'queued',
        createdAt: now,
        updatedAt: now,
        usage: ZERO_USAGE,
        filesChanged: 0,
        ownerPid: process.pid,
      };
      // The record first: a kill between here and the worktree leaves something a restart can clean.
      this.remember(rec);
      await this.registry.write(rec);
      let wt: WorktreeRecord;
      try {
        wt = await this.worktrees.create(id, rec.branch);
      } catch (err) {
        this.records.delete(id);
        await this.registry.remove(id);
        throw new AppError('conflict', `The agent's worktree could not be made: ${(err as Error).message}`);
      }
      const conv = await new ConversationStore({ dataDir: this.deps.dataDir, projectRoot: wt.worktree }).create({ title: rec.name });
      rec = await this.save(rec, { ...wt, ready: true, conversationId: conv.id });
      this.pump();
      return this.view(rec);
    });
  }

  /** Starts queued agents (oldest first) while fewer than the limit run. */
  private pump(): void {
    if (this.closed) return;
    const limit = Math.max(1, this.deps.limit());
    for (const r of [...this.records.values()].sort((a, b) => a.createdAt - b.createdAt)) {
      if (this.live.size >= limit) return;
      if (r.status === 'queued' && r.ownerPid === process.pid && !this.live.has(r.id)) this.launch(r);
    }
  }

  private launch(r: AgentRecord): void {
    const live: Live = { stopRequested: false, done: Promise.resolve() };
    this.live.set(r.id, live);
    live.done = this.run(r.id, live).finally(() => {
      this.live.delete(r.id);
      this.pump();
    });
  }

  private async run(id: string, live: Live): Promise<void> {
    let rec = await this.save(this.record(id), { status: 'running', ownerPid: process.pid, message: undefined });
    let outcome: Pick<AgentRecord, 'status' | 'message'> = { status: 'finished' };
    try {
      const emit: Emit = (e) => {
        this.track(id, e);
        this.deps.onEvent?.(e);
      };
      const assembled = (live.assembled = await this.deps.assemble({ worktree: rec.worktree, emit, approvals: this.deps.approvals }));
      if (live.stopRequested) outcome = { status: 'stopped' };
      else {
        const handle = await assembled.runtime.start({
          prompt: rec.prompt,
          conversationId: rec.conversationId,
          ...(this.deps.stopOnDenial ? { stopOnDenial: true } : {}),
        });
        live.cancel = () => handle.cancel();
        if (live.stopRequested) handle.cancel();
        const result = await handle.done;
        outcome =
          result.stopReason === 'cancelled'
            ? {
                status: live.stopRequested ? 'stopped' : 'interrupted',
                message: live.stopRequested ? 'stopped by the user' : 'the app closed while it ran',
              }
            : result.stopReason === 'error' || result.stopReason === 'denied'
              ? {
                  status: 'failed',
                  message: result.error?.message ?? (result.stopReason === 'denied' ? 'stopped by a denied call' : 'the run failed'),
                }
              : { status: 'finished', message: result.finalText.slice(0, 500) || undefined };
      }
    } catch (err) {
      outcome = { status: 'failed', message: (err as Error).message };
    } finally {
      this.deps.approvals.cancelAll({ conversationId: rec.conversationId });
      if (live.assembled) {
        live.assembled.runtime.cancelAll();
        await live.assembled.runtime.idle().catch(() => {});
        await live.assembled.close().catch(() => {});
      }
    }
    // The agent's work, committed on its branch: the diff, the merge and a restart all see it.
    rec = this.record(id);
    let filesChanged = rec.filesChanged;
    try {
      await this.worktrees.commitAll(rec, `${rec.name}: ${firstLine(rec.prompt)}`);
      filesChanged = (await this.worktrees.changes(rec)).length;
    } catch (err) {
      outcome = {
        status: outcome.status === 'finished' ? 'failed' : outcome.status,
        message: `its work could not be committed: ${(err as Error).message}`,
      };
    }
    await this.save(rec, { ...outcome, filesChanged, ownerPid: undefined });
  }

  /** Usage as each model turn reports it (the agent's and its sub-agents'), so the board's count is live. */
  private track(id: string, e: AgentEvent): void {
    const r = this.records.get(id);
    if (!r || e.type !== 'usage') return;
    const cost = r.usage.costUsd === null || e.costUsd === null || e.costUsd === undefined ? null : (r.usage.costUsd ?? 0) + e.costUsd;
    const usage = { inputTokens: r.usage.inputTokens + e.inputTokens, outputTokens: r.usage.outputTokens + e.outputTokens, costUsd: cost };
    this.remember({ ...r, usage, updatedAt: this.now() });
    this.publish(id);
  }

  /** Stops a queued or running agent; its worktree and branch stay for review. */
  async stop(id: string): Promise<AgentView> {
    const r = this.record(id);
    const live = this.live.get(id);
    if (live) {
      live.stopRequested = true;
      live.cancel?.();
      await live.done;
      return this.get(id);
    }
    if (r.status === 'queued')
      return this.serial(async () =>
        this.view(await this.save(this.record(id), { status: 'stopped', ownerPid: undefined, message: 'stopped before it started' })),
      );
    return this.view(r);
  }

  async diff(id: string): Promise<AgentDiffView> {
    const r = this.readyRecord(id);
    const files = await this.worktrees.changes(r);
    const { diff, truncated } = await this.worktrees.diff(r, DIFF_CAP);
    return { id, baseCommit: r.baseCommit, files: files.map((f) => ({ ...f, protected: namesProtectedEntry(f.path) })), diff, truncated };
  }

  async events(id: string): Promise<{ agent: AgentView; events: AgentEvent[] }> {
    const r = this.readyRecord(id);
    const store = new ConversationStore({ dataDir: this.deps.dataDir, projectRoot: r.worktree });
    const loaded = await store.load(r.conversationId);
    return { agent: this.view(r), events: loaded.events };
  }

  private readyRecord(id: string): AgentRecord {
    const r = this.record(id);
    if (!r.ready) throw new AppError('conflict', `The agent ${id} is still being made.`);
    return r;
  }

  merge(id: string): Promise<AgentMergeView> {
    return this.serial(async () => {
      const r = this.readyRecord(id);
      if (this.live.has(id) || r.status === 'queued' || (r.ownerPid !== undefined && processAlive(r.ownerPid)))
        throw new AppError('conflict', `The agent ${id} is still queued or running: stop it or wait for it before merging.`);
      if (r.status === 'merged') throw new AppError('conflict', `The agent ${id} is already merged.`);
      // Work left uncommitted (an agent stopped by a crash) is committed first, so the merge has it all.
      await this.worktrees.commitAll(r, `${r.name}: ${firstLine(r.prompt)}`);
      const result = await mergeBranch(this.worktrees, r, {
        message: `Merge agent ${r.name}: ${firstLine(r.prompt)}`,
        gate: (files) => this.deps.askMerge({ files, agentId: id, conversationId: r.conversationId }),
      });
      const merged = result.outcome === 'fast-forward' || result.outcome === 'merged';
      const next = await this.save(r, { ...(merged ? { status: 'merged' as const } : {}), message: result.message });
      return { ...result, agent: this.view(next) };
    });
  }

  /** Stops the agent, removes its worktree, its branch, its data (conversation, checkpoints, logs) and its record. */
  async discard(id: string): Promise<void> {
    this.record(id);
    if (this.live.has(id)) await this.stop(id);
    await this.serial(async () => {
      const r = this.record(id);
      if (r.ownerPid !== undefined && r.ownerPid !== process.pid && processAlive(r.ownerPid))
        throw new AppError('conflict', `The agent ${id} is run by another CodeCoder process (pid ${r.ownerPid}): stop it there first.`);
      await this.worktrees.remove({
        worktree: r.worktree || this.worktrees.folderOf(id),
        adminDir: r.adminDir,
        branch: r.branch,
        baseCommit: r.baseCommit,
      });
      if (r.worktree) await rm(projectDataDir(this.deps.dataDir, r.worktree), { recursive: true, force: true });
      const view = this.view(r);
      this.records.delete(id);
      this.byConversation.delete(r.conversationId);
      await this.registry.remove(id);
      this.deps.onStatus?.(view, true);
    });
  }

  /** Waits for every running agent (tests, `codecoder run --worktree`). */
  async idle(): Promise<void> {
    while (this.live.size > 0) await Promise.all([...this.live.values()].map((l) => l.done));
  }

  /** Closing the project: running agents are stopped and queued ones dropped from the queue, both marked interrupted. */
  async close(): Promise<void> {
    this.closed = true;
    this.unsubscribe();
    for (const live of this.live.values()) live.cancel?.();
    await Promise.all([...this.live.values()].map((l) => l.done));
    await this.chain.catch(() => {});
    for (const r of [...this.records.values()])
      if (r.status === 'queued' && r.ownerPid === process.pid)
        await this.save(r, { ownerPid: undefined, status: 'interrupted', message: 'the app closed before it started' });
  }
}

function firstLine(text: string): string {
  const line = text.trim().split('\n')[0] ?? '';
  return line.length > 72 ? `${line.slice(0, 71)}…` : line;
}

/** A name from the prompt's first words: lower-case letters, digits and dashes. */
function slug(prompt: string): string {
  return (
    prompt
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+/, '')
      .split('-')
      .slice(0, 4)
      .join('-')
      .slice(0, 30)
      .replace(/-+$/, '') || 'agent'
  );
}
