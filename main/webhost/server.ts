/**
 * The web host: the same renderer and the same contract as the desktop app, served on loopback to
 * a browser. Every WebSocket must present the per-launch token and come from this host's origin.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Core, WindowSession } from '../core/app/index.js';
import { eventMessage, serveRouter } from '../core/router/index.js';
import type { ServerMessage } from '../../shared/contract/wire.js';
import { isLoopbackHost, loadStatic } from '../core/host/index.js';
import { allowedOrigins, contentSecurityPolicy, hostHeaderAllowed, newToken, tokenMatches } from './security.js';

export interface WebHostOptions {
  core: Core;
  rendererDir: string;
  host?: string;
  port?: number;
  /** Opened in every new connection, as the desktop app opens a window on a folder. */
  projectPath?: string;
  token?: string;
  log?: (line: string) => void;
}

export interface WebHost {
  url: string;
  port: number;
  token: string;
  close(): Promise<void>;
}

const MAX_MESSAGE_BYTES = 8 * 1024 * 1024;

export async function startWebHost(opts: WebHostOptions): Promise<WebHost> {
  const host = opts.host ?? '127.0.0.1';
  if (!isLoopbackHost(host))
    throw new Error(`Refusing to listen on ${host}: the web host binds loopback addresses only (127.0.0.1, ::1, localhost).`);
  const token = opts.token ?? newToken();
  const log = opts.log ?? ((l: string) => console.log(l));
  const rendererDir = path.resolve(opts.rendererDir);
  let port = 0;

  // node:http ignores a handler's promise: a failure is answered here, never left unhandled.
  const server: Server = createServer((req, res) => {
    serveStatic(req, res).catch((e: unknown) => {
      log(`[webhost] could not serve ${req.url ?? '/'}: ${e instanceof Error ? e.message : String(e)}`);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end();
    });
  });
  const serveStatic = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (!hostHeaderAllowed(req.headers.host, port)) {
      res.writeHead(421, { 'content-type': 'text/plain' }).end('Misdirected request');
      return;
    }
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405).end();
      return;
    }
    const file = await loadStatic(rendererDir, url.pathname);
    if (!file) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    res.writeHead(200, {
      'content-type': file.type,
      'content-security-policy': contentSecurityPolicy(port),
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cache-control': 'no-store',
    });
    res.end(req.method === 'HEAD' ? undefined : file.body);
  };

  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  server.on('upgrade', (req: IncomingMessage, socket, head) => {
    const refusal = checkUpgrade(req, port, token);
    if (refusal) {
      log(`[webhost] refused a connection: ${refusal.reason}`);
      socket.end(`HTTP/1.1 ${refusal.status} ${refusal.status === 401 ? 'Unauthorized' : 'Forbidden'}\r\nConnection: close\r\n\r\n`);
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => attach(ws));
  });

  const attach = (ws: WebSocket) => {
    const send = (m: ServerMessage) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(m));
    };
    const session: WindowSession = {
      id: `web-${randomUUID()}`,
      project: null,
      emit: (name, payload) => send(eventMessage(name, payload)),
    };
    opts.core.windows.add(session);
    const ctx = { caller: session.id, window: session };
    // Like a desktop window opened on a folder: the project is open before the first request runs.
    const ready = opts.projectPath
      ? opts.core.router.call('project.open', { path: opts.projectPath }, ctx).then((r) => {
          if (!r.ok) log(`[webhost] could not open ${opts.projectPath}: ${r.error.message}`);
        })
      : Promise.resolve();
    const listeners: ((raw: unknown) => void)[] = [];
    ws.on('message', (data, isBinary) => {
      let raw: unknown;
      try {
        raw = isBinary ? undefined : JSON.parse(data.toString());
      } catch {
        raw = undefined;
      }
      // Messages wait for the project to open; `ready` never rejects (the router answers with an envelope).
      void ready.then(() => {
        for (const l of listeners) l(raw);
      });
    });
    ws.on('close', () => void opts.core.closeWindow(session.id));
    serveRouter(opts.core.router, { send, onMessage: (l) => listeners.push(l) }, ctx);
  };

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  const url = `http://${shownHost}:${port}/?token=${token}`;
  return {
    url,
    port,
    token,
    close: async () => {
      for (const c of wss.clients) c.terminate();
      await new Promise<void>((r) => wss.close(() => r()));
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

function checkUpgrade(req: IncomingMessage, port: number, token: string): { status: number; reason: string } | null {
  const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
  if (url.pathname !== '/ws') return { status: 403, reason: `unknown path ${url.pathname}` };
  if (!hostHeaderAllowed(req.headers.host, port))
    return { status: 403, reason: `Host header ${req.headers.host ?? '(none)'} is not this host` };
  const origin = req.headers.origin;
  if (!origin || !allowedOrigins(port).has(origin)) return { status: 403, reason: `Origin ${origin ?? '(none)'} is not this host` };
  if (!tokenMatches(token, url.searchParams.get('token'))) return { status: 401, reason: 'missing or wrong token' };
  return null;
}
