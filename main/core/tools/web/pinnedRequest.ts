import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import type { Readable } from 'node:stream';

export interface PinnedResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Readable;
  /** Destroys the socket (used when a cap is reached). */
  abort(): void;
}

/**
 * One HTTP(S) GET that connects only to `addresses` — the ones already checked — so DNS cannot
 * change its answer between the check and the connection (DNS rebinding). No redirects are
 * followed here; the caller checks each hop.
 */
export function pinnedGet(
  url: URL,
  addresses: { address: string; family: number }[],
  headers: Record<string, string>,
  signal: AbortSignal,
): Promise<PinnedResponse> {
  const lookup: LookupFunction = (_host, options, cb) => {
    const all = (options as { all?: boolean }).all;
    if (all) (cb as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, addresses);
    else cb(null, addresses[0]!.address, addresses[0]!.family);
  };
  const mod = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = mod.request(url, { method: 'GET', headers, lookup, signal, agent: false }, (res) => {
      let body: Readable = res;
      const enc = String(res.headers['content-encoding'] ?? '').toLowerCase();
      if (enc === 'gzip' || enc === 'x-gzip') body = res.pipe(createGunzip());
      else if (enc === 'deflate') body = res.pipe(createInflate());
      else if (enc === 'br') body = res.pipe(createBrotliDecompress());
      if (body !== res) res.on('error', (e) => body.destroy(e));
      resolve({ status: res.statusCode ?? 0, headers: res.headers, body, abort: () => req.destroy() });
    });
    req.on('error', reject);
    req.end();
  });
}

/** Reads at most `maxBytes` (after decompression: a zip bomb stops at the cap too). */
export async function readCapped(res: PinnedResponse, maxBytes: number): Promise<{ bytes: Buffer; truncated: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of res.body) {
      const b = chunk as Buffer;
      if (size + b.length > maxBytes) {
        chunks.push(b.subarray(0, maxBytes - size));
        size = maxBytes;
        res.abort();
        return { bytes: Buffer.concat(chunks), truncated: true };
      }
      chunks.push(b);
      size += b.length;
    }
  } catch (err) {
    if (size >= maxBytes) return { bytes: Buffer.concat(chunks), truncated: true };
    throw err;
  }
  return { bytes: Buffer.concat(chunks), truncated: false };
}
