/**
 * The two ways a transcript is made smaller, in the order they are tried:
 *  1. old tool results are cut to head + tail with a marker naming the full log;
 *  2. old turns are summarised by the model into one note that keeps the user's messages,
 *     decisions, file paths touched and open work.
 * The most recent turns (from `recentStart`) are never touched, so the latest tool result stays whole.
 * Both return new message objects and leave the given ones alone (the transcript is append-only
 * for everyone else; the loop swaps it and records the swap).
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PRIVATE_FILE_MODE, ensurePrivateDirs } from '../../fs/index.js';
import type { LlmContentBlock, LlmMessage, LlmProvider } from '../../llm/index.js';
import { CHARS_PER_TOKEN } from './tokens.js';

export const SUMMARY_HEADER = '[Earlier turns summarised — the conversation continues from this note]';
const FULL_LOG = /the full output is in (\S+?)\]?$/m;

/**
 * Where the recent part starts: the `keepTurns`-th last assistant message (a turn is the model's
 * message and the tool results answering it). 0 when there are not more turns than that.
 */
export function recentStart(messages: readonly LlmMessage[], keepTurns: number): number {
  let seen = 0;
  for (let i = messages.length - 1; i >= 0; i--) {
    if (messages[i]!.role !== 'assistant') continue;
    if (++seen === keepTurns) return i;
  }
  return 0;
}

export interface TrimOptions {
  /** Characters a cut result keeps (head + tail). */
  keepChars: number;
  /** Where full outputs without a log of their own are written (the app data folder). */
  logDir: string;
}

/** Step 1: every tool result before `end` longer than about 1.5 × keepChars is cut to head + tail. */
export async function trimToolResults(
  messages: readonly LlmMessage[],
  end: number,
  opts: TrimOptions,
): Promise<{ messages: LlmMessage[]; trimmed: number }> {
  let trimmed = 0;
  const out: LlmMessage[] = [];
  for (let i = 0; i < messages.length; i++) {
    const m = messages[i]!;
    if (i >= end || !m.content.some((b) => b.type === 'tool_result' && b.content.length > opts.keepChars * 1.5)) {
      out.push(m);
      continue;
    }
    const content: LlmContentBlock[] = [];
    for (const b of m.content) {
      if (b.type !== 'tool_result' || b.content.length <= opts.keepChars * 1.5) {
        content.push(b);
        continue;
      }
      content.push({ ...b, content: await cutResult(b.content, b.toolUseId, opts) });
      trimmed++;
    }
    out.push({ role: m.role, content });
  }
  return { messages: out, trimmed };
}

/**
 * Step 1 as compaction does it for the budget: cuts results from the newest old one backwards
 * (`end` - 1 down to 0) and stops as soon as `fits` says the transcript is small enough. The head
 * of the transcript is thus left byte-identical, ending where an earlier request ended (a user
 * message, whose end that request marked for the cache): the cached prefix survives a compaction
 * instead of being broken at its first old result. `saved(before, after)` is how much one message
 * shrank, so `fits` can be answered without recounting everything.
 */
export async function trimNewestFirst(
  messages: readonly LlmMessage[],
  end: number,
  opts: TrimOptions,
  fits: (shrunkBy: number) => boolean,
  saved: (before: LlmMessage, after: LlmMessage) => number,
): Promise<{ messages: LlmMessage[]; trimmed: number }> {
  const out = [...messages];
  let trimmed = 0;
  let shrunk = 0;
  for (let i = end - 1; i >= 0 && !fits(shrunk); i--) {
    const t = await trimToolResults([out[i]!], 1, opts);
    if (t.trimmed === 0) continue;
    shrunk += saved(out[i]!, t.messages[0]!);
    out[i] = t.messages[0]!;
    trimmed += t.trimmed;
  }
  return { messages: out, trimmed };
}

async function cutResult(text: string, toolUseId: string, opts: TrimOptions): Promise<string> {
  let log = FULL_LOG.exec(text.slice(-600))?.[1];
  if (!log) {
    log = path.join(opts.logDir, `context-${toolUseId.replace(/[^A-Za-z0-9._-]/g, '_')}.log`);
    await ensurePrivateDirs(opts.logDir);
    await writeFile(log, text, { encoding: 'utf8', mode: PRIVATE_FILE_MODE });
  }
  const head = Math.ceil(opts.keepChars * 0.6);
  const tail = opts.keepChars - head;
  const omitted = text.length - head - tail;
  return (
    `${text.slice(0, head)}\n[… ${omitted} characters omitted …]\n${text.slice(-tail)}\n` +
    `[an earlier tool result, cut to its first and last parts to keep the context small: ${omitted} of ${text.length} characters omitted; the full output is in ${log}]`
  );
}

export const SUMMARY_SYSTEM = `You summarise earlier turns of a coding agent's conversation into a compact note the agent will continue from.
Keep: what the user asked (in substance, every request), decisions made and why, every file path read, written or created, commands run and what they showed, errors met, and the open work (what remains to be done and the next step).
Drop: file contents and command output that are no longer needed, pleasantries, repetition.
Write plain text, at most about 600 words, no preamble.`;

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n)} … [${s.length - n} more characters]` : s);

/** The old turns as plain text for the summariser, each part bounded; the whole fits `maxChars` (middle dropped). */
export function renderForSummary(messages: readonly LlmMessage[], maxChars: number): string {
  const lines: string[] = [];
  for (const m of messages) {
    for (const b of m.content) {
      if (b.type === 'text') lines.push(`${m.role === 'user' ? 'User' : 'Assistant'}: ${clip(b.text, m.role === 'user' ? 4000 : 2000)}`);
      else if (b.type === 'tool_use') lines.push(`Assistant called ${b.name} ${clip(JSON.stringify(b.input ?? {}), 400)}`);
      else lines.push(`Result${b.isError ? ' (error)' : ''}: ${clip(b.content, 400)}`);
    }
  }
  const text = lines.join('\n');
  if (text.length <= maxChars) return text;
  const head = Math.floor(maxChars * 0.3);
  return `${text.slice(0, head)}\n[… the middle of the conversation is left out …]\n${text.slice(-(maxChars - head))}`;
}

/** What the note always keeps, whatever the model writes: the user's own words and the paths touched. */
export function mechanicalFacts(messages: readonly LlmMessage[]): { userMessages: string[]; paths: string[] } {
  const userMessages: string[] = [];
  const paths = new Set<string>();
  for (const m of messages) {
    for (const b of m.content) {
      if (m.role === 'user' && b.type === 'text') {
        // An earlier note's kept user messages are carried over, not nested.
        if (b.text.startsWith(SUMMARY_HEADER)) {
          userMessages.push(...keptUserMessages(b.text));
          for (const p of keptPaths(b.text)) paths.add(p);
        } else userMessages.push(clip(b.text, 2000));
      } else if (b.type === 'tool_use') {
        const input = (b.input ?? {}) as Record<string, unknown>;
        for (const k of ['path', 'file', 'file_path', 'dir', 'cwd']) if (typeof input[k] === 'string') paths.add(input[k] as string);
      }
    }
  }
  return { userMessages: userMessages.slice(-20), paths: [...paths].slice(-200) };
}

const USER_LINE = /^> (.*)$/gm;
function keptUserMessages(note: string): string[] {
  const part = note.split('\nSummary:')[0] ?? '';
  return [...part.matchAll(USER_LINE)].map((m) => m[1]!.replace(/\\n/g, '\n'));
}

const PATHS_LINE = 'Files and folders touched: ';
function keptPaths(note: string): string[] {
  const line = note.split('\n').find((l) => l.startsWith(PATHS_LINE));
  return line ? line.slice(PATHS_LINE.length).split(', ').filter(Boolean) : [];
}

export function buildNote(facts: { userMessages: string[]; paths: string[] }, summary: string): string {
  const users = facts.userMessages.map((u) => `> ${u.replace(/\n/g, '\\n')}`).join('\n');
  return [
    SUMMARY_HEADER,
    `The user's messages so far:\n${users || '(none)'}`,
    `Summary:\n${summary.trim() || '(no summary)'}`,
    facts.paths.length ? `${PATHS_LINE}${facts.paths.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join('\n\n');
}

export interface SummaryUsage {
  inputTokens: number;
  outputTokens: number;
  cacheReadTokens?: number;
  cacheWriteTokens?: number;
}

/**
 * Step 2: the model writes the summary. A failed or empty answer (the server down, the request
 * refused) gives a mechanical note instead: compaction itself never fails the run.
 */
export async function summarise(
  provider: LlmProvider,
  old: readonly LlmMessage[],
  opts: { maxInputTokens: number; signal?: AbortSignal },
): Promise<{ note: string; usage?: SummaryUsage; byModel: boolean }> {
  const facts = mechanicalFacts(old);
  const transcript = renderForSummary(old, Math.max(4000, opts.maxInputTokens * CHARS_PER_TOKEN));
  let text = '';
  let usage: SummaryUsage | undefined;
  try {
    for await (const ev of provider.stream(
      {
        system: SUMMARY_SYSTEM,
        messages: [{ role: 'user', content: [{ type: 'text', text: `Summarise these earlier turns:\n\n${transcript}` }] }],
        tools: [],
        maxTokens: 2048,
      },
      opts.signal,
    )) {
      if (ev.type === 'text.delta') text += ev.text;
      else if (ev.type === 'usage') {
        const { type: _type, ...figures } = ev;
        usage = figures;
      } else if (ev.type === 'retry' && ev.discardPartial) text = '';
    }
  } catch {
    if (opts.signal?.aborted) throw new Error('cancelled');
    text = '';
  }
  const byModel = text.trim() !== '';
  const summary = byModel ? text : mechanicalSummary(old);
  return { note: buildNote(facts, summary), ...(usage ? { usage } : {}), byModel };
}

/** The fallback: what was called, in order, bounded. */
function mechanicalSummary(messages: readonly LlmMessage[]): string {
  const calls: string[] = [];
  let lastText = '';
  for (const m of messages)
    for (const b of m.content) {
      if (b.type === 'tool_use') calls.push(`${b.name} ${clip(JSON.stringify(b.input ?? {}), 160)}`);
      else if (b.type === 'text' && m.role === 'assistant') lastText = b.text;
    }
  const shown = calls.length > 60 ? [...calls.slice(0, 20), `… ${calls.length - 50} calls …`, ...calls.slice(-30)] : calls;
  return `(written without the model) Tool calls so far:\n${shown.join('\n')}${lastText ? `\nThe assistant last said: ${clip(lastText, 1500)}` : ''}`;
}
