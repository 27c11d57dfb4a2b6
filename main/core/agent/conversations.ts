/**
 * Conversations, one JSONL file each, in the app's data folder for the project
 * (`projectDataDir(dataDir, root)/conversations/<id>.jsonl`) — never in the project. Append-only,
 * fsynced after each write: a crash mid-write can only tear the last line, which load ignores
 * (and the next append cuts away), so earlier turns are never damaged.
 */
import { createHash, randomUUID } from 'node:crypto';
import { open, readdir, readFile, rename, stat, truncate, unlink } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { projectDataDir } from '../appData.js';
import { PRIVATE_FILE_MODE, ensurePrivateDirs, tightenPrivateDirs } from '../fs/index.js';
import type { LlmMessage } from '../llm/index.js';
import { type Clock, systemClock } from '../permissions/index.js';
import type { CompactionInfo } from './context/manager.js';
import type { AgentEvent } from './events.js';
import type { SubAgentTranscript } from './subagents.js';

const blockSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: z.string() }),
  z.object({ type: z.literal('tool_use'), id: z.string(), name: z.string(), input: z.unknown() }),
  z.object({ type: z.literal('tool_result'), toolUseId: z.string(), content: z.string(), isError: z.boolean().optional() }),
]);
const messageSchema = z.object({ role: z.enum(['user', 'assistant']), content: z.array(blockSchema) });

const recordSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('meta'), v: z.literal(1), id: z.string(), title: z.string(), createdAt: z.number(), projectRoot: z.string() }),
  z.object({ type: z.literal('message'), at: z.number(), message: messageSchema }),
  z.object({ type: z.literal('subagent'), at: z.number(), transcript: z.unknown() }),
  /** Recorded run events (deltas coalesced), so a reopened conversation renders as it streamed. */
  z.object({ type: z.literal('events'), events: z.array(z.unknown()) }),
  /**
   * The transcript was compacted: `messages` replaces every message before this line, so a
   * resumed conversation continues from the summary, not from the full history.
   */
  z.object({
    type: z.literal('compaction'),
    at: z.number(),
    messages: z.array(messageSchema),
    info: z.object({ kind: z.string(), reason: z.string(), beforeTokens: z.number(), afterTokens: z.number() }).partial(),
  }),
  /** A new title (the user renamed it, or the first message named it); the last one counts. */
  z.object({ type: z.literal('title'), title: z.string() }),
]);
type ConvRecord = z.infer<typeof recordSchema>;

export interface ConversationMeta {
  id: string;
  title: string;
  createdAt: number;
  projectRoot: string;
}
export interface ConversationSummary {
  id: string;
  title: string;
  createdAt: number;
  updatedAt: number;
  messageCount: number;
}
export interface LoadedConversation {
  meta: ConversationMeta;
  messages: LlmMessage[];
  subagents: SubAgentTranscript[];
  events: AgentEvent[];
  /** Lines that could not be read (a torn last line after a crash). */
  skippedLines: number;
}

const ID = /^[A-Za-z0-9_-]{1,100}$/;

/**
 * A change to a conversation's file that can be put back: a rewind, or the undo of one. It applies
 * while the file still begins with the `end` lines whose sha256 is `digest` (as the change that made
 * it left them): lines [from, end) are replaced by `lines`, and what was appended after `end` stays,
 * so long as it holds no message (events and titles only), or nothing newer would be buried.
 */
export interface ConversationEdit {
  from: number;
  end: number;
  digest: string;
  lines: string[];
}

const digestOf = (lines: readonly string[]) => createHash('sha256').update(lines.join('\n')).digest('hex');

const typeOfLine = (l: string): unknown => {
  try {
    return (JSON.parse(l) as { type?: unknown }).type;
  } catch {
    return undefined;
  }
};
const messagesIn = (lines: readonly string[]) => lines.filter((l) => typeOfLine(l) === 'message').length;

/** The records of a file as rewind and applyEdit see them: one a line, blank lines left out. */
const linesOf = (text: string) => text.split('\n').filter((l) => l.trim());

/** The edit that turns `after` back into `before` (they share their first `from` lines). */
function editBack(before: readonly string[], after: readonly string[], end: number): ConversationEdit {
  let from = 0;
  while (from < end && from < before.length && before[from] === after[from]) from++;
  return { from, end, digest: digestOf(after.slice(0, end)), lines: before.slice(from) };
}

/** The text of a user message record (its text blocks), or undefined. */
function promptOf(line: string | undefined): string | undefined {
  if (!line) return undefined;
  try {
    const r = JSON.parse(line) as { type?: string; message?: { role?: string; content?: { type?: string; text?: string }[] } };
    if (r.type !== 'message' || r.message?.role !== 'user') return undefined;
    const text = (r.message.content ?? [])
      .filter((b) => b.type === 'text' && typeof b.text === 'string')
      .map((b) => b.text)
      .join('\n');
    return text || undefined;
  } catch {
    return undefined;
  }
}

type EditPlan = { refused: string } | { lines: string[]; undo: ConversationEdit; added: number; removed: number };

function planEdit(current: readonly string[], edit: ConversationEdit): EditPlan {
  if (current.length < edit.end || edit.from > edit.end || digestOf(current.slice(0, edit.end)) !== edit.digest)
    return { refused: 'the conversation is no longer as the rewind left it (it was rewound, compacted or changed since)' };
  const tail = current.slice(edit.end);
  const newer = messagesIn(tail);
  if (newer > 0)
    return {
      refused: `${newer} message${newer === 1 ? ' was' : 's were'} added to the conversation since; putting the earlier ones back would bury them`,
    };
  if (tail.some((l) => typeOfLine(l) !== 'events' && typeOfLine(l) !== 'title'))
    return { refused: 'the conversation was changed since (compacted or a sub-agent recorded)' };
  const replaced = current.slice(edit.from, edit.end);
  const lines = [...current.slice(0, edit.from), ...edit.lines, ...tail];
  const end = edit.from + edit.lines.length;
  return {
    lines,
    undo: { from: edit.from, end, digest: digestOf(lines.slice(0, end)), lines: replaced },
    added: messagesIn(edit.lines),
    removed: messagesIn(replaced),
  };
}

export class ConversationError extends Error {
  override readonly name = 'ConversationError';
  constructor(
    readonly code: 'not_found' | 'invalid_id' | 'damaged' | 'conflict',
    message: string,
  ) {
    super(message);
  }
}

export class ConversationStore {
  readonly dir: string;
  private readonly projectRoot: string;
  private readonly clock: Clock;
  private readonly newId: () => string;
  /** One write at a time per conversation, so lines never interleave. */
  private readonly chains = new Map<string, Promise<unknown>>();
  private readonly checkedTail = new Set<string>();
  /** Folders an older version left 0755, tightened once per store before its first write. */
  private privateDirs: Promise<void> | undefined;

  constructor(opts: { dataDir: string; projectRoot: string; clock?: Clock; ids?: () => string }) {
    this.projectRoot = path.resolve(opts.projectRoot);
    this.dir = path.join(projectDataDir(opts.dataDir, this.projectRoot), 'conversations');
    this.clock = opts.clock ?? systemClock;
    this.newId = opts.ids ?? (() => `conv_${randomUUID()}`);
  }

  fileOf(id: string): string {
    if (!ID.test(id)) throw new ConversationError('invalid_id', `conversation id '${id}' is invalid (letters, digits, _ and - only)`);
    return path.join(this.dir, `${id}.jsonl`);
  }

  async create(opts: { title?: string; id?: string } = {}): Promise<ConversationMeta> {
    await ensurePrivateDirs(path.dirname(this.dir), this.dir);
    const meta: ConversationMeta = {
      id: opts.id ?? this.newId(),
      title: titleOf(opts.title ?? 'New conversation'),
      createdAt: this.clock.now(),
      projectRoot: this.projectRoot,
    };
    await this.write(meta.id, [{ type: 'meta', v: 1, ...meta }], 'wx');
    return meta;
  }

  async appendMessages(id: string, messages: readonly LlmMessage[]): Promise<void> {
    if (messages.length === 0) return;
    const at = this.clock.now();
    await this.write(
      id,
      messages.map((message) => ({ type: 'message', at, message })),
      'a',
    );
  }

  async appendCompaction(id: string, messages: readonly LlmMessage[], info: CompactionInfo): Promise<void> {
    const { kind, reason, beforeTokens, afterTokens } = info;
    await this.write(
      id,
      [{ type: 'compaction', at: this.clock.now(), messages: [...messages], info: { kind, reason, beforeTokens, afterTokens } }],
      'a',
    );
  }

  async appendSubagent(id: string, transcript: SubAgentTranscript): Promise<void> {
    await this.write(id, [{ type: 'subagent', at: this.clock.now(), transcript }], 'a');
  }

  async appendEvents(id: string, events: readonly AgentEvent[]): Promise<void> {
    if (events.length === 0) return;
    await this.write(id, [{ type: 'events', events: [...events] }], 'a');
  }

  /** Renames a conversation (appended: the file stays append-only). */
  async rename(id: string, title: string): Promise<void> {
    // Appending would create a headerless file: a deleted conversation stays deleted.
    if (!(await this.exists(id))) throw new ConversationError('not_found', `no conversation '${id}' for ${this.projectRoot}`);
    await this.write(id, [{ type: 'title', title: titleOf(title) }], 'a');
  }

  /** Deletes a conversation's file, after any write in progress. The caller refuses while it runs. */
  async remove(id: string): Promise<void> {
    const file = this.fileOf(id);
    await (this.chains.get(id) ?? Promise.resolve()).catch(() => {});
    await unlink(file).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') throw new ConversationError('not_found', `no conversation '${id}' for ${this.projectRoot}`);
      throw err;
    });
    this.chains.delete(id);
    this.checkedTail.delete(id);
  }

  async exists(id: string): Promise<boolean> {
    return stat(this.fileOf(id)).then(
      () => true,
      () => false,
    );
  }

  async load(id: string): Promise<LoadedConversation> {
    const text = await readFile(this.fileOf(id), 'utf8').catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') throw new ConversationError('not_found', `no conversation '${id}' for ${this.projectRoot}`);
      throw err;
    });
    const { records, skipped } = parseLines(text);
    const meta = records[0];
    if (meta?.type !== 'meta') throw new ConversationError('damaged', `conversation '${id}' has no header line`);
    const messages: LlmMessage[] = [];
    const subagents: SubAgentTranscript[] = [];
    const events: AgentEvent[] = [];
    let title = meta.title;
    for (const r of records.slice(1)) {
      if (r.type === 'title') title = r.title;
      else if (r.type === 'message') messages.push(r.message as LlmMessage);
      else if (r.type === 'subagent') subagents.push(r.transcript as SubAgentTranscript);
      else if (r.type === 'events') events.push(...(r.events as AgentEvent[]));
      else if (r.type === 'compaction') messages.splice(0, messages.length, ...(r.messages as LlmMessage[]));
    }
    return {
      meta: { id: meta.id, title, createdAt: meta.createdAt, projectRoot: meta.projectRoot },
      messages,
      subagents,
      events,
      skippedLines: skipped,
    };
  }

  /**
   * Rewinds a conversation to its first `keepMessages` messages: the file is rewritten (atomically,
   * in the write chain) without the later messages, the events recorded with them and later sub-agent
   * transcripts. Events flushed just before a cut message belong to it and go too. Returns the edit
   * that puts it all back (`applyEdit`), and the prompt of the first message cut, for the message box.
   */
  async rewind(id: string, keepMessages: number): Promise<{ removedMessages: number; undo: ConversationEdit; prompt?: string }> {
    const file = this.fileOf(id);
    const prev = this.chains.get(id) ?? Promise.resolve();
    const next = prev
      .catch(() => {})
      .then(async () => {
        const text = await readFile(file, 'utf8').catch((err: NodeJS.ErrnoException) => {
          if (err.code === 'ENOENT') throw new ConversationError('not_found', `no conversation '${id}' for ${this.projectRoot}`);
          throw err;
        });
        const lines = linesOf(text);
        const typeOf = typeOfLine;
        let seen = 0;
        let cut = lines.length;
        for (let i = 0; i < lines.length; i++) {
          if (typeOf(lines[i]!) !== 'message') continue;
          if (seen === keepMessages) {
            cut = i;
            break;
          }
          seen++;
        }
        const kept = lines.slice(0, cut);
        // The events flushed just before the first cut message (its run.started) belong to the cut
        // run: drop that run's events from the records right before it; another run's stay.
        if (cut < lines.length) {
          let cutRun: string | undefined;
          for (let i = kept.length - 1; i > 0 && typeOf(kept[i]!) === 'events' && !cutRun; i--) {
            const evs = (JSON.parse(kept[i]!) as { events: { type?: string; runId?: string }[] }).events;
            cutRun = evs.findLast((e) => e.type === 'run.started')?.runId;
          }
          for (let i = kept.length - 1; cutRun && i > 0 && typeOf(kept[i]!) === 'events'; i--) {
            const rec = JSON.parse(kept[i]!) as { type: 'events'; events: { runId?: string }[] };
            rec.events = rec.events.filter((e) => e.runId !== cutRun);
            if (rec.events.length) kept[i] = JSON.stringify(rec);
            else kept.splice(i, 1);
          }
        }
        const removed = lines.length - cut === 0 ? 0 : lines.slice(cut).filter((l) => typeOf(l) === 'message').length;
        await this.replaceLines(file, kept);
        this.checkedTail.add(id);
        const prompt = promptOf(lines[cut]);
        return { removedMessages: removed, undo: editBack(lines, kept, kept.length), ...(prompt !== undefined ? { prompt } : {}) };
      });
    this.chains.set(id, next);
    return next;
  }

  /**
   * Applies an edit a rewind (or an earlier applyEdit) returned: the messages it cut come back, or go
   * again. Refused with a reason (ConversationError 'conflict', the file untouched) when the file is
   * no longer as that change left it, or messages were added since. Returns the edit that reverses it.
   */
  async applyEdit(id: string, edit: ConversationEdit): Promise<{ added: number; removed: number; undo: ConversationEdit }> {
    const file = this.fileOf(id);
    const prev = this.chains.get(id) ?? Promise.resolve();
    const next = prev
      .catch(() => {})
      .then(async () => {
        const plan = planEdit(linesOf(await this.readForEdit(id, file)), edit);
        if ('refused' in plan) throw new ConversationError('conflict', plan.refused);
        await this.replaceLines(file, plan.lines);
        this.checkedTail.add(id);
        return { added: plan.added, removed: plan.removed, undo: plan.undo };
      });
    this.chains.set(id, next);
    return next;
  }

  /** Why applyEdit would refuse now, or undefined when it would apply. Changes nothing. */
  async checkEdit(id: string, edit: ConversationEdit): Promise<string | undefined> {
    const file = this.fileOf(id);
    await (this.chains.get(id) ?? Promise.resolve()).catch(() => {});
    const plan = planEdit(linesOf(await this.readForEdit(id, file)), edit);
    return 'refused' in plan ? plan.refused : undefined;
  }

  private async readForEdit(id: string, file: string): Promise<string> {
    return readFile(file, 'utf8').catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') throw new ConversationError('not_found', `no conversation '${id}' for ${this.projectRoot}`);
      throw err;
    });
  }

  /** Rewrites the file atomically (a temp file, fsynced, renamed over it). */
  private async replaceLines(file: string, lines: readonly string[]): Promise<void> {
    const tmp = `${file}.rewind.tmp`;
    const fh = await open(tmp, 'w', PRIVATE_FILE_MODE);
    try {
      await fh.write(lines.map((l) => `${l}\n`).join(''));
      await fh.sync();
    } finally {
      await fh.close();
    }
    await rename(tmp, file);
  }

  /** Newest first. */
  async list(): Promise<ConversationSummary[]> {
    const files = await readdir(this.dir).catch(() => [] as string[]);
    const out: ConversationSummary[] = [];
    for (const f of files.filter((f) => f.endsWith('.jsonl'))) {
      const id = f.slice(0, -'.jsonl'.length);
      try {
        const [conv, st] = await Promise.all([this.load(id), stat(this.fileOf(id))]);
        out.push({
          id,
          title: conv.meta.title,
          createdAt: conv.meta.createdAt,
          updatedAt: Math.floor(st.mtimeMs),
          // What the user reads as messages: their prompts and the agent's replies, not tool results.
          messageCount: conv.messages.filter((m) => m.content.some((b) => b.type === 'text')).length,
        });
      } catch {
        // A file without a header is not a conversation; skip it rather than hide the others.
      }
    }
    return out.sort((a, b) => b.updatedAt - a.updatedAt);
  }

  private write(id: string, records: ConvRecord[], flag: 'a' | 'wx'): Promise<void> {
    const file = this.fileOf(id);
    const prev = this.chains.get(id) ?? Promise.resolve();
    const next = prev
      .catch(() => {})
      .then(async () => {
        // Transcripts hold full tool output: 0700 folders, 0600 files, like the audit log.
        this.privateDirs ??= tightenPrivateDirs(path.dirname(this.dir), this.dir);
        await this.privateDirs.catch((err: unknown) => {
          this.privateDirs = undefined;
          throw err;
        });
        const first = !this.checkedTail.has(id);
        if (flag === 'a') await this.cutTornTail(id, file);
        const fh = await open(file, flag, PRIVATE_FILE_MODE).catch((err: NodeJS.ErrnoException) => {
          if (err.code === 'ENOENT') throw new ConversationError('not_found', `no conversation '${id}' for ${this.projectRoot}`);
          throw err;
        });
        try {
          // A transcript an older version left 0644 is tightened on its first write here.
          if (first && process.platform !== 'win32') await fh.chmod(PRIVATE_FILE_MODE);
          await fh.write(records.map((r) => `${JSON.stringify(r)}\n`).join(''));
          await fh.sync();
        } finally {
          await fh.close();
        }
        this.checkedTail.add(id);
      });
    this.chains.set(id, next);
    return next;
  }

  /** A crash can leave half a line at the end: cut it before appending so the file stays line-clean. */
  private async cutTornTail(id: string, file: string): Promise<void> {
    if (this.checkedTail.has(id)) return;
    const buf = await readFile(file).catch(() => null);
    if (buf && buf.length > 0 && buf[buf.length - 1] !== 0x0a) await truncate(file, buf.lastIndexOf(0x0a) + 1);
    this.checkedTail.add(id);
  }
}

function parseLines(text: string): { records: ConvRecord[]; skipped: number } {
  const records: ConvRecord[] = [];
  let skipped = 0;
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    try {
      const r = recordSchema.safeParse(JSON.parse(line));
      if (r.success) records.push(r.data);
      else skipped++;
    } catch {
      skipped++;
    }
  }
  return { records, skipped };
}

export function titleOf(prompt: string): string {
  const one = prompt.replace(/\s+/g, ' ').trim();
  return one.length > 80 ? `${one.slice(0, 79)}…` : one || 'New conversation';
}
