import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createPlainNodeCore } from '../core/app/index.js';
import { startWebHost, type WebHost } from './server.js';
import { useTempDir } from '../core/fs/tempDir.testkit.js';

const tempDirs = useTempDir();

let host: WebHost;
let project: string;

beforeAll(async () => {
  const dataDir = await tempDirs('cc-data-');
  const rendererDir = await tempDirs('cc-renderer-');
  project = await tempDirs('cc-project-');
  await writeFile(path.join(rendererDir, 'index.html'), '<!doctype html><title>t</title>');
  await mkdir(path.join(rendererDir, 'assets'));
  await writeFile(path.join(rendererDir, 'assets/app.js'), 'console.log(1)');
  host = await startWebHost({ core: createPlainNodeCore({ dataDir, env: {} }), rendererDir, projectPath: project, log: () => {} });
});
afterAll(() => host.close());

const origin = () => `http://127.0.0.1:${host.port}`;

/** Resolves with the open socket, or rejects with the HTTP status of the refused upgrade. */
function connect(opts: { token?: string | null; origin?: string | null } = {}): Promise<WebSocket> {
  const token = opts.token === undefined ? host.token : opts.token;
  const url = `ws://127.0.0.1:${host.port}/ws${token === null ? '' : `?token=${encodeURIComponent(token)}`}`;
  const headers: Record<string, string> = {};
  const o = opts.origin === undefined ? origin() : opts.origin;
  if (o !== null) headers.origin = o;
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers });
    ws.once('open', () => resolve(ws));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

function request(ws: WebSocket, payload: unknown): Promise<any> {
  return new Promise((resolve) => {
    const onMessage = (data: WebSocket.RawData) => {
      const msg = JSON.parse(data.toString());
      if (msg.type === 'event') return;
      ws.off('message', onMessage);
      resolve(msg);
    };
    ws.on('message', onMessage);
    ws.send(typeof payload === 'string' ? payload : JSON.stringify(payload));
  });
}

describe('web host', () => {
  it('prints a loopback URL carrying the token', () => {
    expect(host.url).toBe(`http://127.0.0.1:${host.port}/?token=${host.token}`);
    expect(host.token.length).toBeGreaterThanOrEqual(32);
  });

  it('refuses a missing token, a wrong token, a wrong Origin and no Origin', async () => {
    await expect(connect({ token: null })).rejects.toThrow('HTTP 401');
    await expect(connect({ token: 'wrong' })).rejects.toThrow('HTTP 401');
    await expect(connect({ token: host.token + 'x' })).rejects.toThrow('HTTP 401');
    await expect(connect({ origin: 'http://evil.example' })).rejects.toThrow('HTTP 403');
    await expect(connect({ origin: `http://127.0.0.1:${host.port + 1}` })).rejects.toThrow('HTTP 403');
    await expect(connect({ origin: null })).rejects.toThrow('HTTP 403');
  });

  it('serves the contract, answers a malformed payload with a validation envelope and keeps serving', async () => {
    const ws = await connect();
    const info = await request(ws, { type: 'request', id: 1, method: 'app.info', input: {} });
    expect(info.result.ok).toBe(true);
    expect(info.result.value.host).toBe('web');
    expect(info.result.value.project.name).toBe(path.basename(project));
    const bad = await request(ws, { type: 'request', id: 2, method: 'settings.update', input: { theme: 42 } });
    expect(bad).toMatchObject({ id: 2, result: { ok: false, error: { code: 'invalid_input' } } });
    expect(await request(ws, '{not json')).toMatchObject({ type: 'protocol_error' });
    expect(await request(ws, { type: 'request', id: 3, method: 'no.such', input: {} })).toMatchObject({
      result: { error: { code: 'unknown_method' } },
    });
    const again = await request(ws, { type: 'request', id: 4, method: 'settings.get', input: {} });
    expect(again).toMatchObject({ id: 4, result: { ok: true } });
    ws.close();
  });

  it('serves static files with a CSP, and never outside the renderer folder or to a foreign Host', async () => {
    const page = await fetch(`${origin()}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect((await fetch(`${origin()}/assets/app.js`)).status).toBe(200);
    expect((await fetch(`${origin()}/%2e%2e/%2e%2e/etc/passwd`)).status).toBe(404);
    expect((await fetch(`${origin()}/..%2f..%2fetc%2fpasswd`)).status).toBe(404);
    const http = await import('node:http');
    const status = await new Promise<number>((resolve) => {
      http.get({ host: '127.0.0.1', port: host.port, path: '/', headers: { host: 'evil.example' } }, (res) => resolve(res.statusCode ?? 0));
    });
    expect(status).toBe(421);
  });

  it('refuses to bind a non-loopback address', async () => {
    await expect(
      startWebHost({ core: createPlainNodeCore({ dataDir: project, env: {} }), rendererDir: project, host: '0.0.0.0' }),
    ).rejects.toThrow(/loopback/);
    await expect(
      startWebHost({ core: createPlainNodeCore({ dataDir: project, env: {} }), rendererDir: project, host: '192.168.1.10' }),
    ).rejects.toThrow(/loopback/);
  });
});
