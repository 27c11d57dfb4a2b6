import { z } from 'zod';
import { event, method, noInput } from './define.js';

export const providers = ['anthropic', 'openai', 'openai-compatible'] as const;
export const themes = ['light', 'dark', 'system'] as const;
/** How a diff is laid out: one column with − and + lines, or old and new side by side. */
export const diffViews = ['unified', 'split'] as const;
/** Background agents run at once unless Settings say otherwise, and the most Settings may say. */
export const DEFAULT_MAX_AGENTS = 4;
export const MAX_AGENTS_CEILING = 32;
/** web_search request shapes: Brave Search API, Tavily, a SearXNG instance's JSON, or the simple {results:[…]} contract. */
export const searchProviders = ['brave', 'tavily', 'searxng', 'json'] as const;

/** US dollars per million tokens; cache prices default to the input price. */
export const modelPriceSchema = z
  .object({
    input: z.number().min(0).max(10_000),
    output: z.number().min(0).max(10_000),
    cacheRead: z.number().min(0).max(10_000).optional(),
    cacheWrite: z.number().min(0).max(10_000).optional(),
  })
  .strict();

const keyStatusSchema = z.object({
  source: z.enum(['stored', 'env', 'none']),
  hint: z.string().optional(),
});

/** The model proposed when a provider is chosen (the user can type any other). */
export const defaultModels: Record<(typeof providers)[number], string> = {
  anthropic: 'claude-sonnet-4-5',
  openai: 'gpt-4.1',
  'openai-compatible': 'llama3.1',
};

const httpUrl = z
  .string()
  .trim()
  .url('must be a URL such as http://127.0.0.1:11434/v1')
  .refine((u) => URL.canParse(u) && /^https?:$/.test(new URL(u).protocol), 'must start with http:// or https://');

/**
 * The container engine run_container uses (over CONTAINER_HOST / DOCKER_HOST): an Engine API
 * address — unix:///path/to.sock, ssh://user@host[:port] or tcp://host:port (TLS unless loopback) —
 * checked in full by the main process; `copyProject` sends the project as a copy (a tunnel to a
 * remote engine on a loopback port).
 */
export const containerEngineSchema = z
  .object({
    host: z
      .string()
      .trim()
      .max(500)
      .regex(/^(unix|ssh|tcp):\/\/\S+$/, 'must be unix:///path/to.sock, ssh://user@host or tcp://host:port')
      .optional(),
    copyProject: z.boolean().optional(),
  })
  .strict();

/** What chose the engine in use: the Settings' address, an environment variable, or a local socket that answered. */
export const engineSources = ['setting', 'CONTAINER_HOST', 'DOCKER_HOST', 'default socket'] as const;

/** What the renderer may read. The API key itself never travels back. */
export const settingsSchema = z.object({
  provider: z.enum(providers),
  model: z.string().trim().min(1, 'choose a model').max(200),
  baseUrl: httpUrl.optional(),
  notifications: z.boolean(),
  theme: z.enum(themes),
  /** The diff layout last chosen with a diff's toggle; absent = unified. */
  diffView: z.enum(diffViews).optional(),
  /** How many background agents run at once (the rest wait queued); absent = 4. */
  maxAgents: z.number().int().min(1).max(MAX_AGENTS_CEILING).optional(),
  /** Where the key for the current provider comes from, if anywhere; `hint`: its last four characters. */
  apiKey: keyStatusSchema,
  /** The context window (tokens) set for the current provider; absent = the known-model table or what the server taught. */
  contextWindow: z.number().int().optional(),
  /** The user's prices by exact model name (over the built-in table). */
  prices: z.record(z.string(), modelPriceSchema).optional(),
  /** The web_search provider; its key lives in the key store. */
  webSearch: z.object({ provider: z.enum(searchProviders), endpoint: z.string().optional(), key: keyStatusSchema }).optional(),
  /** The GitHub token for github_search (code search needs one). */
  githubToken: keyStatusSchema.optional(),
  /**
   * Set when the model in use is not these settings' (a scripted model, a command-line flag): what
   * is used and why. The settings still save; they apply when the override is gone.
   */
  llmOverride: z.object({ provider: z.string(), model: z.string(), why: z.string() }).optional(),
  /** Absent: the environment (CONTAINER_HOST, DOCKER_HOST, a local socket, else the CLI) decides. */
  containerEngine: containerEngineSchema.optional(),
});
export type Settings = z.infer<typeof settingsSchema>;

/** A partial update. `apiKey: null` forgets the stored key for the provider. */
export const settingsUpdateSchema = z
  .object({
    provider: z.enum(providers).optional(),
    model: z.string().trim().min(1, 'choose a model').max(200).optional(),
    baseUrl: httpUrl.or(z.literal('')).optional(),
    notifications: z.boolean().optional(),
    theme: z.enum(themes).optional(),
    diffView: z.enum(diffViews).optional(),
    maxAgents: z.number().int().min(1, 'at least one agent').max(MAX_AGENTS_CEILING, `at most ${MAX_AGENTS_CEILING} agents`).optional(),
    apiKey: z.string().trim().min(8, 'an API key is longer than that').max(400).nullable().optional(),
    /** For the provider being saved; null forgets it. */
    contextWindow: z.number().int().min(1024, 'a context window is at least 1024 tokens').max(10_000_000).nullable().optional(),
    /** Replaces the whole price list; null clears it. */
    prices: z.record(z.string().trim().min(1).max(200), modelPriceSchema).nullable().optional(),
    /** null turns web search off (and forgets its key). */
    webSearch: z
      .object({ provider: z.enum(searchProviders), endpoint: httpUrl })
      .strict()
      .nullable()
      .optional(),
    webSearchKey: z.string().trim().min(8, 'a search API key is longer than that').max(400).nullable().optional(),
    githubToken: z.string().trim().min(8, 'a GitHub token is longer than that').max(400).nullable().optional(),
    /** Replaces the engine setting; null goes back to the environment's. */
    containerEngine: containerEngineSchema.nullable().optional(),
  })
  .strict();
export type SettingsUpdate = z.infer<typeof settingsUpdateSchema>;

/** What "Test connection" tries: the form's values, none saved. */
export const connectionTestSchema = z
  .object({
    provider: z.enum(providers),
    model: z.string().trim().min(1, 'choose a model').max(200),
    baseUrl: httpUrl.or(z.literal('')).optional(),
    /** Typed but not saved; absent = the stored (or environment) key of `provider`. */
    apiKey: z.string().trim().min(8, 'an API key is longer than that').max(400).optional(),
  })
  .strict();
export type ConnectionTest = z.infer<typeof connectionTestSchema>;

export const settingsMethods = {
  'settings.get': method('Read the settings (never the API key itself).', noInput, settingsSchema),
  'settings.update': method('Validate and save a partial settings update.', settingsUpdateSchema, settingsSchema),
  'settings.testConnection': method(
    'Try the model settings as typed in the form (unsaved; a key left empty is the stored one for that provider) with one tiny request; say whether it answered, and when a command-line flag overrides these settings.',
    connectionTestSchema,
    z.object({
      ok: z.boolean(),
      message: z.string(),
      code: z.string().optional(),
      ms: z.number(),
      /** Set when a flag (--llm-script …) makes another model answer the agent: these settings wait for it to go. */
      overriddenBy: z.object({ provider: z.string(), model: z.string(), why: z.string() }).optional(),
    }),
  ),
  'settings.engineInUse': method(
    "Which container engine run_container uses now, chosen as a run would choose it (the Settings' address, CONTAINER_HOST, DOCKER_HOST, a local socket that answers, else the docker/podman CLI), or why the configured one is refused. Nothing runs on the engine.",
    noInput,
    z.discriminatedUnion('via', [
      z.object({
        via: z.literal('api'),
        /** The endpoint without credentials (unix:///…, ssh://user@host, tcp://host:port). */
        address: z.string(),
        source: z.enum(engineSources),
        /** The project travels as a copy (a remote engine, or asked for). */
        copyProject: z.boolean(),
      }),
      z.object({ via: z.literal('cli') }),
      z.object({ via: z.literal('refused'), reason: z.string() }),
    ]),
  ),
  'settings.listModels': method(
    "List the models of the provider that answers now (the saved settings, or a command-line flag's): Anthropic's models list or an OpenAI-compatible server's /v1/models. A failure is an answer, not an error: the header keeps the typed model.",
    noInput,
    z.discriminatedUnion('ok', [
      z.object({ ok: z.literal(true), provider: z.enum(providers), models: z.array(z.string().max(200)).max(500) }),
      z.object({ ok: z.literal(false), provider: z.enum(providers), message: z.string(), code: z.string().optional() }),
    ]),
  ),
};

export const settingsEvents = {
  'settings.changed': event('The settings changed (in any window).', settingsSchema),
};
