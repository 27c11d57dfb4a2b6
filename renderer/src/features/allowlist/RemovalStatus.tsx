import { IconButton } from '../../ui/IconButton.js';
import { ActionError } from '../../ui/ActionError.js';
import { KeyView } from '../../ui/KeyView.js';
import type { AllowlistEdits } from './useAllowlistEdits.js';
import './RemovalStatus.css';

const WHERE = {
  project: 'codecoder.json',
  preset: 'codecoder.json',
  deny: "codecoder.json's deny rules",
  session: "this session's allowlist",
} as const;

/**
 * The status line after a removal: what went, and an Undo that puts it back through main (the same
 * write path as any edit). Announced politely; the button is reachable right after the removal.
 */
export function RemovalStatus({ edits }: { edits: AllowlistEdits }) {
  const r = edits.removal;
  return (
    <div role="status" className="removal-status" aria-label="Allowlist status">
      {r && (
        <>
          <span>
            {r.undone ? 'Put back' : 'Removed'} <KeyView value={r.entry.key} /> {r.undone ? 'in' : 'from'} {WHERE[r.entry.scope]}.
          </span>
          {!r.undone && (
            <button type="button" disabled={edits.undoRemove.isPending} onClick={() => edits.undoRemove.mutate(r.entry)}>
              Undo
            </button>
          )}
          <IconButton label="Dismiss the status line" icon="×" onClick={edits.dismissRemoval} />
          <ActionError error={edits.undoRemove.error} doing="put the entry back" />
        </>
      )}
    </div>
  );
}
