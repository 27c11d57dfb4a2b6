import './agents.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { AgentMergeView, PendingApprovalView } from '../../../../shared/contract/index.js';
import { useApprovals } from '../../queries.js';
import { ActionError } from '../../ui/ActionError.js';
import { AgentCard, type MergeState } from './AgentCard.js';
import { AgentConversation } from './AgentConversation.js';
import { AgentReview } from './AgentReview.js';
import { boardSummary } from './agentWords.js';
import { NewAgentForm } from './NewAgentForm.js';
import { useAgents, useMergeAgent } from './useAgents.js';

type View = { kind: 'board' } | { kind: 'conversation'; id: string } | { kind: 'review'; id: string };

/** Merges by agent: each agent's last outcome (or error) stays on its card and its review. */
function useMerges(): MergeState {
  const mutation = useMergeAgent();
  const [results, setResults] = useState<Record<string, AgentMergeView>>({});
  const [errors, setErrors] = useState<Record<string, unknown>>({});
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  return {
    merge: (id) => {
      setPending((p) => new Set(p).add(id));
      setErrors(({ [id]: _, ...rest }) => rest);
      mutation
        .mutateAsync(id)
        .then((r) => setResults((m) => ({ ...m, [id]: r })))
        .catch((error: unknown) => setErrors((m) => ({ ...m, [id]: error })))
        .finally(() =>
          setPending((p) => {
            const next = new Set(p);
            next.delete(id);
            return next;
          }),
        );
    },
    pending: (id) => pending.has(id),
    result: (id) => results[id],
    error: (id) => errors[id],
  };
}

/**
 * The Agents tab: every background agent of the project — status, the prompt it waits on
 * (answerable here), files changed, tokens and cost — and per agent its conversation, Stop, the
 * review of its diff, Merge and Discard. "New agent" starts one in its own worktree. A conversation
 * or a review replaces the list while open (the list stays mounted, so focus goes back to the button
 * that opened it).
 */
export function AgentsBoard({ newAgentRequest }: { newAgentRequest: number }) {
  const agents = useAgents();
  const approvals = useApprovals();
  const merges = useMerges();
  const [view, setView] = useState<View>({ kind: 'board' });
  const [formOpen, setFormOpen] = useState(false);
  const [formFocus, setFormFocus] = useState(0);
  const [started, setStarted] = useState<string | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const newButton = useRef<HTMLButtonElement>(null);
  const list = useMemo(() => agents.data?.agents ?? [], [agents.data]);

  // "New agent" from the project's header: the form opens here with its task field focused.
  useEffect(() => {
    if (newAgentRequest === 0) return;
    setView({ kind: 'board' });
    setFormOpen(true);
    setFormFocus((n) => n + 1);
  }, [newAgentRequest]);

  const waitingOn = (id: string): PendingApprovalView[] => (approvals.data ?? []).filter((p) => p.worktreeAgentId === id);
  const open = (next: View) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setView(next);
  };
  const back = () => {
    setView({ kind: 'board' });
    requestAnimationFrame(() => opener.current?.isConnected && opener.current.focus());
  };
  const shown = view.kind === 'board' ? undefined : list.find((a) => a.id === view.id);
  // The agent shown was discarded meanwhile: back to the list.
  useEffect(() => {
    if (view.kind !== 'board' && agents.data && !shown) setView({ kind: 'board' });
  }, [view, agents.data, shown]);

  return (
    <div className="agents">
      <section className="agents-board" aria-labelledby="agents-title" hidden={view.kind !== 'board'}>
        <div className="agents-head">
          <h2 id="agents-title">Agents</h2>
          {agents.data && (
            <p className="muted small agents-summary" data-testid="agents-summary">
              {boardSummary(list, agents.data.limit)}
            </p>
          )}
          <button
            type="button"
            ref={newButton}
            className="primary"
            aria-expanded={formOpen}
            onClick={() => {
              setFormOpen(true);
              setFormFocus((n) => n + 1);
            }}
          >
            New agent
          </button>
        </div>
        {formOpen && (
          <NewAgentForm
            focusRequest={formFocus}
            onStarted={(a) => {
              setFormOpen(false);
              setStarted(a.name);
              requestAnimationFrame(() => document.querySelector<HTMLElement>(`.agent-card[data-agent-id="${CSS.escape(a.id)}"]`)?.focus());
            }}
            onCancel={() => {
              setFormOpen(false);
              newButton.current?.focus();
            }}
          />
        )}
        <p role="status" className="sr-only">
          {started ? `Agent ${started} started.` : ''}
        </p>
        {agents.isPending && <p aria-busy="true">Loading the agents…</p>}
        <ActionError error={agents.error} doing="load the agents" />
        {agents.data && list.length === 0 && !formOpen && (
          <p className="muted agents-empty">
            No background agents yet. Each one works on its own copy of the project — a git worktree and branch — so several can work at
            once without touching each other&apos;s files or yours, and waits for your review before anything is merged.
          </p>
        )}
        {list.length > 0 && (
          <ul className="agents-list" aria-label="Background agents">
            {list.map((a) => (
              <li key={a.id}>
                <AgentCard
                  agent={a}
                  approvals={waitingOn(a.id)}
                  merges={merges}
                  onOpenConversation={() => open({ kind: 'conversation', id: a.id })}
                  onReview={() => open({ kind: 'review', id: a.id })}
                  onDiscarded={() => requestAnimationFrame(() => newButton.current?.focus())}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
      {shown && view.kind === 'conversation' && (
        <AgentConversation key={shown.id} agent={shown} approvals={waitingOn(shown.id)} onBack={back} />
      )}
      {shown && view.kind === 'review' && <AgentReview key={shown.id} agent={shown} merges={merges} onBack={back} />}
    </div>
  );
}
