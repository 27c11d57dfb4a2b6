import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { hookEventNames, type HooksView } from '../../../../shared/contract/index.js';
import { getApi, unwrap } from '../../bridge/index.js';
import { ActionError } from '../../ui/ActionError.js';

type HookEventName = (typeof hookEventNames)[number];

/** Adds one of your own hooks to hooks.json (every project). main checks it as it checks the file. */
export function AddHookForm({ queryKey }: { queryKey: readonly unknown[] }) {
  const queryClient = useQueryClient();
  const [event, setEvent] = useState<HookEventName>('PreToolUse');
  const [matcher, setMatcher] = useState('');
  const [key, setKey] = useState('');
  const [command, setCommand] = useState('');
  const [timeout, setTimeoutSeconds] = useState('');
  const [sandbox, setSandbox] = useState(false);
  const toolEvent = event === 'PreToolUse' || event === 'PostToolUse';
  const add = useMutation({
    mutationFn: () =>
      unwrap(
        getApi().hooks.addUser({
          event,
          ...(toolEvent && matcher.trim() ? { matcher: matcher.trim() } : {}),
          ...(toolEvent && key.trim() ? { key: key.trim() } : {}),
          command,
          ...(timeout.trim() ? { timeout: Number(timeout) } : {}),
          ...(sandbox ? { environment: 'sandbox' as const } : {}),
        }),
      ),
    onSuccess: (v: HooksView) => {
      queryClient.setQueryData(queryKey, v);
      setCommand('');
      setKey('');
      setMatcher('');
    },
  });
  return (
    <form
      className="form hook-add"
      aria-label="Add your own hook"
      onSubmit={(e) => {
        e.preventDefault();
        add.mutate();
      }}
    >
      <h4>Add your own hook (every project)</h4>
      <label>
        Event{' '}
        <select value={event} onChange={(e) => setEvent(e.target.value as HookEventName)}>
          {hookEventNames.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
      <label>
        Tools{' '}
        <input
          value={matcher}
          disabled={!toolEvent}
          placeholder="run_command|write_file, empty for all"
          onChange={(e) => setMatcher(e.target.value)}
        />
      </label>
      <label>
        Key pattern <input value={key} disabled={!toolEvent} placeholder="run_command:rm (optional)" onChange={(e) => setKey(e.target.value)} />
      </label>
      <label>
        Command <input value={command} required placeholder="~/bin/guard.sh" onChange={(e) => setCommand(e.target.value)} />
      </label>
      <label>
        Timeout (s) <input value={timeout} inputMode="decimal" placeholder="10" onChange={(e) => setTimeoutSeconds(e.target.value)} />
      </label>
      <label>
        <input type="checkbox" checked={sandbox} onChange={(e) => setSandbox(e.target.checked)} /> Run in the sandbox
      </label>
      <button type="submit" disabled={add.isPending || command.trim() === ''}>
        Add hook
      </button>
      <ActionError error={add.error} doing="add the hook" />
    </form>
  );
}
