import './checkpoints.css';
import { EscapedText } from '../../ui/EscapedText.js';
import { useCheckpointActions } from './CheckpointActions.js';

interface Item {
  checkpointId?: string;
  checkpointKind: 'turn' | 'before-restore';
  label: string;
  error?: string;
}

/**
 * A checkpoint in the transcript: "Restore to here" before a turn that may change files; after a
 * restore, the way to undo it; or why no checkpoint could be taken.
 */
export function CheckpointRow({ item }: { item: Item }) {
  const actions = useCheckpointActions();
  if (item.error)
    return (
      <p className="checkpoint checkpoint-missing" aria-label="Checkpoint">
        No checkpoint before <EscapedText text={item.label} />: {item.error}
      </p>
    );
  const id = item.checkpointId;
  const open = () => id && actions?.openRestore(id);
  if (item.checkpointKind === 'before-restore')
    return (
      <p className="checkpoint" aria-label="Checkpoint">
        Files restored to <EscapedText text={item.label} />.{' '}
        <button type="button" className="link" onClick={open} disabled={!id || !actions}>
          Undo this restore
        </button>
      </p>
    );
  return (
    <p className="checkpoint" aria-label="Checkpoint">
      <span className="muted">
        Checkpoint before <EscapedText text={item.label} />
      </span>{' '}
      <button type="button" className="link" onClick={open} disabled={!id || !actions}>
        Restore to here
      </button>
    </p>
  );
}
