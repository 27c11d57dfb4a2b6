import './SuggestionList.css';
import type { ReactNode } from 'react';

interface Props {
  id: string;
  /** The listbox's name ("Project files", "Commands"). */
  label: string;
  items: readonly { key: string; content: ReactNode }[];
  active: number;
  /** A line under the list (loading, nothing matches), announced politely. */
  note?: string;
  onPick: (index: number) => void;
  onHover: (index: number) => void;
}

export const optionId = (listId: string, i: number) => `${listId}-opt-${i}`;

/**
 * What the message box offers as you type (@-mentioned files, slash commands): the box is the
 * combobox (focus stays there; the active option is its aria-activedescendant), this is its
 * listbox. The mouse picks without taking focus.
 */
export function SuggestionList({ id, label, items, active, note, onPick, onHover }: Props) {
  return (
    <div className="mention-popup">
      <ul id={id} role="listbox" aria-label={label} className="mention-list">
        {items.map((item, i) => (
          <li
            key={item.key}
            id={optionId(id, i)}
            role="option"
            aria-selected={i === active}
            className={i === active ? 'mention-option active' : 'mention-option'}
            onMouseDown={(e) => {
              e.preventDefault(); // keep the caret in the message box
              onPick(i);
            }}
            onMouseEnter={() => onHover(i)}
          >
            {item.content}
          </li>
        ))}
      </ul>
      {note !== undefined && (
        <p className="mention-note muted" aria-live="polite">
          {note}
        </p>
      )}
    </div>
  );
}

/** The line under the file list: still listing, nothing matches, or not every file looked at. */
export function fileListNote(count: number, loading: boolean, truncated: boolean): string {
  if (count === 0) return loading ? 'Listing project files…' : 'No project file matches.';
  return truncated ? 'Not every file was looked at: type more of the name.' : '';
}
