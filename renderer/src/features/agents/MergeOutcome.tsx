import type { AgentMergeView } from '../../../../shared/contract/index.js';
import { DiffView } from '../diff/DiffView.js';

const HEADLINES: Record<AgentMergeView['outcome'], string> = {
  'fast-forward': 'Merged (fast-forward).',
  merged: 'Merged with a merge commit.',
  conflict: 'Not merged: the merge would conflict. Nothing in the project was changed.',
  refused: 'Not merged.',
  'up-to-date': 'Nothing to merge: the project already has these changes.',
};

/**
 * What a merge did, in main's words, and for a conflict every file with git's markers — shown, never
 * resolved or forced here.
 */
export function MergeOutcome({ result }: { result: AgentMergeView }) {
  const failed = result.outcome === 'conflict' || result.outcome === 'refused';
  return (
    <div
      className={failed ? 'agent-merge agent-merge-failed' : 'agent-merge'}
      role={failed ? 'alert' : 'status'}
      data-outcome={result.outcome}
    >
      <p>
        <strong>{HEADLINES[result.outcome]}</strong> <span className="muted-inherit">{result.message}</span>
      </p>
      {result.files.length > 0 && !failed && (
        <p className="muted small">
          {result.files.length === 1 ? '1 file' : `${result.files.length} files`}: {result.files.join(', ')}
        </p>
      )}
      {result.conflicts.length > 0 && (
        <ul className="agent-conflicts" aria-label="Conflicts">
          {result.conflicts.map((c) => (
            <li key={c.path}>
              <DiffView diff={c.diff} path={c.path} label={`Conflict in ${c.path}`} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
