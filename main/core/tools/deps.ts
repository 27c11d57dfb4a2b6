import type { ContainerEngineSetting, ExecuteSettings } from './execute/deps.js';
import type { ToolContext } from './types.js';

/** How web_search talks to its provider. See docs/tools.md for each wire format. */
export interface WebSearchSettings {
  /** e.g. https://api.search.brave.com/res/v1/web/search, https://api.tavily.com/search, http://localhost:8888/search */
  endpoint: string;
  /** `brave`: X-Subscription-Token; `tavily`: POST JSON, bearer key; `searxng`: adds format=json; `json`: the simple contract. */
  provider?: 'brave' | 'tavily' | 'searxng' | 'json';
  apiKey?: string;
}

/** A setting given as a value or as a getter. */
export function current<T>(v: T | (() => T | undefined) | undefined): T | undefined {
  return typeof v === 'function' ? (v as () => T | undefined)() : v;
}

export interface GithubSettings {
  /** https://api.github.com, or a GitHub Enterprise API root. */
  baseUrl?: string;
  token?: string;
}

export interface SubAgentRequest {
  prompt: string;
  parentCtx: ToolContext;
}

/**
 * What the tools need from the app, passed in so tests can replace each piece (narrow
 * dependencies, no container). Everything optional has a safe default or a clear "not configured".
 */
export interface ToolDeps {
  projectRoot: string;
  /** The app data folder (conversations, command logs). Never inside the project. */
  dataDir: string;
  /** A value, or a getter read at each call (the app's Settings: a change applies without reopening). */
  webSearch?: WebSearchSettings | (() => WebSearchSettings | undefined);
  github?: GithubSettings | (() => GithubSettings | undefined);
  /** Used by web_search and github_search (web_fetch uses node:http to pin checked addresses). */
  fetch?: typeof fetch;
  /** web_fetch limits; defaults in web/fetchLimits.ts. */
  webFetch?: { timeoutMs?: number; maxBytes?: number; maxRedirects?: number };
  /** The agent loop, injected by the agent issue. Without it `agent` reports it is unavailable. */
  runSubAgent?: (req: SubAgentRequest) => Promise<string>;
  /** run_command, run_sandboxed, run_container settings (owned by the execute tools). */
  execute?: ExecuteSettings;
  /** API keys and tokens the app holds: removed from a child process's environment. */
  secretsToScrub(): string[];
  /** Files the app reads a secret from (`codecoder run --api-key-file`): hidden from the sandbox and the container. */
  hiddenFiles?(): string[];
  /** run_container's engine from Settings, read at each call (execute/deps.ts). */
  containerEngine?(): ContainerEngineSetting;
  /** Whether a conversation's commands run in a container (execute/deps.ts). */
  commandsInContainer?(conversationId: string): boolean;
}
