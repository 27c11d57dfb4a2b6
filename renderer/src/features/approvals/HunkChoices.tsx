import { useId } from 'react';
import type { HunkView } from '../../../../shared/contract/index.js';
import { EscapedText } from '../../ui/EscapedText.js';
import { hunkLines } from './hunkChoices.js';

interface Props {
  hunks: readonly HunkView[];
  taken: readonly boolean[];
  onToggle: (index: number) => void;
}

/**
 * One checkbox per hunk of the proposed diff (in the order of its @@ headers): checked is taken,
 * unchecked rejected. Each is reached with Tab and toggled with Space; its label says which hunk,
 * where, how big, and its first changed line. One row with its label, so the diff keeps the room.
 */
export function HunkChoices({ hunks, taken, onToggle }: Props) {
  const labelId = useId();
  const n = taken.filter(Boolean).length;
  return (
    <div className="approval-hunks" role="group" aria-labelledby={labelId} data-testid="hunk-choices">
      <span id={labelId} className="hunks-label">
        Hunks to write{' '}
        <span className="muted hunk-count" aria-live="polite">
          ({n === hunks.length ? `all ${hunks.length}` : `${n} of ${hunks.length} · once only`})
        </span>
      </span>
      {hunks.map((h, i) => (
        <label key={i} className="hunk-toggle" data-taken={taken[i] === true}>
          <input type="checkbox" checked={taken[i] === true} onChange={() => onToggle(i)} />
          <span className="hunk-name">Hunk {i + 1}</span> <span className="muted">{hunkLines(h)}</span>{' '}
          <span className="hunk-added">+{h.added}</span> <span className="hunk-removed">−{h.removed}</span>{' '}
          {h.firstChange !== '' && (
            <code className="hunk-first">
              <EscapedText text={h.firstChange} />
            </code>
          )}
        </label>
      ))}
    </div>
  );
}
