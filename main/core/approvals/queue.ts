/**
 * Pending approvals as keyed promises. Each carries the agent id, the conversation id and the full
 * AskRequest, so many at once (several conversations, sub-agents) are shown, answered and resolved
 * to exactly the caller that asked — never lost, never crosswise. The UI, a notification action or
 * the CLI answers by id.
 */
import { randomUUID } from 'node:crypto';
import { chooseHunks, EVERY_HUNK_REJECTED, type AskAnswer, type AskRequest, type Asker, type Clock, systemClock } from '../permissions/index.js';
import { askAnswerSchema } from '../../../shared/contract/agentEvents.js';

export const CANCELLED_REASON = 'cancelled by user';

/** A session preset offered at session start (an AlwaysThisSession entry in codecoder.json). */
export type PresetOffer = string | { key: string };

export type PendingApproval =
  | { id: string; kind: 'tool'; agentId: string; conversationId: string; createdAt: number; request: AskRequest }
  | { id: string; kind: 'presets'; agentId: string; conversationId: string; createdAt: number; presets: string[] };

export type ApprovalNotice =
  | { type: 'approval.requested'; approval: PendingApproval }
  | { type: 'approval.resolved'; approval: PendingApproval; answer?: AskAnswer; acceptedPresets?: string[]; cancelled: boolean };

export class ApprovalError extends Error {
  override readonly name = 'ApprovalError';
  constructor(
    readonly code: 'unknown_approval' | 'invalid_answer' | 'above_ceiling' | 'not_offered' | 'wrong_kind',
    message: string,
  ) {
    super(message);
  }
}

interface Entry {
  approval: PendingApproval;
  settle: (answer: AskAnswer | string[], cancelled: boolean) => void;
  /** How many hunks the request's preview lists, once it has been worked out (a partial answer is checked against it). */
  hunks?: number;
}

export class ApprovalQueue {
  private readonly pending = new Map<string, Entry>();
  private readonly listeners = new Set<(n: ApprovalNotice) => void>();
  private readonly clock: Clock;
  private readonly newId: () => string;

  constructor(opts: { clock?: Clock; ids?: () => string } = {}) {
    this.clock = opts.clock ?? systemClock;
    this.newId = opts.ids ?? (() => `appr_${randomUUID()}`);
  }

  /** The Asker handed to the permission engine. */
  asker(): Asker {
    return (request, signal) => this.ask(request, signal);
  }

  ask(request: AskRequest, signal?: AbortSignal): Promise<AskAnswer> {
    const approval: PendingApproval = {
      id: this.newId(),
      kind: 'tool',
      agentId: request.agentId,
      conversationId: request.conversationId,
      createdAt: this.clock.now(),
      request,
    };
    return this.enqueue(approval, signal, { choice: 'deny', reason: CANCELLED_REASON }) as Promise<AskAnswer>;
  }

  /**
   * Offers the session presets as ONE approval. Resolves with the keys the user accepted (all with
   * "session", none with "deny", a subset through `answerPresets`). Nothing to offer → [] at once.
   */
  offerPresets(
    presets: readonly PresetOffer[],
    ctx: { conversationId: string; agentId?: string },
    signal?: AbortSignal,
  ): Promise<string[]> {
    const keys = [...new Set(presets.map((p) => (typeof p === 'string' ? p : p.key)))];
    if (keys.length === 0) return Promise.resolve([]);
    const approval: PendingApproval = {
      id: this.newId(),
      kind: 'presets',
      agentId: ctx.agentId ?? 'main',
      conversationId: ctx.conversationId,
      createdAt: this.clock.now(),
      presets: keys,
    };
    return this.enqueue(approval, signal, []) as Promise<string[]>;
  }

  list(filter: { conversationId?: string; agentId?: string } = {}): PendingApproval[] {
    return [...this.pending.values()]
      .map((e) => e.approval)
      .filter(
        (a) =>
          (filter.conversationId === undefined || a.conversationId === filter.conversationId) &&
          (filter.agentId === undefined || a.agentId === filter.agentId),
      );
  }

  get size(): number {
    return this.pending.size;
  }

  /** Answers one approval. Throws ApprovalError for an unknown id, a malformed answer, a scope above the ceiling or one not offered. */
  answer(id: string, answer: AskAnswer): void {
    const entry = this.entry(id);
    const parsed = askAnswerSchema.safeParse(answer);
    if (!parsed.success)
      throw new ApprovalError('invalid_answer', `approval ${id}: invalid answer (${parsed.error.issues[0]?.message ?? 'bad shape'})`);
    const a = entry.approval;
    if (a.kind === 'presets') {
      if (answer.choice === 'session') return this.settle(id, a.presets, false);
      if (answer.choice === 'deny') return this.settle(id, [], false);
      throw new ApprovalError(
        'invalid_answer',
        `approval ${id} offers session presets: answer "session" (accept all), "deny" (none) or use answerPresets(id, keys)`,
      );
    }
    if (answer.choice === 'project' && a.request.ceiling !== 'project') {
      throw new ApprovalError(
        'above_ceiling',
        `approval ${id}: ${a.request.key.raw} (${a.request.environment}) can be allowed at most for the session, not for the project`,
      );
    }
    // The engine lists what it will honour for this key: an answer it would quietly narrow is refused instead.
    const scopes = a.request.scopes;
    if (answer.choice !== 'deny' && scopes && !scopes.includes(answer.choice)) {
      throw new ApprovalError(
        'not_offered',
        `approval ${id}: ${a.request.key.raw} can be allowed ${scopes.map((s) => (s === 'once' ? 'once' : `for the ${s}`)).join(' or ')} only, not for the ${answer.choice}`,
      );
    }
    const asked = parsed.data;
    this.settle(id, asked.choice === 'once' && asked.hunks !== undefined ? this.partAnswer(id, entry, asked.hunks) : asked, false);
  }

  /**
   * An allow-once of some hunks, read against the hunks the prompt showed (the page sends indices,
   * never content): every hunk taken is a plain once, none taken a deny, an index not shown refused.
   */
  private partAnswer(id: string, entry: Entry, hunks: number[]): AskAnswer {
    if (entry.approval.kind !== 'tool' || entry.hunks === undefined)
      throw new ApprovalError('invalid_answer', `approval ${id}: its proposed change has no hunks to take or reject (yet)`);
    const choice = chooseHunks(hunks, entry.hunks);
    if ('problem' in choice) throw new ApprovalError('invalid_answer', `approval ${id}: ${choice.problem}`);
    if (choice.taken.length === 0) return { choice: 'deny', reason: EVERY_HUNK_REJECTED };
    return choice.rejected.length === 0 ? { choice: 'once' } : { choice: 'once', hunks: choice.taken };
  }

  /** Accepts a subset of the offered presets (keys not offered are refused). */
  answerPresets(id: string, keys: readonly string[]): void {
    const a = this.entry(id).approval;
    if (a.kind !== 'presets') throw new ApprovalError('wrong_kind', `approval ${id} is a tool approval, not a presets offer`);
    const stray = keys.filter((k) => !a.presets.includes(k));
    if (stray.length)
      throw new ApprovalError('invalid_answer', `approval ${id}: ${stray.join(', ')} ${stray.length === 1 ? 'was' : 'were'} not offered`);
    this.settle(id, [...new Set(keys)], false);
  }

  /** Denies every pending approval matching the filter (a closed conversation, a stopped run). */
  cancelAll(filter: { conversationId?: string; agentId?: string } = {}): number {
    const matching = this.list(filter);
    for (const a of matching) this.settle(a.id, a.kind === 'presets' ? [] : { choice: 'deny', reason: CANCELLED_REASON }, true);
    return matching.length;
  }

  subscribe(listener: (n: ApprovalNotice) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private entry(id: string): Entry {
    const e = this.pending.get(id);
    if (!e)
      throw new ApprovalError('unknown_approval', `no pending approval with id '${id}' (already answered, cancelled, or never asked)`);
    return e;
  }

  private enqueue(
    approval: PendingApproval,
    signal: AbortSignal | undefined,
    onCancel: AskAnswer | string[],
  ): Promise<AskAnswer | string[]> {
    if (signal?.aborted) return Promise.resolve(onCancel);
    return new Promise((resolve) => {
      const onAbort = () => this.settle(approval.id, onCancel, true);
      this.pending.set(approval.id, {
        approval,
        settle: (answer, cancelled) => {
          signal?.removeEventListener('abort', onAbort);
          this.pending.delete(approval.id);
          resolve(answer);
          this.notify(
            Array.isArray(answer)
              ? { type: 'approval.resolved', approval, acceptedPresets: answer, cancelled }
              : { type: 'approval.resolved', approval, answer, cancelled },
          );
        },
      });
      signal?.addEventListener('abort', onAbort, { once: true });
      this.countHunks(approval);
      this.notify({ type: 'approval.requested', approval });
    });
  }

  /** Notes how many hunks the preview lists when it is worked out (the same once-only preview the prompt shows). */
  private countHunks(approval: PendingApproval): void {
    if (approval.kind !== 'tool' || !approval.request.preview) return;
    approval.request.preview().then(
      (p) => {
        const entry = this.pending.get(approval.id);
        if (entry && p?.hunks?.length) entry.hunks = p.hunks.length;
      },
      () => undefined,
    );
  }

  private settle(id: string, answer: AskAnswer | string[], cancelled: boolean): void {
    this.pending.get(id)?.settle(answer, cancelled);
  }

  private notify(n: ApprovalNotice): void {
    for (const l of this.listeners) {
      try {
        l(n);
      } catch {
        // A broken listener (a closed window) must not lose an approval.
      }
    }
  }
}
