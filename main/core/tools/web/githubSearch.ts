import { z } from 'zod';
import { current, type ToolDeps } from '../deps.js';
import { ToolFailure, clipLine, defineTool } from '../output.js';
import type { Tool } from '../types.js';
import { getJson } from './jsonGet.js';

const params = z
  .object({
    kind: z.enum(['code', 'issues', 'repositories']).describe('What to search: code, issues (and pull requests), or repositories.'),
    query: z
      .string()
      .trim()
      .min(1)
      .max(256)
      .describe('GitHub search syntax, e.g. "useEffect repo:facebook/react", "is:issue is:open label:bug", "language:rust stars:>1000".'),
    per_page: z.number().int().min(1).max(50).default(10).describe('How many results. Default 10.'),
  })
  .strict();
export type GithubSearchArgs = z.infer<typeof params>;

interface Repo {
  full_name: string;
  html_url: string;
  description?: string | null;
  stargazers_count?: number;
  language?: string | null;
}
interface Issue {
  number: number;
  title: string;
  html_url: string;
  state: string;
  pull_request?: unknown;
  repository_url?: string;
  comments?: number;
}
interface Code {
  path: string;
  html_url: string;
  repository: { full_name: string };
  text_matches?: { fragment?: string }[];
}

export function githubSearchTool(deps: Pick<ToolDeps, 'github' | 'fetch'>): Tool<GithubSearchArgs> {
  return defineTool<GithubSearchArgs>({
    name: 'github_search',
    description:
      'Search GitHub (REST search API) for code, issues/pull requests or repositories. Code search needs a GitHub token in settings.',
    category: 'web',
    environment: 'host',
    touches: { changesFiles: false, fileAccess: 'none', keyFromCommand: false },
    parameters: params,
    permission: () => ({ kind: 'none' }),
    async execute(args, ctx) {
      const github = current(deps.github);
      const base = (github?.baseUrl ?? 'https://api.github.com').replace(/\/+$/, '');
      const token = github?.token;
      if (args.kind === 'code' && !token) {
        throw new ToolFailure(
          'GitHub code search needs a token: add a GitHub token in Settings → GitHub (issues and repositories work without one)',
        );
      }
      const u = new URL(`${base}/search/${args.kind}`);
      u.searchParams.set('q', args.query);
      u.searchParams.set('per_page', String(args.per_page));
      const headers: Record<string, string> = {
        accept: args.kind === 'code' ? 'application/vnd.github.text-match+json' : 'application/vnd.github+json',
        'x-github-api-version': '2022-11-28',
        'user-agent': 'CodeCoder',
      };
      if (token) headers.authorization = `Bearer ${token}`;
      const body = (await getJson(deps.fetch ?? fetch, u.href, headers, ctx.signal)) as { total_count?: number; items?: unknown[] };
      if (!Array.isArray(body.items)) throw new ToolFailure('GitHub returned no items list');
      const lines = body.items.map((item, i) => `${i + 1}. ${formatItem(args.kind, item)}`);
      const total = body.total_count ?? lines.length;
      const head = `${total} result${total === 1 ? '' : 's'}${total > lines.length ? ` (showing ${lines.length})` : ''}`;
      return { content: lines.length ? `${head}\n${lines.join('\n')}` : `no ${args.kind} found for "${args.query}"`, data: body };
    },
  });
}

function formatItem(kind: GithubSearchArgs['kind'], item: unknown): string {
  if (kind === 'repositories') {
    const r = item as Repo;
    return `${r.full_name} ★${r.stargazers_count ?? 0}${r.language ? ` [${r.language}]` : ''} — ${r.description ?? ''}\n   ${r.html_url}`;
  }
  if (kind === 'issues') {
    const it = item as Issue;
    const repo = it.repository_url?.split('/repos/')[1] ?? '';
    return `${repo}#${it.number} [${it.pull_request ? 'PR' : 'issue'}, ${it.state}] ${it.title}\n   ${it.html_url}`;
  }
  const c = item as Code;
  const frags = (c.text_matches ?? []).slice(0, 2).map((m) => `   | ${clipLine((m.fragment ?? '').replace(/\s+/g, ' ').trim(), 200)}`);
  return [`${c.repository.full_name}: ${c.path}`, `   ${c.html_url}`, ...frags].join('\n');
}
