import { ToolFailure } from '../output.js';

/**
 * GET a JSON API (POST when a JSON `body` is given: Tavily) with a deadline and the caller's
 * signal; HTTP errors become readable failures.
 */
export async function getJson(
  fetchImpl: typeof fetch,
  url: string,
  headers: Record<string, string>,
  signal: AbortSignal,
  timeoutMs = 20_000,
  body?: string,
): Promise<unknown> {
  const timeout = AbortSignal.timeout(timeoutMs);
  let res: Response;
  try {
    res = await fetchImpl(url, {
      headers,
      signal: AbortSignal.any([signal, timeout]),
      redirect: 'follow',
      ...(body === undefined ? {} : { method: 'POST', body }),
    });
  } catch (err) {
    if (signal.aborted) throw err;
    if (timeout.aborted) throw new ToolFailure(`timed out after ${timeoutMs / 1000} s: ${new URL(url).origin}`);
    throw new ToolFailure(`request to ${new URL(url).origin} failed: ${(err as Error).message}`);
  }
  const text = await res.text();
  if (!res.ok) {
    let msg = text.slice(0, 500);
    try {
      const j = JSON.parse(text) as { message?: string; error?: unknown };
      msg = j.message ?? (typeof j.error === 'string' ? j.error : JSON.stringify(j.error ?? j)).slice(0, 500);
    } catch {
      /* not JSON: keep the text */
    }
    throw new ToolFailure(`HTTP ${res.status} from ${new URL(url).origin}: ${msg}`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new ToolFailure(`${new URL(url).origin} did not return JSON`);
  }
}
