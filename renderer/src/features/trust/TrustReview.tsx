import './trust.css';
import { useEffect, useRef } from 'react';
import type { AllowlistView, TrustChanges } from '../../../../shared/contract/index.js';
import { ActionError } from '../../ui/ActionError.js';
import { violationWords } from '../../ui/ceilingRule.js';
import { EscapedText } from '../../ui/EscapedText.js';
import { KeyView } from '../../ui/KeyView.js';
import type { AllowlistEdits } from '../allowlist/useAllowlistEdits.js';
import { ChangeMark, RemovedSinceTrusted } from './TrustChanges.js';

/** A review is due when the file has allow entries this user has not trusted in this exact content. */
export function reviewDue(trust: AllowlistView['trust']): boolean {
  return (trust.status === 'untrusted' || trust.status === 'changed') && trust.sha256 !== null;
}

/**
 * The one screen shown on opening a folder whose codecoder.json is not trusted: what it would
 * allow (each entry in words, its ceiling violation or problem) and the deny rules, which count
 * already. Trust records exactly the content shown; Not now leaves every entry asking.
 */
export function TrustReview({ view, edits, onClose }: { view: AllowlistView; edits: AllowlistEdits; onClose: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const { trust } = view;
  const sha256 = trust.sha256;
  const changes: TrustChanges | null | undefined = trust.changes;
  return (
    <div className="trust-backdrop">
      <section
        role="dialog"
        aria-modal="true"
        aria-labelledby="trust-title"
        className="trust-review"
        data-testid="trust-review"
        onKeyDown={(e) => {
          // Escape is "Not now": nothing is trusted by a stray keystroke.
          if (e.key === 'Escape') onClose();
        }}
      >
        <h2 id="trust-title" tabIndex={-1} ref={heading}>
          {trust.status === 'changed'
            ? "This folder's codecoder.json changed since you trusted it. It would now allow:"
            : "This folder's codecoder.json would allow:"}
        </h2>
        <p className="muted small">
          Until you trust it, these entries are not used: each call asks like any other. A repository can ship this file, so read it as you
          would a script from someone else.
        </p>
        {trust.status === 'changed' && <ChangeSummary changes={changes} />}
        <ul className="trust-entries">
          {trust.review.map((e) => (
            <li key={e.key} data-testid="trust-entry">
              <ChangeMark change={changes?.allow.find((c) => c.key === e.key && c.change !== 'removed')} />
              <KeyView value={e.key} /> <span className="muted small">{e.value}</span>
              <div>
                <EscapedText text={e.meaning} />
              </div>
              {e.violation && (
                <div className="warn-note">
                  Never honoured, trusted or not: <EscapedText text={violationWords(e.violation)} />
                </div>
              )}
              {e.problem && (
                <div className="warn-note">
                  Ignored: <EscapedText text={e.problem} />
                </div>
              )}
            </li>
          ))}
        </ul>
        {(trust.servers?.length ?? 0) > 0 && (
          <>
            <h3>MCP servers it would start ({trust.servers!.length})</h3>
            <ul className="trust-entries" aria-label="MCP servers">
              {trust.servers!.map((s) => (
                <li key={s.name} data-testid="trust-server">
                  <ChangeMark change={changes?.servers.find((c) => c.name === s.name && c.change !== 'removed')} />
                  <strong>
                    <EscapedText text={s.name} />
                  </strong>{' '}
                  <span className="muted small">({s.environment})</span>
                  <div>
                    <code>
                      <EscapedText text={s.runs} />
                    </code>
                  </div>
                </li>
              ))}
            </ul>
          </>
        )}
        {(trust.hooks?.length ?? 0) > 0 && (
          <>
            <h3>Hooks it would run on this computer ({trust.hooks!.length})</h3>
            <ul className="trust-entries" aria-label="Hooks">
              {trust.hooks!.map((h, i) => (
                <li key={`${h.event}-${i}`} data-testid="trust-hook">
                  <ChangeMark change={changes?.hooks.find((c) => c.event === h.event && c.command === h.command && c.change === 'added')} />
                  <strong>
                    <EscapedText text={h.event} />
                  </strong>{' '}
                  <span className="muted small">
                    (<EscapedText text={h.runsFor} />, {h.environment})
                  </span>
                  <div>
                    <code>
                      <EscapedText text={h.command} />
                    </code>
                  </div>
                  {h.problem && (
                    <div className="warn-note">
                      <EscapedText text={h.problem} />
                    </div>
                  )}
                </li>
              ))}
            </ul>
          </>
        )}
        <h3>Deny rules ({view.deny.length}) — always honoured, trusted or not</h3>
        {view.deny.length === 0 ? (
          <p className="muted small">none</p>
        ) : (
          <ul className="trust-deny">
            {view.deny.map((d) => (
              <li key={d.pattern}>
                <ChangeMark change={changes?.deny.find((c) => c.pattern === d.pattern && c.change === 'added')} />
                <KeyView value={d.pattern} />
                {d.problem && (
                  <span className="warn-note">
                    {' '}
                    ignored: <EscapedText text={d.problem} />
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
        {changes && <RemovedSinceTrusted changes={changes} />}
        <p className="muted small">
          codecoder.json sha256 <code>{sha256}</code>
        </p>
        {/* Kept in view at the bottom of the window however long the review: the decision is always reachable. */}
        <div className="row trust-actions" data-testid="trust-actions">
          <button
            type="button"
            className="primary"
            disabled={sha256 === null || edits.trust.isPending}
            onClick={() => sha256 && edits.trust.mutate(sha256, { onSuccess: onClose })}
          >
            Trust
          </button>
          <button type="button" onClick={onClose}>
            Not now
          </button>
          <ActionError error={edits.trust.error} doing="trust this folder" />
        </div>
      </section>
    </div>
  );
}

/** One line above the entries: how much changed since the trusted content, or why that cannot be said. */
function ChangeSummary({ changes }: { changes: TrustChanges | null | undefined }) {
  if (!changes)
    return (
      <p className="warn-note" data-testid="trust-change-summary">
        What changed cannot be shown: the content you trusted before was not kept (it was trusted by an earlier version). Review every
        entry below.
      </p>
    );
  const count = (l: readonly { change: string }[], c: string) => l.filter((x) => x.change === c).length;
  const all = [...changes.allow, ...changes.deny, ...changes.servers, ...changes.hooks];
  if (all.length === 0)
    return (
      <p className="muted small" data-testid="trust-change-summary">
        Nothing it allows, denies, starts or runs changed since you trusted it: only the file&apos;s text did (formatting, order or other
        fields).
      </p>
    );
  const parts = [
    [count(all, 'added'), 'added'],
    [count(all, 'changed'), 'changed'],
    [count(all, 'removed'), 'removed'],
  ].filter(([n]) => n !== 0);
  return (
    <p className="small" data-testid="trust-change-summary">
      Since you trusted it: {parts.map(([n, what]) => `${n} ${what}`).join(', ')} — marked below.
    </p>
  );
}
