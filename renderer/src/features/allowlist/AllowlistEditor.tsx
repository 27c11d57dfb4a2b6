import './allowlist.css';
import { useAllowlist, useCatalogue } from '../../queries.js';
import { ActionError } from '../../ui/ActionError.js';
import { AddEntryForm } from './AddEntryForm.js';
import { EntryTable } from './EntryTable.js';
import { FileStatus } from './FileStatus.js';
import { RemovalStatus } from './RemovalStatus.js';
import { TestCommand } from './TestCommand.js';
import { useAllowlistEdits } from './useAllowlistEdits.js';
import { ViolationList } from './ViolationList.js';
import { TrustStatus } from '../trust/TrustStatus.js';
import { HooksSection } from '../hooks/HooksSection.js';

/** What this project and this session allow or deny without asking, and the tools to change it. */
export function AllowlistEditor({ onReviewTrust }: { onReviewTrust: () => void }) {
  const allowlist = useAllowlist();
  const catalogue = useCatalogue();
  const edits = useAllowlistEdits();
  const view = allowlist.data;
  return (
    <section className="allowlist" aria-labelledby="allowlist-title">
      <h2 id="allowlist-title">Permissions</h2>
      <ActionError error={allowlist.error} doing="read the allowlist" />
      {allowlist.isPending && <p aria-busy="true">Loading the allowlist…</p>}
      {view && (
        <>
          <p className="muted small">
            <code>{view.file.path}</code>{' '}
            {view.file.exists ? '' : '(does not exist yet: it is created when you allow something for the project)'}
            {view.file.readOnly && <strong> — read-only until it is fixed</strong>}
          </p>
          <TrustStatus view={view} edits={edits} onReview={onReviewTrust} />
          <FileStatus file={view.file} edits={edits} />
          <RemovalStatus edits={edits} />
          <ViolationList view={view} edits={edits} />
          <EntryTable view={view} edits={edits} />
          <ActionError error={edits.remove.error ?? edits.changeScope.error} doing="change the entry" />
        </>
      )}
      <ActionError error={catalogue.error} doing="read the tool catalogue" />
      <AddEntryForm catalogue={catalogue.data ?? []} edits={edits} fileReadOnly={view?.file.readOnly ?? false} />
      <TestCommand />
      <HooksSection />
    </section>
  );
}
