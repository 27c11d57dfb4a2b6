import { useId, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import type { PendingApprovalView } from '../../../../shared/contract/index.js';
import { CEILING_RULE_REASON, CEILING_RULE_TITLE } from '../../ui/ceilingRule.js';
import { SESSION_TTL_CHOICES } from '../../ui/countdown.js';
import { ActionError } from '../../ui/ActionError.js';
import { ApprovalDetails, ApprovalSubject, askerOf } from './ApprovalDetails.js';
import { keyContextOf, promptActionFor, typesCharacter, type PromptAction } from './keyboard.js';
import { offeredScopes, onceOnlyReason, type Scope } from './offers.js';
import type { Answer } from './useAnswer.js';
import { useAnswerGate } from './useAnswerGate.js';

interface Props {
  approval: PendingApprovalView;
  answer: Answer;
  error: unknown;
  busy: boolean;
  /**
   * A character that answers nothing was typed on the prompt itself: the user is writing, not
   * answering. Give focus back to the text field it came from (true when done); the key lands there.
   */
  onStrayText?: () => boolean;
}

/**
 * One tool approval: what will run first (the command, the path and its diff), then who asks and
 * where it runs, then the answers — only those the engine will honour for this key.
 */
export function ApprovalPrompt({ approval: a, answer, error, busy, onStrayText }: Props) {
  const titleId = useId();
  const root = useRef<HTMLDivElement>(null);
  const [ttlIndex, setTtlIndex] = useState(0);
  const [reason, setReason] = useState('');
  const [note, setNote] = useState<string | null>(null);
  const gate = useAnswerGate(root);
  const offered = offeredScopes(a);
  const onceOnly = onceOnlyReason(a);

  const act = (action: PromptAction) => {
    if (busy) return;
    if (action.type !== 'deny' && !offered.includes(action.type)) {
      // Feedback for the key just pressed; the standing explanation is the ScopeNote below.
      setNote(`Not offered: ${onceOnly ?? 'a shell command can be allowed for this session at most'}.`);
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
    const ctx = keyContextOf(e);
    const action = promptActionFor(ctx);
    // Enter in the reason field denies with the reason (no implicit form submit: it would skip the gate).
    const denyFromField = ctx.inTextField && e.key === 'Enter' && !e.shiftKey && !ctx.ctrlOrMeta && !ctx.altKey;
    // Enter or Space on a focused button presses it: a keystroke the gate refuses must not press it either.
    const pressesControl = ctx.onControl && (e.key === 'Enter' || e.key === ' ');
    // A character typed on the prompt that answers nothing (or that the gate refuses) goes back to the
    // field: not prevented, so with focus there again it is typed there — nothing is lost.
    const stray = e.target === root.current && typesCharacter(e) && (!action || !gate.keyMay(e));
    if (stray && onStrayText?.()) return;
    if (!action && !denyFromField && !pressesControl) return;
    const may = gate.keyMay(e);
    if (pressesControl && !action) {
      if (!may) e.preventDefault();
      return;
    }
    e.preventDefault();
    e.stopPropagation();
    if (may) act(action ?? { type: 'deny' });
  };
  const onClick = (action: PromptAction) => (e: MouseEvent) => {
    if (gate.clickMay(e)) act(action);
  };

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
        Allow <code>{a.tool ?? 'this tool'}</code>? <span className="muted small">asked by {askerOf(a)}</span>
      </h2>
      <ApprovalSubject approval={a} />
      <ApprovalDetails approval={a} />
      <div className="approval-actions" data-testid="offers">
        {offered.includes('once') && (
          <button
            type="button"
            className="primary"
            onClick={onClick({ type: 'once' })}
            disabled={busy || !gate.clickable}
            aria-keyshortcuts="Enter 1"
          >
            Allow once <kbd>Enter</kbd>
          </button>
        )}
        {offered.includes('session') && (
          <span className="action-group">
            <button type="button" onClick={onClick({ type: 'session' })} disabled={busy || !gate.clickable} aria-keyshortcuts="2">
              Allow for this session <kbd>2</kbd>
            </button>
            <select value={ttlIndex} onChange={(e) => setTtlIndex(Number(e.target.value))} aria-label="Session time limit">
              {SESSION_TTL_CHOICES.map((c, i) => (
                <option key={c.label} value={i}>
                  {c.label}
                </option>
              ))}
            </select>
          </span>
        )}
        {offered.includes('project') && (
          <button type="button" onClick={onClick({ type: 'project' })} disabled={busy || !gate.clickable} aria-keyshortcuts="3">
            Allow for this project <kbd>3</kbd>
          </button>
        )}
        {/* Deny sits on the same row: the answers take one line, what will run keeps the space. */}
        <span className="deny-group">
          <label htmlFor={`${titleId}-reason`} className="sr-only">
            Reason for the model (optional)
          </label>
          <input
            id={`${titleId}-reason`}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            placeholder="Reason for the model (optional)"
            maxLength={2000}
          />
          <button
            type="button"
            className="danger"
            onClick={onClick({ type: 'deny' })}
            disabled={busy || !gate.clickable}
            aria-keyshortcuts="Escape"
          >
            Deny <kbd>Esc</kbd>
          </button>
        </span>
      </div>
      <ScopeNote offered={offered} onceOnly={onceOnly} />
      {note && (
        <p role="status" className="muted small">
          {note}
        </p>
      )}
      <ActionError error={error} doing="send your answer" />
    </div>
  );
}

/** Why an answer is missing, in one line; the longer reason folds. */
function ScopeNote({ offered, onceOnly }: { offered: readonly Scope[]; onceOnly: string | null }) {
  if (onceOnly)
    return (
      <p className="ceiling-note" data-testid="once-note">
        <strong>Allowed once at most:</strong> {onceOnly}.
      </p>
    );
  if (offered.includes('project')) return null;
  return (
    <details className="ceiling-note" data-testid="ceiling-note">
      <summary>
        <strong>{CEILING_RULE_TITLE}</strong> Why?
      </summary>
      {CEILING_RULE_REASON}
    </details>
  );
}
