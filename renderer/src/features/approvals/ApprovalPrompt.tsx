import { useId, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import type { PendingApprovalView } from '../../../../shared/contract/index.js';
import { ceilingTitle, ceilingWhy } from '../../../../shared/ceilingWords.js';
import { CEILING_RULE_REASON } from '../../ui/ceilingRule.js';
import { SESSION_TTL_CHOICES } from '../../ui/countdown.js';
import { ApprovalDetails, ApprovalSubject, askerOf } from './ApprovalDetails.js';
import { keyContextOf, promptActionFor, type PromptAction } from './keyboard.js';
import { offeredScopes, onceOnlyReason, type Scope } from './offers.js';
import { HunkChoices } from './HunkChoices.js';
import { isPartial, onceLabel, PARTIAL_ONCE_ONLY, takenHunks } from './hunkChoices.js';
import { PromptFrame } from './PromptFrame.js';
import type { AskAnswerInput } from './useAnswer.js';
import type { AnswerGate } from './useAnswerGate.js';

interface Props {
  approval: PendingApprovalView;
  /** `byKeyboard`: the answer came from a key (the dock then hands focus to the next prompt). */
  answer: (answer: AskAnswerInput, how: { byKeyboard: boolean }) => void;
  error: unknown;
  busy: boolean;
  /** See PromptFrame: a stray character goes back to the text field it came from. */
  onStrayText?: (how: { early: boolean }) => boolean;
  /** Where the asking conversation is, when it is not the one on screen (ApprovalDock). */
  origin?: ReactNode;
}

/**
 * One tool approval: what will run first (the command, the path and its diff), then who asks and
 * where it runs, then the answers — only those the engine will honour for this key.
 */
export function ApprovalPrompt({ approval: a, answer, error, busy, onStrayText, origin }: Props) {
  const reasonId = useId();
  const [ttlIndex, setTtlIndex] = useState(0);
  const [reason, setReason] = useState('');
  const [note, setNote] = useState<string | null>(null);
  // A change of one hunk is taken whole or denied: its toggle would only repeat Deny, and the dock has no room to spare.
  const listed = a.preview?.hunks ?? [];
  const hunks = listed.length > 1 ? listed : [];
  const [taken, setTaken] = useState<boolean[]>(() => hunks.map(() => true));
  const partial = isPartial(taken);
  const offered = offeredScopes(a);
  const onceOnly = onceOnlyReason(a);

  const act = (action: PromptAction, byKeyboard: boolean) => {
    if (busy) return;
    if (action.type !== 'deny' && !offered.includes(action.type)) {
      // Feedback for the key just pressed; the standing explanation is the ScopeNote below.
      setNote(`Not offered: ${onceOnly ?? ceilingTitle(a.key, a.environment).replace(/\.$/, '')}.`);
      return;
    }
    if (partial && (action.type === 'session' || action.type === 'project')) {
      setNote(`Not offered: ${PARTIAL_ONCE_ONLY} (take every hunk to allow more).`);
      return;
    }
    const how = { byKeyboard };
    const chosen = takenHunks(taken);
    if (action.type === 'once') answer(chosen ? { choice: 'once', hunks: chosen } : { choice: 'once' }, how);
    else if (action.type === 'session') {
      const ttlMs = SESSION_TTL_CHOICES[ttlIndex]?.ttlMs;
      answer(ttlMs ? { choice: 'session', ttlMs } : { choice: 'session' }, how);
    } else if (action.type === 'project') answer({ choice: 'project' }, how);
    else answer(reason.trim() ? { choice: 'deny', reason: reason.trim() } : { choice: 'deny' }, how);
  };

  const onKey = (e: KeyboardEvent, gate: AnswerGate) => {
    const ctx = keyContextOf(e);
    const action = promptActionFor(ctx);
    // Enter in the reason field denies with the reason (no implicit form submit: it would skip the gate).
    const denyFromField = ctx.inTextField && e.key === 'Enter' && !e.shiftKey && !ctx.ctrlOrMeta && !ctx.altKey;
    // Enter or Space on a focused button presses it: a keystroke the gate refuses must not press it either.
    const pressesControl = ctx.onControl && (e.key === 'Enter' || e.key === ' ');
    if (!action && !denyFromField && !pressesControl) return;
    const may = gate.keyMay(e);
    if (pressesControl && !action) {
      if (!may) e.preventDefault();
      return;
    }
    e.preventDefault();
    e.stopPropagation();
    if (may) act(action ?? { type: 'deny' }, true);
  };
  /** An answer button: disabled until the gate takes clicks; a click with detail 0 is a key pressed on it (gated at its keydown). */
  const answerButton = (gate: AnswerGate, action: PromptAction) => ({
    disabled: busy || !gate.clickable,
    onClick: (e: MouseEvent) => {
      if (gate.clickMay(e)) act(action, e.detail === 0);
    },
  });

  return (
    <PromptFrame
      approvalId={a.id}
      title={
        <>
          Allow <code>{a.tool ?? 'this tool'}</code>? <span className="muted small">asked by {askerOf(a)}</span>
          {origin}
        </>
      }
      error={error}
      answersWith={(e) => promptActionFor(keyContextOf(e)) !== null}
      onStrayText={onStrayText}
      onKey={onKey}
    >
      {(gate) => (
        <>
          <ApprovalSubject approval={a} />
          {hunks.length > 0 && (
            <HunkChoices hunks={hunks} taken={taken} onToggle={(i) => setTaken((t) => t.map((v, j) => (j === i ? !v : v)))} />
          )}
          <ApprovalDetails approval={a} />
          <div className="approval-actions" data-testid="offers">
            {offered.includes('once') && (
              <button type="button" className="primary" {...answerButton(gate, { type: 'once' })} aria-keyshortcuts="Enter 1">
                {onceLabel(taken)} <kbd>Enter</kbd>
              </button>
            )}
            {/* Part of a change is allowed once only: the wider answers step aside (the hunk list says why). */}
            {offered.includes('session') && !partial && (
              <span className="action-group">
                <button type="button" {...answerButton(gate, { type: 'session' })} aria-keyshortcuts="2">
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
            {offered.includes('project') && !partial && (
              <button type="button" {...answerButton(gate, { type: 'project' })} aria-keyshortcuts="3">
                Allow for this project <kbd>3</kbd>
              </button>
            )}
            {/* Deny sits on the same row: the answers take one line, what will run keeps the space. */}
            <span className="deny-group">
              <label htmlFor={reasonId} className="sr-only">
                Reason for the model (optional)
              </label>
              <input
                id={reasonId}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                placeholder="Reason…"
                maxLength={2000}
              />
              <button type="button" className="danger" {...answerButton(gate, { type: 'deny' })} aria-keyshortcuts="Escape">
                Deny <kbd>Esc</kbd>
              </button>
            </span>
          </div>
          {!partial && <ScopeNote offered={offered} onceOnly={onceOnly} approval={a} />}
          {note && (
            <p role="status" className="muted small">
              {note}
            </p>
          )}
        </>
      )}
    </PromptFrame>
  );
}

/** Why an answer is missing, in one line; the longer reason folds. */
function ScopeNote({
  offered,
  onceOnly,
  approval: a,
}: {
  offered: readonly Scope[];
  onceOnly: string | null;
  approval: Pick<PendingApprovalView, 'key' | 'environment'>;
}) {
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
        <strong>{ceilingTitle(a.key, a.environment)}</strong> Why?
      </summary>
      {/* A shell command's longer reason; every other key (an MCP tool, a host) says its own. */}
      {a.environment === 'shell' && !a.key?.startsWith('mcp:') ? CEILING_RULE_REASON : ceilingWhy(a.key, a.environment)}
    </details>
  );
}
