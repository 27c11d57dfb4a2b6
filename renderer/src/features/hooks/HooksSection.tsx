import './hooks.css';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HookRunView, HookView, HooksView } from '../../../../shared/contract/index.js';
import { getApi, unwrap } from '../../bridge/index.js';
import { ActionError } from '../../ui/ActionError.js';
import { EscapedText } from '../../ui/EscapedText.js';
import { KeyView } from '../../ui/KeyView.js';
import { useEvent } from '../../ui/useEvent.js';
import { AddHookForm } from './AddHookForm.js';

export const hooksKey = ['hooks'] as const;

/** What a run's effect means, in words. */
const EFFECT_WORDS: Record<string, string> = {
  none: 'no objection',
  deny: 'refused',
  ask: 'asked you',
  'allow-ignored': 'said allow (ignored: hooks only tighten)',
  context: 'added a note',
  failed: 'failed (the call asked)',
};
const RUNS_SHOWN = 5;

/**
 * The Permissions tab's Hooks section: every hook that runs around this project's tool calls (yours
 * and codecoder.json's), whether it runs now and why not, a switch, and its last runs with output.
 */
export function HooksSection() {
  const queryClient = useQueryClient();
  const view = useQuery({ queryKey: hooksKey, queryFn: () => unwrap(getApi().hooks.list({})) });
  useEvent('hooks.changed', (v) => queryClient.setQueryData(hooksKey, v));
  const toggle = useMutation({
    mutationFn: (a: { id: string; enabled: boolean }) => unwrap(getApi().hooks.setEnabled(a)),
    onSuccess: (v: HooksView) => queryClient.setQueryData(hooksKey, v),
  });
  const remove = useMutation({
    mutationFn: (id: string) => unwrap(getApi().hooks.removeUser({ id })),
    onSuccess: (v: HooksView) => queryClient.setQueryData(hooksKey, v),
  });
  const v = view.data;
  return (
    <section className="hooks-section" aria-labelledby="hooks-title">
      <h3 id="hooks-title">Hooks</h3>
      <p className="muted small">
        Your own programs, run before and after tool calls. Yours are in {v ? <code>{v.userFile}</code> : 'hooks.json'}; a project&apos;s
        come from codecoder.json and run only once you trust it. A hook can refuse a call or make it ask — never allow one.
      </p>
      <ActionError error={view.error} doing="read the hooks" />
      <ActionError error={toggle.error} doing="switch the hook" />
      <ActionError error={remove.error} doing="remove the hook" />
      {v && v.problems.length > 0 && (
        <div className="warn-note" role="status" data-testid="hook-problems">
          Cannot be read{v.problems.some((p) => !p.event || p.event === 'PreToolUse') ? ' — until fixed, every tool call asks' : ''}:
          <ul>
            {v.problems.map((p, i) => (
              <li key={i}>
                {p.source === 'user' ? 'hooks.json' : 'codecoder.json'} <code>{p.at}</code>: <EscapedText text={p.message} />
              </li>
            ))}
          </ul>
        </div>
      )}
      {v && v.hooks.length === 0 && <p className="muted">No hooks are declared for this project.</p>}
      {v?.hooks.map((h) => (
        <HookCard
          key={h.id}
          hook={h}
          runs={v.runs.filter((r) => r.hookId === h.id)}
          busy={toggle.isPending || remove.isPending}
          onToggle={() => toggle.mutate({ id: h.id, enabled: !h.enabled })}
          onRemove={() => remove.mutate(h.id)}
        />
      ))}
      <AddHookForm queryKey={hooksKey} />
    </section>
  );
}

function HookCard({
  hook: h,
  runs,
  busy,
  onToggle,
  onRemove,
}: {
  hook: HookView;
  runs: HookRunView[];
  busy: boolean;
  onToggle: () => void;
  onRemove: () => void;
}) {
  const toolEvent = h.event === 'PreToolUse' || h.event === 'PostToolUse';
  return (
    <article className="hook-card" aria-label={`${h.event} hook ${h.command}`} data-testid={`hook-${h.id}`}>
      <header className="row">
        <strong>{h.event}</strong>
        {toolEvent && (
          <span className="small">
            for <code>{h.matcher ?? 'every tool'}</code>
            {h.key && (
              <>
                {' '}
                on <KeyView value={h.key} />
              </>
            )}
          </span>
        )}
        <span className={`chip hook-state hook-state-${h.active ? 'on' : 'off'}`} data-testid="hook-state">
          {h.active ? 'runs' : h.inactiveReason}
        </span>
        <button
          type="button"
          disabled={busy}
          onClick={onToggle}
          aria-label={`${h.enabled ? 'Turn off' : 'Turn on'} ${h.event} hook ${h.command}`}
        >
          {h.enabled ? 'Turn off' : 'Turn on'}
        </button>
        {h.source === 'user' && (
          <button type="button" disabled={busy} onClick={onRemove} aria-label={`Remove ${h.event} hook ${h.command}`}>
            Remove
          </button>
        )}
      </header>
      <code className="hook-command">
        <EscapedText text={h.command} />
      </code>
      <p className="muted small">
        {h.source === 'user' ? 'yours' : 'codecoder.json'} · {WHERE[h.environment]} · timeout {h.timeoutMs / 1000} s
      </p>
      {runs.length === 0 ? (
        <p className="muted small">Not run yet in this session.</p>
      ) : (
        <ol className="hook-runs" aria-label="Last runs" reversed>
          {runs
            .slice(-RUNS_SHOWN)
            .reverse()
            .map((r) => (
              <li key={`${r.at}-${r.key ?? ''}-${r.durationMs}`} data-testid="hook-run" className={`hook-run hook-run-${r.effect}`}>
                <span>{new Date(r.at).toLocaleTimeString()}</span> {r.key ? <KeyView value={r.key} /> : r.tool && <code>{r.tool}</code>}{' '}
                <strong>{EFFECT_WORDS[r.effect] ?? r.effect}</strong>{' '}
                <span className="muted small">
                  {r.timedOut ? 'timed out' : r.exitCode === null ? 'no exit code' : `exit ${r.exitCode}`} · {r.durationMs} ms
                </span>
                {r.message && (
                  <div className="small">
                    <EscapedText text={r.message} />
                  </div>
                )}
                {(r.stdout || r.stderr) && (
                  <details>
                    <summary className="small">Output</summary>
                    {r.stdout && (
                      <pre className="hook-output" aria-label="stdout">
                        <EscapedText text={r.stdout} />
                      </pre>
                    )}
                    {r.stderr && (
                      <pre className="hook-output" aria-label="stderr">
                        <EscapedText text={r.stderr} />
                      </pre>
                    )}
                  </details>
                )}
              </li>
            ))}
        </ol>
      )}
    </article>
  );
}

/** Where a hook runs, in words. */
const WHERE = { host: 'on this computer', sandbox: 'in the sandbox', docker: 'in a container' } as const;
