import { useMutation } from '@tanstack/react-query';
import type { ProjectInfo } from '../../../../shared/contract/index.js';
import { getApi, unwrap } from '../../bridge/index.js';
import { ErrorNote } from '../../ui/ErrorNote.js';

/** The window of one project folder: the conversation, its approvals and the allowlist editor. */
export function ProjectWindow({ project }: { project: ProjectInfo }) {
  const close = useMutation({ mutationFn: () => unwrap(getApi().project.close({})) });
  return (
    <div className="project">
      <section className="project-head" aria-label="Project">
        <h1>{project.name}</h1>
        <p className="muted">
          <code>{project.path}</code> {project.git ? '· git work tree' : '· not a git repository'}
        </p>
        <button type="button" onClick={() => close.mutate()}>
          Close project
        </button>
        <ErrorNote error={close.error} />
      </section>
      <div className="panes">
        <section className="pane" aria-labelledby="conversation-title" data-region="conversation">
          <h2 id="conversation-title">Conversation</h2>
          <p className="muted">Conversations with the agent appear here.</p>
        </section>
        <aside className="pane" aria-labelledby="approvals-title" data-region="approvals">
          <h2 id="approvals-title">Approvals</h2>
          <p className="muted">Nothing is waiting for your approval.</p>
        </aside>
        <aside className="pane" aria-labelledby="allowlist-title" data-region="allowlist">
          <h2 id="allowlist-title">Allowlist</h2>
          <p className="muted">What this project and this session allow without asking.</p>
        </aside>
      </div>
    </div>
  );
}
