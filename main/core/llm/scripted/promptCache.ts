/**
 * Anthropic's prompt cache, emulated for the scripted server: a request's prefix up to each
 * `cache_control` breakpoint is remembered; the next request reads the longest remembered prefix
 * it starts with and writes the rest up to its last breakpoint. Prefixes are compared on content
 * (tools, system, then message blocks in order) without the markers themselves, as the real cache
 * does, so a rolling breakpoint does not break the match. A token is 4 characters here.
 */
import { createHash } from 'node:crypto';

export interface CacheFigures {
  readTokens: number;
  writeTokens: number;
}

type Marked = { cache_control?: unknown };

function segments(body: Record<string, unknown>): { text: string; marked: boolean }[] {
  const out: { text: string; marked: boolean }[] = [];
  const push = (role: string, item: unknown) => {
    const { cache_control, ...rest } = (item ?? {}) as Marked & Record<string, unknown>;
    out.push({ text: `${role}:${JSON.stringify(typeof item === 'string' ? item : rest)}`, marked: cache_control !== undefined });
  };
  for (const t of (body.tools as unknown[] | undefined) ?? []) push('tool', t);
  const system = body.system;
  if (typeof system === 'string') push('system', system);
  else for (const b of (system as unknown[] | undefined) ?? []) push('system', b);
  for (const m of (body.messages as { role: string; content: unknown }[] | undefined) ?? []) {
    if (typeof m.content === 'string') push(m.role, m.content);
    else for (const b of (m.content as unknown[]) ?? []) push(m.role, b);
  }
  return out;
}

export class PromptCacheEmulator {
  private readonly seen = new Set<string>();

  /** The figures for one request, and remembers its breakpoints for the next. */
  request(body: Record<string, unknown>): CacheFigures {
    const hash = createHash('sha256');
    let chars = 0;
    let read = 0;
    let lastMark = 0;
    const marks: string[] = [];
    for (const s of segments(body)) {
      hash.update(s.text);
      chars += s.text.length;
      if (!s.marked) continue;
      const key = `${chars}:${hash.copy().digest('hex')}`;
      if (this.seen.has(key)) read = chars;
      marks.push(key);
      lastMark = chars;
    }
    for (const k of marks) this.seen.add(k);
    return { readTokens: Math.ceil(read / 4), writeTokens: Math.ceil(Math.max(0, lastMark - read) / 4) };
  }
}

/**
 * OpenAI's automatic prefix cache, emulated: the longest prefix (tools, then messages) shared with
 * one of the recent requests counts as cached, in steps of 128 tokens from 1,024 on, as OpenAI does.
 */
export class OpenAiCacheEmulator {
  private readonly recent: string[] = [];

  request(body: Record<string, unknown>): number {
    const text = JSON.stringify([body.tools ?? [], body.messages ?? []]);
    let best = 0;
    for (const r of this.recent) {
      const n = Math.min(r.length, text.length);
      let i = 0;
      while (i < n && r.charCodeAt(i) === text.charCodeAt(i)) i++;
      best = Math.max(best, i);
    }
    this.recent.push(text);
    if (this.recent.length > 8) this.recent.shift();
    const tokens = Math.floor(best / 4);
    return tokens < 1024 ? 0 : Math.floor(tokens / 128) * 128;
  }
}

/** A request as the cache sees it: its content in order, cache markers left out. */
export function canonicalPrefix(provider: 'anthropic' | 'openai', body: Record<string, unknown>): string {
  return provider === 'anthropic'
    ? segments(body)
        .map((s) => s.text)
        .join('')
    : JSON.stringify([body.tools ?? [], body.messages ?? []]);
}

/** The share of `next` (by characters) that repeats `prev` from the start: 1 = fully cacheable prefix. */
export function prefixShare(provider: 'anthropic' | 'openai', prev: Record<string, unknown>, next: Record<string, unknown>): number {
  const a = canonicalPrefix(provider, prev);
  const b = canonicalPrefix(provider, next);
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return b.length === 0 ? 1 : i / b.length;
}
