import { useId, useState, type FormEvent } from 'react';
import type { ToolInfo } from '../../../../shared/contract/index.js';
import { CEILING_RULE_REASON } from '../../ui/ceilingRule.js';
import { SESSION_TTL_CHOICES } from '../../ui/countdown.js';
import { ActionError } from '../../ui/ActionError.js';
import { checkNewEntry, keySuggestions, type AddScope } from './entryCheck.js';
import type { AllowlistEdits } from './useAllowlistEdits.js';

/**
 * Adds an entry. The key is checked as it is typed (tool known, asks, no hidden characters) and a
 * shell key at project scope is blocked right here with the ceiling rule's reason; main checks
 * again, so the form is a courtesy, not the guard.
 */
export function AddEntryForm({
  catalogue,
  edits,
  fileReadOnly,
}: {
  catalogue: readonly ToolInfo[];
  edits: AllowlistEdits;
  fileReadOnly: boolean;
}) {
  const id = useId();
  const [key, setKey] = useState('');
  const [scope, setScope] = useState<AddScope>('session');
  const [ttlIndex, setTtlIndex] = useState(0);
  const [touched, setTouched] = useState(false);
  const check = checkNewEntry(key, scope, catalogue);
  const suggestions = keySuggestions(key, catalogue);
  const writesFile = scope !== 'session';
  const blockedByFile = writesFile && fileReadOnly;
  const showProblem = !check.ok && (touched || check.ceiling === true);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (!check.ok || blockedByFile) return;
    const ttlMs = SESSION_TTL_CHOICES[ttlIndex]?.ttlMs;
    edits.add.mutate(
      { key: key.trim(), scope, ...(scope === 'session' && ttlMs ? { ttlMs } : {}) },
      {
        onSuccess: () => {
          setKey('');
          setTouched(false);
          // A deny rule is a deliberate one-off: the next entry starts from the usual scope again.
          if (scope === 'deny') setScope('session');
        },
      },
    );
  };

  return (
    <form className="add-entry" onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
      <h3 id={`${id}-title`}>Add an entry</h3>
      <div className="row">
        <label htmlFor={`${id}-key`}>Key</label>
        <input
          id={`${id}-key`}
          className="key-input"
          list={`${id}-suggestions`}
          value={key}
          onChange={(e) => setKey(e.target.value)}
          onBlur={() => setTouched(key.trim() !== '')}
          placeholder="run_command:git or write_file:tests/**"
          spellCheck={false}
          autoComplete="off"
          aria-invalid={showProblem || undefined}
          aria-describedby={`${id}-help`}
        />
        <datalist id={`${id}-suggestions`}>
          {suggestions.map((s) => (
            <option key={s.value} value={s.value}>
              {s.hint}
            </option>
          ))}
        </datalist>
        <label htmlFor={`${id}-scope`}>Scope</label>
        <select id={`${id}-scope`} value={scope} onChange={(e) => setScope(e.target.value as AddScope)}>
          <option value="session">Session</option>
          <option value="project">Project (codecoder.json)</option>
          <option value="deny">Deny (codecoder.json)</option>
        </select>
        {scope === 'session' && (
          <>
            <label htmlFor={`${id}-ttl`}>Time limit</label>
            <select id={`${id}-ttl`} value={ttlIndex} onChange={(e) => setTtlIndex(Number(e.target.value))}>
              {SESSION_TTL_CHOICES.map((c, i) => (
                <option key={c.label} value={i}>
                  {c.label}
                </option>
              ))}
            </select>
          </>
        )}
        <button type="submit" className="primary" disabled={edits.add.isPending || (!check.ok && check.ceiling === true) || blockedByFile}>
          Add
        </button>
      </div>
      <div id={`${id}-help`} className="small">
        {showProblem && !check.ok ? (
          <p role="alert" className={check.ceiling ? 'ceiling-note' : 'error-note'} data-testid="add-problem">
            {check.problem}
            {check.ceiling && <> {CEILING_RULE_REASON}</>}
          </p>
        ) : check.ok && check.tool.name === 'mcp' ? (
          <p className="muted">
            An MCP key: its server's environment decides how far it can be allowed (a server on your computer or over the network: this
            session at most). Key form: <code>{check.tool.keyTemplate}</code>
          </p>
        ) : check.ok ? (
          <p className="muted">
            {check.tool.name} runs in the <strong>{check.tool.environment}</strong> environment. Key form:{' '}
            <code>{check.tool.keyTemplate}</code>
          </p>
        ) : (
          <p className="muted">Keys look like run_command:git, run_command:git:push, write_file:tests/**.</p>
        )}
        {blockedByFile && <p className="error-note">codecoder.json is malformed: fix it first; only session entries can be added now.</p>}
      </div>
      <ActionError error={edits.add.error} doing="add the entry" />
    </form>
  );
}
