/**
 * Counting a request before it is sent, anchored on what the server itself reported: the previous
 * request's prompt tokens (exact, from usage) plus a count of the messages added since, scaled by
 * the ratio of reported to counted tokens seen so far. The added part is counted with the model's
 * real tokenizer where one is public (OpenAI's models: tokenizer.ts, given through
 * `useTokenizer`), else estimated from characters — how Claude must be counted (its tokenizer is not
 * public), and local models, whose own tokenizer the ratio learns within one turn.
 */
import type { LlmContentBlock, LlmMessage, LlmToolSpec } from '../../llm/index.js';
import type { Tokenize } from './tokenizer.js';

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
/** Tokens of framing per message and per tool-call block (role markers, ids), as OpenAI's chat format spends them. */
const MESSAGE_TOKENS = 4;

export class TokenCounter {
  private ratio = 1;
  private anchor: { messages: readonly LlmMessage[]; system: string; tokens: number } | undefined;
  private tokenize: Tokenize | undefined;
  private readonly perMessage = new WeakMap<LlmMessage, number>();
  private readonly perTools = new WeakMap<readonly LlmToolSpec[], number>();
  private lastSystem: { text: string; tokens: number } | undefined;

  /**
   * Counts with a real tokenizer from now on. Each message is tokenised once (messages never
   * change once appended), so a long run costs one pass over what is added per turn.
   */
  useTokenizer(tokenize: Tokenize): void {
    this.tokenize = tokenize;
    this.ratio = 1; // what was learned was the char estimate's error, not the tokenizer's
  }

  get exact(): boolean {
    return this.tokenize !== undefined;
  }

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
      return a.tokens + this.countMessages(req.messages.slice(a.messages.length));
    }
    return Math.ceil(this.raw(req) * this.ratio);
  }

  /** Some messages alone, calibrated. */
  countMessages(messages: readonly LlmMessage[]): number {
    return Math.ceil(this.rawMessages(messages) * this.ratio);
  }

  get calibration(): number {
    return this.ratio;
  }

  /** Before calibration: the tokenizer's count when there is one, else the character estimate. */
  private raw(req: CountedRequest): number {
    if (!this.tokenize) return estimateTokens(req);
    return this.systemTokens(req.system) + this.toolTokens(req.tools) + this.rawMessages(req.messages);
  }

  private rawMessages(messages: readonly LlmMessage[]): number {
    const tokenize = this.tokenize;
    if (!tokenize) return estimateMessages(messages);
    let n = 0;
    for (const m of messages) {
      let t = this.perMessage.get(m);
      if (t === undefined) {
        t = MESSAGE_TOKENS;
        for (const b of m.content) {
          if (b.type === 'text') t += tokenize(b.text);
          else if (b.type === 'tool_use') t += MESSAGE_TOKENS + tokenize(b.name) + tokenize(JSON.stringify(b.input ?? {}));
          else t += MESSAGE_TOKENS + tokenize(b.content);
        }
        this.perMessage.set(m, t);
      }
      n += t;
    }
    return n;
  }

  private systemTokens(system: string): number {
    if (this.lastSystem?.text !== system) this.lastSystem = { text: system, tokens: this.tokenize!(system) };
    return this.lastSystem.tokens;
  }

  private toolTokens(tools: readonly LlmToolSpec[]): number {
    let n = this.perTools.get(tools);
    if (n === undefined) {
      n = 0;
      for (const t of tools) n += MESSAGE_TOKENS + this.tokenize!(`${t.name}\n${t.description}\n${JSON.stringify(t.inputSchema)}`);
      this.perTools.set(tools, n);
    }
    return n;
  }

  private calibrate(req: CountedRequest, tokens: number): void {
    const est = this.raw(req);
    if (est > 0) this.ratio = Math.min(MAX_RATIO, Math.max(MIN_RATIO, tokens / est));
  }
}
