import './checkpoints.css';
import { useQuery } from '@tanstack/react-query';
import { getApi, unwrap } from '../../bridge/index.js';
import { useAppInfo } from '../../queries.js';
import { ActionError } from '../../ui/ActionError.js';

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(n < 10 * 1024 * 1024 ? 1 : 0)} MB`;

/** Settings: the per-project size cap of checkpoints, and what the open project uses of it. */
export function CheckpointSettings() {
  const project = useAppInfo().data?.project ?? null;
  const list = useQuery({
    queryKey: ['checkpoints.usage', project?.path ?? null],
    queryFn: () => unwrap(getApi().checkpoints.list({})),
    enabled: project !== null,
  });
  return (
    <section className="form" aria-labelledby="checkpoint-settings-title">
      <h3 id="checkpoint-settings-title">Checkpoints</h3>
      <p className="muted">
        Before each agent turn that may change files, CodeCoder snapshots the project&apos;s files (following .gitignore, without
        dependencies and build outputs) in its data folder, so “Restore to here” in the transcript can bring them back. Over the size cap,
        the oldest checkpoints of the project go first.
      </p>
      {project && list.data && (
        <p data-testid="checkpoint-usage">
          {project.name}: {mb(list.data.usageBytes)} used of the {mb(list.data.capBytes)} cap per project, in {list.data.checkpoints.length}{' '}
          checkpoint{list.data.checkpoints.length === 1 ? '' : 's'}.
        </p>
      )}
      {!project && <p className="muted">Open a project to see what its checkpoints use of the cap.</p>}
      <ActionError error={list.error} doing="read the checkpoints of this project" />
    </section>
  );
}
