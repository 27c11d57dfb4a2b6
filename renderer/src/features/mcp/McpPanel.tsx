import './mcp.css';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { McpServerInfo, McpView } from '../../../../shared/contract/index.js';
import { getApi, unwrap } from '../../bridge/index.js';
import { ENVIRONMENT_WORDS } from '../../ui/ceilingRule.js';
import { ErrorNote } from '../../ui/ErrorNote.js';
import { EscapedText } from '../../ui/EscapedText.js';
import { KeyView } from '../../ui/KeyView.js';
import { useEvent } from '../../ui/useEvent.js';
import { ServerForm, type ServerFormValues } from './ServerForm.js';

export const mcpKey = ['mcp'] as const;

const SOURCE_WORDS: Record<McpServerInfo['source'], string> = {
  user: 'your settings (every project)',
  project: 'codecoder.json',
  'mcp.json': '.mcp.json',
};

/**
 * The MCP tab: each server with its status (starting, ready, failed and why, disabled, untrusted),
 * where it comes from and runs, its ceiling; its tools with description, key and level; enable,
 * disable and restart; adding a server to codecoder.json.
 */
export function McpPanel() {
  const queryClient = useQueryClient();
  const view = useQuery({ queryKey: mcpKey, queryFn: () => unwrap(getApi().mcp.list({})) });
  useEvent('mcp.changed', (v) => queryClient.setQueryData(mcpKey, v));
  const set = (v: McpView) => queryClient.setQueryData(mcpKey, v);
  const toggle = useMutation({
    mutationFn: (a: { name: string; enabled: boolean }) => unwrap(getApi().mcp.setEnabled(a)),
    onSuccess: set,
  });
  const restart = useMutation({ mutationFn: (name: string) => unwrap(getApi().mcp.restart({ name })), onSuccess: set });
  const trustSide = useMutation({ mutationFn: () => unwrap(getApi().mcp.trustMcpJson({})), onSuccess: set });
  const remove = useMutation({ mutationFn: (name: string) => unwrap(getApi().mcp.remove({ name })), onSuccess: set });
  // One server at a time is being edited or asked about its removal.
  const [editing, setEditing] = useState<string | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const v = view.data;
  return (
    <section className="mcp-panel" aria-label="MCP servers">
      <h2>MCP servers</h2>
      <p className="muted small">
        Every MCP tool asks (key <code>mcp:&lt;server&gt;:&lt;tool&gt;</code>). A server started on your computer or reached over the
        network can be allowed for this session at most; one in the sandbox or a container may be allowed for the project.
      </p>
      <ErrorNote error={view.error ?? toggle.error ?? restart.error ?? trustSide.error ?? remove.error} />
      {v && (v.mcpJson === 'untrusted' || v.mcpJson === 'changed') && (
        <div className="warn-note" role="status">
          This folder's <code>.mcp.json</code> {v.mcpJson === 'changed' ? 'changed since you trusted it' : 'is not trusted'}: its servers do
          not start.{' '}
          <button type="button" onClick={() => trustSide.mutate()}>
            Trust .mcp.json
          </button>
        </div>
      )}
      {v && v.servers.length === 0 && <p className="muted">No MCP servers are configured for this project.</p>}
      {v?.servers.map((s) => (
        <article key={s.name} className="mcp-server" aria-label={`MCP server ${s.name}`} data-testid={`mcp-server-${s.id}`}>
          <header>
            <h3>
              <EscapedText text={s.name} />{' '}
              <span className={`status status-${s.status}`} data-testid="mcp-status">
                {s.status}
              </span>
            </h3>
            <p className="muted small">
              from {SOURCE_WORDS[s.source]} · {s.transport === 'http' ? 'remote' : 'stdio'} · environment <strong>{s.environment}</strong> (
              {ENVIRONMENT_WORDS[s.environment]}) · can be allowed for the {s.ceiling} at most
            </p>
            <p className="small">
              <code>
                <EscapedText text={s.target} />
              </code>
            </p>
            {s.reason && (
              <p className={s.status === 'failed' ? 'error-note' : 'muted small'} role={s.status === 'failed' ? 'alert' : undefined}>
                <EscapedText text={s.reason} />
              </p>
            )}
            {s.stderrTail && (
              <details>
                <summary>Server output (stderr, last part)</summary>
                <pre>
                  <EscapedText text={s.stderrTail} keepNewlines />
                </pre>
              </details>
            )}
            <div className="row">
              {s.status === 'disabled' ? (
                <button type="button" onClick={() => toggle.mutate({ name: s.name, enabled: true })}>
                  Enable
                </button>
              ) : (
                <button type="button" onClick={() => toggle.mutate({ name: s.name, enabled: false })} disabled={s.status === 'untrusted'}>
                  Disable
                </button>
              )}
              <button type="button" onClick={() => restart.mutate(s.name)} disabled={s.status === 'disabled' || s.status === 'untrusted'}>
                Restart
              </button>
              {s.source !== 'mcp.json' && (
                <>
                  <button type="button" onClick={() => setEditing(editing === s.name ? null : s.name)} aria-expanded={editing === s.name}>
                    Edit
                  </button>
                  <button type="button" onClick={() => setRemoving(s.name)}>
                    Remove
                  </button>
                </>
              )}
            </div>
            {s.source === 'mcp.json' && (
              <p className="muted small">This server comes from the repository&apos;s .mcp.json: edit it there.</p>
            )}
            {removing === s.name && (
              <div className="warn-note" role="group" aria-label={`Remove ${s.name}?`}>
                Remove <strong>{s.name}</strong> from {SOURCE_WORDS[s.source]}? It stops now, and its tools go.{' '}
                <button
                  type="button"
                  className="danger"
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(s.name, { onSuccess: () => setRemoving(null) })}
                >
                  Remove {s.name}
                </button>{' '}
                <button type="button" onClick={() => setRemoving(null)}>
                  Cancel
                </button>
              </div>
            )}
            {editing === s.name && <EditServer server={s} onDone={(v) => (set(v), setEditing(null))} onCancel={() => setEditing(null)} />}
          </header>
          {s.tools.length > 0 && (
            <table className="mcp-tools">
              <thead>
                <tr>
                  <th scope="col">Tool</th>
                  <th scope="col">Key</th>
                  <th scope="col">Level</th>
                  <th scope="col">Description</th>
                </tr>
              </thead>
              <tbody>
                {s.tools.map((t) => (
                  <tr key={t.name}>
                    <td>
                      <code>{t.name}</code>
                    </td>
                    <td>
                      <KeyView value={t.key} />
                    </td>
                    <td>{t.level === 'allow' ? `allowed (${t.via})` : t.level === 'deny' ? 'denied' : 'asks'}</td>
                    <td>
                      <EscapedText text={t.description} />
                      {t.hints.length > 0 && (
                        <span className="muted small">
                          {' '}
                          — server says: <EscapedText text={t.hints.join('; ')} />
                        </span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </article>
      ))}
      {v && v.problems.length > 0 && (
        <ul aria-label="MCP configuration problems">
          {v.problems.map((p, i) => (
            <li key={i} className="warn-note">
              <EscapedText text={p} />
            </li>
          ))}
        </ul>
      )}
      <AddServerForm onAdded={set} />
    </section>
  );
}

/** What runs, without the variables (adding and editing send those each in their own shape). */
const fields = (v: ServerFormValues) =>
  v.url ? { name: v.name, url: v.url } : { name: v.name, command: v.command ?? '', args: v.args ?? [], sandbox: v.sandbox };

function AddServerForm({ onAdded }: { onAdded: (v: McpView) => void }) {
  const [scope, setScope] = useState<'project' | 'user'>('project');
  const add = useMutation({
    mutationFn: (v: ServerFormValues) => {
      const f = fields(v);
      // Adding, every variable comes with its value.
      const env = v.env.map((e) => ({ name: e.name, value: e.value ?? '' }));
      return unwrap(getApi().mcp.add({ ...f, ...(env.length ? { env } : {}), scope }));
    },
    onSuccess: onAdded,
  });
  return (
    <ServerForm busy={add.isPending} error={add.error} submitLabel="Add" onSubmit={(v, reset) => add.mutate(v, { onSuccess: reset })}>
      <label>
        Where{' '}
        <select value={scope} onChange={(e) => setScope(e.target.value as 'project' | 'user')}>
          <option value="project">this project (codecoder.json)</option>
          <option value="user">all my projects (my settings)</option>
        </select>
      </label>
    </ServerForm>
  );
}

/** The edit form under a server: what it runs, its sandbox, its variables (values never shown). */
function EditServer({ server, onDone, onCancel }: { server: McpServerInfo; onDone: (v: McpView) => void; onCancel: () => void }) {
  const update = useMutation({
    mutationFn: (v: ServerFormValues) => unwrap(getApi().mcp.update({ ...fields(v), name: server.name, env: v.env })),
    onSuccess: onDone,
  });
  return (
    <ServerForm
      server={server}
      busy={update.isPending}
      error={update.error}
      submitLabel="Save"
      onSubmit={(v) => update.mutate(v)}
      onCancel={onCancel}
    />
  );
}
