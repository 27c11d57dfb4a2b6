import { z } from 'zod';
import { current, type ToolDeps, type WebSearchSettings } from '../deps.js';
import { ToolFailure, defineTool } from '../output.js';
import type { Tool } from '../types.js';
import { getJson } from './jsonGet.js';

const params = z
  .object({
    query: z.string().trim().min(1).max(400).describe('What to search the web for.'),
    count: z.number().int().min(1).max(20).default(8).describe('How many results. Default 8.'),
  })
  .strict();
export type WebSearchArgs = z.infer<typeof params>;

export interface SearchResult {
  title: string;
  url: string;
  snippet: string;
}

/** The request for each provider. See docs/tools.md ("web_search providers"). */
export function searchRequest(
  s: WebSearchSettings,
  query: string,
  count: number,
): { url: string; headers: Record<string, string>; body?: string } {
  const headers: Record<string, string> = { accept: 'application/json' };
  const provider = s.provider ?? 'json';
  if (provider === 'tavily') {
    // Tavily: POST a JSON body; the key as a bearer token (its current scheme).
    headers['content-type'] = 'application/json';
    if (s.apiKey) headers.authorization = `Bearer ${s.apiKey}`;
    return { url: new URL(s.endpoint).href, headers, body: JSON.stringify({ query, max_results: count }) };
  }
  const u = new URL(s.endpoint);
  u.searchParams.set('q', query);
  if (provider === 'searxng') u.searchParams.set('format', 'json');
  else u.searchParams.set('count', String(count));
  if (s.apiKey) {
    if (provider === 'brave') headers['x-subscription-token'] = s.apiKey;
    else headers.authorization = `Bearer ${s.apiKey}`;
  }
  return { url: u.href, headers };
}

/** Reads the shapes: Brave `{web:{results}}`, SearXNG and Tavily `{results:[{content}]}`, ours `{results:[{snippet}]}`. */
export function parseResults(body: unknown): SearchResult[] {
  const b = body as { web?: { results?: unknown }; results?: unknown };
  const list = Array.isArray(b?.web?.results) ? b.web!.results : Array.isArray(b?.results) ? b.results : undefined;
  if (!list) throw new ToolFailure('the search provider returned no results list (expected {results: [...]} or {web: {results: [...]}})');
  return (list as Record<string, unknown>[])
    .filter((r) => r && typeof r.url === 'string')
    .map((r) => ({
      title: String(r.title ?? r.url),
      url: String(r.url),
      snippet: String(r.snippet ?? r.description ?? r.content ?? '')
        .replace(/<[^>]+>/g, '')
        .trim(),
    }));
}

export function webSearchTool(deps: Pick<ToolDeps, 'webSearch' | 'fetch'>): Tool<WebSearchArgs> {
  return defineTool<WebSearchArgs>({
    name: 'web_search',
    description:
      'Search the web through the search provider configured in settings. Returns titles, URLs and snippets; use web_fetch to read a result.',
    category: 'web',
    environment: 'host',
    touches: { changesFiles: false, fileAccess: 'none', keyFromCommand: false },
    parameters: params,
    // The endpoint is the user's own setting (it may well be a local SearXNG): no prompt.
    permission: () => ({ kind: 'none' }),
    async execute(args, ctx) {
      const s = current(deps.webSearch);
      if (!s?.endpoint) {
        throw new ToolFailure(
          'web search is not configured: choose a search provider (Brave Search, Tavily, SearXNG) and its endpoint in Settings → Web search',
        );
      }
      const req = searchRequest(s, args.query, args.count);
      const results = parseResults(await getJson(deps.fetch ?? fetch, req.url, req.headers, ctx.signal, undefined, req.body)).slice(
        0,
        args.count,
      );
      if (results.length === 0) return { content: `no results for "${args.query}"`, data: { results } };
      const text = results.map((r, i) => `${i + 1}. ${r.title}\n   ${r.url}${r.snippet ? `\n   ${r.snippet}` : ''}`).join('\n');
      return { content: text, data: { results } };
    },
  });
}
