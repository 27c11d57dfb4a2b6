import type { ConversationSummary } from '../../../../shared/contract/index.js';
import { ActionError } from '../../ui/ActionError.js';
import { EscapedText } from '../../ui/EscapedText.js';

interface Props {
  conversations: ConversationSummary[] | undefined;
  error: unknown;
  selected: string | null;
  onSelect: (id: string) => void;
  onNew: () => void;
  creating: boolean;
}

/** The project's conversations, newest first; one is open in the transcript. */
export function ConversationList({ conversations, error, selected, onSelect, onNew, creating }: Props) {
  return (
    <nav className="conv-list" aria-label="Conversations">
      <button type="button" onClick={onNew} disabled={creating}>
        New conversation
      </button>
      <ActionError error={error} doing="list the conversations" />
      {conversations?.length === 0 && <p className="muted">No conversations yet.</p>}
      <ul>
        {conversations?.map((c) => (
          <li key={c.id}>
            <button
              type="button"
              className="conv-item"
              aria-current={c.id === selected ? 'true' : undefined}
              onClick={() => onSelect(c.id)}
              title={c.title}
            >
              <span className="conv-title">
                <EscapedText text={c.title || 'Untitled'} />
              </span>
              <span className="muted conv-meta">
                {c.running ? 'running · ' : ''}
                {c.messageCount} messages
              </span>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
