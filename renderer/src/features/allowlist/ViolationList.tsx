import type { AllowlistView } from '../../../../shared/contract/index.js';
import { CEILING_RULE_REASON } from '../../ui/ceilingRule.js';
import { KeyView } from '../../ui/KeyView.js';
import type { AllowlistEdits } from './useAllowlistEdits.js';

/** "line 1, column 15" from the violation's "(codecoder.json line 1, column 15)" suffix, if any. */
function lineOf(message: string): string {
  const m = /\(codecoder\.json (line \d+(?:, column \d+)?)\)\s*$/.exec(message);
  return m ? `codecoder.json ${m[1]}` : '';
}

/**
 * Entries of codecoder.json that break the ceiling rule: reported, never honoured, and
 * one click away from being removed from the file.
 */
export function ViolationList({ view, edits }: { view: AllowlistView; edits: AllowlistEdits }) {
  if (view.violations.length === 0) return null;
  return (
    <section className="violations" aria-labelledby="violations-title">
      <h3 id="violations-title">
        {view.violations.length === 1 ? '1 entry breaks' : `${view.violations.length} entries break`} the ceiling rule
      </h3>
      <p className="muted small">{CEILING_RULE_REASON} These entries are ignored: the tool asks instead.</p>
      <ul>
        {view.violations.map((v) => (
          <li key={`${v.key}:${v.requested}`} className="row">
            <KeyView value={v.key} />
            {/* The rule is explained once above; each entry says only where it is. */}
            <span className="muted small">{lineOf(v.message)}</span>
            <button
              type="button"
              className="danger"
              disabled={view.file.readOnly || edits.remove.isPending}
              onClick={() => edits.remove.mutate({ key: v.key, scope: 'project' })}
              aria-label={`Remove ${v.key} from codecoder.json`}
            >
              Remove from file
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
