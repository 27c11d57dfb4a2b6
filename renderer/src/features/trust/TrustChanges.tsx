import type { TrustChanges } from '../../../../shared/contract/index.js';
import { EscapedText } from '../../ui/EscapedText.js';
import { KeyView } from '../../ui/KeyView.js';

const MARK_WORDS = { added: 'new', changed: 'changed', removed: 'removed' } as const;

/** "new" / "changed (was …)" before an entry, server, hook or deny rule that differs from what was trusted. */
export function ChangeMark({ change }: { change: { change: 'added' | 'changed' | 'removed'; before?: string | undefined } | undefined }) {
  if (!change) return null;
  return (
    <span className={`trust-change trust-change-${change.change}`} data-testid="trust-change">
      {MARK_WORDS[change.change]}
      {change.change === 'changed' && change.before !== undefined && (
        <>
          {' '}
          (was <EscapedText text={change.before} />)
        </>
      )}
    </span>
  );
}

/** What the trusted content had and this one no longer does. */
export function RemovedSinceTrusted({ changes }: { changes: TrustChanges }) {
  const allow = changes.allow.filter((c) => c.change === 'removed');
  const deny = changes.deny.filter((c) => c.change === 'removed');
  const servers = changes.servers.filter((c) => c.change === 'removed');
  const hooks = changes.hooks.filter((c) => c.change === 'removed');
  if (allow.length + deny.length + servers.length + hooks.length === 0) return null;
  return (
    <>
      <h3>Removed since you trusted it</h3>
      <ul className="trust-entries" aria-label="Removed since you trusted it" data-testid="trust-removed">
        {allow.map((c) => (
          <li key={`a:${c.key}`}>
            <ChangeMark change={c} /> allow <KeyView value={c.key} /> <span className="muted small">{c.before}</span>
          </li>
        ))}
        {deny.map((c) => (
          <li key={`d:${c.pattern}`}>
            <ChangeMark change={c} /> deny rule <KeyView value={c.pattern} />
          </li>
        ))}
        {servers.map((c) => (
          <li key={`s:${c.name}`}>
            <ChangeMark change={c} /> MCP server{' '}
            <strong>
              <EscapedText text={c.name} />
            </strong>
            {c.before !== undefined && (
              <div>
                <code>
                  <EscapedText text={c.before} />
                </code>
              </div>
            )}
          </li>
        ))}
        {hooks.map((c, i) => (
          <li key={`h:${c.event}:${i}`}>
            <ChangeMark change={c} /> hook <EscapedText text={c.event} />{' '}
            <code>
              <EscapedText text={c.command} />
            </code>
          </li>
        ))}
      </ul>
    </>
  );
}
