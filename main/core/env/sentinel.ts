/**
 * Finds one in-band marker in a byte stream: `<prefix><payload>BEL`, where the prefix holds a
 * per-run token. Bytes before the marker pass through; a possible marker start at the end of a
 * chunk is held back until the next chunk decides it; everything after the marker is dropped.
 * The pty exit handshake and the output FIFO's end marker both use it.
 */

export interface SentinelScanner {
  /** Feeds a chunk; returns the bytes to pass on. */
  feed(chunk: Buffer): Buffer;
  /** What was held back, at the end of the stream (nothing once the marker was found). */
  flush(): Buffer;
  readonly found: boolean;
}

const EMPTY = Buffer.alloc(0);
const BEL = 0x07;

export function createSentinelScanner(prefix: Buffer, onFound: (payload: string) => void): SentinelScanner {
  let carry: Buffer = EMPTY;
  let found = false;
  return {
    get found() {
      return found;
    },
    feed(chunk) {
      if (found) return EMPTY;
      const buf = carry.length ? Buffer.concat([carry, chunk]) : chunk;
      carry = EMPTY;
      const at = buf.indexOf(prefix);
      if (at >= 0) {
        const bel = buf.indexOf(BEL, at + prefix.length);
        if (bel < 0) {
          carry = Buffer.from(buf.subarray(at));
          return buf.subarray(0, at);
        }
        found = true;
        onFound(buf.subarray(at + prefix.length, bel).toString('latin1'));
        return buf.subarray(0, at);
      }
      // Keep back a tail that could be the start of the prefix.
      const keep = partialPrefixAtEnd(buf, prefix);
      if (keep > 0) {
        carry = Buffer.from(buf.subarray(buf.length - keep));
        return buf.subarray(0, buf.length - keep);
      }
      return buf;
    },
    flush() {
      const c = carry;
      carry = EMPTY;
      return found ? EMPTY : c;
    },
  };
}

/** Length of the longest suffix of `buf` that is a proper prefix of `prefix` (which starts with ESC). */
function partialPrefixAtEnd(buf: Buffer, prefix: Buffer): number {
  const max = Math.min(prefix.length - 1, buf.length);
  const escAt = buf.lastIndexOf(0x1b, buf.length - 1);
  if (escAt < 0 || buf.length - escAt > max) return 0;
  const n = buf.length - escAt;
  return buf.subarray(escAt).equals(prefix.subarray(0, n)) ? n : 0;
}
