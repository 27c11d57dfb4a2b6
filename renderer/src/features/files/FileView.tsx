import './files.css';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef } from 'react';
import { getApi, unwrap } from '../../bridge/index.js';
import { projectKeys } from '../../queries.js';
import { ActionError } from '../../ui/ActionError.js';
import { EscapedText } from '../../ui/EscapedText.js';
import type { FileRef } from '../../ui/fileRefs.js';
import { IconButton } from '../../ui/IconButton.js';
import { linesToShow, rangeWords } from './fileLines.js';

/**
 * The read-only file view a clicked path opens: the file as main read it (project.viewFile — main
 * decides what may be shown and says why not), numbered, the referenced lines highlighted and
 * scrolled to. A modal dialog: focus goes in, Esc or the close button leaves, and focus returns to
 * the path that opened it.
 */
export function FileView({ fileRef, onClose }: { fileRef: FileRef; onClose: () => void }) {
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const body = useRef<HTMLPreElement>(null);
  const file = useQuery({
    queryKey: projectKeys.viewFile(fileRef.path),
    queryFn: () => unwrap(getApi().project.viewFile({ path: fileRef.path })),
    // Always read anew: the agent may have just changed it.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const d = dialog.current;
    if (d && !d.open) d.showModal();
    return () => opener?.focus();
  }, []);
  const shown = useMemo(() => (file.data ? linesToShow(file.data.text, fileRef.lines ?? []) : undefined), [file.data, fileRef.lines]);
  useEffect(() => {
    body.current?.querySelector('.fv-hit')?.scrollIntoView({ block: 'center' });
  }, [shown]);
  const words = rangeWords(fileRef.lines ?? []);
  return (
    <dialog
      ref={dialog}
      className="file-view"
      aria-labelledby={titleId}
      onClose={onClose}
      onCancel={(e) => {
        // Esc: closed here, so the page's other Esc handlers (a prompt's Deny) never see it.
        e.preventDefault();
        e.stopPropagation();
        dialog.current?.close();
      }}
    >
      <header className="fv-head">
        <h2 id={titleId} className="fv-title">
          <code>
            <EscapedText text={file.data?.path ?? fileRef.path} />
          </code>
        </h2>
        <span className="muted fv-meta">
          read-only{words ? ` · ${words} highlighted` : ''}
          {file.data ? ` · ${file.data.totalLines} line${file.data.totalLines === 1 ? '' : 's'}` : ''}
        </span>
        <IconButton label="Close the file view" icon="×" onClick={() => dialog.current?.close()} autoFocus />
      </header>
      {file.isLoading && <p aria-busy="true">Reading the file…</p>}
      <ActionError error={file.error} doing="show this file" />
      {file.data?.note && <p className="warn-note">{file.data.note}</p>}
      {shown?.cut && (
        <p className="muted small">
          Showing lines {shown.first}–{shown.last} of {file.data?.totalLines}.
        </p>
      )}
      {shown && (
        <pre ref={body} className="fv-text" tabIndex={0} role="region" aria-label={`Contents of ${file.data?.path ?? fileRef.path}`}>
          {shown.rows.map((r) => (
            <span key={r.n} className={r.hit ? 'fv-row fv-hit' : 'fv-row'} data-line={r.n}>
              <span className="fv-num" aria-hidden="true">
                {r.n}
              </span>
              <EscapedText text={r.text} keepTabs />
              {'\n'}
            </span>
          ))}
        </pre>
      )}
    </dialog>
  );
}
