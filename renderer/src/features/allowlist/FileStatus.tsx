import './allowlist.css';
import type { AllowlistView } from '../../../../shared/contract/index.js';
import { ActionError } from '../../ui/ActionError.js';
import { fileErrorDetail, fileErrorWhere } from '../../ui/fileError.js';
import type { AllowlistEdits } from './useAllowlistEdits.js';

/**
 * The state of codecoder.json: a parse error with line and column (the editor is read-only until
 * the file is fixed — it is never rewritten), and the "changed on disk" banner, since manual edits
 * apply only on reload.
 */
export function FileStatus({ file, edits }: { file: AllowlistView['file']; edits: AllowlistEdits }) {
  return (
    <>
      {file.error && (
        <div role="alert" className="error-note file-error" data-testid="file-error">
          <p>
            <strong>codecoder.json cannot be read</strong>
            {file.error.line !== undefined && <> {fileErrorWhere(file.error)}</>}: {fileErrorDetail(file.error)}
          </p>
          <p>
            Until it is fixed, its project entries are not applied (everything asks) and the editor will not change the file. Fix it in your
            editor, then reload.
          </p>
        </div>
      )}
      {file.changedOnDisk && <ChangedOnDiskBanner edits={edits} />}
    </>
  );
}

export function ChangedOnDiskBanner({ edits }: { edits: AllowlistEdits }) {
  return (
    <div role="status" className="banner banner-warn file-changed">
      <span>codecoder.json changed on disk — its changes are not applied yet.</span>
      <button type="button" onClick={() => edits.reload.mutate()} disabled={edits.reload.isPending}>
        Reload
      </button>
      <ActionError error={edits.reload.error} doing="reload codecoder.json" />
    </div>
  );
}
