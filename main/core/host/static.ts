import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.ico': 'image/x-icon',
};

/** Resolves a URL path inside the built renderer; anything that escapes it is null (→ 404). */
export function resolveStatic(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const rel = decoded === '/' ? 'index.html' : decoded.replace(/^\/+/, '');
  const abs = path.resolve(root, rel);
  if (abs !== root && !abs.startsWith(root + path.sep)) return null;
  return abs;
}

export async function loadStatic(root: string, urlPath: string): Promise<{ body: Buffer; type: string } | null> {
  const abs = resolveStatic(root, urlPath);
  if (!abs) return null;
  try {
    if (!(await stat(abs)).isFile()) return null;
    return { body: await readFile(abs), type: types[path.extname(abs)] ?? 'application/octet-stream' };
  } catch {
    return null;
  }
}
