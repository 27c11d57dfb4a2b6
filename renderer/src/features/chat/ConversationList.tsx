import { useState, type KeyboardEvent } from 'react';
import type { ConversationSummary } from '../../../../shared/contract/index.js';
import { ActionError } from '../../ui/ActionError.js';
import { EscapedText } from '../../ui/EscapedText.js';
import { conversationDate, messageCountLabel } from './conversationWords.js';

interface Props {
  conversations: ConversationSummary[] | undefined;
  error: unknown;
  selected: string | null;
  onSelect: (id: string) => void;
  onNew: () => void;
  creating: boolean;
  /** The open conversation's count as the transcript shows it now (the list's may lag a run). */
  liveCount?: number | undefined;
  onRename: (id: string, title: string) => void;
  onDelete: (id: string) => void;
  actionError: unknown;
}

/** The project's conversations, newest first, searchable by title; the open one can be renamed or deleted. */
export function ConversationList(p: Props) {
  const { conversations, selected } = p;
  const [query, setQuery] = useState('');
  const [editing, setEditing] = useState<{ id: string; title: string } | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const q = query.trim().toLowerCase();
  const shown = q ? conversations?.filter((c) => c.title.toLowerCase().includes(q)) : conversations;

  const onEditKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Escape') setEditing(null);
    if (e.key === 'Enter' && editing) {
      e.preventDefault();
      if (editing.title.trim()) p.onRename(editing.id, editing.title.trim());
      setEditing(null);
    }
  };

  return (
    <nav className="conv-list" aria-label="Conversations">
      <button type="button" onClick={p.onNew} disabled={p.creating}>
        New conversation
      </button>
      {(conversations?.length ?? 0) > 1 && (
        <input
          type="search"
          className="conv-search"
          aria-label="Search conversations"
          placeholder="Search titles…"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      )}
      <ActionError error={p.error} doing="list the conversations" />
      <ActionError error={p.actionError} doing="change the conversation" />
      {conversations?.length === 0 && <p className="muted">No conversations yet.</p>}
      {q && shown?.length === 0 && <p className="muted">No title matches “{query}”.</p>}
      <ul>
        {shown?.map((c) => {
          const current = c.id === selected;
          const count = current && p.liveCount !== undefined ? p.liveCount : c.messageCount;
          return (
            <li key={c.id} className={current ? 'conv-row conv-row-current' : 'conv-row'}>
              {editing?.id === c.id ? (
                <input
                  className="conv-rename"
                  aria-label="New title"
                  value={editing.title}
                  autoFocus
                  onChange={(e) => setEditing({ id: c.id, title: e.target.value })}
                  onKeyDown={onEditKey}
                  onBlur={() => setEditing(null)}
                />
              ) : (
                <button
                  type="button"
                  className="conv-item"
                  aria-current={current ? 'true' : undefined}
                  onClick={() => p.onSelect(c.id)}
                  title={c.title}
                >
                  <span className="conv-title">
                    <EscapedText text={c.title || 'Untitled'} />
                  </span>
                  <span className="muted conv-meta">
                    {c.running ? 'running · ' : ''}
                    {messageCountLabel(count)} · <time dateTime={new Date(c.updatedAt).toISOString()}>{conversationDate(c.updatedAt)}</time>
                  </span>
                </button>
              )}
              {current && editing?.id !== c.id && (
                <span className="conv-actions">
                  <button type="button" className="link-button" onClick={() => setEditing({ id: c.id, title: c.title })}>
                    Rename
                  </button>
                  {confirming === c.id ? (
                    <>
                      <button
                        type="button"
                        className="link-button danger"
                        onClick={() => {
                          setConfirming(null);
                          p.onDelete(c.id);
                        }}
                      >
                        Delete for good
                      </button>
                      <button type="button" className="link-button" onClick={() => setConfirming(null)}>
                        Keep
                      </button>
                    </>
                  ) : (
                    <button type="button" className="link-button" disabled={c.running} onClick={() => setConfirming(c.id)}>
                      Delete
                    </button>
                  )}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
