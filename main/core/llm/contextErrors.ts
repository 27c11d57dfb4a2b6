/**
 * "The prompt is too long", as each kind of server says it. Knowing the wording lets the agent
 * compact and retry instead of failing, and learn the model's window from the numbers in the
 * message. An allowlist of known wordings: anything else stays a plain bad_request.
 */

export interface ContextOverflow {
  /** The window the server named, in tokens (absent when the wording carries no number). */
  contextWindow?: number;
  /** How many tokens the server counted in the refused prompt, when it said. */
  promptTokens?: number;
}

const num = (s: string | undefined) => {
  const n = s === undefined ? NaN : Number(s.replace(/[,_]/g, ''));
  return Number.isFinite(n) && n > 0 ? n : undefined;
};

/** Each pattern names where the window and the prompt count are (capture group indexes). */
const WORDINGS: { re: RegExp; window?: number; prompt?: number }[] = [
  // OpenAI and vLLM: "This model's maximum context length is 8192 tokens. However, your messages
  // resulted in 9000 tokens" / "…you requested 9000 tokens (8000 in the messages, 1000 in the completion)".
  { re: /maximum context length is ([\d,]+) tokens.*?(?:resulted in|requested) ([\d,]+) tokens/is, window: 1, prompt: 2 },
  { re: /maximum context length is ([\d,]+) tokens/i, window: 1 },
  // Anthropic: "prompt is too long: 210000 tokens > 200000 maximum".
  { re: /prompt is too long:\s*([\d,]+) tokens\s*>\s*([\d,]+)/i, prompt: 1, window: 2 },
  { re: /prompt is too long/i },
  // vLLM (newer): "The prompt (total length 5000) is too long to fit into the model (context length 4096)".
  { re: /prompt \(total length ([\d,]+)\) is too long.*?context length ([\d,]+)/is, prompt: 1, window: 2 },
  // llama.cpp server: "the request exceeds the available context size, try increasing it" (with
  // n_prompt_tokens / n_ctx in the body), older: "input is too large to process".
  { re: /exceeds the available context size/i },
  { re: /input is too large to process/i },
  // Ollama: "the input length exceeds the context length" / "prompt too long; exceeded max context length by 100 tokens".
  { re: /input length exceeds the context length/i },
  { re: /exceeded max context length/i },
  // LM Studio: "…the model is loaded with context length of only 4096 tokens".
  { re: /loaded with context length of only ([\d,]+) tokens/i, window: 1 },
  // Generic OpenAI-compatible proxies that pass the code through.
  { re: /context_length_exceeded|context length exceeded|context window exceeded/i },
];

/**
 * Reads an error body (parsed JSON or text) and says whether it is a context overflow. The
 * llama.cpp body's own fields (`n_ctx`, `n_prompt_tokens`) win over the wording.
 */
export function detectContextOverflow(status: number | undefined, body: unknown, message: string): ContextOverflow | undefined {
  if (status !== undefined && status !== 400 && status !== 413 && status !== 500) return undefined;
  const err = ((body as { error?: unknown })?.error ?? body) as Record<string, unknown> | undefined;
  const code = typeof err?.code === 'string' ? err.code : typeof err?.type === 'string' ? err.type : '';
  const text = `${typeof err?.message === 'string' ? err.message : ''}\n${message}`;
  let found: ContextOverflow | undefined;
  if (code === 'context_length_exceeded' || code === 'exceed_context_size_error') found = {};
  for (const w of WORDINGS) {
    const m = w.re.exec(text);
    if (!m) continue;
    found = {
      ...(w.window && num(m[w.window]) ? { contextWindow: num(m[w.window]) } : {}),
      ...(w.prompt && num(m[w.prompt]) ? { promptTokens: num(m[w.prompt]) } : {}),
    };
    break;
  }
  if (!found) return undefined;
  const nCtx = num(String(err?.n_ctx ?? ''));
  const nPrompt = num(String(err?.n_prompt_tokens ?? ''));
  if (nCtx) found.contextWindow = nCtx;
  if (nPrompt) found.promptTokens = nPrompt;
  return found;
}
