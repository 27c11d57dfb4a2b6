import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { defaultModels, providers, themes, type Settings, type SettingsUpdate } from '../../../../shared/contract/index.js';
import { getApi, unwrap } from '../../bridge/index.js';
import { keys, useSettings } from '../../queries.js';
import { ErrorNote } from '../../ui/ErrorNote.js';

const providerLabels: Record<Settings['provider'], string> = {
  anthropic: 'Anthropic',
  openai: 'OpenAI',
  'openai-compatible': 'OpenAI-compatible (Ollama, LM Studio, vLLM, …)',
};

/** Provider, model, key, notifications, theme. The saved key is never shown again, only its last four characters. */
export function SettingsScreen({ onDone }: { onDone: () => void }) {
  const queryClient = useQueryClient();
  const settings = useSettings();
  const [draft, setDraft] = useState<Omit<SettingsUpdate, 'apiKey'>>({});
  const [apiKey, setApiKey] = useState('');
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (settings.data) {
      const { provider, model, baseUrl, notifications, theme } = settings.data;
      setDraft({ provider, model, baseUrl: baseUrl ?? '', notifications, theme });
    }
  }, [settings.data]);

  const save = useMutation({
    mutationFn: (update: SettingsUpdate) => unwrap(getApi().settings.update(update)),
    onSuccess: (s) => {
      queryClient.setQueryData(keys.settings, s);
      setApiKey('');
      setSaved(true);
    },
  });

  const test = useMutation({ mutationFn: () => unwrap(getApi().settings.testConnection({})) });

  if (settings.isError) return <ErrorNote error={settings.error} />;
  if (!settings.data) return <p aria-busy="true">Loading settings…</p>;
  const s = settings.data;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    save.mutate({ ...draft, ...(apiKey.trim() ? { apiKey: apiKey.trim() } : {}) });
  };
  const set = <K extends keyof typeof draft>(k: K, v: (typeof draft)[K]) => {
    setSaved(false);
    setDraft((d) => ({ ...d, [k]: v }));
  };

  return (
    <section className="settings" aria-labelledby="settings-title">
      <h1 id="settings-title">Settings</h1>
      <form onSubmit={submit} className="form">
        <fieldset>
          <legend>Model</legend>
          {s.llmOverride && (
            <p className="banner banner-warn" data-testid="llm-override">
              In use now: {s.llmOverride.provider} · <code>{s.llmOverride.model}</code>, set by {s.llmOverride.why}. The settings below are
              saved, and apply when CodeCoder starts without it.
            </p>
          )}
          <label htmlFor="provider">Provider</label>
          <select
            id="provider"
            value={draft.provider}
            onChange={(e) => {
              // A new provider proposes its default model (the old one's name would not work there).
              const p = e.target.value as Settings['provider'];
              setSaved(false);
              setDraft((d) => ({ ...d, provider: p, model: defaultModels[p] }));
            }}
          >
            {providers.map((p) => (
              <option key={p} value={p}>
                {providerLabels[p]}
              </option>
            ))}
          </select>
          <label htmlFor="model">Model</label>
          <input id="model" value={draft.model ?? ''} onChange={(e) => set('model', e.target.value)} spellCheck={false} />
          <label htmlFor="base-url">Base URL {draft.provider === 'openai-compatible' ? '(required)' : '(optional)'}</label>
          <input
            id="base-url"
            value={draft.baseUrl ?? ''}
            onChange={(e) => set('baseUrl', e.target.value)}
            placeholder="http://127.0.0.1:11434/v1"
            spellCheck={false}
          />
          <label htmlFor="api-key">API key</label>
          <input
            id="api-key"
            type="password"
            autoComplete="off"
            value={apiKey}
            onChange={(e) => {
              setSaved(false);
              setApiKey(e.target.value);
            }}
            placeholder={s.apiKey.source === 'none' ? 'Paste your key' : 'Leave empty to keep the current key'}
          />
          <p className="muted" data-testid="api-key-status">
            {s.apiKey.source === 'stored' && `A key ending in …${s.apiKey.hint} is saved for ${providerLabels[s.provider]}.`}
            {s.apiKey.source === 'env' && `Using the key from the environment (ending in …${s.apiKey.hint}).`}
            {s.apiKey.source === 'none' && 'No key saved for this provider.'}
          </p>
          {s.apiKey.source === 'stored' && (
            <button type="button" className="link" onClick={() => save.mutate({ apiKey: null })}>
              Forget the saved key
            </button>
          )}
          <div className="row">
            <button type="button" onClick={() => test.mutate()} disabled={test.isPending}>
              {test.isPending ? 'Testing…' : 'Test connection'}
            </button>
            <span className="muted small">{s.llmOverride ? 'Tries the model in use now.' : 'Tries the saved settings (save first).'}</span>
          </div>
          {test.data && (
            <p role="status" className={test.data.ok ? 'ok-note' : 'error-note'} data-testid="connection-result">
              {test.data.ok ? '' : 'Could not connect: '}
              {test.data.message}
            </p>
          )}
          <ErrorNote error={test.error} />
        </fieldset>
        <fieldset>
          <legend>Notifications</legend>
          <label className="check">
            <input type="checkbox" checked={draft.notifications ?? true} onChange={(e) => set('notifications', e.target.checked)} />
            Notify me when an approval is waiting and the window is in the background
          </label>
        </fieldset>
        <fieldset>
          <legend>Theme</legend>
          <div role="radiogroup" aria-label="Theme" className="row">
            {themes.map((t) => (
              <label key={t} className="check">
                <input type="radio" name="theme" value={t} checked={draft.theme === t} onChange={() => set('theme', t)} />
                {t[0]!.toUpperCase() + t.slice(1)}
              </label>
            ))}
          </div>
        </fieldset>
        <ErrorNote error={save.error} />
        {saved && (
          <p role="status" className="ok-note">
            Settings saved.
          </p>
        )}
        <div className="row">
          <button type="submit" className="primary" disabled={save.isPending}>
            Save
          </button>
          <button type="button" onClick={onDone}>
            Back
          </button>
        </div>
      </form>
    </section>
  );
}
