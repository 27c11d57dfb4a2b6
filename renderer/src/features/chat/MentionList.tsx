import './MentionList.css';

interface Props {
  id: string;
  files: readonly string[];
  active: number;
  loading: boolean;
  truncated: boolean;
  onPick: (file: string) => void;
  onHover: (index: number) => void;
}

export const mentionOptionId = (listId: string, i: number) => `${listId}-opt-${i}`;

/**
 * The files offered for an @-mention: the message box is the combobox (focus stays there; the
 * active option is its aria-activedescendant), this is its listbox. Mouse picks without taking focus.
 */
export function MentionList({ id, files, active, loading, truncated, onPick, onHover }: Props) {
  return (
    <div className="mention-popup">
      <ul id={id} role="listbox" aria-label="Project files" className="mention-list">
        {files.map((f, i) => (
          <li
            key={f}
            id={mentionOptionId(id, i)}
            role="option"
            aria-selected={i === active}
            className={i === active ? 'mention-option active' : 'mention-option'}
            onMouseDown={(e) => {
              e.preventDefault(); // keep the caret in the message box
              onPick(f);
            }}
            onMouseEnter={() => onHover(i)}
          >
            {f}
          </li>
        ))}
      </ul>
      <p className="mention-note muted" aria-live="polite">
        {files.length === 0
          ? loading
            ? 'Listing project files…'
            : 'No project file matches.'
          : truncated
            ? 'Not every file was looked at: type more of the name.'
            : ''}
      </p>
    </div>
  );
}
