/**
 * A real tokenizer where one is public: OpenAI's models (and models served under their names by
 * compatible servers) through gpt-tokenizer — o200k_base for GPT-4o, GPT-4.1, GPT-4.5, GPT-5, the
 * o-series and gpt-oss; cl100k_base for GPT-4 and GPT-3.5. Claude's tokenizer is not public and
 * local models each have their own: those are counted by the anchored estimate (tokens.ts).
 *
 * The encodings are big (o200k takes about a second to load), so they are loaded on first use,
 * in the background, once per process.
 */
import type { LlmProviderKind } from '../../llm/index.js';
import { normaliseModel } from './window.js';

export type Encoding = 'o200k_base' | 'cl100k_base';

/** The encoding of a model, by name (an `org/` prefix and a `:tag` ignored); undefined when none is public. */
export function encodingFor(kind: LlmProviderKind, model: string): Encoding | undefined {
  if (kind === 'anthropic') return undefined;
  const name = normaliseModel(model);
  if (/^(gpt-4o|chatgpt-4o|gpt-4\.1|gpt-4\.5|gpt-5|gpt-oss|codex-mini|o[134](-|$))/.test(name)) return 'o200k_base';
  if (/^(gpt-4|gpt-3\.5)/.test(name)) return 'cl100k_base';
  return undefined;
}

/** Counts the tokens of a text. Special-token spellings in the text (`<|endoftext|>`) count as plain text, never throw. */
export type Tokenize = (text: string) => number;

const loading = new Map<Encoding, Promise<Tokenize>>();

export function loadTokenizer(encoding: Encoding): Promise<Tokenize> {
  let p = loading.get(encoding);
  if (!p) {
    p = (encoding === 'o200k_base' ? import('gpt-tokenizer/encoding/o200k_base') : import('gpt-tokenizer/encoding/cl100k_base')).then(
      (m) => {
        const plain = { disallowedSpecial: new Set<string>() };
        return (text: string) => m.countTokens(text, plain);
      },
    );
    // A failed load (a broken install) is not retried in a loop; the estimate keeps counting.
    loading.set(encoding, p);
  }
  return p;
}
