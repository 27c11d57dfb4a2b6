/**
 * How many tokens a model's context holds: the user's `contextWindow` setting, else what a server
 * told us (learned from its "too long" error, remembered per model), else a table of known models,
 * else a default. A learned window below the configured one wins: the server is the authority.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PRIVATE_FILE_MODE, ensurePrivateDirsSync } from '../../fs/index.js';

/** Used when nothing else is known (the common window of current models); a refusal teaches the truth. */
export const DEFAULT_CONTEXT_WINDOW = 128_000;

/**
 * Known windows by model-name pattern, first match wins. Names are compared without an
 * `org/` prefix (OpenRouter) or a `:tag` suffix (Ollama), lower-cased.
 */
export const KNOWN_WINDOWS: readonly (readonly [RegExp, number])[] = [
  [/^claude-.*\[1m\]$/, 1_000_000],
  [/^claude-/, 200_000],
  [/^gpt-4\.1/, 1_047_576],
  [/^gpt-5/, 400_000],
  [/^o[134](-|$)/, 200_000],
  [/^gpt-4o/, 128_000],
  [/^gpt-4-turbo/, 128_000],
  [/^gpt-4(-|$)/, 8_192],
  [/^gpt-3\.5-turbo/, 16_385],
  [/^gpt-oss/, 131_072],
  [/^llama-?3\.[123]/, 131_072],
  [/^llama-?3/, 8_192],
  [/^qwen3-coder/, 262_144],
  [/^qwen3/, 40_960],
  [/^qwen2\.5/, 32_768],
  [/^deepseek-coder-v2/, 163_840],
  [/^deepseek/, 131_072],
  [/^codestral/, 32_768],
  [/^devstral/, 131_072],
  [/^mistral/, 32_768],
  [/^gemma3/, 131_072],
  [/^gemma/, 8_192],
  [/^phi4/, 16_384],
  [/^codellama/, 16_384],
];

export function normaliseModel(model: string): string {
  return (model.split('/').pop() ?? model).split(':')[0]!.toLowerCase();
}

export function knownWindow(model: string): number | undefined {
  const name = normaliseModel(model);
  return KNOWN_WINDOWS.find(([re]) => re.test(name))?.[1];
}

/**
 * Windows learned from servers, by provider kind + model. Kept in a small JSON file in the app's
 * data folder when given one (so the next run starts right), else in memory for the process.
 */
export class ContextWindows {
  private readonly learned = new Map<string, number>();
  private loaded = false;
  constructor(private readonly file?: string) {}

  static keyOf(kind: string, model: string): string {
    return `${kind}:${model}`;
  }

  get(kind: string, model: string): number | undefined {
    this.load();
    return this.learned.get(ContextWindows.keyOf(kind, model));
  }

  /** Remembers a window (only ever lowers what was learned: a server never grows by refusing). */
  learn(kind: string, model: string, tokens: number): number {
    this.load();
    const key = ContextWindows.keyOf(kind, model);
    const next = Math.max(1024, Math.floor(Math.min(tokens, this.learned.get(key) ?? Infinity)));
    this.learned.set(key, next);
    this.save();
    return next;
  }

  /** The window to plan against. */
  resolve(kind: string, model: string, configured?: number): number {
    const base = configured ?? knownWindow(model) ?? DEFAULT_CONTEXT_WINDOW;
    const learned = this.get(kind, model);
    return learned !== undefined ? Math.min(base, learned) : base;
  }

  private load(): void {
    if (this.loaded || !this.file) return;
    this.loaded = true;
    try {
      const data = JSON.parse(readFileSync(this.file, 'utf8')) as Record<string, unknown>;
      for (const [k, v] of Object.entries(data)) if (typeof v === 'number' && v > 0) this.learned.set(k, v);
    } catch {
      // No file yet, or a damaged one: start from the table; the next refusal rewrites it.
    }
  }

  private save(): void {
    if (!this.file) return;
    try {
      ensurePrivateDirsSync(path.dirname(this.file));
      writeFileSync(this.file, `${JSON.stringify(Object.fromEntries(this.learned), null, 2)}\n`, { mode: PRIVATE_FILE_MODE });
    } catch {
      // Remembering is a convenience: the window stays learned in memory for this process.
    }
  }
}

/** The process-wide memory used when the composition root gives none (sub-agents share it). */
export const sharedContextWindows = new ContextWindows();
