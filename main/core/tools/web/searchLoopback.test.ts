/**
 * web_search and github_search end to end against loopback fakes of the real APIs (Brave Search,
 * Tavily, a SearXNG instance, the GitHub REST search API), configured through the Settings service the
 * way the app wires them (getters read at each call, keys from the key store).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { rm } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { SettingsService } from '../../settings/index.js';
import { confStore, fileSecretStore } from '../../stores/index.js';
import { call, toolCtx } from '../tools.testkit.js';
import { githubSearchTool } from './githubSearch.js';
import { webSearchTool } from './webSearch.js';
import { useTempDir } from '../../fs/tempDir.testkit.js';

const tempDirs = useTempDir();

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of closers.splice(0)) await c();
});

/** One loopback server answering like the four APIs; records what each request carried. */
async function fakeApis() {
  const seen: { path: string; method: string; query: URLSearchParams; headers: http.IncomingHttpHeaders; body: string }[] = [];
  const handle = async (req: http.IncomingMessage, res: http.ServerResponse): Promise<void> => {
    const u = new URL(req.url ?? '/', 'http://x');
    let body = '';
    for await (const chunk of req) body += String(chunk);
    seen.push({ path: u.pathname, method: req.method ?? '', query: u.searchParams, headers: req.headers, body });
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (u.pathname === '/tavily/search') {
      // Tavily: POST JSON, the key as a bearer token; its 401 shape is {detail: {error}}.
      if (req.method !== 'POST') return json(405, { detail: 'Method Not Allowed' });
      if (req.headers.authorization !== 'Bearer tvly-key-12345678')
        return json(401, { detail: { error: 'Unauthorized: missing or invalid API key.' } });
      const q = JSON.parse(body) as { query: string; max_results: number };
      return json(200, {
        query: q.query,
        answer: null,
        images: [],
        results: Array.from({ length: q.max_results + 2 }, (_, i) => ({
          title: `Tavily hit ${i + 1}`,
          url: `https://tavily.example/${i + 1}`,
          content: `about ${q.query}`,
          score: 0.9 - i / 10,
          raw_content: null,
        })),
        response_time: 0.5,
      });
    }
    if (u.pathname === '/res/v1/web/search') {
      // Brave: the key in X-Subscription-Token, else 401 with its error shape.
      if (req.headers['x-subscription-token'] !== 'brave-key-12345678')
        return json(401, { type: 'ErrorResponse', error: { code: 'SUBSCRIPTION_TOKEN_INVALID', status: 401, detail: 'bad token' } });
      return json(200, {
        type: 'search',
        query: { original: u.searchParams.get('q') },
        web: {
          type: 'search',
          results: [{ title: 'Brave hit', url: 'https://brave.example/a', description: 'found <strong>it</strong>' }],
        },
      });
    }
    if (u.pathname === '/search') {
      if (u.searchParams.get('format') !== 'json') return json(403, { error: 'format not allowed' });
      return json(200, {
        query: u.searchParams.get('q'),
        number_of_results: 1,
        results: [{ title: 'SearX hit', url: 'https://searx.example/b', content: 'from searx', engine: 'duckduckgo' }],
      });
    }
    if (u.pathname === '/search/code') {
      if (req.headers.authorization !== 'Bearer ghp_token_abcdefgh') return json(401, { message: 'Requires authentication' });
      return json(200, {
        total_count: 1,
        incomplete_results: false,
        items: [
          { name: 'a.ts', path: 'src/a.ts', repository: { full_name: 'o/r' }, html_url: 'https://github.com/o/r/blob/main/src/a.ts' },
        ],
      });
    }
    json(404, { message: 'Not Found' });
  };
  // Answers never reject (each branch ends the response), so the request promise is left to run.
  const server = http.createServer((req, res) => void handle(req, res));
  server.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  closers.push(() => new Promise((r) => server.close(() => r())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

async function settings() {
  const dir = await tempDirs('cc-search-');
  closers.push(() => rm(dir, { recursive: true, force: true }));
  return new SettingsService({ store: confStore(dir, 'settings'), secrets: fileSecretStore(dir), env: {} });
}

describe('configured search against loopback fakes of the real APIs', () => {
  it('Brave Search: the key from Settings travels as X-Subscription-Token; a change applies at the next call', async () => {
    const api = await fakeApis();
    const svc = await settings();
    const tool = webSearchTool({ webSearch: () => svc.searchConfig().webSearch });
    expect((await call(tool, { query: 'x' }, toolCtx('/'))).content).toMatch(/not configured/);
    svc.update({ webSearch: { provider: 'brave', endpoint: `${api.url}/res/v1/web/search` }, webSearchKey: 'brave-key-12345678' });
    const r = await call(tool, { query: 'permission engine', count: 3 }, toolCtx('/'));
    expect(r.content).toBe('1. Brave hit\n   https://brave.example/a\n   found it');
    expect(api.seen.at(-1)!.query.get('q')).toBe('permission engine');
    expect(api.seen.at(-1)!.query.get('count')).toBe('3');
    svc.update({ webSearchKey: 'wrong-key-00000000' });
    expect((await call(tool, { query: 'x' }, toolCtx('/'))).isError).toBe(true);
  });

  it('Tavily: a POST of the query and count with the key as a bearer token; a bad key is an error the model reads', async () => {
    const api = await fakeApis();
    const svc = await settings();
    const tool = webSearchTool({ webSearch: () => svc.searchConfig().webSearch });
    svc.update({ webSearch: { provider: 'tavily', endpoint: `${api.url}/tavily/search` }, webSearchKey: 'tvly-key-12345678' });
    const r = await call(tool, { query: 'prompt caching', count: 2 }, toolCtx('/'));
    expect(r.content).toBe(
      '1. Tavily hit 1\n   https://tavily.example/1\n   about prompt caching\n2. Tavily hit 2\n   https://tavily.example/2\n   about prompt caching',
    );
    const sent = api.seen.at(-1)!;
    expect(sent.method).toBe('POST');
    expect(sent.headers['content-type']).toBe('application/json');
    expect(JSON.parse(sent.body)).toEqual({ query: 'prompt caching', max_results: 2 });
    // The key is never in the URL or the body.
    expect(sent.body).not.toContain('tvly-key');
    expect([...sent.query.keys()]).toEqual([]);
    svc.update({ webSearchKey: 'tvly-wrong-000000' });
    const bad = await call(tool, { query: 'x' }, toolCtx('/'));
    expect(bad.isError).toBe(true);
    expect(bad.content).toContain('HTTP 401');
  });

  it('SearXNG: format=json, no key needed', async () => {
    const api = await fakeApis();
    const svc = await settings();
    svc.update({ webSearch: { provider: 'searxng', endpoint: `${api.url}/search` } });
    const r = await call(webSearchTool({ webSearch: () => svc.searchConfig().webSearch }), { query: 'q' }, toolCtx('/'));
    expect(r.content).toBe('1. SearX hit\n   https://searx.example/b\n   from searx');
    expect(api.seen.at(-1)!.headers.authorization).toBeUndefined();
  });

  it('GitHub code search: the token from Settings is the bearer; without it the tool says where to add one', async () => {
    const api = await fakeApis();
    const svc = await settings();
    const tool = githubSearchTool({
      github: () => {
        const token = svc.searchConfig().githubToken;
        return { baseUrl: api.url, ...(token ? { token } : {}) };
      },
    });
    expect((await call(tool, { kind: 'code', query: 'x' }, toolCtx('/'))).content).toMatch(/Settings → GitHub/);
    svc.update({ githubToken: 'ghp_token_abcdefgh' });
    const r = await call(tool, { kind: 'code', query: 'useTranscript' }, toolCtx('/'));
    expect(r.isError).toBeFalsy();
    expect(r.content).toContain('o/r');
    expect(api.seen.at(-1)!.headers.authorization).toBe('Bearer ghp_token_abcdefgh');
  });
});
