/**
 * What a model costs, in US dollars per million tokens, from the providers' public price lists
 * (checked 2025-11). A model not in the table and not priced by the user in Settings has an
 * UNKNOWN price: the cost is shown as "unknown price", never guessed from a similar name.
 * User prices (Settings → prices, keyed by the exact model name) win over the table.
 */

import type { z } from 'zod';
import { modelPriceSchema } from '../../../shared/contract/settings.js';

/** Uncached input, output, cache reads and cache writes (Anthropic); the schema is the contract's (Settings edits it). */
export { modelPriceSchema };
export type ModelPrice = z.infer<typeof modelPriceSchema>;

/** By model-name pattern, first match wins; names are compared lower-cased, without an `org/` prefix. */
export const PRICE_TABLE: readonly (readonly [RegExp, ModelPrice])[] = [
  [/^claude-opus-4-5/, { input: 5, output: 25, cacheRead: 0.5, cacheWrite: 6.25 }],
  [/^claude-opus-4/, { input: 15, output: 75, cacheRead: 1.5, cacheWrite: 18.75 }],
  [/^claude-sonnet-4|^claude-3-7-sonnet|^claude-3-5-sonnet/, { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 }],
  [/^claude-haiku-4-5/, { input: 1, output: 5, cacheRead: 0.1, cacheWrite: 1.25 }],
  [/^claude-3-5-haiku/, { input: 0.8, output: 4, cacheRead: 0.08, cacheWrite: 1 }],
  [/^gpt-4\.1-nano/, { input: 0.1, output: 0.4, cacheRead: 0.025 }],
  [/^gpt-4\.1-mini/, { input: 0.4, output: 1.6, cacheRead: 0.1 }],
  [/^gpt-4\.1/, { input: 2, output: 8, cacheRead: 0.5 }],
  [/^gpt-4o-mini/, { input: 0.15, output: 0.6, cacheRead: 0.075 }],
  [/^gpt-4o/, { input: 2.5, output: 10, cacheRead: 1.25 }],
  [/^gpt-5-nano/, { input: 0.05, output: 0.4, cacheRead: 0.005 }],
  [/^gpt-5-mini/, { input: 0.25, output: 2, cacheRead: 0.025 }],
  [/^gpt-5/, { input: 1.25, output: 10, cacheRead: 0.125 }],
  [/^o4-mini/, { input: 1.1, output: 4.4, cacheRead: 0.275 }],
  [/^o3(-|$)/, { input: 2, output: 8, cacheRead: 0.5 }],
];

export function priceOf(model: string, userPrices?: Readonly<Record<string, ModelPrice>>): ModelPrice | undefined {
  const own = userPrices?.[model];
  if (own) return own;
  const name = (model.split('/').pop() ?? model).toLowerCase();
  return PRICE_TABLE.find(([re]) => re.test(name))?.[1];
}

export interface TokenFigures {
  /** The whole prompt, cached parts included. */
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens?: number;
  cacheWriteTokens?: number;
}

/** Dollars for one model call, or null when the price is unknown. */
export function costOf(u: TokenFigures, price: ModelPrice | undefined): number | null {
  if (!price) return null;
  const read = u.cacheReadTokens ?? 0;
  const write = u.cacheWriteTokens ?? 0;
  const plain = Math.max(0, u.inputTokens - read - write);
  const usd =
    plain * price.input +
    read * (price.cacheRead ?? price.input) +
    write * (price.cacheWrite ?? price.input) +
    u.outputTokens * price.output;
  return usd / 1_000_000;
}
