/**
 * Counting a request before it is sent. No tokenizer ships with the app yet, so the count is a
 * character estimate anchored on what the server itself reported: the previous request's prompt
 * tokens (exact, from usage) plus an estimate of the messages added since, scaled by the ratio of
 * reported to estimated tokens seen so far. That is how Claude must be counted anyway (its
 * tokenizer is not public), and it learns any server's own tokenizer within one turn.
 */
import type { LlmContentBlock, LlmMessage, LlmToolSpec } from '../../llm/index.js';

/** Characters per token before the server has told us anything: low on purpose (code tokenizes densely). */
export const CHARS_PER_TOKEN = 3;
/** Per message and per block: role markers, ids, JSON punctuation. */
const MESSAGE_OVERHEAD = 12;

export function blockChars(b: LlmContentBlock): number {
  if (b.type === 'text') return b.text.length;
  if (b.type === 'tool_use') return b.name.length + b.id.length + JSON.stringify(b.input ?? {}).length + MESSAGE_OVERHEAD;
  return b.content.length + b.toolUseId.length + MESSAGE_OVERHEAD;
}

export function messageChars(m: LlmMessage): number {
  let n = MESSAGE_OVERHEAD;
  for (const b of m.content) n += blockChars(b);
  return n;
}

const toolsChars = new WeakMap<readonly LlmToolSpec[], number>();
function toolChars(tools: readonly LlmToolSpec[]): number {
  let n = toolsChars.get(tools);
  if (n === undefined) {
    n = tools.reduce((s, t) => s + t.name.length + t.description.length + JSON.stringify(t.inputSchema).length, 0);
    toolsChars.set(tools, n);
  }
  return n;
}

export interface CountedRequest {
  system: string;
  messages: readonly LlmMessage[];
  tools: readonly LlmToolSpec[];
}

/** The raw estimate, before calibration. */
export function estimateTokens(req: CountedRequest): number {
  let chars = req.system.length + toolChars(req.tools);
  for (const m of req.messages) chars += messageChars(m);
  return Math.ceil(chars / CHARS_PER_TOKEN);
}

export function estimateMessages(messages: readonly LlmMessage[]): number {
  let chars = 0;
  for (const m of messages) chars += messageChars(m);
  return Math.ceil(chars / CHARS_PER_TOKEN);
}

/** Clamp of the learned ratio: a server reporting nonsense cannot make us trust a wild estimate. */
const MIN_RATIO = 0.4;
const MAX_RATIO = 3;

export class TokenCounter {
  private ratio = 1;
  private anchor: { messages: readonly LlmMessage[]; system: string; tokens: number } | undefined;

  /** The server's count for a request it answered (usage.inputTokens, cached parts included). */
  observe(req: CountedRequest, reportedTokens: number): void {
    if (!(reportedTokens > 0)) return; // servers that report no usage teach nothing
    this.calibrate(req, reportedTokens);
    this.anchor = { messages: [...req.messages], system: req.system, tokens: reportedTokens };
  }

  /** A refused request whose size the server named. */
  observeRefused(req: CountedRequest, promptTokens: number): void {
    if (promptTokens > 0) this.calibrate(req, promptTokens);
  }

  count(req: CountedRequest): number {
    const a = this.anchor;
    if (a && a.system === req.system && a.messages.length <= req.messages.length && a.messages.every((m, i) => req.messages[i] === m)) {
      return a.tokens + Math.ceil(estimateMessages(req.messages.slice(a.messages.length)) * this.ratio);
    }
    return Math.ceil(estimateTokens(req) * this.ratio);
  }

  /** Estimate of some messages alone, calibrated. */
  countMessages(messages: readonly LlmMessage[]): number {
    return Math.ceil(estimateMessages(messages) * this.ratio);
  }

  get calibration(): number {
    return this.ratio;
  }

  private calibrate(req: CountedRequest, tokens: number): void {
    const est = estimateTokens(req);
    if (est > 0) this.ratio = Math.min(MAX_RATIO, Math.max(MIN_RATIO, tokens / est));
  }
}
