/**
 * The price list as the Settings screen edits it: one model per line, "name input output
 * [cacheRead [cacheWrite]]", dollars per million tokens. Parsed here, purely, so a typo is named
 * with its line instead of being saved.
 */
import type { Settings, SettingsUpdate } from '../../../../shared/contract/index.js';

type Prices = NonNullable<Settings['prices']>;

export function formatPriceLines(prices: Prices | undefined): string {
  return Object.entries(prices ?? {})
    .map(([model, p]) =>
      [
        model,
        p.input,
        p.output,
        ...(p.cacheRead !== undefined || p.cacheWrite !== undefined ? [p.cacheRead ?? p.input] : []),
        ...(p.cacheWrite !== undefined ? [p.cacheWrite] : []),
      ].join(' '),
    )
    .join('\n');
}

export function parsePriceLines(text: string): { prices: NonNullable<SettingsUpdate['prices']> } | { error: string } {
  const prices: NonNullable<SettingsUpdate['prices']> = {};
  for (const [i, raw] of text.split('\n').entries()) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const [model, ...nums] = line.split(/\s+/);
    const values = nums.map(Number);
    if (!model || values.length < 2 || values.length > 4 || values.some((v) => !Number.isFinite(v) || v < 0))
      return { error: `Prices, line ${i + 1}: write "model input output [cache-read [cache-write]]" in dollars per million tokens` };
    const [input, output, cacheRead, cacheWrite] = values as [number, number, number?, number?];
    prices[model] = {
      input,
      output,
      ...(cacheRead !== undefined ? { cacheRead } : {}),
      ...(cacheWrite !== undefined ? { cacheWrite } : {}),
    };
  }
  return { prices };
}
