import { useQuery } from '@tanstack/react-query';
import { getApi, unwrap } from '../../bridge/index.js';
import { keys } from '../../queries.js';

/**
 * The header's model picker: the provider's own list of models (main asks it: Anthropic's models
 * list, an OpenAI-compatible server's /v1/models), with the model in use always among them. When the
 * list cannot be had (no key, a server without the route) the picker keeps the one model and says
 * why beside it; `/model NAME` and Settings still take any name.
 */
export function ModelPicker(p: { model: string; provider: string; onPick: (model: string) => void; pending: boolean }) {
  const { model, onPick, pending } = p;
  // By provider: another provider chosen in Settings is another list.
  const listed = useQuery({
    queryKey: [...keys.models, p.provider],
    queryFn: () => unwrap(getApi().settings.listModels({})),
    staleTime: 5 * 60_000,
  });
  const models = listed.data?.ok ? listed.data.models : [];
  const options = models.includes(model) ? models : [model, ...models];
  const failure = listed.data && !listed.data.ok ? listed.data.message : undefined;
  return (
    <span className="conv-model" data-testid="conversation-model">
      <label htmlFor="model-picker" className="muted">
        Model
      </label>
      <select
        id="model-picker"
        value={model}
        disabled={pending}
        aria-busy={listed.isLoading || undefined}
        aria-describedby={failure ? 'model-picker-note' : undefined}
        onChange={(e) => onPick(e.target.value)}
      >
        {options.map((m) => (
          <option key={m} value={m}>
            {m}
          </option>
        ))}
      </select>
      {failure && (
        <span id="model-picker-note" className="muted conv-model-note" title={failure}>
          list unavailable
        </span>
      )}
    </span>
  );
}
