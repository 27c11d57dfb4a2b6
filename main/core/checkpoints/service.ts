/**
 * What the app and the CLI do with checkpoints: list, preview and restore — a restore refused while
 * an agent runs in the project, recorded in the audit log, announced in its conversation as a
 * `checkpoint` event of kind before-restore (restoring to that undoes it), and optionally followed
 * by rewinding the conversation to before the message whose run took the checkpoint.
 */
import type { AgentEvent } from '../../../shared/contract/agentEvents.js';
import type { AuditLog } from '../permissions/index.js';
import {
  CheckpointError,
  type CheckpointMeta,
  type CheckpointStore,
  type ConversationEdit,
  type FileChange,
  type RestoreResult,
} from './store.js';

/**
 * What a restore needs of the project's conversations (the agent's ConversationStore, passed in by
 * the assembly and the CLI, so checkpoints/ imports nothing of agent/).
 */
export interface CheckpointConversations {
  exists(id: string): Promise<boolean>;
  /**
   * Keeps the first `keepMessages` messages of the conversation; returns the edit that puts the cut
   * back, and the prompt of the first message cut.
   */
  rewind(id: string, keepMessages: number): Promise<{ removedMessages: number; undo: ConversationEdit; prompt?: string }>;
  /** Applies such an edit, or refuses (throws) when the conversation changed since; returns its reverse. */
  applyEdit(id: string, edit: ConversationEdit): Promise<{ added: number; removed: number; undo: ConversationEdit }>;
  /** Why applyEdit would refuse now, or undefined. */
  checkEdit(id: string, edit: ConversationEdit): Promise<string | undefined>;
  appendEvents(id: string, events: readonly AgentEvent[]): Promise<void>;
}

export interface CheckpointServiceDeps {
  store: CheckpointStore;
  conversations: CheckpointConversations;
  audit: AuditLog;
  /** Conversations with a run in progress in this project. */
  activeConversations(): string[];
  /** Sends an event to whoever shows the conversation (the app's windows; nothing for the CLI). */
  emit?: (event: AgentEvent) => void;
  now?: () => number;
}

export interface RestoreOutcome extends RestoreResult {
  /** Messages removed from the conversation (0 when it was not rewound). */
  rewoundMessages: number;
  /** Messages an undo of a rewind brought back. */
  restoredMessages: number;
  /** The prompt of the message the rewind cut, for the message box (to edit and send again). */
  rewoundPrompt?: string;
  /** Why the conversation was left as it was, when it changed between the check and the restore. */
  conversationNote?: string;
}

export class CheckpointService {
  constructor(private readonly deps: CheckpointServiceDeps) {}

  list(conversationId?: string): Promise<CheckpointMeta[]> {
    return this.deps.store.list(conversationId);
  }

  usage(): Promise<number> {
    return this.deps.store.usage();
  }

  get capBytes(): number {
    return this.deps.store.capBytes;
  }

  async preview(id: string): Promise<{ checkpoint: CheckpointMeta; changes: FileChange[] }> {
    const checkpoint = await this.deps.store.get(id);
    return { checkpoint, changes: await this.deps.store.preview(id) };
  }

  async restore(id: string, opts: { rewindConversation?: boolean; by?: string } = {}): Promise<RestoreOutcome> {
    const running = this.deps.activeConversations();
    if (running.length) throw new CheckpointError('busy', 'The agent is working in this project: stop it before restoring files.');
    const now = this.deps.now ?? Date.now;
    const conv = this.deps.conversations;
    const target = await this.deps.store.get(id);
    const cid = target.conversationId;
    // Undoing a restore that rewound the conversation: the cut messages come back with the files —
    // unless the conversation moved on since, and then nothing is done (fail closed).
    const saved = opts.rewindConversation && target.conversationChange ? await this.deps.store.conversationEdit(id) : undefined;
    if (saved) {
      const why = (await conv.exists(cid)) ? await conv.checkEdit(cid, saved) : 'the conversation no longer exists';
      if (why)
        throw new CheckpointError(
          'conflict',
          `Nothing was restored: ${why}. To bring back the files alone, restore without the conversation.`,
        );
    }
    const r = await this.deps.store.restore(id);
    let rewoundMessages = 0;
    let restoredMessages = 0;
    let rewoundPrompt: string | undefined;
    let conversationNote: string | undefined;
    if (opts.rewindConversation && target.kind === 'turn' && r.restored.messageIndex !== undefined && (await conv.exists(cid))) {
      const cut = await conv.rewind(cid, r.restored.messageIndex);
      rewoundMessages = cut.removedMessages;
      rewoundPrompt = cut.prompt;
      if (cut.undo.lines.length || cut.undo.end !== cut.undo.from)
        await this.deps.store.attachConversationEdit(r.undo.id, cut.undo, { back: cut.removedMessages, cut: 0 });
    } else if (saved) {
      try {
        const back = await conv.applyEdit(cid, saved);
        restoredMessages = back.added;
        rewoundMessages = back.removed;
        await this.deps.store.attachConversationEdit(r.undo.id, back.undo, { back: back.removed, cut: back.added });
      } catch (e) {
        conversationNote = `the conversation was left as it is: ${(e as Error).message}`;
      }
    }
    this.deps.audit.append({
      at: now(),
      agent: opts.by ?? 'user',
      conversation: cid,
      tool: 'checkpoint_restore',
      key: `checkpoint_restore:${r.restored.id}`,
      decision: 'allow',
      via: 'once',
      asked: true,
      reason:
        `restored the project's files to the checkpoint "${r.restored.label}": ${describe(r.changes)}` +
        (rewoundMessages ? `; the conversation was rewound by ${rewoundMessages} messages` : '') +
        (restoredMessages ? `; ${restoredMessages} messages of the conversation were brought back` : '') +
        (conversationNote ? `; ${conversationNote}` : '') +
        `; restoring to ${r.undo.id} undoes it`,
    });
    await this.deps.audit.flush();
    const event: AgentEvent = {
      type: 'checkpoint',
      at: now(),
      runId: '',
      conversationId: cid,
      agentId: 'main',
      depth: 0,
      kind: 'before-restore',
      label: r.restored.label,
      checkpointId: r.undo.id,
    };
    if (await this.deps.conversations.exists(cid)) await this.deps.conversations.appendEvents(cid, [event]);
    this.deps.emit?.(event);
    return {
      ...r,
      rewoundMessages,
      restoredMessages,
      ...(rewoundPrompt !== undefined ? { rewoundPrompt } : {}),
      ...(conversationNote !== undefined ? { conversationNote } : {}),
    };
  }

  /** Checkpoints go with their conversation. */
  prune(conversationId: string): Promise<number> {
    return this.deps.store.prune(conversationId);
  }

  /** Prunes the checkpoints of conversations that no longer exist (run when a project opens). */
  async pruneOrphans(): Promise<number> {
    let n = 0;
    for (const cid of new Set((await this.deps.store.list()).map((c) => c.conversationId)))
      if (!(await this.deps.conversations.exists(cid).catch(() => true))) n += await this.deps.store.prune(cid);
    return n;
  }
}

export function describe(changes: FileChange[]): string {
  if (changes.length === 0) return 'no file differed';
  const n = (k: FileChange['change']) => changes.filter((c) => c.change === k).length;
  const parts = [
    n('restore') && `${n('restore')} restored`,
    n('recreate') && `${n('recreate')} brought back`,
    n('delete') && `${n('delete')} removed`,
  ].filter(Boolean);
  return `${changes.length} file${changes.length === 1 ? '' : 's'} (${parts.join(', ')})`;
}
