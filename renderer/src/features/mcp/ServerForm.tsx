import { useId, useState } from 'react';
import type { McpServerInfo } from '../../../../shared/contract/index.js';
import { ErrorNote } from '../../ui/ErrorNote.js';

/** One variable of the form: a kept one has its name fixed and an empty value meaning "unchanged". */
interface EnvRow {
  id: number;
  name: string;
  value: string;
  kept: boolean;
}

export interface ServerFormValues {
  name: string;
  command?: string;
  args?: string[];
  url?: string;
  sandbox: boolean;
  /** A kept variable left empty has no value: main keeps the one written. */
  env: { name: string; value?: string }[];
}

let nextRow = 0;

/**
 * The add and edit form of an MCP server: name, command line or URL, the OS sandbox, and environment
 * variables. A variable's value may be a secret: it is typed into a password field, sent once, and
 * never shown back — editing lists the variables by name, each value "unchanged" unless retyped.
 */
export function ServerForm({
  server,
  busy,
  error,
  submitLabel,
  onSubmit,
  onCancel,
  children,
}: {
  /** Editing this server (its name fixed); absent when adding. */
  server?: McpServerInfo;
  busy: boolean;
  error: unknown;
  submitLabel: string;
  onSubmit: (v: ServerFormValues, reset: () => void) => void;
  onCancel?: () => void;
  children?: React.ReactNode;
}) {
  const f = server?.form;
  const initialTarget = f ? (f.url ?? [f.command ?? '', ...(f.args ?? [])].join(' ')) : '';
  const initialEnv = (): EnvRow[] => (f?.envNames ?? []).map((name) => ({ id: nextRow++, name, value: '', kept: true }));
  const [name, setName] = useState(server?.name ?? '');
  const [target, setTarget] = useState(initialTarget);
  const [sandbox, setSandbox] = useState(f?.sandbox ?? false);
  const [env, setEnv] = useState<EnvRow[]>(initialEnv);
  const formId = useId();
  const isUrl = /^https?:\/\//i.test(target.trim());
  const reset = () => {
    setName('');
    setTarget('');
    setSandbox(false);
    setEnv([]);
  };
  const setRow = (id: number, change: Partial<EnvRow>) => setEnv((rows) => rows.map((r) => (r.id === id ? { ...r, ...change } : r)));
  const label = server ? `Edit the MCP server ${server.name}` : 'Add an MCP server';
  return (
    <form
      className="mcp-add"
      aria-label={label}
      onSubmit={(e) => {
        e.preventDefault();
        const t = target.trim();
        const [command, ...args] = t.split(/\s+/);
        const vars = env
          .filter((r) => r.name.trim() !== '')
          .map((r) => (r.kept && r.value === '' ? { name: r.name } : { name: r.name.trim(), value: r.value }));
        onSubmit(isUrl ? { name, url: t, sandbox: false, env: [] } : { name, command: command ?? '', args, sandbox, env: vars }, reset);
      }}
    >
      <h3>{server ? `Edit ${server.name}` : 'Add a server'}</h3>
      {children}
      {!server && (
        <label>
          Name <input value={name} onChange={(e) => setName(e.target.value)} placeholder="github" required />
        </label>
      )}
      <label>
        Command or URL{' '}
        <input
          value={target}
          onChange={(e) => setTarget(e.target.value)}
          placeholder="npx -y some-mcp-server  or  https://…/mcp"
          required
        />
      </label>
      <label>
        <input type="checkbox" checked={sandbox} disabled={isUrl} onChange={(e) => setSandbox(e.target.checked)} /> Run in the OS sandbox
        (project read-only)
      </label>
      {!isUrl && (
        <fieldset className="mcp-env" aria-describedby={`${formId}-env-note`}>
          <legend>Environment variables</legend>
          <p id={`${formId}-env-note`} className="muted small">
            The server gets only these (plus PATH and HOME). Values are written to{' '}
            {server?.source === 'user' ? 'your mcp.json' : 'the entry'}
            {server ? '' : ' where the server is added'} and never shown again; <code>${'{VAR}'}</code> reads one from your environment
            instead.
          </p>
          {env.map((r, i) => (
            <div className="mcp-env-row" key={r.id} data-testid="mcp-env-row">
              <label>
                Name{' '}
                <input
                  value={r.name}
                  readOnly={r.kept}
                  onChange={(e) => setRow(r.id, { name: e.target.value })}
                  placeholder="GITHUB_TOKEN"
                  aria-label={`Variable ${i + 1} name`}
                />
              </label>
              <label>
                Value{' '}
                <input
                  type="password"
                  autoComplete="off"
                  value={r.value}
                  onChange={(e) => setRow(r.id, { value: e.target.value })}
                  placeholder={r.kept ? 'unchanged (hidden)' : ''}
                  aria-label={`Variable ${i + 1} value${r.kept ? ' (empty keeps the current value)' : ''}`}
                />
              </label>
              <button
                type="button"
                onClick={() => setEnv((rows) => rows.filter((x) => x.id !== r.id))}
                aria-label={`Remove variable ${r.name || i + 1}`}
              >
                Remove
              </button>
            </div>
          ))}
          <button type="button" onClick={() => setEnv((rows) => [...rows, { id: nextRow++, name: '', value: '', kept: false }])}>
            Add a variable
          </button>
        </fieldset>
      )}
      <div className="row">
        <button type="submit" className="primary" disabled={busy}>
          {submitLabel}
        </button>
        {onCancel && (
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
      <ErrorNote error={error} />
    </form>
  );
}
