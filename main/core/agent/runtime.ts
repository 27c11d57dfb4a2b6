/**
 * The agent as the app uses it: one object per open project that starts and cancels runs,
 * persists conversations, runs sub-agents for the `agent` tool, and turns approval-queue notices
 * into events. The composition root (Electron shell, web host, CLI) builds it and wires `emit`.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { projectDataDir } from '../appData.js';
import type { Redactor } from '../env/index.js';
import { PromptBlocked, withHookContext, type Hooks } from '../hooks/index.js';
import type { LlmProvider } from '../llm/index.js';
import { ConversationModes, type PermissionMode, type Clock, type PermissionGate, systemClock } from '../permissions/index.js';
import type { SubAgentRequest, ToolRegistry } from '../tools/index.js';
import type { ApprovalQueue, PresetOffer } from '../approvals/index.js';
import { CallStops } from './callStops.js';
import { linkedController } from './cancellation.js';
import { ConversationStore, titleOf, type ConversationSummary } from './conversations.js';
import type { Emit } from './events.js';
import type { LiveOutputOptions } from './liveOutput.js';
import { COMPACT_COMMAND, runAgent, type AgentLoopDeps, type RunResult } from './loop.js';
import { EventRecorder } from './recordedEvents.js';
import { createSubAgentRunner } from './subagents.js';
import { planRegistry } from './planRegistry.js';
import { ContextWindows } from './context/window.js';

export interface AgentRuntimeDeps {
  provider: LlmProvider;
  gate: PermissionGate;
  /** Late-bound getters: the registry is built with this runtime's `runSubAgent` in its deps. */
  registry: () => ToolRegistry;
  subAgentRegistry: () => ToolRegistry;
  approvals: ApprovalQueue;
  emit: Emit;
  projectRoot: string;
  dataDir: string;
  conversations?: ConversationStore;
  clock?: Clock;
  newId?: (prefix: string) => string;
  maxTurns?: number;
  maxConcurrentSubAgents?: number;
  memory?: string | null;
  cancelGraceMs?: number;
  /** Keep each run's events (deltas coalesced) in its conversation file (default true). */
  recordEvents?: boolean;
  /** The live view's budget per tool call (tests shrink it and inject timers). */
  liveOutput?: Partial<LiveOutputOptions>;
  /** Takes the secrets the app holds out of every tool result and live output, sub-agents' too. */
  redactor?: Redactor;
  /** The permission mode of each conversation (the engine reads the same object); default: all Ask. */
  modes?: ConversationModes;
  /**
   * The loop hook of one run that snapshots the project's files before each turn that may change
   * them (absent: none taken). The assembly wires checkpoints/ here, so the agent imports none of it.
   */
  checkpointTurns?: (run: RunOfConversation) => NonNullable<AgentLoopDeps['beforeToolCalls']>;
  /** The project's hooks (hooks/): around each tool call, on each prompt, at the end of each run. */
  hooks?: Hooks;
}

/** A run as a checkpoint sees it: which conversation, which run, its prompt, and where its messages start. */
export interface RunOfConversation {
  conversationId: string;
  runId: string;
  prompt: string;
  messageIndex: number;
}

export interface RunHandle {
  runId: string;
  conversationId: string;
  done: Promise<RunResult>;
  /** Stops the model stream, running tools and sub-agents. Harmless twice or after the end. */
  cancel(): void;
}

export interface StartOptions {
  prompt: string;
  /** Project-relative files attached to the prompt (@-mentions), read before the model's first turn. */
  attachments?: readonly string[];
  /** Continue this conversation (loaded from disk); omitted = a new one titled by the prompt. */
  conversationId?: string;
  stopOnDenial?: boolean;
  /** Put the conversation in this permission mode before the run (`codecoder run --mode`). */
  mode?: PermissionMode;
}

export interface AgentRuntime {
  start(opts: StartOptions): Promise<RunHandle>;
  cancel(runId: string): boolean;
  /** Stops the run of a conversation (the contract's agent.stop); false when nothing runs. */
  stop(conversationId: string): boolean;
  /** Stops one running tool call alone (the contract's agent.stopCall); the run goes on. False when it is not running. */
  stopCall(conversationId: string, callId: string): boolean;
  cancelAll(): void;
  /** Resolves once every run started so far has ended and written its last record (after cancelAll, before the files go). */
  idle(): Promise<void>;
  /** The project's conversations, newest first, with whether a run is in progress. */
  listConversations(): Promise<(ConversationSummary & { running: boolean })[]>;
  activeRuns(): { runId: string; conversationId: string }[];
  /** For ToolDeps.runSubAgent. */
  runSubAgent(req: SubAgentRequest): Promise<string>;
  /** Offers the engine's session presets as one approval; resolves with the accepted keys. */
  offerSessionPresets(presets: readonly PresetOffer[], conversationId: string): Promise<string[]>;
  readonly conversations: ConversationStore;
  readonly modes: ConversationModes;
  readonly logDir: string;
  dispose(): void;
}

export function createAgentRuntime(deps: AgentRuntimeDeps): AgentRuntime {
  const clock = deps.clock ?? systemClock;
  const newId = deps.newId ?? ((p: string) => `${p}_${randomUUID()}`);
  const conversations = deps.conversations ?? new ConversationStore({ dataDir: deps.dataDir, projectRoot: deps.projectRoot, clock });
  const logDir = path.join(projectDataDir(deps.dataDir, deps.projectRoot), 'logs');
  // Windows learned from servers' "too long" errors, remembered per model across runs and projects.
  const context = { windows: new ContextWindows(path.join(deps.dataDir, 'context-windows.json')) };
  const runs = new Map<string, { conversationId: string; cancel: () => void }>();
  /** Runs not yet settled, including their final flush: closing a project waits for these. */
  const unsettled = new Set<Promise<unknown>>();
  const callStops = new CallStops();
  const byConversation = new Map<string, string>();
  /** Events waiting to be written with the next step, per conversation with a run (merged as they come, so bounded). */
  const buffers = new Map<string, EventRecorder>();
  const record = deps.recordEvents ?? true;
  const modes = deps.modes ?? new ConversationModes();
  const emit: Emit = (e) => {
    if (record) buffers.get(e.conversationId)?.push(e);
    deps.emit(e);
  };
  const flush = (conversationId: string) => {
    const events = buffers.get(conversationId)?.drain() ?? [];
    return conversations.appendEvents(conversationId, events);
  };

  const subAgents = createSubAgentRunner({
    provider: deps.provider,
    gate: deps.gate,
    registry: deps.subAgentRegistry,
    clock,
    newId,
    ...(deps.maxConcurrentSubAgents ? { maxConcurrent: deps.maxConcurrentSubAgents } : {}),
    ...(deps.memory !== undefined ? { memory: deps.memory } : {}),
    context,
    ...(deps.redactor ? { redactor: deps.redactor } : {}),
    ...(deps.hooks ? { hooks: deps.hooks } : {}),
    onTranscript: (t) => conversations.appendSubagent(t.conversationId, t).catch(() => {}),
  });

  // Approval notices → events on the run of that conversation.
  const unsubscribe = deps.approvals.subscribe((n) => {
    const a = n.approval;
    const base = {
      at: clock.now(),
      runId: byConversation.get(a.conversationId) ?? '',
      conversationId: a.conversationId,
      agentId: a.agentId,
      depth: a.kind === 'tool' ? a.request.depth : 0,
      approvalId: a.id,
    };
    if (n.type === 'approval.requested') {
      // Notification hooks: a prompt is waiting (fire and forget; audited by hooks/).
      if (deps.hooks && a.kind === 'tool')
        void deps.hooks.notification({
          message: `CodeCoder needs your permission to use ${a.request.tool}`,
          conversationId: a.conversationId,
          tool: a.request.tool,
          key: a.request.key.raw,
        });
      emit({
        type: 'approval.requested',
        ...base,
        kind: a.kind,
        ...(a.kind === 'tool' ? { request: a.request as never } : { presets: a.presets }),
      });
    } else {
      emit({
        type: 'approval.resolved',
        ...base,
        cancelled: n.cancelled,
        ...(n.answer ? { answer: n.answer } : {}),
        ...(n.acceptedPresets ? { acceptedPresets: n.acceptedPresets } : {}),
      });
    }
  });

  async function start(opts: StartOptions): Promise<RunHandle> {
    // UserPromptSubmit hooks see the message first: they may refuse it (nothing starts) or add context.
    const submitted = await deps.hooks?.userPromptSubmit({ prompt: opts.prompt, conversationId: opts.conversationId ?? '' });
    if (submitted?.blocked !== undefined) throw new PromptBlocked(submitted.blocked);
    // `/compact` stays the command it is.
    const prompt = opts.prompt.trim() === COMPACT_COMMAND ? opts.prompt : withHookContext(opts.prompt, submitted?.context ?? []);
    let conversationId = opts.conversationId;
    let history = undefined as Awaited<ReturnType<ConversationStore['load']>>['messages'] | undefined;
    if (conversationId) {
      if (byConversation.has(conversationId))
        throw new Error(`conversation ${conversationId} already has a run in progress; stop it first`);
      history = (await conversations.load(conversationId)).messages;
    } else {
      conversationId = (await conversations.create({ title: titleOf(opts.prompt) })).id;
    }
    const runId = newId('run');
    const run$ = linkedController();
    const cid = conversationId;
    if (opts.mode) modes.set(cid, opts.mode);
    const mode = modes.get(cid);
    // Leaving plan mode with carryPlan: the next message says so, once.
    const carried = mode === 'plan' ? undefined : modes.takeCarry(cid);
    const cancel = () => {
      if (run$.signal.aborted) return;
      run$.controller.abort();
      // Safety net: an approval asked without the call's signal is denied too.
      deps.approvals.cancelAll({ conversationId: cid });
    };
    runs.set(runId, { conversationId: cid, cancel });
    byConversation.set(cid, runId);
    if (record) buffers.set(cid, new EventRecorder());
    const done = runAgent(
      {
        provider: deps.provider,
        // Plan mode: the model is offered the read-only set only (the engine refuses the rest anyway).
        registry: mode === 'plan' ? planRegistry(deps.registry()) : deps.registry(),
        gate: deps.gate,
        emit,
        projectRoot: deps.projectRoot,
        logDir,
        clock,
        newId,
        ...(deps.maxTurns ? { maxTurns: deps.maxTurns } : {}),
        ...(deps.memory !== undefined ? { memory: deps.memory } : {}),
        ...(deps.cancelGraceMs !== undefined ? { cancelGraceMs: deps.cancelGraceMs } : {}),
        ...(deps.liveOutput ? { liveOutput: deps.liveOutput } : {}),
        ...(deps.redactor ? { redactor: deps.redactor } : {}),
        callStops,
        ...(deps.hooks ? { hooks: deps.hooks } : {}),
        stopOnDenial: opts.stopOnDenial ?? false,
        // Plan mode changes nothing, so it takes no checkpoints.
        ...(deps.checkpointTurns && mode !== 'plan'
          ? {
              beforeToolCalls: deps.checkpointTurns({
                conversationId: cid,
                runId,
                prompt: opts.prompt,
                messageIndex: history?.length ?? 0,
              }),
            }
          : {}),
        context,
      },
      {
        prompt: carried ? `${carried}\n\n${prompt}` : prompt,
        conversationId: cid,
        runId,
        signal: run$.signal,
        ...(history ? { history } : {}),
        ...(opts.attachments?.length ? { attachments: opts.attachments } : {}),
        // One write (and fsync) per step: the events so far, then the message.
        onMessage: async (m) => {
          // An answer written in plan mode is the plan that leaving plan mode carries.
          if (mode === 'plan' && m.role === 'assistant' && m.content.some((b) => b.type === 'text' && b.text.trim() !== ''))
            modes.notePlan(cid);
          await flush(cid);
          await conversations.appendMessages(cid, [m]);
        },
        onCompact: async (messages, info) => {
          await flush(cid);
          await conversations.appendCompaction(cid, messages, info);
        },
      },
    ).finally(async () => {
      // Stop hooks: the run ended (fire and forget; bounded and audited by hooks/).
      void deps.hooks?.stop({ conversationId: cid, reason: run$.signal.aborted ? 'stopped' : 'ended' });
      runs.delete(runId);
      if (byConversation.get(cid) === runId) byConversation.delete(cid);
      await flush(cid).catch(() => {});
      buffers.delete(cid);
    });
    unsettled.add(done);
    void done.then(
      () => unsettled.delete(done),
      () => unsettled.delete(done),
    );
    return { runId, conversationId: cid, done, cancel };
  }

  function cancelRun(runId: string): boolean {
    const r = runs.get(runId);
    r?.cancel();
    return r !== undefined;
  }

  return {
    start,
    cancel: cancelRun,
    stop(conversationId) {
      const runId = byConversation.get(conversationId);
      return runId === undefined ? false : cancelRun(runId);
    },
    async listConversations() {
      return (await conversations.list()).map((c) => ({ ...c, running: byConversation.has(c.id) }));
    },
    cancelAll() {
      for (const r of [...runs.values()]) r.cancel();
    },
    async idle() {
      await Promise.allSettled([...unsettled]);
    },
    stopCall: (conversationId, callId) => callStops.stop(conversationId, callId),
    activeRuns: () => [...runs].map(([runId, r]) => ({ runId, conversationId: r.conversationId })),
    runSubAgent: (req) => subAgents.run(req),
    offerSessionPresets: (presets, conversationId) => deps.approvals.offerPresets(presets, { conversationId }),
    conversations,
    modes,
    logDir,
    dispose() {
      unsubscribe();
      for (const r of [...runs.values()]) r.cancel();
    },
  };
}
