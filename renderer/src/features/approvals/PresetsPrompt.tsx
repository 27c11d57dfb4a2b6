import { useState, type KeyboardEvent, type MouseEvent } from 'react';
import type { PendingApprovalView } from '../../../../shared/contract/index.js';
import { KeyView } from '../../ui/KeyView.js';
import { PromptFrame } from './PromptFrame.js';
import type { AnswerGate } from './useAnswerGate.js';

interface Props {
  approval: PendingApprovalView;
  /** `byKeyboard`: the answer came from a key (the dock then hands focus to the next prompt). */
  onAnswer: (accept: string[], how: { byKeyboard: boolean }) => void;
  error: unknown;
  busy: boolean;
  /** See PromptFrame: a stray character goes back to the text field it came from. */
  onStrayText?: (how: { early: boolean }) => boolean;
}

/**
 * The session presets of codecoder.json (its AlwaysThisSession entries), offered as ONE prompt when
 * a session starts: never granted silently, each one can be left out.
 */
export function PresetsPrompt({ approval: a, onAnswer, error, busy, onStrayText }: Props) {
  const keys = a.presets ?? [];
  const [checked, setChecked] = useState<ReadonlySet<string>>(() => new Set(keys));

  const accept = (byKeyboard: boolean) =>
    !busy &&
    onAnswer(
      keys.filter((k) => checked.has(k)),
      { byKeyboard },
    );
  const none = (byKeyboard: boolean) => !busy && onAnswer([], { byKeyboard });
  const onKey = (e: KeyboardEvent, gate: AnswerGate) => {
    const tag = (e.target as HTMLElement).tagName;
    const may = gate.keyMay(e);
    if (e.key === 'Escape') {
      e.preventDefault();
      if (may) none(true);
    } else if (e.key === 'Enter' && tag !== 'BUTTON' && tag !== 'INPUT') {
      e.preventDefault();
      if (may) accept(true);
    } else if ((e.key === 'Enter' || e.key === ' ') && !may) {
      // A refused keystroke must not press the focused button or tick a box either.
      e.preventDefault();
    }
  };
  const onClick = (gate: AnswerGate, f: (byKeyboard: boolean) => void) => (e: MouseEvent) => gate.clickMay(e) && f(e.detail === 0);

  return (
    <PromptFrame approvalId={a.id} title="Allow these for this session?" error={error} onStrayText={onStrayText} onKey={onKey}>
      {(gate) => (
        <>
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
            <button type="button" className="primary" onClick={onClick(gate, accept)} disabled={busy || !gate.clickable}>
              Allow selected for this session <kbd>Enter</kbd>
            </button>
            <button type="button" onClick={onClick(gate, none)} disabled={busy || !gate.clickable}>
              Allow none <kbd>Esc</kbd>
            </button>
          </div>
        </>
      )}
    </PromptFrame>
  );
}
