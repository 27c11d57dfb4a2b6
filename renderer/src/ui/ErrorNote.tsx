import { ApiError } from '../bridge/index.js';

/** An error shown where it happened, in the words the main process chose for the user. */
export function ErrorNote({ error }: { error: unknown }) {
  if (!error) return null;
  const message = error instanceof Error ? error.message : String(error);
  const issues = error instanceof ApiError ? error.issues : [];
  return (
    <div role="alert" className="error-note">
      <p>{message}</p>
      {issues.length > 1 && (
        <ul>
          {issues.map((i) => (
            <li key={i.path}>
              <code>{i.path}</code>: {i.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
