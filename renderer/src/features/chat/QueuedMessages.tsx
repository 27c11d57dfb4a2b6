import { ActionError } from '../../ui/ActionError.js';
import { EscapedText } from '../../ui/EscapedText.js';
import type { QueuedMessage } from './useSendQueue.js';

/** Messages waiting for the run to end: each can be taken back to edit, or removed. */
export function QueuedMessages({
  queued,
  error,
  onRemove,
  onEdit,
  onRetry,
}: {
  queued: QueuedMessage[];
  error: unknown;
  onRemove: (id: number) => void;
  onEdit: (m: QueuedMessage) => void;
  onRetry: () => void;
}) {
  if (queued.length === 0) return null;
  return (
    <section className="queued" aria-label="Queued messages">
      <p className="muted small" role="status">
        {queued.length === 1 ? 'This message is' : `These ${queued.length} messages are`} sent when the agent finishes:
      </p>
      <ol>
        {queued.map((m) => (
          <li key={m.id} className="queued-item">
            <span className="queued-text">
              <EscapedText text={m.text} />
            </span>
            <button type="button" onClick={() => onEdit(m)}>
              Edit
            </button>
            <button type="button" onClick={() => onRemove(m.id)} aria-label={`Remove queued message: ${m.text.slice(0, 40)}`}>
              Remove
            </button>
          </li>
        ))}
      </ol>
      {error ? (
        <>
          <ActionError error={error} doing="send the queued message" />
          <button type="button" onClick={onRetry}>
            Try again
          </button>
        </>
      ) : null}
    </section>
  );
}
