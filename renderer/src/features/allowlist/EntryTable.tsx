import type { AllowlistEntryView, AllowlistView } from '../../../../shared/contract/index.js';
import { CEILING_RULE_TITLE } from '../../ui/ceilingRule.js';
import { formatRemaining } from '../../ui/countdown.js';
import { EscapedText } from '../../ui/EscapedText.js';
import { KeyView } from '../../ui/KeyView.js';
import { useNow } from '../../ui/useNow.js';
import type { AllowlistEdits } from './useAllowlistEdits.js';

const SCOPE_LABEL: Record<AllowlistEntryView['scope'], string> = { project: 'Project', preset: 'Session preset', session: 'Session' };

/** Project, preset and session entries and the deny rules in one table, with their live state. */
export function EntryTable({ view, edits }: { view: AllowlistView; edits: AllowlistEdits }) {
  const hasTimed = view.entries.some((e) => e.scope === 'session' && e.expiresAt !== null);
  const now = useNow(1000, hasTimed);
  const fileLocked = view.file.readOnly;
  const busy = edits.remove.isPending || edits.changeScope.isPending;
  if (view.entries.length === 0 && view.deny.length === 0)
    return <p className="muted">Nothing is allowed or denied yet: every tool that asks will ask.</p>;
  return (
    <div className="table-wrap">
      <table className="entries" aria-label="Allowlist entries">
        <thead>
          <tr>
            <th scope="col">Key</th>
            <th scope="col">Scope</th>
            <th scope="col">Environment</th>
            <th scope="col">Expires</th>
            <th scope="col">Hits</th>
            <th scope="col">Source</th>
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {view.entries.map((e) => {
            const fromFile = e.source === 'codecoder.json';
            const locked = fromFile && fileLocked;
            const shell = e.environment === 'shell';
            return (
              <tr
                key={`${e.scope}:${e.key}`}
                className={e.violation ? 'row-violation' : e.problem ? 'row-problem' : undefined}
                data-key={e.key}
              >
                <td>
                  <KeyView value={e.key} />
                  {e.violation && <p className="violation-text">Breaks the ceiling rule — ignored (see above).</p>}
                  {e.problem && (
                    <p className="violation-text">
                      Ignored: <EscapedText text={e.problem} />
                    </p>
                  )}
                </td>
                <td>{SCOPE_LABEL[e.scope]}</td>
                <td>{e.environment ?? '—'}</td>
                <td className="countdown">
                  {e.scope === 'session' ? (
                    e.expiresAt === null ? (
                      formatRemaining(e.expiresAt, now)
                    ) : (
                      <span data-testid="countdown">expires in {formatRemaining(e.expiresAt, now)}</span>
                    )
                  ) : e.scope === 'preset' ? (
                    'offered at session start'
                  ) : (
                    'never'
                  )}
                </td>
                <td>{e.hits}</td>
                <td>
                  {e.source}
                  {e.line !== undefined && <span className="muted"> (line {e.line})</span>}
                </td>
                <td className="actions">
                  {e.scope === 'session' && (
                    <button
                      type="button"
                      disabled={busy || shell || fileLocked}
                      title={shell ? CEILING_RULE_TITLE : undefined}
                      onClick={() => edits.changeScope.mutate({ key: e.key, from: 'session', to: 'project' })}
                    >
                      Make project
                    </button>
                  )}
                  {fromFile && !e.violation && (
                    <button
                      type="button"
                      disabled={busy || locked}
                      onClick={() => edits.changeScope.mutate({ key: e.key, from: e.scope, to: 'session' })}
                    >
                      {e.scope === 'preset' ? 'Allow now for session' : 'Make session only'}
                    </button>
                  )}
                  <button
                    type="button"
                    className={e.violation ? 'danger' : undefined}
                    disabled={busy || locked}
                    onClick={() => edits.remove.mutate({ key: e.key, scope: e.scope })}
                    aria-label={`${e.violation ? 'Remove from file' : 'Remove'} ${e.key}`}
                  >
                    {e.violation ? 'Remove from file' : 'Remove'}
                  </button>
                </td>
              </tr>
            );
          })}
          {view.deny.map((d) => (
            <tr key={`deny:${d.pattern}`} className="row-deny" data-key={d.pattern}>
              <td>
                <KeyView value={d.pattern} />
                {d.problem && (
                  <p className="violation-text">
                    Ignored: <EscapedText text={d.problem} />
                  </p>
                )}
              </td>
              <td className="decision-deny">Deny</td>
              <td>—</td>
              <td>never</td>
              <td>{d.hits}</td>
              <td>codecoder.json{d.line !== undefined && <span className="muted"> (line {d.line})</span>}</td>
              <td className="actions">
                <button
                  type="button"
                  disabled={busy || fileLocked}
                  onClick={() => edits.remove.mutate({ key: d.pattern, scope: 'deny' })}
                  aria-label={`Remove deny rule ${d.pattern}`}
                >
                  Remove
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
