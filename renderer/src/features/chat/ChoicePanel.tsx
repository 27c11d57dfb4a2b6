import { useEffect, useId, useRef, type ReactNode } from 'react';

interface Props {
  title: string;
  choices: readonly { id: string; label: ReactNode; detail?: ReactNode }[];
  /** Said instead of the list when there is nothing to choose (or while it loads). */
  empty: string;
  onChoose: (id: string) => void;
  onClose: () => void;
}

/**
 * A short list to pick from, opened by a slash command (/resume: a conversation, /rewind: a
 * checkpoint). Focus moves to the first choice; Tab and Shift+Tab walk the list, Enter or a click
 * chooses, Esc or Cancel closes — and the message box gets focus back either way.
 */
export function ChoicePanel({ title, choices, empty, onChoose, onClose }: Props) {
  const titleId = useId();
  const root = useRef<HTMLElement>(null);
  const hasChoices = choices.length > 0;
  useEffect(() => {
    root.current?.querySelector<HTMLButtonElement>('button')?.focus();
  }, [hasChoices]);
  return (
    <section
      ref={root}
      className="choice-panel"
      aria-labelledby={titleId}
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        e.preventDefault();
        onClose();
      }}
    >
      <h3 id={titleId} className="choice-title">
        {title}
      </h3>
      {hasChoices ? (
        <ul className="choice-list">
          {choices.map((c) => (
            <li key={c.id}>
              <button type="button" className="choice" onClick={() => onChoose(c.id)}>
                {c.label}
                {c.detail && <span className="muted small"> · {c.detail}</span>}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{empty}</p>
      )}
      <button type="button" onClick={onClose}>
        Cancel <kbd>Esc</kbd>
      </button>
    </section>
  );
}
