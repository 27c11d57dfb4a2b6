import { useEffect, useId, useRef, useState } from 'react';
import type { AgentMergeView, AgentView, PendingApprovalView } from '../../../../shared/contract/index.js';
import { ActionError } from '../../ui/ActionError.js';
import { EscapedText } from '../../ui/EscapedText.js';
import { AgentPrompt } from './AgentPrompt.js';
import { canMerge, filesChangedText, isActive, statusLabel, usageText } from './agentWords.js';
import { MergeOutcome } from './MergeOutcome.js';
import { useDiscardAgent, useStopAgent } from './useAgents.js';

export interface MergeState {
  merge: (id: string) => void;
  pending: (id: string) => boolean;
  result: (id: string) => AgentMergeView | undefined;
  error: (id: string) => unknown;
}

interface Props {
  agent: AgentView;
  approvals: readonly PendingApprovalView[];
  merges: MergeState;
  onOpenConversation: () => void;
  onReview: () => void;
  /** After a discard (the card is gone): where focus goes. */
  onDiscarded: () => void;
}

/**
 * One background agent on the board: what it was asked, where it stands, what it changed and cost,
 * the prompt it waits on (answerable here), and what can be done with it — open its conversation,
 * stop it, review its diff, merge it back, discard it (after a confirmation).
 */
export function AgentCard({ agent: a, approvals, merges, onOpenConversation, onReview, onDiscarded }: Props) {
  const nameId = useId();
  const stop = useStopAgent();
  const discard = useDiscardAgent();
  const [confirming, setConfirming] = useState(false);
  const discardButton = useRef<HTMLButtonElement>(null);
  const active = isActive(a.status);
  const merge = merges.result(a.id);

  return (
    <article className="agent-card" aria-labelledby={nameId} data-agent-id={a.id} data-status={a.status} tabIndex={-1}>
      <header className="agent-card-head">
        <h3 id={nameId}>{a.name}</h3>
        <span className={`agent-status agent-status-${a.status}`} data-testid="agent-status">
          {statusLabel(a.status)}
        </span>
        <code className="muted small agent-branch" title="Its branch in the project's repository">
          {a.branch}
        </code>
      </header>
      <p className="agent-task" title={a.prompt}>
        <EscapedText text={a.prompt} />
      </p>
      <p className="muted small agent-facts">
        <span data-testid="agent-files">{filesChangedText(a.filesChanged)}</span> ·{' '}
        <span data-testid="agent-usage" title="Model tokens and cost over all its runs">
          {usageText(a)}
        </span>
      </p>
      {a.message && (
        <p className="muted small agent-message">
          <EscapedText text={a.message} />
        </p>
      )}
      <AgentPrompt approvals={approvals} />
      <div className="agent-actions" role="group" aria-label={`Actions for ${a.name}`}>
        <button type="button" onClick={onOpenConversation}>
          Open conversation
        </button>
        <button type="button" onClick={onReview}>
          Review changes
        </button>
        {active && (
          <button type="button" onClick={() => stop.mutate(a.id)} disabled={stop.isPending}>
            Stop
          </button>
        )}
        {canMerge(a) && (
          <button type="button" className="primary" onClick={() => merges.merge(a.id)} disabled={merges.pending(a.id)}>
            {merges.pending(a.id) ? 'Merging…' : 'Merge'}
          </button>
        )}
        <button type="button" className="danger" ref={discardButton} onClick={() => setConfirming(true)} aria-expanded={confirming}>
          Discard…
        </button>
      </div>
      {confirming && (
        <ConfirmDiscard
          agent={a}
          busy={discard.isPending}
          onConfirm={() => {
            // mutateAsync: the card unmounts as the list drops it, and mutate's own callbacks would not run then.
            void discard.mutateAsync(a).then(onDiscarded, () => {});
          }}
          onCancel={() => {
            setConfirming(false);
            discardButton.current?.focus();
          }}
        />
      )}
      {merge && <MergeOutcome result={merge} />}
      <ActionError error={stop.error} doing={`stop ${a.name}`} />
      <ActionError error={merges.error(a.id)} doing={`merge ${a.name}`} />
      <ActionError error={discard.error} doing={`discard ${a.name}`} />
    </article>
  );
}

/** Discarding removes the worktree and the branch: said plainly, with Cancel focused first. */
function ConfirmDiscard({
  agent: a,
  busy,
  onConfirm,
  onCancel,
}: {
  agent: AgentView;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const titleId = useId();
  const textId = useId();
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => cancel.current?.focus(), []);
  return (
    <div
      className="agent-confirm"
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={textId}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          onCancel();
        }
      }}
    >
      <p id={titleId}>
        <strong>Discard {a.name}?</strong>
      </p>
      <p id={textId} className="small">
        Its worktree and its branch <code>{a.branch}</code> are removed{a.status === 'merged' ? '' : ', and the changes it made are lost'}
        {isActive(a.status) ? '. It is stopped first' : ''}. Your project is not touched.
      </p>
      <div className="row">
        {/* Cancel first and focused: Enter on a reflex press keeps the agent. */}
        <button type="button" onClick={onCancel} ref={cancel}>
          Cancel
        </button>
        <button type="button" className="danger" onClick={onConfirm} disabled={busy}>
          Discard {a.name}
        </button>
      </div>
    </div>
  );
}
