import { useState } from 'react';
import type { PendingApprovalView } from '../../../../shared/contract/index.js';
import { ApprovalPrompt } from '../approvals/ApprovalPrompt.js';
import { useAnswer } from '../approvals/useAnswer.js';

/**
 * The prompts one background agent is waiting on, answered right where the agent is shown (its card,
 * its conversation): the app's own approval prompt — the same answers, gate and keys as the dock —,
 * one at a time, oldest first.
 */
export function AgentPrompt({ approvals }: { approvals: readonly PendingApprovalView[] }) {
  const { tool } = useAnswer();
  const [answeredId, setAnsweredId] = useState<string | null>(null);
  const current = approvals[0];
  if (!current || current.kind !== 'tool') return null;
  return (
    <div className="agent-prompt" data-testid="agent-prompt">
      {approvals.length > 1 && <p className="muted small agent-prompt-count">1 of {approvals.length} prompts waiting</p>}
      <ApprovalPrompt
        key={current.id}
        approval={current}
        answer={(answer) => {
          setAnsweredId(current.id);
          tool.mutate({ id: current.id, answer });
        }}
        // An error belongs to the prompt it happened in.
        error={answeredId === current.id ? tool.error : null}
        busy={tool.isPending}
      />
    </div>
  );
}
