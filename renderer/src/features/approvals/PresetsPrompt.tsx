import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { PendingApprovalView } from '../../../../shared/contract/index.js';
import { ActionError } from '../../ui/ActionError.js';
import { KeyView } from '../../ui/KeyView.js';
import { KEYBOARD_ARM_MS } from './ApprovalPrompt.js';

interface Props {
  approval: PendingApprovalView;
  onAnswer: (accept: string[]) => void;
  error: unknown;
  busy: boolean;
}

/**
 * The session presets of codecoder.json (its AlwaysThisSession entries), offered as ONE prompt when
 * a session starts: never granted silently, each one can be left out.
 */
export function PresetsPrompt({ approval: a, onAnswer, error, busy }: Props) {
  const titleId = useId();
  const root = useRef<HTMLDivElement>(null);
  const keys = a.presets ?? [];
  const [checked, setChecked] = useState<ReadonlySet<string>>(() => new Set(keys));
  const [armed, setArmed] = useState(false);

  useEffect(() => {
    // preventScroll: the dock is always in view; scrolling ancestors into place would lay the page out twice.
    root.current?.focus({ preventScroll: true });
    const t = setTimeout(() => setArmed(true), KEYBOARD_ARM_MS);
    return () => clearTimeout(t);
  }, [a.id]);

  const accept = () => !busy && onAnswer(keys.filter((k) => checked.has(k)));
  const none = () => !busy && onAnswer([]);
  const onKeyDown = (e: KeyboardEvent) => {
    const tag = (e.target as HTMLElement).tagName;
    if (e.key === 'Escape') {
      e.preventDefault();
      if (armed) none();
    } else if (e.key === 'Enter' && tag !== 'BUTTON' && tag !== 'INPUT') {
      e.preventDefault();
      if (armed) accept();
    }
  };

  return (
    <div
      ref={root}
      className="approval"
      role="dialog"
      aria-labelledby={titleId}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      data-armed={armed}
      data-approval-id={a.id}
    >
      <h2 id={titleId} className="approval-title">
        Allow these for this session?
      </h2>
      <p className="muted">
        codecoder.json lists these as session permissions. They apply only after you accept them here, and end with the session.
      </p>
      <fieldset className="presets">
        <legend className="sr-only">Session presets</legend>
        {keys.map((k) => (
          <label key={k} className="check">
            <input
              type="checkbox"
              checked={checked.has(k)}
              onChange={(e) => {
                const next = new Set(checked);
                if (e.target.checked) next.add(k);
                else next.delete(k);
                setChecked(next);
              }}
            />
            <KeyView value={k} />
          </label>
        ))}
      </fieldset>
      <div className="approval-actions">
        <button type="button" className="primary" onClick={accept} disabled={busy}>
          Allow selected for this session <kbd>Enter</kbd>
        </button>
        <button type="button" onClick={none} disabled={busy}>
          Allow none <kbd>Esc</kbd>
        </button>
      </div>
      <ActionError error={error} doing="send your answer" />
    </div>
  );
}
