/**
 * Builds the transcript the user reads from the stream of `agent.event`s: user prompts, streamed
 * assistant text, one card per tool call (arguments, key, decision and how it was reached, output,
 * result), notices (retries, stops, errors) — and each sub-agent's own transcript nested under the
 * `agent` call that started it (`parentCallId`). Incremental: a streamed delta touches one item, so
 * a 2,000-message conversation is not rebuilt per token. Items are replaced, never mutated, so
 * memoised rows re-render only when their item changed.
 */
import { describeCompaction, formatCost, formatTokens, type AgentEvent, type AgentEventOf } from '../../../../shared/contract/index.js';

/** How a decision was reached, in the issue's words: None / project / session / once / denied. */
export type DecisionHow = 'none' | 'project' | 'session' | 'once' | 'mode' | 'denied' | 'invalid' | 'pending';

export interface ApprovalState {
  approvalId: string;
  status: 'pending' | 'answered' | 'cancelled';
  answer?: string;
  /** The button the user chose (the engine may narrow it: then the card says both). */
  choice?: 'once' | 'session' | 'project' | 'deny';
}

export interface SubAgentView {
  childAgentId: string;
  prompt: string;
  status: 'running' | AgentEventOf<'subagent.finished'>['stopReason'];
  answer?: string;
  /** The sub-agent's own tokens and cost ("12k in · 300 out · $0.01"), once it finished. */
  usage?: string;
  items: TranscriptItem[];
}

export interface ToolItem {
  kind: 'tool';
  id: string;
  callId: string;
  tool: string;
  args: unknown;
  agentId: string;
  depth: number;
  key?: string;
  decision?: 'allowed' | 'denied' | 'invalid';
  via?: string;
  how: DecisionHow;
  reason?: string;
  approval?: ApprovalState;
  /** `tool.output` chunks (a command's PTY output), joined: the last MAX_OUTPUT_CHARS or so. */
  output: string;
  /** Characters dropped from the front of `output` to keep it bounded (the full log is on disk). */
  outputDropped: number;
  result?: { content: string; isError: boolean; cancelled: boolean; data?: unknown; durationMs: number; fullLogPath?: string };
  sub?: SubAgentView;
  /** When it was allowed to run (the card counts the time from here). */
  startedAt?: number;
}

export type TranscriptItem =
  /** `messageIndex`: where the message sits in the conversation (Edit and Regenerate cut there). */
  | { kind: 'user'; id: string; text: string; at: number; messageIndex?: number }
  | { kind: 'assistant'; id: string; text: string; at: number; streaming: boolean }
  | ToolItem
  | { kind: 'notice'; id: string; text: string; tone: 'info' | 'warn' | 'error'; at: number }
  /** A checkpoint of the files: "Restore to here" (or, for kind before-restore, undo that restore). */
  | {
      kind: 'checkpoint';
      id: string;
      checkpointId?: string;
      checkpointKind: 'turn' | 'before-restore';
      label: string;
      error?: string;
      at: number;
    }
  /** One model call's tokens and cost, under the turn it belongs to. */
  | { kind: 'usage'; id: string; text: string; at: number }
  /** The conversation was compacted (by /compact or to fit the window): a marker between messages, not a message. */
  | { kind: 'compaction'; id: string; text: string; at: number; pending: boolean };

/** The prompt's size against the window and the point where the agent compacts (main's own figures). */
export interface ContextFigures {
  used: number;
  window: number;
  /** Absent when only a compaction was seen (a record from before the usage event carried it). */
  compactAt?: number;
}

/** "62 % of 200k, compaction at 85 %" — the gauge's words. */
export function describeContext(c: ContextFigures): string {
  const pct = (n: number) => `${Math.min(100, Math.round((n / c.window) * 100))} %`;
  return `${pct(c.used)} of ${formatTokens(c.window)}${c.compactAt !== undefined ? `, compaction at ${pct(c.compactAt)}` : ''}`;
}

/** Model usage summed over a conversation (sub-agents and summaries included). */
export interface UsageTotals {
  calls: number;
  input: number;
  cached: number;
  output: number;
  /** null once any call had an unknown price. */
  cost: number | null;
}

export function describeUsage(u: Pick<UsageTotals, 'input' | 'cached' | 'output' | 'cost'>): string {
  return `${formatTokens(u.input)} in${u.cached ? ` (${formatTokens(u.cached)} cached)` : ''} · ${formatTokens(u.output)} out · ${formatCost(u.cost)}`;
}

/** The same words for the contract's usage (a sub-agent's, a background agent's). */
export function describeModelUsage(u: Pick<AgentEventOf<'usage'>, 'inputTokens' | 'outputTokens' | 'cacheReadTokens' | 'costUsd'>): string {
  return describeUsage({ input: u.inputTokens, cached: u.cacheReadTokens ?? 0, output: u.outputTokens, cost: u.costUsd ?? null });
}

/** A card keeps about this much of a command's output; the rest is in the tool's full log. */
export const MAX_OUTPUT_CHARS = 512 * 1024;

/**
 * Appends a chunk, dropping whole lines from the front once the output passes the bound (down to
 * three quarters of it, so a long stream does not copy the string on every chunk).
 */
export function appendOutput(cur: Pick<ToolItem, 'output' | 'outputDropped'>, chunk: string): Pick<ToolItem, 'output' | 'outputDropped'> {
  const output = cur.output + chunk;
  if (output.length <= MAX_OUTPUT_CHARS) return { output, outputDropped: cur.outputDropped };
  let cut = output.length - Math.floor((MAX_OUTPUT_CHARS * 3) / 4);
  const nl = output.indexOf('\n', cut);
  if (nl >= 0 && nl < output.length - 1) cut = nl + 1;
  else if (/[\udc00-\udfff]/.test(output[cut] ?? '')) cut++; // never half a surrogate pair
  return { output: output.slice(cut), outputDropped: cur.outputDropped + cut };
}

/** `via` from the engine → the five words the card shows. */
export function howFromVia(via: string | undefined, decision?: string): DecisionHow {
  switch (via) {
    case 'none':
    case 'project':
    case 'session':
    case 'once':
      return via;
    case 'user-deny':
    case 'deny-rule':
    case 'ceiling':
      return 'denied';
    case 'invalid':
      return 'invalid';
    case 'mode':
      // Accept edits allows; plan mode refuses.
      return decision === 'denied' ? 'denied' : 'mode';
    default:
      return decision === 'denied' ? 'denied' : decision === 'invalid' ? 'invalid' : decision === 'allowed' ? 'once' : 'pending';
  }
}

export function describeAnswer(a: AgentEventOf<'approval.resolved'>['answer']): string | undefined {
  if (!a) return undefined;
  if (a.choice === 'session')
    return a.ttlMs ? `allowed for this session (${Math.round(a.ttlMs / 60_000)} min)` : 'allowed for this session';
  if (a.choice === 'project') return 'allowed for this project';
  if (a.choice === 'once')
    return a.hunks ? `allowed once, only hunk${a.hunks.length === 1 ? '' : 's'} ${a.hunks.map((i) => i + 1).join(', ')}` : 'allowed once';
  return a.reason ? `denied: ${a.reason}` : 'denied';
}

const STOP_NOTICES: Partial<Record<AgentEventOf<'run.finished'>['stopReason'], { text: string; tone: 'info' | 'warn' | 'error' }>> = {
  cancelled: { text: 'Stopped by you.', tone: 'warn' },
  max_turns: { text: 'The agent stopped at its turn limit before finishing.', tone: 'warn' },
  max_tokens: { text: 'The model reached its output limit; the answer may be cut short.', tone: 'warn' },
  denied: { text: 'The run stopped after a denial.', tone: 'warn' },
};

/** One agent's transcript (the main agent's, or a sub-agent's nested under its call). */
export class TranscriptBuilder {
  private items: TranscriptItem[] = [];
  private snap: TranscriptItem[] | null = [];
  private readonly index = new Map<string, number>();
  /** Sub-agent transcripts by the parent call that started them. */
  private readonly children = new Map<string, TranscriptBuilder>();
  private openText: string | null = null;
  private seq = 0;
  /** Every usage event seen at this level or below (the root sees the whole conversation). */
  readonly usage: UsageTotals = { calls: 0, input: 0, cached: 0, output: 0, cost: 0 };
  /** How full the context window is, as of the main agent's last model call or compaction (null before any). */
  context: ContextFigures | null = null;
  /** "retrying…" notices of the model call in progress: gone once it answers. */
  private retries: string[] = [];
  /**
   * Turns are numbered per conversation: each run's events count from 1, so a run's turn n is
   * shown as `turnBase + n`, turnBase being the last turn shown before the run started.
   */
  private turnBase = 0;
  private lastTurn = 0;
  /** The marker of a `/compact` run in progress, by run id (it has no user message). */
  private readonly compactRuns = new Map<string, string>();

  /** Applies one event; returns true when the visible transcript changed. */
  push(e: AgentEvent): boolean {
    if (e.type === 'usage') {
      this.usage.calls++;
      this.usage.input += e.inputTokens;
      this.usage.cached += e.cacheReadTokens ?? 0;
      this.usage.output += e.outputTokens;
      this.usage.cost = this.usage.cost === null || e.costUsd == null ? null : this.usage.cost + e.costUsd;
    }
    // The model answered after retrying: the "retrying…" lines were news, no longer.
    const retried = this.retries.length > 0 && (e.type === 'text.delta' || e.type === 'tool.requested' || e.type === 'usage');
    if (retried) {
      for (const id of this.retries.splice(0)) this.remove(id);
      return this.apply(e) || true;
    }
    return this.apply(e);
  }

  /** Routes one event to the part of the transcript it changes. */
  private apply(e: AgentEvent): boolean {
    const child = this.childCallFor(e);
    if (child !== undefined) return this.pushChild(child, e);
    switch (e.type) {
      case 'run.started':
      case 'text.delta':
      case 'model.retry':
        return this.applyText(e);
      case 'tool.requested':
      case 'tool.call':
      case 'tool.output':
      case 'tool.result':
        return this.applyTool(e);
      case 'approval.requested':
        return this.applyApprovalRequested(e);
      case 'approval.resolved':
        return this.applyApprovalResolved(e);
      case 'subagent.started':
      case 'subagent.finished':
        return this.applySubAgent(e);
      case 'run.finished':
        return this.applyRunFinished(e);
      case 'checkpoint':
      case 'usage':
      case 'context.compacted':
        return this.applyMarker(e);
    }
  }

  /**
   * A sub-agent's own events (depth deeper than this level, carrying the parent call) go to the
   * nested transcript of that call — found here or one level down; subagent.started/finished are
   * the parent's events about it.
   */
  private childCallFor(e: AgentEvent): string | undefined {
    if (!e.parentCallId || e.type === 'subagent.started' || e.type === 'subagent.finished') return undefined;
    if (this.ownsCall(e.parentCallId)) return e.parentCallId;
    for (const [callId, child] of this.children) if (child.ownsCall(e.parentCallId)) return callId;
    return undefined;
  }

  /** The user's message, the model's streamed text, and the "retrying…" notices of a failed model call. */
  private applyText(e: AgentEventOf<'run.started' | 'text.delta' | 'model.retry'>): boolean {
    switch (e.type) {
      case 'run.started':
        this.openText = null;
        if (e.depth !== 0) return false;
        this.turnBase = this.lastTurn;
        if (isCompactCommand(e.prompt)) {
          const id = `compact-${e.runId}`;
          this.compactRuns.set(e.runId, id);
          this.add({ kind: 'compaction', id, text: 'Compacting the conversation (/compact)…', at: e.at, pending: true });
        } else
          this.add({
            kind: 'user',
            id: `user-${e.runId}`,
            text: e.prompt,
            at: e.at,
            ...(e.messageIndex !== undefined ? { messageIndex: e.messageIndex } : {}),
          });
        return true;
      case 'text.delta': {
        if (this.openText !== null && this.index.has(this.openText)) {
          const cur = this.get(this.openText);
          if (cur?.kind === 'assistant') return this.set({ ...cur, text: cur.text + e.text });
        }
        const id = `text-${e.runId}-${this.seq++}`;
        this.openText = id;
        this.add({ kind: 'assistant', id, text: e.text, at: e.at, streaming: true });
        return true;
      }
      case 'model.retry': {
        let changed = false;
        if (e.discardPartial && this.openText !== null) {
          changed = this.remove(this.openText);
          this.openText = null;
        }
        const id = `retry-${e.runId}-${this.seq++}`;
        this.retries.push(id);
        this.add({
          kind: 'notice',
          id,
          text: `The model call failed (${e.code}); retrying (attempt ${e.attempt})…`,
          tone: 'info',
          at: e.at,
        });
        return changed || true;
      }
    }
  }

  /** A tool call's card: asked for, decided, its output streaming in, its result. */
  private applyTool(e: AgentEventOf<'tool.requested' | 'tool.call' | 'tool.output' | 'tool.result'>): boolean {
    switch (e.type) {
      case 'tool.requested':
        this.closeText();
        return this.upsertTool(e.callId, e, { tool: e.tool, args: e.args });
      case 'tool.call':
        this.closeText();
        return this.upsertTool(e.callId, e, {
          tool: e.tool,
          args: e.args,
          decision: e.decision,
          via: e.via,
          how: howFromVia(e.via, e.decision),
          ...(e.key !== undefined ? { key: e.key } : {}),
          ...(e.reason !== undefined ? { reason: e.reason } : {}),
          ...(e.decision === 'allowed' ? { startedAt: e.at } : {}),
        });
      case 'tool.output': {
        const cur = this.get(e.callId);
        if (cur?.kind !== 'tool') return false;
        return this.set({ ...cur, ...appendOutput(cur, e.chunk) });
      }
      case 'tool.result':
        return this.upsertTool(e.callId, e, {
          tool: e.tool,
          result: {
            content: e.content,
            isError: e.isError,
            cancelled: e.cancelled,
            durationMs: e.durationMs,
            ...(e.data !== undefined ? { data: e.data } : {}),
            ...(e.fullLogPath !== undefined ? { fullLogPath: e.fullLogPath } : {}),
          },
        });
    }
  }

  /** A prompt opened: on the card of the call it asks about (or a notice, for session presets). */
  private applyApprovalRequested(e: AgentEventOf<'approval.requested'>): boolean {
    if (e.kind === 'presets') {
      this.add({
        kind: 'notice',
        id: `approval-${e.approvalId}`,
        text: `Session presets from codecoder.json offered: ${(e.presets ?? []).join(', ')}`,
        tone: 'info',
        at: e.at,
      });
      return true;
    }
    // The request names its call; an older record may not: then the newest undecided call of that tool.
    const byId = e.request?.callId ? this.get(e.request.callId) : undefined;
    const target = byId?.kind === 'tool' && byId.decision === undefined ? byId : this.findUndecided(e.request?.tool);
    if (!target) return false;
    return this.set({
      ...target,
      ...(e.request ? { key: e.request.key.raw } : {}),
      approval: { approvalId: e.approvalId, status: 'pending' },
    });
  }

  /** A prompt answered (or cancelled): the card, or the presets notice, says how. */
  private applyApprovalResolved(e: AgentEventOf<'approval.resolved'>): boolean {
    const noticeId = `approval-${e.approvalId}`;
    if (this.index.has(noticeId)) {
      const n = this.get(noticeId);
      if (n?.kind === 'notice') {
        const accepted = e.acceptedPresets ?? [];
        return this.set({
          ...n,
          text: `${n.text} — ${e.cancelled ? 'cancelled' : accepted.length ? `accepted for this session: ${accepted.join(', ')}` : 'none accepted'}`,
        });
      }
    }
    const target = this.items.find((i): i is ToolItem => i.kind === 'tool' && i.approval?.approvalId === e.approvalId);
    if (!target) return false;
    const answer = describeAnswer(e.answer);
    return this.set({
      ...target,
      approval: {
        approvalId: e.approvalId,
        status: e.cancelled ? 'cancelled' : 'answered',
        ...(answer ? { answer } : {}),
        ...(e.answer ? { choice: e.answer.choice } : {}),
      },
    });
  }

  /** A sub-agent started or finished under the call that started it. */
  private applySubAgent(e: AgentEventOf<'subagent.started' | 'subagent.finished'>): boolean {
    switch (e.type) {
      case 'subagent.started': {
        if (!e.parentCallId) return false;
        const cur = this.get(e.parentCallId);
        this.children.set(e.parentCallId, this.children.get(e.parentCallId) ?? new TranscriptBuilder());
        const sub: SubAgentView = {
          childAgentId: e.childAgentId,
          prompt: e.prompt,
          status: 'running',
          items: this.children.get(e.parentCallId)!.snapshot(),
        };
        if (cur?.kind === 'tool') return this.set({ ...cur, sub });
        return this.upsertTool(e.parentCallId, e, { tool: 'agent', args: { prompt: e.prompt }, sub });
      }
      case 'subagent.finished': {
        if (!e.parentCallId) return false;
        const cur = this.get(e.parentCallId);
        if (cur?.kind !== 'tool' || !cur.sub) return false;
        const u = e.usage;
        const usage = u ? describeModelUsage(u) : undefined;
        return this.set({ ...cur, sub: { ...cur.sub, status: e.stopReason, answer: e.answer, ...(usage ? { usage } : {}) } });
      }
    }
  }

  /** The run ended: calls it left behind are closed, and why it stopped is said when it is news. */
  private applyRunFinished(e: AgentEventOf<'run.finished'>): boolean {
    this.closeText();
    for (const item of this.items) {
      // A call the run left behind (a crash, a stop) is not "running" forever.
      if (item.kind === 'tool' && !item.result && e.stopReason === 'cancelled') {
        this.set({ ...item, result: { content: 'cancelled by user', isError: true, cancelled: true, durationMs: 0 } });
      }
    }
    const marker = e.depth === 0 ? this.compactRuns.get(e.runId) : undefined;
    if (marker !== undefined) {
      this.compactRuns.delete(e.runId);
      const cur = this.get(marker);
      // A /compact that found nothing to shorten says so on its marker (its only answer is finalText).
      if (cur?.kind === 'compaction' && cur.pending) this.set({ ...cur, pending: false, text: e.finalText || 'Nothing to compact.' });
    }
    const n = e.error ? { text: `The run failed: ${e.error.message}`, tone: 'error' as const } : STOP_NOTICES[e.stopReason];
    if (n && e.depth === 0) this.add({ kind: 'notice', id: `end-${e.runId}`, text: n.text, tone: n.tone, at: e.at });
    return true;
  }

  /** Rows of the main transcript between messages: a checkpoint, a turn's usage, a compaction. */
  private applyMarker(e: AgentEventOf<'checkpoint' | 'usage' | 'context.compacted'>): boolean {
    switch (e.type) {
      case 'checkpoint':
        if (e.depth !== 0) return false;
        this.closeText();
        this.add({
          kind: 'checkpoint',
          id: `checkpoint-${e.checkpointId ?? `${e.runId}-${e.turn ?? e.at}`}`,
          checkpointKind: e.kind,
          label: e.label,
          at: e.at,
          ...(e.checkpointId ? { checkpointId: e.checkpointId } : {}),
          ...(e.error ? { error: e.error } : {}),
        });
        return true;
      case 'usage': {
        if (e.depth !== 0) return false;
        const text = describeUsage({
          input: e.inputTokens,
          cached: e.cacheReadTokens ?? 0,
          output: e.outputTokens,
          cost: e.costUsd ?? null,
        });
        if (e.context && !e.summary) this.context = { used: e.inputTokens, window: e.context.window, compactAt: e.context.compactAt };
        const turn = this.turnBase + e.turn;
        if (!e.summary) this.lastTurn = Math.max(this.lastTurn, turn);
        const label = e.summary ? 'compaction summary' : `turn ${turn}`;
        this.add({ kind: 'usage', id: `usage-${e.runId}-${this.seq++}`, text: `${label} · ${text}`, at: e.at });
        return true;
      }
      case 'context.compacted': {
        if (e.depth !== 0) return false;
        this.closeText();
        // After a compaction the next request is this size; the compaction point stays the manager's share of the window.
        const prev = this.context;
        const share = prev?.compactAt !== undefined && prev.window > 0 ? prev.compactAt / prev.window : undefined;
        this.context = {
          used: e.afterTokens,
          window: e.window,
          ...(share !== undefined ? { compactAt: Math.floor(e.window * share) } : {}),
        };
        const text = describeCompaction(e);
        const marker = this.compactRuns.get(e.runId);
        const cur = marker === undefined ? undefined : this.get(marker);
        if (cur?.kind === 'compaction') return this.set({ ...cur, text, pending: false });
        this.add({ kind: 'compaction', id: `compact-${e.runId}-${this.seq++}`, text, at: e.at, pending: false });
        return true;
      }
    }
  }

  /** The items now: a new array after a change, the same array otherwise (cheap for React to compare). */
  snapshot(): TranscriptItem[] {
    return (this.snap ??= this.items.slice());
  }

  private ownsCall(callId: string): boolean {
    return this.index.has(callId) || this.children.has(callId);
  }

  private pushChild(callId: string, e: AgentEvent): boolean {
    let child = this.children.get(callId);
    if (!child) this.children.set(callId, (child = new TranscriptBuilder()));
    if (!child.push(e)) return false;
    const cur = this.get(callId);
    if (cur?.kind !== 'tool') return false;
    const sub: SubAgentView = cur.sub ?? { childAgentId: e.agentId, prompt: '', status: 'running', items: [] };
    return this.set({ ...cur, sub: { ...sub, items: child.snapshot() } });
  }

  private findUndecided(tool: string | undefined): ToolItem | undefined {
    for (let i = this.items.length - 1; i >= 0; i--) {
      const it = this.items[i]!;
      if (it.kind === 'tool' && it.decision === undefined && !it.approval && (tool === undefined || it.tool === tool)) return it;
    }
    return undefined;
  }

  private upsertTool(callId: string, e: AgentEvent, patch: Partial<ToolItem>): boolean {
    const cur = this.get(callId);
    if (cur?.kind === 'tool') return this.set({ ...cur, ...patch });
    this.add({
      kind: 'tool',
      id: callId,
      callId,
      tool: 'unknown',
      args: undefined,
      agentId: e.agentId,
      depth: e.depth,
      how: 'pending',
      output: '',
      outputDropped: 0,
      ...patch,
    });
    return true;
  }

  private closeText(): void {
    if (this.openText === null) return;
    const cur = this.get(this.openText);
    if (cur?.kind === 'assistant' && cur.streaming) this.set({ ...cur, streaming: false });
    this.openText = null;
  }

  private get(id: string): TranscriptItem | undefined {
    const i = this.index.get(id);
    return i === undefined ? undefined : this.items[i];
  }

  /** Replaces an item (items are never mutated, so memoised rows compare by identity). */
  private set(item: TranscriptItem): boolean {
    const i = this.index.get(item.id);
    if (i === undefined) return false;
    this.items[i] = item;
    this.snap = null;
    return true;
  }

  private add(item: TranscriptItem): void {
    this.index.set(item.id, this.items.length);
    this.items.push(item);
    this.snap = null;
  }

  private remove(id: string): boolean {
    const i = this.index.get(id);
    if (i === undefined) return false;
    this.items.splice(i, 1);
    this.snap = null;
    this.index.clear();
    this.items.forEach((it, j) => this.index.set(it.id, j));
    return true;
  }
}

/**
 * Whether a running agent is waiting on the model with nothing to show: no text streaming, no tool
 * running or waiting for an answer. The window then says "Thinking…" instead of looking frozen.
 */
export function modelIsSilent(items: readonly TranscriptItem[]): boolean {
  const last = items[items.length - 1];
  if (last?.kind === 'assistant' && last.streaming) return false;
  // A /compact in progress already says what is happening.
  if (last?.kind === 'compaction' && last.pending) return false;
  for (let i = items.length - 1; i >= 0; i--) {
    const it = items[i]!;
    if (it.kind === 'user') break;
    if (it.kind === 'tool' && !it.result && it.decision !== 'denied' && it.decision !== 'invalid') return false;
  }
  return true;
}

/** Whether a message is the `/compact` command (the agent summarises instead of asking the model). */
function isCompactCommand(prompt: string): boolean {
  return prompt.trim() === '/compact';
}

/** The whole transcript of a list of events (a loaded conversation; the tests). */
export function buildTranscript(events: readonly AgentEvent[]): TranscriptItem[] {
  const b = new TranscriptBuilder();
  for (const e of events) b.push(e);
  return b.snapshot();
}
