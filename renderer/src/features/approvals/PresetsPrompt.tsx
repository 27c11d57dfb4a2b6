import { useId, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import type { PendingApprovalView } from '../../../../shared/contract/index.js';
import { ActionError } from '../../ui/ActionError.js';
import { KeyView } from '../../ui/KeyView.js';
import { typesCharacter } from './keyboard.js';
import { useAnswerGate } from './useAnswerGate.js';

interface Props {
  approval: PendingApprovalView;
  onAnswer: (accept: string[]) => void;
  error: unknown;
  busy: boolean;
  /** A character was typed on the prompt: give focus back to the text field it came from (see ApprovalPrompt). */
  onStrayText?: () => boolean;
}

/**
 * The session presets of codecoder.json (its AlwaysThisSession entries), offered as ONE prompt when
 * a session starts: never granted silently, each one can be left out.
 */
export function PresetsPrompt({ approval: a, onAnswer, error, busy, onStrayText }: Props) {
  const titleId = useId();
  const root = useRef<HTMLDivElement>(null);
  const keys = a.presets ?? [];
  const [checked, setChecked] = useState<ReadonlySet<string>>(() => new Set(keys));
  const gate = useAnswerGate(root);

  const accept = () => !busy && onAnswer(keys.filter((k) => checked.has(k)));
  const none = () => !busy && onAnswer([]);
  const onKeyDown = (e: KeyboardEvent) => {
    // The user is writing, not answering: the character goes back to the field it came from.
    if (e.target === root.current && typesCharacter(e) && onStrayText?.()) return;
    const tag = (e.target as HTMLElement).tagName;
    const may = gate.keyMay(e);
    if (e.key === 'Escape') {
      e.preventDefault();
      if (may) none();
    } else if (e.key === 'Enter' && tag !== 'BUTTON' && tag !== 'INPUT') {
      e.preventDefault();
      if (may) accept();
    } else if ((e.key === 'Enter' || e.key === ' ') && !may) {
      // A refused keystroke must not press the focused button or tick a box either.
      e.preventDefault();
    }
  };
  const onClick = (f: () => void) => (e: MouseEvent) => gate.clickMay(e) && f();

  return (
    <div
      ref={root}
      className="approval"
      role="dialog"
      aria-labelledby={titleId}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      onFocus={gate.onFocus}
      onBlur={gate.onBlur}
      data-armed={gate.armed}
      data-clickable={gate.clickable}
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
        <button type="button" className="primary" onClick={onClick(accept)} disabled={busy || !gate.clickable}>
          Allow selected for this session <kbd>Enter</kbd>
        </button>
        <button type="button" onClick={onClick(none)} disabled={busy || !gate.clickable}>
          Allow none <kbd>Esc</kbd>
        </button>
      </div>
      <ActionError error={error} doing="send your answer" />
    </div>
  );
}
