import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { DEFAULT_MAX_AGENTS, MAX_AGENTS_CEILING } from '../../../../shared/contract/index.js';
import { getApi, unwrap } from '../../bridge/index.js';
import { keys, useSettings } from '../../queries.js';
import { FormOutcome } from '../../ui/FormOutcome.js';

/**
 * Settings → Background agents: how many worktree agents run at once (Settings `maxAgents`); more
 * wait in a queue and start as others finish. Main checks the number against the contract's range.
 */
export function AgentLimitSettings() {
  const queryClient = useQueryClient();
  const saved = useSettings().data?.maxAgents ?? DEFAULT_MAX_AGENTS;
  const [value, setValue] = useState(String(saved));
  const [done, setDone] = useState(false);
  useEffect(() => setValue(String(saved)), [saved]);
  const save = useMutation({
    mutationFn: (maxAgents: number) => unwrap(getApi().settings.update({ maxAgents })),
    onSuccess: (s) => {
      queryClient.setQueryData(keys.settings, s);
      setDone(true);
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setDone(false);
    // Not a whole number: sent as written (NaN or a fraction), so main refuses it in its own words.
    save.mutate(Number(value.trim()));
  };
  return (
    <section className="form" aria-labelledby="agent-limit-title">
      <h3 id="agent-limit-title">Background agents</h3>
      {/* noValidate: main's refusal, in its words, rather than a browser bubble a screen reader may miss. */}
      <form
        noValidate
        onSubmit={submit}
        onChange={() => {
          setDone(false);
          save.reset();
        }}
      >
        <label htmlFor="agent-limit">Agents running at once</label>
        <input
          id="agent-limit"
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_AGENTS_CEILING}
          step={1}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          aria-describedby="agent-limit-help"
        />
        <p id="agent-limit-help" className="muted">
          1 to {MAX_AGENTS_CEILING} (default {DEFAULT_MAX_AGENTS}). Agents started beyond it wait in a queue on the Agents tab.
        </p>
        <FormOutcome error={save.error} saved={done ? 'Agent limit saved.' : null} />
        <div className="row">
          <button type="submit" disabled={save.isPending}>
            Set the limit
          </button>
        </div>
      </form>
    </section>
  );
}
