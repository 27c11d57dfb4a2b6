import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { getApi, unwrap } from '../../bridge/index.js';
import { ActionError } from '../../ui/ActionError.js';
import { EscapedText } from '../../ui/EscapedText.js';
import { KeyView } from '../../ui/KeyView.js';
import { useEvent } from '../../ui/useEvent.js';

const KIND_WORDS = {
  simple: 'Simple command: one program, nothing hidden.',
  compound: 'Compound command: keyed by the whole command; matches only an identical entry.',
  invalid: 'Invalid: this would never run.',
} as const;

const DECISION_WORDS = { allow: 'Would run without asking', ask: 'Would ask you', deny: 'Would be refused' } as const;

/** "Test a command": the engine's dry run — class, key and what would happen. Never executes. */
export function TestCommand() {
  const id = useId();
  const [command, setCommand] = useState('');
  const test = useMutation({ mutationFn: (c: string) => unwrap(getApi().permissions.test({ command: c })) });
  // A result describes the rules it was tested against: when they change, it is no longer true.
  const reset = test.reset;
  useEvent('allowlist.changed', () => reset());
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (command.trim()) test.mutate(command);
  };
  const r = test.data;
  return (
    <section className="test-command" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Test a command</h3>
      <form onSubmit={submit} className="row">
        <label htmlFor={`${id}-cmd`} className="sr-only">
          Command to test
        </label>
        <input
          id={`${id}-cmd`}
          className="grow"
          value={command}
          onChange={(e) => setCommand(e.target.value)}
          placeholder="git status && git push origin main"
          spellCheck={false}
        />
        <button type="submit" disabled={test.isPending || command.trim() === ''}>
          Test
        </button>
      </form>
      <ActionError error={test.error} doing="test the command" />
      {r && (
        <div className="test-result" role="status" aria-label="Test result">
          <p>
            <strong>{r.classification.kind}</strong> — {KIND_WORDS[r.classification.kind]}
            {r.classification.reason && (
              <>
                {' '}
                <EscapedText text={r.classification.reason} />
              </>
            )}
          </p>
          {r.classification.key && (
            <p>
              Key: <KeyView value={r.classification.key} />
            </p>
          )}
          {r.classification.argv && (
            <p className="small">
              Arguments:{' '}
              {r.classification.argv.map((a, i) => (
                <code key={i} className="chip">
                  <EscapedText text={a} />
                </code>
              ))}
            </p>
          )}
          {r.classification.notes?.map((n, i) => (
            <p key={i} className="warn-note small">
              <EscapedText text={n} />
            </p>
          ))}
          <p className={`decision decision-${r.result.decision}`} data-testid="test-decision">
            {DECISION_WORDS[r.result.decision]} <span className="muted">(via {r.result.via})</span>
            {r.result.reason && (
              <>
                : <EscapedText text={r.result.reason} />
              </>
            )}
          </p>
          {r.result.violations.map((v, i) => (
            <p key={i} className="violation-text small">
              {v.message}
            </p>
          ))}
        </div>
      )}
    </section>
  );
}
