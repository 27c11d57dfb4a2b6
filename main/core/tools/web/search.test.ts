import { describe, expect, it } from 'vitest';
import { call, toolCtx } from '../read/testkit.js';
import { githubSearchTool } from './githubSearch.js';
import { searchRequest, webSearchTool } from './webSearch.js';

/** A fetch that records the request and answers with `body` (status 200 unless given). */
function fakeFetch(body: unknown, status = 200) {
  const calls: { url: string; headers: Record<string, string> }[] = [];
  const impl = (async (url: string, init?: RequestInit) => {
    calls.push({ url, headers: init?.headers as Record<string, string> });
    return new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });
  }) as unknown as typeof fetch;
  return { impl, calls };
}

describe('web_search', () => {
  it('says clearly when no provider is configured', async () => {
    const r = await call(webSearchTool({}), { query: 'x' }, toolCtx('/'));
    expect(r).toEqual({
      isError: true,
      content:
        'web_search: web search is not configured: choose a search provider (Brave Search, Tavily, SearXNG) and its endpoint in Settings → Web search',
    });
  });

  it("builds each provider's request", () => {
    expect(searchRequest({ endpoint: 'https://s.example/api?x=1', provider: 'brave', apiKey: 'k' }, 'a b', 5)).toEqual({
      url: 'https://s.example/api?x=1&q=a+b&count=5',
      headers: { accept: 'application/json', 'x-subscription-token': 'k' },
    });
    expect(searchRequest({ endpoint: 'http://localhost:8888/search', provider: 'searxng' }, 'q', 5).url).toBe(
      'http://localhost:8888/search?q=q&format=json',
    );
    expect(searchRequest({ endpoint: 'https://s.example/', apiKey: 'k' }, 'q', 3).headers.authorization).toBe('Bearer k');
    expect(searchRequest({ endpoint: 'https://api.tavily.com/search', provider: 'tavily', apiKey: 'tvly-k' }, 'a b', 4)).toEqual({
      url: 'https://api.tavily.com/search',
      headers: { accept: 'application/json', 'content-type': 'application/json', authorization: 'Bearer tvly-k' },
      body: '{"query":"a b","max_results":4}',
    });
  });

  it.each([
    ['brave', { web: { results: [{ title: 'T', url: 'https://a.example', description: 'about <strong>a</strong>' }] } }],
    ['searxng', { results: [{ title: 'T', url: 'https://a.example', content: 'about a' }] }],
    ['tavily', { query: 'a', results: [{ title: 'T', url: 'https://a.example', content: 'about a', score: 0.8 }] }],
    ['json', { results: [{ title: 'T', url: 'https://a.example', snippet: 'about a' }] }],
  ] as const)('reads %s results', async (provider, body) => {
    const f = fakeFetch(body);
    const tool = webSearchTool({ webSearch: { endpoint: 'https://s.example/api', provider }, fetch: f.impl });
    const r = await call(tool, { query: 'a' }, toolCtx('/'));
    expect(r.content).toBe('1. T\n   https://a.example\n   about a');
  });

  it('reports provider errors and malformed answers', async () => {
    const denied = webSearchTool({ webSearch: { endpoint: 'https://s.example/api' }, fetch: fakeFetch({ message: 'bad key' }, 401).impl });
    expect((await call(denied, { query: 'a' }, toolCtx('/'))).content).toBe('web_search: HTTP 401 from https://s.example: bad key');
    const odd = webSearchTool({ webSearch: { endpoint: 'https://s.example/api' }, fetch: fakeFetch({ hits: [] }).impl });
    expect((await call(odd, { query: 'a' }, toolCtx('/'))).content).toMatch(/no results list/);
  });

  it('names the field of a bad query', () => {
    expect(webSearchTool({}).parameters.safeParse({ query: '  ' }).error!.issues[0]!.path).toEqual(['query']);
  });
});

describe('github_search', () => {
  it('searches repositories on the configured base URL with the token', async () => {
    const f = fakeFetch({
      total_count: 42,
      items: [{ full_name: 'o/r', html_url: 'https://github.com/o/r', description: 'A repo', stargazers_count: 7, language: 'TypeScript' }],
    });
    const tool = githubSearchTool({ github: { baseUrl: 'https://ghe.example/api/v3/', token: 't0k' }, fetch: f.impl });
    const r = await call(tool, { kind: 'repositories', query: 'language:ts', per_page: 1 }, toolCtx('/'));
    expect(r.content).toBe('42 results (showing 1)\n1. o/r ★7 [TypeScript] — A repo\n   https://github.com/o/r');
    expect(f.calls[0]!.url).toBe('https://ghe.example/api/v3/search/repositories?q=language%3Ats&per_page=1');
    expect(f.calls[0]!.headers.authorization).toBe('Bearer t0k');
  });

  it('formats issues and code with fragments', async () => {
    const issues = fakeFetch({
      total_count: 1,
      items: [
        {
          number: 5,
          title: 'Crash',
          html_url: 'https://github.com/o/r/issues/5',
          state: 'open',
          repository_url: 'https://api.github.com/repos/o/r',
        },
      ],
    });
    const i = await call(githubSearchTool({ fetch: issues.impl }), { kind: 'issues', query: 'crash' }, toolCtx('/'));
    expect(i.content).toBe('1 result\n1. o/r#5 [issue, open] Crash\n   https://github.com/o/r/issues/5');
    const code = fakeFetch({
      total_count: 1,
      items: [
        {
          path: 'src/x.ts',
          html_url: 'https://github.com/o/r/blob/x',
          repository: { full_name: 'o/r' },
          text_matches: [{ fragment: 'const  x =\n 1' }],
        },
      ],
    });
    const c = await call(githubSearchTool({ github: { token: 't' }, fetch: code.impl }), { kind: 'code', query: 'x' }, toolCtx('/'));
    expect(c.content).toBe('1 result\n1. o/r: src/x.ts\n   https://github.com/o/r/blob/x\n   | const x = 1');
  });

  it('needs a token for code search and reports rate limits', async () => {
    expect((await call(githubSearchTool({}), { kind: 'code', query: 'x' }, toolCtx('/'))).content).toMatch(/code search needs a token/);
    const limited = githubSearchTool({ fetch: fakeFetch({ message: 'API rate limit exceeded' }, 403).impl });
    expect((await call(limited, { kind: 'issues', query: 'x' }, toolCtx('/'))).content).toBe(
      'github_search: HTTP 403 from https://api.github.com: API rate limit exceeded',
    );
  });

  it('names a bad kind', () => {
    expect(githubSearchTool({}).parameters.safeParse({ kind: 'users', query: 'x' }).error!.issues[0]!.path).toEqual(['kind']);
  });
});
