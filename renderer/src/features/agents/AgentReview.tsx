import type { AgentView } from '../../../../shared/contract/index.js';
import { ActionError } from '../../ui/ActionError.js';
import { EscapedText } from '../../ui/EscapedText.js';
import { DiffView } from '../diff/DiffView.js';
import { diffFileName } from '../diff/diffText.js';
import type { MergeState } from './AgentCard.js';
import { AgentDetail } from './AgentDetail.js';
import { canMerge, statusLabel } from './agentWords.js';
import { splitFileDiffs } from './diffFiles.js';
import { MergeOutcome } from './MergeOutcome.js';
import { useAgentDiff } from './useAgents.js';

const CHANGE_WORDS = { added: 'added', modified: 'modified', deleted: 'deleted', renamed: 'renamed' } as const;

/**
 * Review before merge: every file the agent changed against the commit it started from (a protected
 * entry marked — merging it asks first), each file's diff in the app's diff view, and Merge.
 */
export function AgentReview({ agent, merges, onBack }: { agent: AgentView; merges: MergeState; onBack: () => void }) {
  const diff = useAgentDiff(agent.id);
  const pieces = diff.data ? splitFileDiffs(diff.data.diff) : [];
  const merge = merges.result(agent.id);
  return (
    <AgentDetail
      className="agent-review"
      onBack={onBack}
      title={
        <>
          Changes of {agent.name} <span className="muted">· {statusLabel(agent.status)}</span>
        </>
      }
      actions={
        canMerge(agent) && (
          <button type="button" className="primary" onClick={() => merges.merge(agent.id)} disabled={merges.pending(agent.id)}>
            {merges.pending(agent.id) ? 'Merging…' : `Merge ${agent.name}`}
          </button>
        )
      }
    >
      <p className="muted small">
        Against <code>{agent.baseCommit.slice(0, 12)}</code>, the commit it started from, on branch <code>{agent.branch}</code>.
      </p>
      {merge && <MergeOutcome result={merge} />}
      <ActionError error={merges.error(agent.id)} doing={`merge ${agent.name}`} />
      {diff.isPending && <p aria-busy="true">Reading its changes…</p>}
      <ActionError error={diff.error} doing={`read the changes of ${agent.name}`} />
      {diff.data && (
        <>
          {diff.data.files.length === 0 ? (
            <p>No changes yet.</p>
          ) : (
            <ul className="agent-files" aria-label="Files changed">
              {diff.data.files.map((f) => (
                <li key={f.path}>
                  <code>
                    <EscapedText text={f.path} />
                  </code>{' '}
                  <span className="muted small">{CHANGE_WORDS[f.change]}</span>
                  {f.protected && <span className="chip agent-protected"> protected: merging it asks first</span>}
                </li>
              ))}
            </ul>
          )}
          {diff.data.truncated && <p className="warn-note">The diff is long and was cut; the files above are complete.</p>}
          <div className="agent-diffs" data-testid="agent-diffs">
            {pieces.map((p, i) => (
              <DiffView key={i} diff={p} label={`Changes to ${diffFileName(p) || 'a file'}`} />
            ))}
          </div>
        </>
      )}
    </AgentDetail>
  );
}
