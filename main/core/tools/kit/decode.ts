/**
 * Text or not, and which encoding: BOMs first (UTF-16 text is full of NUL bytes), then known binary
 * signatures and NUL bytes, then strict UTF-8. Anything else is reported as not UTF-8, never guessed
 * silently.
 */

export type Decoded =
  | { kind: 'text'; text: string; encoding: 'utf-8' | 'utf-8-bom' | 'utf-16le' | 'utf-16be' }
  | { kind: 'not-utf8'; text: string; encoding: 'windows-1252'; firstInvalidByte: number }
  | { kind: 'binary'; what: string };

const SIGNATURES: [number[], string][] = [
  [[0x89, 0x50, 0x4e, 0x47], 'PNG image'],
  [[0xff, 0xd8, 0xff], 'JPEG image'],
  [[0x47, 0x49, 0x46, 0x38], 'GIF image'],
  [[0x25, 0x50, 0x44, 0x46], 'PDF document'],
  [[0x50, 0x4b, 0x03, 0x04], 'ZIP archive (or a format built on it)'],
  [[0x1f, 0x8b], 'gzip archive'],
  [[0x7f, 0x45, 0x4c, 0x46], 'ELF executable'],
  [[0x00, 0x61, 0x73, 0x6d], 'WebAssembly module'],
  [[0x53, 0x51, 0x4c, 0x69, 0x74, 0x65], 'SQLite database'],
];

const SNIFF_BYTES = 8192;

export function sniffBinary(buf: Uint8Array): string | undefined {
  for (const [sig, what] of SIGNATURES) {
    if (buf.length >= sig.length && sig.every((b, i) => buf[i] === b)) return what;
  }
  const n = Math.min(buf.length, SNIFF_BYTES);
  for (let i = 0; i < n; i++) if (buf[i] === 0) return 'binary data (contains NUL bytes)';
  return undefined;
}

export function decodeFile(buf: Uint8Array): Decoded {
  if (buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) {
    const r = utf8(buf.subarray(3));
    if (r.ok) return { kind: 'text', text: r.text, encoding: 'utf-8-bom' };
  }
  if (buf[0] === 0xff && buf[1] === 0xfe) {
    return { kind: 'text', text: new TextDecoder('utf-16le').decode(buf.subarray(2)), encoding: 'utf-16le' };
  }
  if (buf[0] === 0xfe && buf[1] === 0xff) {
    return { kind: 'text', text: new TextDecoder('utf-16be').decode(buf.subarray(2)), encoding: 'utf-16be' };
  }
  const binary = sniffBinary(buf);
  if (binary) return { kind: 'binary', what: binary };
  const r = utf8(buf);
  if (r.ok) return { kind: 'text', text: r.text, encoding: 'utf-8' };
  return {
    kind: 'not-utf8',
    text: new TextDecoder('windows-1252').decode(buf),
    encoding: 'windows-1252',
    firstInvalidByte: firstInvalidUtf8(buf),
  };
}

function utf8(buf: Uint8Array): { ok: true; text: string } | { ok: false } {
  try {
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(buf) };
  } catch {
    return { ok: false };
  }
}

/** Offset of the first byte that does not start or continue a valid UTF-8 sequence. */
export function firstInvalidUtf8(buf: Uint8Array): number {
  let i = 0;
  while (i < buf.length) {
    const b = buf[i]!;
    const len = b < 0x80 ? 1 : b >= 0xc2 && b <= 0xdf ? 2 : b >= 0xe0 && b <= 0xef ? 3 : b >= 0xf0 && b <= 0xf4 ? 4 : 0;
    if (len === 0) return i;
    if (len > 1) {
      const end = i + len;
      if (end > buf.length) return i;
      // Exact validity (overlongs, surrogates) is left to TextDecoder; this finds the spot to report.
      try {
        new TextDecoder('utf-8', { fatal: true }).decode(buf.subarray(i, end));
      } catch {
        return i;
      }
    }
    i += len;
  }
  return -1;
}
