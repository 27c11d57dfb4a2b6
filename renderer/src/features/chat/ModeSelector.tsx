import { MODE_SHORTCUT } from './modeShortcut.js';
import type { PermissionModeView } from '../../../../shared/contract/index.js';
import { MODE_ORDER } from './useConversationMode.js';

const LABELS: Record<PermissionModeView, string> = { ask: 'Ask', plan: 'Plan (read-only)', edits: 'Accept edits' };

/** What each mode does, shown while it is on (Ask says nothing: it is the usual behaviour). */
const NOTICES: Partial<Record<PermissionModeView, string>> = {
  plan: 'Plan mode: read-only. The agent looks and proposes; anything that would change something is refused without asking.',
  edits:
    'Accept edits is on: file edits inside the project run without asking. Protected paths, paths outside the project, commands and every other tool still ask.',
};

interface Props {
  mode: PermissionModeView;
  onChange: (mode: PermissionModeView) => void;
  disabled?: boolean;
}

/** The mode selector beside the message box (MODE_SHORTCUT in the message box cycles it too). */
export function ModeSelector({ mode, onChange, disabled }: Props) {
  return (
    <div className={`mode-select mode-${mode}`}>
      <select
        aria-label="Permission mode"
        title={`Permission mode (${MODE_SHORTCUT.label} in the message box cycles)`}
        aria-keyshortcuts={MODE_SHORTCUT.aria}
        value={mode}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value as PermissionModeView)}
      >
        {MODE_ORDER.map((m) => (
          <option key={m} value={m}>
            {LABELS[m]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The banner that keeps a non-default mode visible, and the carried plan with a way to drop it. */
export function ModeNotice({
  mode,
  carryPlan,
  planReady,
  onDropCarry,
}: {
  mode: PermissionModeView;
  carryPlan: boolean;
  planReady: boolean;
  onDropCarry: () => void;
}) {
  const text = NOTICES[mode];
  if (!text && !carryPlan) return null;
  return (
    <div className={`mode-notice mode-${mode}`} role="status" aria-label="Permission mode notice">
      {text && <p>{text}</p>}
      {mode === 'plan' && (
        <p>
          {planReady
            ? 'A plan is ready: when you leave plan mode, your next message carries it.'
            : 'No plan yet: ask the agent for one. Leaving plan mode before it answers carries nothing.'}
        </p>
      )}
      {carryPlan && (
        <p>
          Your next message carries the plan.{' '}
          <button type="button" className="link" onClick={onDropCarry}>
            Don&apos;t carry it
          </button>
        </p>
      )}
    </div>
  );
}
