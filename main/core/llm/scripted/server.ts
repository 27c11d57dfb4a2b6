/**
 * A loopback model server for tests and key-less demos: it answers the Anthropic `/v1/messages`
 * and OpenAI `/v1/chat/completions` streaming endpoints by replaying a script of turns, and records
 * every request so a test can assert exactly what the model was sent.
 */
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { OpenAiCacheEmulator, PromptCacheEmulator } from './promptCache.js';
import { parseScript, type Script, type ScriptInput, type ScriptTurn } from './script.js';
import { anthropicErrorBody, anthropicFrames, contextOverflowBody, maskKey, openaiErrorBody, openaiFrames, type Frames } from './wire.js';

export type WireProvider = 'anthropic' | 'openai';

export interface RecordedRequest {
  seq: number;
  provider: WireProvider;
  path: string;
  model: string;
  /** The parsed JSON body: system, messages, tools… */
  body: Record<string, unknown>;
  /** Whether a key was sent; the key itself is never recorded. */
  hasKey: boolean;
  /** Its last four characters (as Settings shows a key), so a test can tell which key was sent. */
  keyHint: string;
  /** Index of the script turn served, or null (exhausted, unknown model, bad request). */
  turn: number | null;
  /** Refused by the script's contextLimit (too long). */
  refused?: boolean;
}

export interface ScriptedServer {
  /** `http://127.0.0.1:PORT` — the Anthropic SDK's baseURL. */
  url: string;
  /** `${url}/v1` — the OpenAI SDK's baseURL. */
  openaiUrl: string;
  /** The model turns asked for (messages / chat completions), in order. */
  requests: RecordedRequest[];
  /** The models-list requests (GET /v1/models): not turns, so kept apart from `requests`. */
  listings: RecordedRequest[];
  /** Resolves when at least `n` requests were received. */
  waitForRequests(n: number): Promise<void>;
  /** Turns not served yet. */
  remaining(): number;
  close(): Promise<void>;
}

const wait = (ms: number) => (ms > 0 ? new Promise<void>((r) => setTimeout(r, ms)) : Promise.resolve());

function lastUserText(provider: WireProvider, body: Record<string, unknown>): string {
  const messages = (body.messages as { role: string; content: unknown }[] | undefined) ?? [];
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    if (!m) continue;
    if (m.role === 'user' || m.role === 'tool') return typeof m.content === 'string' ? m.content : JSON.stringify(m.content);
  }
  return '';
}

function systemText(provider: WireProvider, body: Record<string, unknown>): string {
  if (provider === 'anthropic') return typeof body.system === 'string' ? body.system : JSON.stringify(body.system ?? '');
  const first = (body.messages as { role: string; content: unknown }[] | undefined)?.[0];
  return first?.role === 'system' ? String(first.content) : '';
}

export async function startScriptedServer(opts: { script: ScriptInput | Script; port?: number }): Promise<ScriptedServer> {
  const script = parseScript(opts.script);
  const served = new Array<boolean>(script.turns.length).fill(false);
  const requests: RecordedRequest[] = [];
  const listings: RecordedRequest[] = [];
  const waiters: { n: number; resolve: () => void }[] = [];
  const sockets = new Set<import('node:net').Socket>();
  let counter = 0;
  const promptCache = new PromptCacheEmulator();
  const openaiCache = new OpenAiCacheEmulator();

  function pickTurn(provider: WireProvider, body: Record<string, unknown>): number | null {
    for (let i = 0; i < script.turns.length; i++) {
      if (served[i]) continue;
      const m = script.turns[i]?.match;
      if (m) {
        if (m.provider && m.provider !== provider) continue;
        if (m.system && !systemText(provider, body).includes(m.system)) continue;
        if (m.lastUser && !lastUserText(provider, body).includes(m.lastUser)) continue;
      }
      served[i] = true;
      return i;
    }
    return null;
  }

  function sendJson(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  }

  /**
   * The models list, in the wire format of whoever asks: both APIs serve GET /v1/models, and the
   * Anthropic SDK always sends `anthropic-version`. Without a key both APIs answer 401.
   */
  function listModels(req: http.IncomingMessage, res: http.ServerResponse) {
    const anthropic = req.headers['anthropic-version'] !== undefined;
    const key = String(req.headers['x-api-key'] ?? '') || String(req.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
    listings.push({
      seq: listings.length,
      provider: anthropic ? 'anthropic' : 'openai',
      path: '/v1/models',
      model: '',
      body: {},
      hasKey: key !== '' && key !== 'no-key',
      keyHint: key.slice(-4),
      turn: null,
    });
    if (!key) return sendJson(res, 401, anthropic ? anthropicErrorBody(401) : openaiErrorBody(401, undefined, '', ''));
    const ids = script.models ?? ['scripted'];
    if (!anthropic)
      return sendJson(res, 200, {
        object: 'list',
        data: ids.map((id) => ({ id, object: 'model', created: 1_700_000_000, owned_by: 'scripted' })),
      });
    return sendJson(res, 200, {
      data: ids.map((id) => ({ type: 'model', id, display_name: id, created_at: '2025-01-01T00:00:00Z' })),
      has_more: false,
      first_id: ids[0] ?? null,
      last_id: ids[ids.length - 1] ?? null,
    });
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const path = (req.url ?? '').split('?')[0] ?? '';
    if (req.method === 'GET' && path === '/v1/models') return listModels(req, res);
    const provider: WireProvider | null = path === '/v1/messages' ? 'anthropic' : path.endsWith('/chat/completions') ? 'openai' : null;
    if (req.method !== 'POST' || !provider)
      return sendJson(res, 404, { error: { message: `scripted server: no route ${req.method} ${path}` } });
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      return sendJson(
        res,
        400,
        provider === 'anthropic'
          ? anthropicErrorBody(400, 'request body is not JSON')
          : openaiErrorBody(400, 'request body is not JSON', '', ''),
      );
    }
    // Newer Anthropic SDKs send the key as a bearer token, older ones as x-api-key: accept both.
    const key = String(req.headers['x-api-key'] ?? '') || String(req.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
    const model = String(body.model ?? '');
    const rec: RecordedRequest = {
      seq: requests.length,
      provider,
      path,
      model,
      body,
      hasKey: key !== '' && key !== 'no-key',
      keyHint: key.slice(-4),
      turn: null,
    };
    requests.push(rec);
    for (const w of [...waiters]) {
      if (requests.length < w.n) continue;
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve();
    }

    const requestId = `req_scripted_${String(++counter).padStart(4, '0')}`;
    const idHeader: Record<string, string> = provider === 'anthropic' ? { 'request-id': requestId } : { 'x-request-id': requestId };
    const error = (status: number, message?: string, extra: Record<string, string> = {}) =>
      sendJson(
        res,
        status,
        provider === 'anthropic' ? anthropicErrorBody(status, message) : openaiErrorBody(status, message, maskKey(key), model),
        { ...idHeader, ...extra },
      );

    if (script.models && !script.models.includes(model)) {
      return error(404, provider === 'anthropic' ? `model: ${model}` : undefined);
    }
    if (body.stream !== true) return error(400, 'the scripted server only streams: send stream: true');
    const limit = script.contextLimit;
    if (limit && raw.length > limit.maxChars) {
      rec.refused = true;
      return sendJson(res, 400, contextOverflowBody(limit.wording, provider, raw.length, limit.maxChars), idHeader);
    }

    const index = pickTurn(provider, body);
    rec.turn = index;
    let turn: ScriptTurn | undefined = index === null ? undefined : script.turns[index];
    if (!turn) {
      if (!script.whenExhausted)
        return error(400, `scripted server: no script turn left for request #${rec.seq} (${script.turns.length} turns in the script)`);
      turn = { text: script.whenExhausted.text };
    }
    await wait(turn.delayMs ?? 0);
    if (turn.drop === 'before_headers') {
      req.socket.destroy();
      return;
    }
    if (turn.error) {
      const extra: Record<string, string> = {};
      if (turn.error.retryAfterMs !== undefined) {
        extra['retry-after-ms'] = String(turn.error.retryAfterMs);
        extra['retry-after'] = String(Math.ceil(turn.error.retryAfterMs / 1000));
      }
      if (turn.error.status === 429 || turn.error.status >= 500) extra['x-should-retry'] = 'true';
      return error(turn.error.status, turn.error.message, extra);
    }

    const ids = {
      messageId: provider === 'anthropic' ? `msg_scripted_${counter}` : `chatcmpl-scripted-${counter}`,
      toolId: (i: number) => (provider === 'anthropic' ? `toolu_scripted_${counter}_${i}` : `call_scripted_${counter}_${i}`),
    };
    const includeUsage = (body.stream_options as { include_usage?: boolean } | undefined)?.include_usage === true;
    const frames: Frames =
      provider === 'anthropic'
        ? anthropicFrames(turn, model, ids, raw.length, promptCache.request(body))
        : openaiFrames(turn, model, ids, raw.length, includeUsage, Math.floor(Date.now() / 1000), openaiCache.request(body));
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
      ...idHeader,
    });
    const cut = turn.drop === 'mid_stream' || turn.stall ? frames.textEnd : frames.frames.length;
    const delay = turn.chunkDelayMs ?? 0;
    // Write the whole body in one go when there is no pacing: the zero-latency path benches use.
    if (delay === 0) res.write(frames.frames.slice(0, cut).join(''));
    else {
      for (const f of frames.frames.slice(0, cut)) {
        if (res.destroyed) return;
        res.write(f);
        await wait(delay);
      }
    }
    if (turn.drop === 'mid_stream') {
      // Let the bytes leave before the cut, so the client sees a partial stream, not a refused one.
      await new Promise<void>((r) => res.write('', () => r()));
      req.socket.destroy();
      return;
    }
    if (turn.stall) return; // held open until the client goes away
    res.end();
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { error: { message: `scripted server: ${(err as Error).message}` } });
      else res.destroy();
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  server.listen(opts.port ?? 0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    openaiUrl: `${url}/v1`,
    requests,
    listings,
    waitForRequests: (n) => (requests.length >= n ? Promise.resolve() : new Promise((resolve) => waiters.push({ n, resolve }))),
    remaining: () => served.filter((s) => !s).length,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
