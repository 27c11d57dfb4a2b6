import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, toolCtx } from '../tools.testkit.js';
import { classifyAddress } from '../../permissions/index.js';
import { classifyHost, type Lookup } from './classify.js';
import { webFetchTool } from './webFetch.js';

describe('address classification', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.8.9.10', 'loopback'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:10.1.2.3', 'private'],
    ['10.0.0.1', 'private'],
    ['172.16.5.4', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'private'],
    ['fd12:3456::1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['fe80::1', 'link-local'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['224.0.0.1', 'reserved'],
    ['8.8.8.8', 'public'],
    ['172.32.0.1', 'public'],
    ['2606:4700:4700::1111', 'public'],
  ])('%s is %s', (ip, cls) => {
    expect(classifyAddress(ip)).toBe(cls);
  });

  it('classifies names by every address they resolve to; localhost without DNS', async () => {
    const lookup: Lookup = async (h) =>
      h === 'mixed.test'
        ? [
            { address: '93.184.216.34', family: 4 },
            { address: '10.0.0.7', family: 4 },
          ]
        : [{ address: '93.184.216.34', family: 4 }];
    expect(await classifyHost('mixed.test', lookup)).toMatchObject({
      local: true,
      reason: 'mixed.test resolves to 10.0.0.7, a private address',
    });
    expect(await classifyHost('example.test', lookup)).toMatchObject({ local: false });
    const never: Lookup = async () => {
      throw new Error('no DNS for localhost');
    };
    expect(await classifyHost('api.localhost', never)).toMatchObject({ local: true });
  });
});

describe('web_fetch against a loopback server', () => {
  let server: Server;
  let other: Server;
  let base: string;
  let otherBase: string;
  const open: { end(): void }[] = [];
  const para = 'Readable article text for the test, long enough for Readability to take it as content. '.repeat(6);

  // 50 MB of 'a' compresses to ~50 KB; computed once, outside the request (the server shares this thread).
  const bomb = gzipSync(Buffer.alloc(50 * 1024 * 1024, 0x61));

  beforeAll(async () => {
    server = createServer((req, res) => {
      const url = new URL(req.url!, 'http://x');
      if (url.pathname === '/article') {
        res.setHeader('content-type', 'text/html; charset=utf-8');
        res.end(
          `<html><head><title>Doc</title><script>var tracking=1</script></head><body><nav>Home | About</nav><article><h1>Guide</h1><p>${para}</p><ul><li>first</li><li>second</li></ul></article></body></html>`,
        );
      } else if (url.pathname.startsWith('/loop/')) {
        res.statusCode = 302;
        res.setHeader('location', `/loop/${Number(url.pathname.slice(6)) + 1}`);
        res.end();
      } else if (url.pathname === '/hop') {
        res.statusCode = 301;
        res.setHeader('location', '/article');
        res.end();
      } else if (url.pathname === '/to-other') {
        res.statusCode = 302;
        res.setHeader('location', `${otherBase}/secret`);
        res.end();
      } else if (url.pathname === '/to-evil') {
        res.statusCode = 302;
        res.setHeader('location', 'http://evil.test/x');
        res.end();
      } else if (url.pathname === '/big') {
        res.setHeader('content-type', 'text/plain');
        const chunk = 'y'.repeat(64 * 1024);
        let sent = 0;
        const pump = () => {
          while (sent < 8 * 1024 * 1024) {
            sent += chunk.length;
            if (!res.write(chunk)) return void res.once('drain', pump);
          }
          res.end();
        };
        res.on('close', () => (sent = Infinity));
        pump();
      } else if (url.pathname === '/bomb') {
        res.setHeader('content-type', 'text/plain');
        res.setHeader('content-encoding', 'gzip');
        res.end(bomb);
      } else if (url.pathname === '/json') {
        res.setHeader('content-type', 'application/json');
        res.end('{"ok":true}');
      } else if (url.pathname === '/png') {
        res.setHeader('content-type', 'image/png');
        res.end(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0]));
      } else if (url.pathname === '/hang') {
        open.push(res); // never answers
      } else {
        res.statusCode = 404;
        res.end('not here');
      }
    });
    other = createServer((_req, res) => res.end('other service secret'));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    await new Promise<void>((r) => other.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    otherBase = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const r of open) r.end();
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
    await new Promise((r) => other.close(r));
  });

  const lookup: Lookup = async (h) => {
    if (h === 'evil.test') return [{ address: '127.0.0.1', family: 4 }];
    throw new Error(`unexpected lookup ${h}`);
  };
  const tool = webFetchTool({ webFetch: { timeoutMs: 300, maxBytes: 256 * 1024, maxRedirects: 5 } }, lookup);

  /** The agent loop's order: permission (which asks for loopback; the test approves), then execute. */
  async function approvedFetch(args: Record<string, unknown>, signal?: AbortSignal) {
    const parsed = tool.parameters.parse(args);
    const perm = await tool.permission(parsed, { projectRoot: '/' });
    expect(perm.kind).toBe('ask');
    return call(tool, args, toolCtx('/', signal ? { signal } : {}));
  }

  it('asks for a loopback target, keyed by host and port, saying why', async () => {
    const perm = await tool.permission(tool.parameters.parse({ url: `${base}/article` }), { projectRoot: '/' });
    const host = new URL(base).host;
    expect(perm).toEqual({
      kind: 'ask',
      key: { tool: 'web_fetch', action: host, raw: `web_fetch:${host}` },
      flags: { notes: ['127.0.0.1 is a loopback address: a service on this machine or its network'] },
    });
  });

  it('turns HTML into readable text once approved', async () => {
    const r = await approvedFetch({ url: `${base}/article` });
    expect(r.isError).toBeUndefined();
    expect(r.content).toContain('Title: Doc');
    expect(r.content).toContain('Guide');
    expect(r.content).toContain('Readable article text for the test');
    expect(r.content).toContain('- first\n- second');
    expect(r.content).not.toContain('tracking');
    expect(r.content).not.toContain('<p>');
  });

  it('refuses a loopback target that permission() never approved', async () => {
    const fresh = webFetchTool({}, lookup);
    const r = await call(fresh, { url: `${base}/article` }, toolCtx('/'));
    expect(r).toMatchObject({ isError: true });
    expect(r.content).toMatch(/^web_fetch: 127\.0\.0\.1 is a loopback address; local targets need approval/);
  });

  it('follows a redirect on the approved host, and stops at the redirect cap', async () => {
    expect((await approvedFetch({ url: `${base}/hop` })).content).toContain(`URL: ${base}/article`);
    const r = await approvedFetch({ url: `${base}/loop/0` });
    expect(r.content).toMatch(/^web_fetch: too many redirects \(more than 5\): .*\/loop\/0 → .*\/loop\/5$/);
  });

  it('checks every hop: a redirect to another local service or to a name resolving to loopback is refused', async () => {
    const a = await approvedFetch({ url: `${base}/to-other` });
    expect(a.content).toMatch(/^web_fetch: redirect to http:\/\/127\.0\.0\.1:\d+\/secret refused: 127\.0\.0\.1 is a loopback address/);
    expect(a.content).not.toContain('other service secret');
    const b = await approvedFetch({ url: `${base}/to-evil` });
    expect(b.content).toMatch(/^web_fetch: redirect to http:\/\/evil\.test\/x refused: evil\.test resolves to 127\.0\.0\.1/);
  });

  it('cuts a large body at the size cap, and a gzip bomb too', async () => {
    const r = await approvedFetch({ url: `${base}/big`, max_chars: 200_000 });
    expect(r.content).toContain('[response cut at the 256 KB cap');
    expect(r.data).toMatchObject({ truncated: true, bytes: 256 * 1024 });
    const bomb = await approvedFetch({ url: `${base}/bomb` });
    expect(bomb.data).toMatchObject({ truncated: true, bytes: 256 * 1024 });
  });

  it('gives up at the time cap', async () => {
    const r = await approvedFetch({ url: `${base}/hang` });
    expect(r.content).toBe(`web_fetch: timed out after 0.3 s fetching ${base}/hang`);
  });

  it('is cancelled by the signal', async () => {
    const slow = webFetchTool({ webFetch: { timeoutMs: 60_000 } }, lookup);
    const ac = new AbortController();
    const parsed = slow.parameters.parse({ url: `${base}/hang` });
    await slow.permission(parsed, { projectRoot: '/' });
    const pending = slow.execute(parsed, toolCtx('/', { signal: ac.signal }));
    setTimeout(() => ac.abort(), 30);
    expect(await pending).toEqual({ isError: true, content: 'web_fetch: cancelled' });
  });

  it('returns JSON as is, refuses binary, marks HTTP errors', async () => {
    expect((await approvedFetch({ url: `${base}/json` })).content).toContain('{"ok":true}');
    expect((await approvedFetch({ url: `${base}/png` })).content).toMatch(
      /returned image\/png \(PNG image, 7 B\); web_fetch returns text only/,
    );
    const nf = await approvedFetch({ url: `${base}/missing` });
    expect(nf).toMatchObject({ isError: true });
    expect(nf.content).toContain('[HTTP 404]');
  });

  it('rejects non-http URLs naming the field', () => {
    for (const url of ['ftp://example.com/x', 'file:///etc/passwd', 'not a url']) {
      const r = tool.parameters.safeParse({ url });
      expect(r.success, url).toBe(false);
      expect(r.error!.issues[0]!.path).toEqual(['url']);
    }
  });

  it('is Permission None for a public host', async () => {
    const pub = webFetchTool({}, async () => [{ address: '93.184.216.34', family: 4 }]);
    expect(await pub.permission(pub.parameters.parse({ url: 'https://docs.example.org/x' }), { projectRoot: '/' })).toEqual({
      kind: 'none',
    });
  });
});
