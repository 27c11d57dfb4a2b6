import './checkpoints.css';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { FileChangeView, MethodOutput } from '../../../../shared/contract/index.js';
import { getApi, unwrap } from '../../bridge/index.js';
import { ActionError } from '../../ui/ActionError.js';
import { EscapedText } from '../../ui/EscapedText.js';

const WORDS: Record<FileChangeView['change'], string> = {
  restore: 'restored',
  recreate: 'brought back',
  delete: 'removed',
};

function describeChange({ back, cut }: { back: number; cut: number }): string {
  const n = (k: number) => `${k} message${k === 1 ? '' : 's'}`;
  return [back && `brings back ${n(back)}`, cut && `removes ${n(cut)}`].filter(Boolean).join(', ') || 'no message changes';
}

interface Props {
  checkpointId: string;
  onClose: () => void;
  onRestored: (r: MethodOutput<'checkpoints.restore'>) => void;
}

/**
 * Restoring to a checkpoint: first the files it will change, then (optionally) the conversation
 * rewound too. Nothing changes until Restore is pressed; a checkpoint is taken first, so it can be undone.
 */
export function RestorePanel({ checkpointId, onClose, onRestored }: Props) {
  // Undefined until the user chooses: an undo that can bring the conversation back does so by default.
  const [rewindChoice, setRewind] = useState<boolean | undefined>(undefined);
  const heading = useRef<HTMLHeadingElement>(null);
  const preview = useQuery({
    queryKey: ['checkpoints.preview', checkpointId],
    queryFn: () => unwrap(getApi().checkpoints.preview({ id: checkpointId })),
    gcTime: 0,
    staleTime: 0,
  });
  const cp = preview.data?.checkpoint;
  const rewind = rewindChoice ?? cp?.conversationChange !== undefined;
  const restore = useMutation({
    mutationFn: () => unwrap(getApi().checkpoints.restore({ id: checkpointId, rewindConversation: rewind })),
    onSuccess: onRestored,
  });
  useEffect(() => heading.current?.focus(), []);
  const changes = preview.data?.changes;
  const change = cp?.conversationChange;
  const canRewind = (cp?.kind === 'turn' && cp.messageIndex !== undefined) || change !== undefined;
  return (
    <section className="restore-panel" role="dialog" aria-labelledby="restore-title" onKeyDown={(e) => e.key === 'Escape' && onClose()}>
      <h3 id="restore-title" ref={heading} tabIndex={-1}>
        Restore files to {cp ? cp.label : 'this checkpoint'}
      </h3>
      {preview.isPending && <p aria-busy="true">Comparing the files with the checkpoint…</p>}
      <ActionError error={preview.error} doing="compare the files with the checkpoint" />
      {changes && changes.length === 0 && <p>The files are already as they were at this checkpoint.</p>}
      {changes && changes.length > 0 && (
        <>
          <p>
            {changes.length} file{changes.length === 1 ? '' : 's'} will change. A checkpoint of the files as they are now is taken first, so
            this can be undone.
          </p>
          <ul className="restore-changes" aria-label="Files it will change">
            {changes.map((c) => (
              <li key={c.path}>
                <code>
                  <EscapedText text={c.path} />
                </code>{' '}
                <span className={`change change-${c.change}`}>{WORDS[c.change]}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      {canRewind && (
        <label className="restore-rewind">
          <input type="checkbox" checked={rewind} onChange={(e) => setRewind(e.target.checked)} />{' '}
          {change
            ? `Also put the conversation back as it was (${describeChange(change)})`
            : 'Also rewind the conversation to before the message that started this turn'}
        </label>
      )}
      <ActionError error={restore.error} doing="restore the files" />
      <div className="restore-actions">
        <button
          type="button"
          className="primary"
          onClick={() => restore.mutate()}
          disabled={!changes || restore.isPending || (changes.length === 0 && !rewind)}
        >
          {restore.isPending ? 'Restoring…' : 'Restore'}
        </button>
        <button type="button" onClick={onClose}>
          Cancel
        </button>
      </div>
    </section>
  );
}
