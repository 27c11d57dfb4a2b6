/**
 * Secrets the app holds (provider keys, search keys, the GitHub token, a `--api-key-file`'s key)
 * taken out of text BY VALUE before it reaches the model, the transcript or the UI: a tool's result,
 * its live output, an MCP server's answer. secrets.ts keeps them out of a child's environment; this
 * is the net for what comes back anyway (`cat keyfile`, `env` printed by a script, a server echoing
 * its token).
 *
 * What is matched, and why:
 * - the value as is, and its base64 (standard and URL-safe) at each of the three byte alignments a
 *   longer text can put it at — the common accidental spelling (a config dump, a Basic auth header);
 * - in a live stream, the value split across chunks: the end of a chunk that could start a secret
 *   is held back until the next chunk (or the end) says whether it does;
 * - in a finished result, also a piece of a secret of PIECE_MIN characters or more (a secret a
 *   head/tail cut broke in two, a prefix at the end of a truncated output), for secrets of at least
 *   PIECE_SECRET_MIN characters — shorter ones would make their pieces too common.
 * Not matched: values under MIN_SECRET_LENGTH characters ("1", "true" would wipe ordinary text);
 * other encodings (hex, reversed, a base64 wrapped at 76 columns, a secret the model splits on
 * purpose). Redaction is a net, not the boundary: the boundary is that the key file is hidden from
 * the sandbox and the container and that host commands ask first.
 */
import { MIN_SECRET_LENGTH } from './secrets.js';

/** What replaces a secret. */
export const REDACTED = '[redacted: a secret the app holds]';
/** A piece of a secret this long or longer is redacted in a finished result. */
export const PIECE_MIN = 16;
/** Only secrets this long have their pieces matched (a short one's pieces would be too common). */
export const PIECE_SECRET_MIN = 24;

/** The spellings of one secret that are matched: itself and its base64 forms. */
function spellings(secret: string): string[] {
  const out = new Set([secret]);
  const bytes = Buffer.from(secret, 'utf8');
  // The secret at byte offset 0, 1 or 2 of a base64 group: encode from the first byte that starts a
  // group, up to the last whole group — the characters no neighbouring byte can change.
  for (let start = 0; start < 3; start++) {
    const whole = Math.floor((bytes.length - start) / 3) * 3;
    if (whole < 6) continue;
    const b64 = bytes.subarray(start, start + whole).toString('base64');
    out.add(b64);
    out.add(b64.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return [...out];
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export interface Redactor {
  /** The text with every held secret (and its base64) replaced by REDACTED. */
  text(s: string): string;
  /** text(), then any piece of a long secret that is left (a cut secret). For a finished result. */
  finished(s: string): string;
  /** A redactor for one stream of chunks; a secret split across chunks is still caught. */
  stream(): RedactingStream;
}

export interface RedactingStream {
  /** What may be shown of the text so far (the end that could start a secret is held back). */
  write(chunk: string): string;
  /** The rest, at the end of the stream. */
  end(): string;
}

/** A redactor over the secrets `held()` returns at each use (keys can change while a project is open). */
export function createRedactor(held: () => readonly (string | undefined)[]): Redactor {
  let lastKey = '';
  let compiled: { re: RegExp | undefined; all: string[]; pieces: Set<string> } = { re: undefined, all: [], pieces: new Set() };
  const current = () => {
    const secrets = [...new Set(held().filter((s): s is string => typeof s === 'string' && s.length >= MIN_SECRET_LENGTH))];
    const key = secrets.join('\0');
    if (key !== lastKey) {
      lastKey = key;
      const all = [...new Set(secrets.flatMap(spellings))].sort((a, b) => b.length - a.length);
      const pieces = new Set<string>();
      for (const s of secrets)
        if (s.length >= PIECE_SECRET_MIN) for (let i = 0; i + PIECE_MIN <= s.length; i++) pieces.add(s.slice(i, i + PIECE_MIN));
      compiled = { re: all.length ? new RegExp(all.map(escapeRegExp).join('|'), 'g') : undefined, all, pieces };
    }
    return compiled;
  };
  const text = (s: string): string => {
    const { re } = current();
    return re && s.length > 0 ? s.replace(re, REDACTED) : s;
  };
  return {
    text,
    finished(s) {
      const out = text(s);
      const { pieces } = current();
      if (pieces.size === 0 || out.length < PIECE_MIN) return out;
      // Mark every character covered by a piece, then replace each covered run once.
      let result = '';
      let i = 0;
      let runEnd = -1;
      let runStart = -1;
      for (let j = 0; j + PIECE_MIN <= out.length; j++) {
        if (!pieces.has(out.slice(j, j + PIECE_MIN))) continue;
        if (j > runEnd) {
          if (runStart >= 0) {
            result += out.slice(i, runStart) + REDACTED;
            i = runEnd;
          }
          runStart = j;
        }
        runEnd = j + PIECE_MIN;
      }
      if (runStart >= 0) {
        result += out.slice(i, runStart) + REDACTED;
        i = runEnd;
      }
      return result + out.slice(i);
    },
    stream() {
      let held = '';
      return {
        write(chunk) {
          const { re, all } = current();
          if (!re) return chunk;
          const buf = text(held + chunk);
          // Hold back the longest end of the text that a secret (or its base64) starts with.
          let keep = 0;
          const longest = all[0]?.length ?? 0;
          for (let k = Math.min(buf.length, longest - 1); k > 0 && keep === 0; k--) {
            const tail = buf.slice(buf.length - k);
            if (all.some((s) => s.startsWith(tail))) keep = k;
          }
          held = buf.slice(buf.length - keep);
          return buf.slice(0, buf.length - keep);
        },
        end() {
          const rest = text(held);
          held = '';
          return rest;
        },
      };
    },
  };
}
