import { createContext, useContext } from 'react';
import type { TranscriptItem } from './transcript.js';

export type UserItem = Extract<TranscriptItem, { kind: 'user' }>;

/**
 * Edit and Regenerate on the transcript's messages (ChatPanel provides them): Edit cuts the
 * conversation at a message of yours and puts its text back in the box; Regenerate cuts at your last
 * message and sends it again. Offered only while no run is going.
 */
export interface Rewrite {
  edit: (item: UserItem) => void;
  regenerate: () => void;
  /** The answer Regenerate is offered on (the last one), and whether anything is under way. */
  lastAnswerId: string | undefined;
  busy: boolean;
}

export const RewriteContext = createContext<Rewrite | null>(null);

/** "Edit" under a message of yours that can be cut at (its place in the conversation is known). */
export function EditMessage({ item }: { item: UserItem }) {
  const r = useContext(RewriteContext);
  if (!r || item.messageIndex === undefined) return null;
  return (
    <button
      type="button"
      className="link msg-action"
      disabled={r.busy}
      onClick={() => r.edit(item)}
      aria-label={`Edit this message and send it again: ${item.text.slice(0, 60)}`}
    >
      Edit
    </button>
  );
}

/** "Regenerate" under the last answer. */
export function RegenerateAnswer({ id }: { id: string }) {
  const r = useContext(RewriteContext);
  if (!r || r.lastAnswerId !== id) return null;
  return (
    <button type="button" className="link msg-action" disabled={r.busy} onClick={r.regenerate}>
      Regenerate
    </button>
  );
}
