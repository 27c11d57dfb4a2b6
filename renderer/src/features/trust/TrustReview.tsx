import './trust.css';
import { useEffect, useRef } from 'react';
import type { AllowlistView } from '../../../../shared/contract/index.js';
import { ActionError } from '../../ui/ActionError.js';
import { violationWords } from '../../ui/ceilingRule.js';
import { EscapedText } from '../../ui/EscapedText.js';
import { KeyView } from '../../ui/KeyView.js';
import type { AllowlistEdits } from '../allowlist/useAllowlistEdits.js';

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
        <ul className="trust-entries">
          {trust.review.map((e) => (
            <li key={e.key} data-testid="trust-entry">
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
        <p className="muted small">
          codecoder.json sha256 <code>{sha256}</code>
        </p>
        <div className="row">
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
        </div>
        <ActionError error={edits.trust.error} doing="trust this folder" />
      </section>
    </div>
  );
}
