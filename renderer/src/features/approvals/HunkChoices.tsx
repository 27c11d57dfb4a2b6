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
 * where, how big, and its first changed line.
 */
export function HunkChoices({ hunks, taken, onToggle }: Props) {
  const n = taken.filter(Boolean).length;
  return (
    <fieldset className="approval-hunks" data-testid="hunk-choices">
      <legend>Hunks to write</legend>
      <span className="muted small hunk-count" role="status">
        {n === hunks.length ? `all ${hunks.length} taken` : `${n} of ${hunks.length} taken: rejected hunks are not written`}
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
    </fieldset>
  );
}
