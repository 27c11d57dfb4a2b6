import './trust.css';
import type { AllowlistView } from '../../../../shared/contract/index.js';
import { ActionError } from '../../ui/ActionError.js';
import { EscapedText } from '../../ui/EscapedText.js';
import type { AllowlistEdits } from '../allowlist/useAllowlistEdits.js';
import { reviewDue } from './TrustReview.js';

const LABEL: Record<AllowlistView['trust']['status'], string> = {
  'not-needed': 'not needed: codecoder.json has no allow entries (its deny rules always count)',
  trusted: 'trusted',
  untrusted: 'not trusted: its allow entries and presets are not used until you trust it (its deny rules count)',
  changed: 'changed since you trusted it: its allow entries and presets are not used until you trust it again',
};

/** The Permissions tab's line about folder trust, with the way to review and trust it or revoke it. */
export function TrustStatus({ view, edits, onReview }: { view: AllowlistView; edits: AllowlistEdits; onReview: () => void }) {
  const t = view.trust;
  return (
    <div className={t.status === 'untrusted' || t.status === 'changed' ? 'banner banner-warn' : 'row'} data-testid="trust-status">
      <span>
        <strong>Folder trust:</strong> {LABEL[t.status]}
        {t.status === 'trusted' &&
          (t.runOnly ? ' for this run only' : t.trustedAt ? ` since ${new Date(t.trustedAt).toLocaleString()}` : '')}
      </span>
      {reviewDue(t) && (
        <button type="button" onClick={onReview}>
          Review and trust…
        </button>
      )}
      {t.status === 'trusted' && !t.runOnly && (
        <button type="button" className="danger" onClick={() => edits.untrust.mutate()} disabled={edits.untrust.isPending}>
          Revoke trust
        </button>
      )}
      {t.error && (
        <span className="warn-note">
          <EscapedText text={t.error} />
        </span>
      )}
      <ActionError error={edits.untrust.error} doing="revoke trust" />
    </div>
  );
}
