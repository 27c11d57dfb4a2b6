import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { PendingApprovalView } from '../../../../shared/contract/index.js';
import { CEILING_RULE_REASON, CEILING_RULE_TITLE } from '../../ui/ceilingRule.js';
import { SESSION_TTL_CHOICES } from '../../ui/countdown.js';
import { ActionError } from '../../ui/ActionError.js';
import { ApprovalDetails, askerOf } from './ApprovalDetails.js';
import { keyContextOf, promptActionFor, type PromptAction } from './keyboard.js';
import type { Answer } from './useAnswer.js';

/**
 * Keys typed in the first moments after a prompt appears were meant for whatever had focus before
 * (the composer's Enter): they must not answer a prompt the user has not seen yet.
 */
export const KEYBOARD_ARM_MS = 350;

interface Props {
  approval: PendingApprovalView;
  answer: Answer;
  error: unknown;
  busy: boolean;
}

/** One tool approval: what is asked, by whom, where it runs — and the four answers. */
export function ApprovalPrompt({ approval: a, answer, error, busy }: Props) {
  const titleId = useId();
  const ceilingId = useId();
  const root = useRef<HTMLDivElement>(null);
  const [ttlIndex, setTtlIndex] = useState(0);
  const [reason, setReason] = useState('');
  const [armed, setArmed] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const projectAllowed = a.ceiling !== 'session';

  useEffect(() => {
    // preventScroll: the dock is always in view; scrolling ancestors into place would lay the page out twice.
    root.current?.focus({ preventScroll: true });
    const t = setTimeout(() => setArmed(true), KEYBOARD_ARM_MS);
    return () => clearTimeout(t);
  }, [a.id]);

  const act = (action: PromptAction) => {
    if (busy) return;
    if (action.type === 'project' && !projectAllowed) {
      setNote(CEILING_RULE_TITLE);
      return;
    }
    if (action.type === 'once') answer({ choice: 'once' });
    else if (action.type === 'session') {
      const ttlMs = SESSION_TTL_CHOICES[ttlIndex]?.ttlMs;
      answer(ttlMs ? { choice: 'session', ttlMs } : { choice: 'session' });
    } else if (action.type === 'project') answer({ choice: 'project' });
    else answer(reason.trim() ? { choice: 'deny', reason: reason.trim() } : { choice: 'deny' });
  };

  const onKeyDown = (e: KeyboardEvent) => {
    const action = promptActionFor(keyContextOf(e));
    if (!action) return;
    e.preventDefault();
    e.stopPropagation();
    if (armed) act(action);
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
        Allow <code>{a.tool ?? 'this tool'}</code>? <span className="muted small">asked by {askerOf(a)}</span>
      </h2>
      <ApprovalDetails approval={a} />
      <div className="approval-actions">
        <button type="button" className="primary" onClick={() => act({ type: 'once' })} disabled={busy} aria-keyshortcuts="Enter 1">
          Allow once <kbd>Enter</kbd>
        </button>
        <span className="action-group">
          <button type="button" onClick={() => act({ type: 'session' })} disabled={busy} aria-keyshortcuts="2">
            Allow for this session <kbd>2</kbd>
          </button>
          <label className="inline-label">
            <span className="sr-only">Session time limit</span>
            <select value={ttlIndex} onChange={(e) => setTtlIndex(Number(e.target.value))} aria-label="Session time limit">
              {SESSION_TTL_CHOICES.map((c, i) => (
                <option key={c.label} value={i}>
                  {c.label}
                </option>
              ))}
            </select>
          </label>
        </span>
        <button
          type="button"
          onClick={() => act({ type: 'project' })}
          disabled={busy || !projectAllowed}
          aria-describedby={projectAllowed ? undefined : ceilingId}
          aria-keyshortcuts="3"
        >
          Allow for this project <kbd>3</kbd>
        </button>
      </div>
      {!projectAllowed && (
        <p id={ceilingId} className="ceiling-note" data-testid="ceiling-note">
          <strong>{CEILING_RULE_TITLE}</strong> {CEILING_RULE_REASON}
        </p>
      )}
      {note && !projectAllowed && (
        <p role="status" className="muted small">
          {note}
        </p>
      )}
      <form
        className="deny-row"
        onSubmit={(e) => {
          e.preventDefault();
          act({ type: 'deny' });
        }}
      >
        <label htmlFor={`${titleId}-reason`}>Reason for the model (optional)</label>
        <input
          id={`${titleId}-reason`}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          placeholder="e.g. use the test database instead"
          maxLength={2000}
        />
        <button type="submit" className="danger" disabled={busy} aria-keyshortcuts="Escape">
          Deny <kbd>Esc</kbd>
        </button>
      </form>
      <ActionError error={error} doing="send your answer" />
    </div>
  );
}
