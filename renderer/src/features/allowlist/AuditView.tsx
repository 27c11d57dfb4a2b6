import './allowlist.css';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { getApi, unwrap } from '../../bridge/index.js';
import { projectKeys, useCatalogue } from '../../queries.js';
import { ActionError } from '../../ui/ActionError.js';
import { EscapedText } from '../../ui/EscapedText.js';
import { hunksWords } from '../../ui/hunksWords.js';
import { KeyView } from '../../ui/KeyView.js';
import { useEvent } from '../../ui/useEvent.js';
import type { AuditRecordView } from '../../../../shared/contract/index.js';
import './AuditView.css';

const time = new Intl.DateTimeFormat(undefined, { dateStyle: 'short', timeStyle: 'medium' });
/** Records carry ISO 8601 times; an unreadable one is shown as written. */
const formatTime = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : time.format(d);
};

type Edit = NonNullable<AuditRecordView['edit']>;
const EDIT_OP: Record<Edit['op'], string> = { add: 'added to', remove: 'removed from', undo: 'put back in' };
const EDIT_SCOPE: Record<Edit['scope'], string> = {
  project: 'the project allowlist',
  preset: 'the session presets',
  session: "the session's allowlist",
  deny: 'the deny rules',
};
const EDIT_BY: Record<Edit['by'], string> = { editor: 'the allowlist editor', answer: 'an answer to a prompt' };

/** What a record is about: the command or path of a decision, or what an allowlist edit did. */
function What({ r }: { r: AuditRecordView }) {
  if (r.edit) return <>{`${EDIT_OP[r.edit.op]} ${EDIT_SCOPE[r.edit.scope]}`}</>;
  if (r.subject)
    return (
      <code className="audit-subject">
        <EscapedText text={r.subject} />
      </code>
    );
  return <>—</>;
}

/**
 * Recent permission decisions from the audit log, newest first, filterable by tool and decision, with
 * what each call touched; changes to the allowlist (who, what, when) are listed among them.
 */
export function AuditView() {
  const id = useId();
  const [tool, setTool] = useState('');
  const [decision, setDecision] = useState<'' | 'allow' | 'deny'>('');
  const filter = { ...(tool ? { tool } : {}), ...(decision ? { decision } : {}) };
  const catalogue = useCatalogue();
  const audit = useQuery({ queryKey: projectKeys.audit(filter), queryFn: () => unwrap(getApi().audit.query({ ...filter, limit: 200 })) });
  // A decision is made with every answer and every allowlisted call: refresh on each, once the
  // record is written (it is appended just after the decision is announced), at most every 250 ms.
  const refresh = useRef<ReturnType<typeof setTimeout> | null>(null);
  const refetch = audit.refetch;
  const refreshSoon = useCallback(() => {
    if (refresh.current) return;
    refresh.current = setTimeout(() => {
      refresh.current = null;
      void refetch();
    }, 250);
  }, [refetch]);
  useEffect(() => () => void (refresh.current && clearTimeout(refresh.current)), []);
  useEvent('allowlist.changed', refreshSoon);
  useEvent('agent.event', (e) => {
    if (e.type === 'tool.call' || e.type === 'approval.resolved' || e.type === 'tool.result') refreshSoon();
  });

  return (
    <section className="audit" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Audit log</h2>
      <div className="row">
        <label htmlFor={`${id}-tool`}>Tool</label>
        <select id={`${id}-tool`} value={tool} onChange={(e) => setTool(e.target.value)}>
          <option value="">All tools</option>
          <option value="allowlist">Allowlist edits</option>
          {/* Every tool: read-only ones are recorded too (decided "none"). */}
          {catalogue.data?.map((t) => (
            <option key={t.name} value={t.name}>
              {t.name}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-decision`}>Decision</label>
        <select id={`${id}-decision`} value={decision} onChange={(e) => setDecision(e.target.value as '' | 'allow' | 'deny')}>
          <option value="">All decisions</option>
          <option value="allow">Allowed</option>
          <option value="deny">Denied</option>
        </select>
        <button type="button" onClick={() => void audit.refetch()}>
          Refresh
        </button>
      </div>
      <ActionError error={audit.error} doing="read the audit log" />
      {audit.data?.length === 0 && <p className="muted">No decisions recorded{tool || decision ? ' for this filter' : ' yet'}.</p>}
      {audit.data && audit.data.length > 0 && (
        <div className="table-wrap">
          <table className="entries" aria-label="Recent decisions">
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Agent</th>
                <th scope="col">Tool</th>
                <th scope="col">What</th>
                <th scope="col">Key</th>
                <th scope="col">Decision</th>
                <th scope="col">By</th>
              </tr>
            </thead>
            <tbody>
              {audit.data.map((r, i) => (
                <tr key={`${r.time}-${i}`} className={r.decision === 'deny' ? 'row-deny' : undefined}>
                  <td className="nowrap">{formatTime(r.time)}</td>
                  <td>{r.agent}</td>
                  <td>{r.tool}</td>
                  <td>
                    <What r={r} />
                  </td>
                  <td>{r.key ? <KeyView value={r.key} /> : '—'}</td>
                  <td className={r.decision === 'deny' && !r.edit ? 'audit-decision decision-deny' : 'audit-decision'}>
                    {r.edit ? 'edit' : r.decision}
                  </td>
                  <td>
                    {r.edit ? EDIT_BY[r.edit.by] : r.via}
                    {r.entry && (
                      <span className="muted">
                        {' '}
                        (<KeyView value={r.entry} />)
                      </span>
                    )}
                    {r.reason && (
                      <span className="muted">
                        {' '}
                        — <EscapedText text={r.reason} />
                      </span>
                    )}
                    {r.hunks && (
                      <span className="muted" data-testid="audit-hunks">
                        {' '}
                        — {hunksWords(r.hunks)}
                      </span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
