import { z } from 'zod';
import type { Permission } from '../../permissions/index.js';
import type { ToolDeps } from '../deps.js';
import { ToolFailure, defineTool, formatBytes, headTail } from '../output.js';
import { sniffBinary } from '../kit/decode.js';
import type { Tool } from '../types.js';
import { classifyHost, systemLookup, type Lookup } from './classify.js';
import { htmlToText } from './html.js';
import { pinnedGet, readCapped } from './pinnedRequest.js';

export const WEB_FETCH_DEFAULTS = { timeoutMs: 20_000, maxBytes: 5 * 1024 * 1024, maxRedirects: 5 };
const USER_AGENT = 'CodeCoder/0.1 (+web_fetch; a coding agent reading documentation)';

const params = z
  .object({
    url: z
      .string()
      .url()
      .refine((u) => URL.canParse(u) && /^https?:$/i.test(new URL(u).protocol), { message: 'only http and https URLs can be fetched' })
      .describe('The http(s) URL to fetch.'),
    max_chars: z.number().int().min(1000).max(200_000).default(50_000).describe('Cap on the text returned. Default 50000.'),
    raw: z.boolean().default(false).describe('Return HTML as is instead of the readable text.'),
  })
  .strict();
export type WebFetchArgs = z.infer<typeof params>;

/** A URL's host with its port when not the default: `web_fetch:127.0.0.1:8080` is one local service. */
function hostKey(u: URL): string {
  return u.host.toLowerCase();
}

/**
 * web_fetch is Permission None for public hosts. A host on loopback, a private range or link-local
 * asks (`web_fetch:<host>`): an agent must not reach the user's local services unasked. Each
 * redirect hop is checked again, and the connection is pinned to the addresses that were checked.
 *
 * execute() only runs after permission() allowed these arguments; permission() records which URLs
 * it last classified as local (and so asked about), so execute() lets exactly that host through and
 * refuses any other local target (a redirect, or DNS that changed its answer after the check).
 */
export function webFetchTool(deps: Pick<ToolDeps, 'webFetch'>, lookup: Lookup = systemLookup): Tool<WebFetchArgs> {
  const limits = { ...WEB_FETCH_DEFAULTS, ...deps.webFetch };
  const askedLocal = new Set<string>();

  async function permission(args: WebFetchArgs): Promise<Permission> {
    const u = new URL(args.url);
    const verdict = await classifyHost(u.hostname, lookup).catch(() => undefined);
    // A name that does not resolve now is fetched (and checked) at execute, where it fails closed.
    if (!verdict?.local) {
      // A stale record (an earlier ask the user denied) must not let a rebinding name through later.
      askedLocal.delete(u.href);
      return { kind: 'none' };
    }
    askedLocal.add(u.href);
    const host = hostKey(u);
    return {
      kind: 'ask',
      key: { tool: 'web_fetch', action: host, raw: `web_fetch:${host}` },
      flags: { notes: [`${verdict.reason}: a service on this machine or its network`] },
    };
  }

  return defineTool<WebFetchArgs>({
    name: 'web_fetch',
    description:
      'Fetch a web page and return its readable text (article extracted, markup removed), or JSON/plain text as is. ' +
      `Follows up to ${limits.maxRedirects} redirects; stops at ${formatBytes(limits.maxBytes)} and ${limits.timeoutMs / 1000} s. ` +
      "Binary content is refused. Addresses on this machine or the local network need the user's approval.",
    category: 'web',
    environment: 'host',
    touches: { changesFiles: false, fileAccess: 'none', keyFromCommand: false },
    keyTemplate: 'web_fetch:<host>',
    parameters: params,
    permission,
    async execute(args, ctx) {
      const first = new URL(args.url);
      // The latest permission() for this URL decided: local (and so it asked) or not.
      const approvedHost = askedLocal.has(first.href) ? hostKey(first) : undefined;

      const timeout = AbortSignal.timeout(limits.timeoutMs);
      const signal = AbortSignal.any([ctx.signal, timeout]);
      let url = first;
      const hops: string[] = [];
      try {
        for (let hop = 0; ; hop++) {
          if (!/^https?:$/.test(url.protocol)) throw new ToolFailure(`redirect to ${url.protocol} URL refused: ${url.href}`);
          const verdict = await classifyHost(url.hostname, lookup).catch((err: Error) => {
            throw new ToolFailure(`cannot resolve ${url.hostname}: ${err.message}`);
          });
          if (verdict.local && hostKey(url) !== approvedHost) {
            throw new ToolFailure(
              hop === 0
                ? `${verdict.reason}; local targets need approval (the address changed after the check?)`
                : `redirect to ${url.href} refused: ${verdict.reason}. Fetch that URL directly if it is needed (it will ask).`,
            );
          }
          const res = await pinnedGet(
            url,
            verdict.addresses,
            {
              'user-agent': USER_AGENT,
              accept: 'text/html,application/xhtml+xml,text/plain,application/json;q=0.9,*/*;q=0.5',
              'accept-encoding': 'gzip, deflate, br',
            },
            signal,
          );
          const location = res.headers.location;
          if (res.status >= 300 && res.status < 400 && location) {
            res.abort();
            if (hop >= limits.maxRedirects)
              throw new ToolFailure(`too many redirects (more than ${limits.maxRedirects}): ${[first.href, ...hops].join(' → ')}`);
            url = new URL(location, url);
            hops.push(url.href);
            continue;
          }
          return await render(res, url, args, limits.maxBytes);
        }
      } catch (err) {
        if (timeout.aborted && !ctx.signal.aborted)
          throw new ToolFailure(`timed out after ${limits.timeoutMs / 1000} s fetching ${url.href}`);
        if (err instanceof ToolFailure || ctx.signal.aborted) throw err;
        throw new ToolFailure(`fetching ${url.href} failed: ${(err as Error).message}`);
      }
    },
  });
}

async function render(res: Awaited<ReturnType<typeof pinnedGet>>, url: URL, args: WebFetchArgs, maxBytes: number) {
  const type = String(res.headers['content-type'] ?? '').toLowerCase();
  const { bytes, truncated } = await readCapped(res, maxBytes);
  const mime = type.split(';')[0]!.trim();
  const textual = mime === '' || mime.startsWith('text/') || /json|xml|javascript|ecmascript|yaml|toml|csv/.test(mime);
  const binary = sniffBinary(bytes.subarray(0, 8192));
  if (!textual || binary) {
    throw new ToolFailure(
      `${url.href} returned ${mime || 'unknown content'} (${binary ?? 'not text'}, ${formatBytes(bytes.length)}); web_fetch returns text only`,
    );
  }
  const charset = /charset=["']?([\w-]+)/.exec(type)?.[1] ?? 'utf-8';
  let body: string;
  try {
    body = new TextDecoder(charset).decode(bytes);
  } catch {
    body = new TextDecoder('utf-8').decode(bytes);
  }
  const notes: string[] = [];
  if (res.status >= 400) notes.push(`HTTP ${res.status}`);
  if (truncated) notes.push(`response cut at the ${formatBytes(maxBytes)} cap`);
  let title = '';
  let text = body;
  if (!args.raw && (mime === 'text/html' || mime === 'application/xhtml+xml' || (mime === '' && /<html[\s>]/i.test(body)))) {
    const h = htmlToText(body);
    title = h.title;
    text = h.text;
    if (!h.readable) notes.push('no article found: whole page text');
  }
  const capped = headTail(text, args.max_chars);
  if (capped.omittedChars > 0) notes.push(`${capped.omittedChars} characters omitted (max_chars ${args.max_chars})`);
  const header = [`URL: ${url.href}`, title ? `Title: ${title}` : '', notes.length ? `[${notes.join('; ')}]` : '']
    .filter(Boolean)
    .join('\n');
  return {
    content: `${header}\n\n${capped.text}`,
    ...(res.status >= 400 ? { isError: true } : {}),
    data: { url: url.href, status: res.status, contentType: mime, title, truncated, bytes: bytes.length },
  };
}
