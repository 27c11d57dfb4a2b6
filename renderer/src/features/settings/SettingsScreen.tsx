import './settings.css';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import {
  defaultModels,
  providers,
  searchProviders,
  themes,
  type Settings,
  type ConnectionTest,
  type SettingsUpdate,
} from '../../../../shared/contract/index.js';
import { getApi, unwrap } from '../../bridge/index.js';
import { keys, useSettings } from '../../queries.js';
import { CheckpointSettings } from '../checkpoints/CheckpointSettings.js';
import { ContainerEngineSettings } from './ContainerEngineSettings.js';
import { AgentLimitSettings } from '../agents/AgentLimitSettings.js';
import { ErrorNote } from '../../ui/ErrorNote.js';
import { FormOutcome } from '../../ui/FormOutcome.js';
import { NotificationPermissionControl } from '../notifications/NotificationPermission.js';
import { formatPriceLines, parsePriceLines } from './priceLines.js';

const searchLabels: Record<(typeof searchProviders)[number], string> = {
  brave: 'Brave Search API',
  tavily: 'Tavily',
  searxng: 'SearXNG (JSON)',
  json: 'Other ({results: [...]} JSON)',
};

const searchPlaceholders: Record<(typeof searchProviders)[number], string> = {
  brave: 'https://api.search.brave.com/res/v1/web/search',
  tavily: 'https://api.tavily.com/search',
  searxng: 'http://127.0.0.1:8888/search',
  json: 'http://127.0.0.1:8888/search',
};

/** The fields of the agent's long-work settings, kept as typed (numbers and lists are parsed on save). */
interface AgentDraft {
  contextWindow: string;
  prices: string;
  searchProvider: '' | (typeof searchProviders)[number];
  searchEndpoint: string;
  searchKey: string;
  githubToken: string;
}

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
  const [agent, setAgent] = useState<AgentDraft>({
    contextWindow: '',
    prices: '',
    searchProvider: '',
    searchEndpoint: '',
    searchKey: '',
    githubToken: '',
  });
  const [agentError, setAgentError] = useState<string | null>(null);
  useEffect(() => {
    if (settings.data) {
      const { provider, model, baseUrl, notifications, theme } = settings.data;
      setDraft({ provider, model, baseUrl: baseUrl ?? '', notifications, theme });
      setAgent({
        contextWindow: settings.data.contextWindow ? String(settings.data.contextWindow) : '',
        prices: formatPriceLines(settings.data.prices),
        searchProvider: settings.data.webSearch?.provider ?? '',
        searchEndpoint: settings.data.webSearch?.endpoint ?? '',
        searchKey: '',
        githubToken: '',
      });
    }
  }, [settings.data]);
  const setA = <K extends keyof AgentDraft>(k: K, v: AgentDraft[K]) => {
    setSaved(false);
    setAgentError(null);
    setAgent((d) => ({ ...d, [k]: v }));
  };

  const save = useMutation({
    mutationFn: (update: SettingsUpdate) => unwrap(getApi().settings.update(update)),
    onSuccess: (s) => {
      queryClient.setQueryData(keys.settings, s);
      setApiKey('');
      setAgent((d) => ({ ...d, searchKey: '', githubToken: '' }));
      setSaved(true);
    },
  });

  // What is typed, saved or not: the key field empty means the stored key of that provider.
  const test = useMutation({ mutationFn: (form: ConnectionTest) => unwrap(getApi().settings.testConnection(form)) });

  if (settings.isError) return <ErrorNote error={settings.error} />;
  if (!settings.data) return <p aria-busy="true">Loading settings…</p>;
  const s = settings.data;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    const prices = parsePriceLines(agent.prices);
    const window = agent.contextWindow.trim();
    if ('error' in prices) return setAgentError(prices.error);
    if (window && !/^\d+$/.test(window)) return setAgentError('Context window: a whole number of tokens, or empty for the built-in table');
    save.mutate({
      ...draft,
      ...(apiKey.trim() ? { apiKey: apiKey.trim() } : {}),
      contextWindow: window ? Number(window) : null,
      prices: prices.prices,
      webSearch: agent.searchProvider ? { provider: agent.searchProvider, endpoint: agent.searchEndpoint.trim() } : null,
      ...(agent.searchKey.trim() ? { webSearchKey: agent.searchKey.trim() } : {}),
      ...(agent.githubToken.trim() ? { githubToken: agent.githubToken.trim() } : {}),
    });
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
              {/* One flow of text: the banner is a flex row, and loose text nodes would each become a column. */}
              <span className="override-text">
                In use now: {s.llmOverride.provider} · <code>{s.llmOverride.model}</code>, set by {s.llmOverride.why}. The settings below
                are saved, and apply when CodeCoder starts without it.
              </span>
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
            <button
              type="button"
              onClick={() =>
                test.mutate({
                  provider: draft.provider ?? s.provider,
                  model: draft.model ?? s.model,
                  ...(draft.baseUrl ? { baseUrl: draft.baseUrl } : {}),
                  ...(apiKey.trim() ? { apiKey: apiKey.trim() } : {}),
                })
              }
              disabled={test.isPending}
            >
              {test.isPending ? 'Testing…' : 'Test connection'}
            </button>
            <span className="muted small">Tries the values in this form, saved or not.</span>
          </div>
          {test.data && (
            <p role="status" className={test.data.ok ? 'ok-note' : 'error-note'} data-testid="connection-result">
              {test.data.ok ? '' : 'Could not connect: '}
              {test.data.message}
              {test.data.overriddenBy && (
                <span data-testid="connection-override">
                  {' '}
                  The agent does not use these settings now: {test.data.overriddenBy.why} makes {test.data.overriddenBy.provider} ·{' '}
                  <code>{test.data.overriddenBy.model}</code> answer instead.
                </span>
              )}
            </p>
          )}
          <ErrorNote error={test.error} />
        </fieldset>
        <fieldset>
          <legend>Long conversations and cost</legend>
          <label htmlFor="context-window">Context window (tokens) for {providerLabels[draft.provider ?? s.provider]}</label>
          <input
            id="context-window"
            inputMode="numeric"
            value={agent.contextWindow}
            onChange={(e) => setA('contextWindow', e.target.value)}
            placeholder="empty: known models, or learned from the server"
          />
          <label htmlFor="prices">Prices (US$ per million tokens; one model per line: name input output [cache-read [cache-write]])</label>
          <textarea
            id="prices"
            rows={3}
            value={agent.prices}
            onChange={(e) => setA('prices', e.target.value)}
            placeholder="llama3.1:8b 0 0"
            spellCheck={false}
          />
          <p className="muted">Models not listed use the built-in table; a model in neither shows “unknown price”.</p>
        </fieldset>
        <fieldset>
          <legend>Web search</legend>
          <label htmlFor="search-provider">Search service</label>
          <select
            id="search-provider"
            value={agent.searchProvider}
            onChange={(e) => setA('searchProvider', e.target.value as AgentDraft['searchProvider'])}
          >
            <option value="">Off</option>
            {searchProviders.map((p) => (
              <option key={p} value={p}>
                {searchLabels[p]}
              </option>
            ))}
          </select>
          {agent.searchProvider && (
            <>
              <label htmlFor="search-endpoint">Endpoint</label>
              <input
                id="search-endpoint"
                value={agent.searchEndpoint}
                onChange={(e) => setA('searchEndpoint', e.target.value)}
                placeholder={searchPlaceholders[agent.searchProvider]}
                spellCheck={false}
              />
              <label htmlFor="search-key">Search service key</label>
              <input
                id="search-key"
                type="password"
                autoComplete="off"
                value={agent.searchKey}
                onChange={(e) => setA('searchKey', e.target.value)}
                placeholder={
                  s.webSearch?.key.source === 'stored'
                    ? `Saved (…${s.webSearch.key.hint}); leave empty to keep it`
                    : 'Paste the key (SearXNG needs none)'
                }
              />
            </>
          )}
          <label htmlFor="github-token">GitHub token (github_search; code search needs one)</label>
          <input
            id="github-token"
            type="password"
            autoComplete="off"
            value={agent.githubToken}
            onChange={(e) => setA('githubToken', e.target.value)}
            placeholder={
              s.githubToken?.source === 'none' || !s.githubToken
                ? 'Paste a token'
                : `Saved (…${s.githubToken.hint}); leave empty to keep it`
            }
          />
          {s.githubToken?.source === 'stored' && (
            <button type="button" className="link" onClick={() => save.mutate({ githubToken: null })}>
              Forget the GitHub token
            </button>
          )}
        </fieldset>
        <fieldset>
          <legend>Notifications</legend>
          <label className="check">
            <input type="checkbox" checked={draft.notifications ?? true} onChange={(e) => set('notifications', e.target.checked)} />
            Notify me when an approval is waiting and the window is in the background
          </label>
          <NotificationPermissionControl />
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
        {agentError && (
          <p role="alert" className="notice notice-error">
            {agentError}
          </p>
        )}
        <FormOutcome error={save.error} saved={saved ? 'Settings saved.' : null} />
        <div className="row">
          <button type="submit" className="primary" disabled={save.isPending}>
            Save
          </button>
          <button type="button" onClick={onDone}>
            Back
          </button>
        </div>
      </form>
      <CheckpointSettings />
      <ContainerEngineSettings />
      <AgentLimitSettings />
    </section>
  );
}
