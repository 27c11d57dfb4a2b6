import './ui.css';
import { ApiError } from '../bridge/index.js';

/**
 * What a code means for the person at the keyboard (the message says which method or field).
 * `conflict` has no hint: it means different things (a malformed codecoder.json, a run already
 * going) and main's message says which.
 */
const HINTS: Record<string, string> = {
  unsupported: 'This part of CodeCoder is not available in this window yet.',
  ceiling_violation: 'Shell commands can be allowed for this session at most.',
  no_project: 'Open a project first.',
  not_found: 'It no longer exists.',
};

/**
 * An error shown right where the action failed: what we were doing, the reason in plain words, and
 * the message main chose (it names the method or the field).
 */
export function ActionError({ error, doing }: { error: unknown; doing: string }) {
  if (!error) return null;
  const message = error instanceof Error ? error.message : String(error);
  const code = error instanceof ApiError ? error.code : undefined;
  const issues = error instanceof ApiError ? error.issues : [];
  const hint = code ? HINTS[code] : undefined;
  return (
    <div role="alert" className="error-note">
      <p>
        <strong>Could not {doing}.</strong> {hint} <span className="muted-inherit">{message}</span>
      </p>
      {issues.length > 0 && (
        <ul>
          {issues.map((i) => (
            <li key={i.path}>
              {i.path && <code>{i.path}</code>} {i.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
