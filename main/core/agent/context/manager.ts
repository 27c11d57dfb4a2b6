/**
 * Keeps every request under the context budget (85% of the window by default). Before a turn the
 * loop asks `fit()`; past the budget the transcript is shrunk in order — old tool results cut,
 * then old turns summarised — down to a lower target (60%), so the new prefix then stays stable
 * (and cached) for many turns instead of being cut a little every turn. After a server's "too
 * long" the window is learned from its words and `fit()` runs again with a harder target.
 */
import type { LlmError, LlmMessage, LlmProvider } from '../../llm/index.js';
import { recentStart, summarise, trimNewestFirst, trimToolResults, type SummaryUsage } from './compaction.js';
import { encodingFor, loadTokenizer } from './tokenizer.js';
import { TokenCounter, type CountedRequest } from './tokens.js';
import { ContextWindows, sharedContextWindows } from './window.js';

export type CompactionReason = 'budget' | 'overflow' | 'manual';

export interface CompactionInfo {
  kind: 'trim' | 'summary';
  reason: CompactionReason;
  beforeTokens: number;
  afterTokens: number;
  window: number;
  durationMs: number;
  trimmedResults: number;
  summarisedMessages: number;
  /** The summariser's own model call, for the cost. */
  usage?: SummaryUsage;
}

export interface ContextOptions {
  provider: LlmProvider;
  /** Where cut tool results are kept in full. */
  logDir: string;
  windows?: ContextWindows;
  /** Requests stay at or under this share of the window (default 0.85). */
  budgetRatio?: number;
  /** A compaction for the budget shrinks to this share (default 0.6). */
  targetRatio?: number;
  /** Turns at the end that are always kept whole (default 2). */
  keepTurns?: number;
  /** Characters an old tool result keeps when cut (default 2,000). */
  trimKeepChars?: number;
  now?: () => number;
}

export class ContextManager {
  readonly counter = new TokenCounter();
  private readonly windows: ContextWindows;
  private readonly budgetRatio: number;
  private readonly targetRatio: number;
  private readonly keepTurns: number;
  private readonly trimKeepChars: number;
  private readonly now: () => number;
  private lastAnswered: readonly LlmMessage[] | undefined;

  constructor(private readonly opts: ContextOptions) {
    this.windows = opts.windows ?? sharedContextWindows;
    this.budgetRatio = opts.budgetRatio ?? 0.85;
    this.targetRatio = opts.targetRatio ?? 0.6;
    this.keepTurns = opts.keepTurns ?? 2;
    this.trimKeepChars = opts.trimKeepChars ?? 2_000;
    this.now = opts.now ?? (() => performance.now());
    // OpenAI's models are counted with their own tokenizer, loaded in the background (it is big):
    // until it is there the anchored estimate counts, and `fit` waits for it only when it matters.
    const encoding = encodingFor(opts.provider.kind, opts.provider.model);
    if (encoding)
      this.tokenizerReady = loadTokenizer(encoding).then(
        (t) => this.counter.useTokenizer(t),
        () => {}, // a broken install: the estimate keeps counting
      );
  }

  private readonly tokenizerReady: Promise<void> | undefined;

  window(): number {
    const p = this.opts.provider;
    return this.windows.resolve(p.kind, p.model, p.contextWindow);
  }

  budget(): number {
    return Math.floor(this.window() * this.budgetRatio);
  }

  count(req: CountedRequest): number {
    return this.counter.count(req);
  }

  observe(req: CountedRequest, inputTokens: number): void {
    this.counter.observe(req, inputTokens);
    this.lastAnswered = req.messages;
  }

  /**
   * Where the prompt cache can be read for the next request: the last user message (a request's
   * end) of the head that the last answered request also sent, the same message objects in the same
   * places. Normally that is all of the previous request; after a compaction, the head it left whole.
   */
  cacheHint(messages: readonly LlmMessage[]): { cacheAnchor?: number } {
    const prev = this.lastAnswered;
    if (!prev) return {};
    let n = 0;
    while (n < prev.length && n < messages.length && prev[n] === messages[n]) n++;
    for (let i = n - 1; i >= 0; i--) if (messages[i]!.role === 'user') return { cacheAnchor: i };
    return {};
  }

  /** After a "too long" refusal: learn the window (the server's number, else a bit under what was refused). */
  learnOverflow(req: CountedRequest, err: LlmError): number {
    const o = err.overflow ?? {};
    if (o.promptTokens) this.counter.observeRefused(req, o.promptTokens);
    const refused = o.promptTokens ?? this.counter.count(req);
    const window = o.contextWindow ?? Math.floor(refused * 0.9);
    const p = this.opts.provider;
    return this.windows.learn(p.kind, p.model, window);
  }

  /**
   * Returns the shrunk transcript, or undefined when the request fits (budget) or nothing could be
   * shrunk. `attempt` hardens an overflow retry (0: to half the window, 1: to 30% and the recent
   * turns' results cut too, except the latest message).
   */
  async fit(
    req: CountedRequest,
    reason: CompactionReason,
    signal?: AbortSignal,
    attempt = 0,
  ): Promise<{ messages: LlmMessage[]; info: CompactionInfo } | undefined> {
    if (this.tokenizerReady && !this.counter.exact && this.count(req) > this.budget() / 2) await this.tokenizerReady;
    const started = this.now();
    const window = this.window();
    const before = this.count(req);
    if (reason === 'budget' && before <= this.budget()) return undefined;
    const target = Math.floor(window * (reason === 'budget' ? this.targetRatio : attempt === 0 ? 0.5 : 0.3));
    const sized = (messages: readonly LlmMessage[]) => this.count({ ...req, messages });
    const start = recentStart(req.messages, this.keepTurns);
    let messages = [...req.messages];
    let trimmedResults = 0;
    let summarisedMessages = 0;
    let usage: SummaryUsage | undefined;

    if (reason !== 'manual') {
      // As few results as bring the request to the target, nearest the recent turns first: the
      // head stays byte-identical and cached (see trimNewestFirst).
      const base = sized(messages);
      const t = await trimNewestFirst(
        messages,
        start,
        { keepChars: this.trimKeepChars, logDir: this.opts.logDir },
        (shrunk) => base - shrunk <= target,
        (a, b) => this.counter.countMessages([a]) - this.counter.countMessages([b]),
      );
      messages = t.messages;
      trimmedResults = t.trimmed;
    }
    if ((reason === 'manual' || sized(messages) > target) && start > 0) {
      const s = await summarise(this.opts.provider, messages.slice(0, start), { maxInputTokens: Math.floor(window * 0.5), signal });
      summarisedMessages = start;
      usage = s.usage;
      messages = [{ role: 'user', content: [{ type: 'text', text: s.note }] }, ...messages.slice(start)];
    }
    // The recent turns alone are too big (a harder overflow retry, or huge results): cut their
    // results too, all but the latest message, which the model must see whole.
    if (sized(messages) > (attempt > 0 ? target : this.budget())) {
      const t = await trimToolResults(messages, messages.length - 1, { keepChars: this.trimKeepChars, logDir: this.opts.logDir });
      messages = t.messages;
      trimmedResults += t.trimmed;
    }
    if (trimmedResults === 0 && summarisedMessages === 0) return undefined;
    return {
      messages,
      info: {
        kind: summarisedMessages > 0 ? 'summary' : 'trim',
        reason,
        beforeTokens: before,
        afterTokens: sized(messages),
        window,
        durationMs: Math.round(this.now() - started),
        trimmedResults,
        summarisedMessages,
        ...(usage ? { usage } : {}),
      },
    };
  }
}
