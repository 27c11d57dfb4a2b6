import { ErrorNote } from './ErrorNote.js';

/** Under a form: main's refusal in its words, or the line saying what was saved. */
export function FormOutcome({ error, saved }: { error: unknown; saved: string | null }) {
  return (
    <>
      <ErrorNote error={error} />
      {saved && (
        <p role="status" className="ok-note">
          {saved}
        </p>
      )}
    </>
  );
}
