/**
 * node-pty on Linux loses the last few kilobytes when a program writes and exits at once: the pty
 * reports EIO before everything was read. So the command runs under a small wrapper that, after the
 * command, prints a sentinel (an OSC sequence with a per-run token and the exit code) and waits for
 * one line of input. When the sentinel arrives, everything before it has been read; we answer, the
 * wrapper exits with the command's code, and nothing after the sentinel (the echo) is kept.
 */
import { randomBytes } from 'node:crypto';

export const HANDSHAKE_WRAPPER =
  '"$@"; __cc_rc=$?; printf \'\\033]7770;%s;%s\\007\' "$CODECODER_EXIT_TOKEN" "$__cc_rc"; IFS= read -r __cc_ack; exit "$__cc_rc"';

export interface Handshake {
  token: string;
  /** The argv that runs `argv` under the wrapper. */
  wrap(argv: string[]): string[];
  /**
   * Feeds a chunk; returns the bytes to pass on. Holds back a possible sentinel start until the
   * next chunk decides it.
   */
  feed(chunk: Buffer): Buffer;
  /** What was held back, at the end of the stream. */
  flush(): Buffer;
  /** Set once the sentinel was seen. */
  exitCode: number | undefined;
}

export function createHandshake(onSentinel: () => void): Handshake {
  const token = randomBytes(9).toString('base64url');
  const prefix = Buffer.from(`\u001b]7770;${token};`);
  let carry: Buffer = Buffer.alloc(0);
  let done = false;
  const hs: Handshake = {
    token,
    exitCode: undefined,
    wrap: (argv) => ['/bin/bash', '-c', HANDSHAKE_WRAPPER, 'codecoder', ...argv],
    feed(chunk) {
      if (done) return Buffer.alloc(0);
      const buf = carry.length ? Buffer.concat([carry, chunk]) : chunk;
      carry = Buffer.alloc(0);
      const at = buf.indexOf(prefix);
      if (at >= 0) {
        const bel = buf.indexOf(0x07, at + prefix.length);
        if (bel < 0) {
          carry = Buffer.from(buf.subarray(at));
          return buf.subarray(0, at);
        }
        const code = Number(buf.subarray(at + prefix.length, bel).toString('latin1'));
        hs.exitCode = Number.isInteger(code) ? code : undefined;
        done = true;
        onSentinel();
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
      carry = Buffer.alloc(0);
      return done ? Buffer.alloc(0) : c;
    },
  };
  return hs;
}

/** Length of the longest suffix of `buf` that is a proper prefix of `prefix`. */
function partialPrefixAtEnd(buf: Buffer, prefix: Buffer): number {
  const max = Math.min(prefix.length - 1, buf.length);
  const escAt = buf.lastIndexOf(0x1b, buf.length - 1);
  if (escAt < 0 || buf.length - escAt > max) return 0;
  const n = buf.length - escAt;
  return buf.subarray(escAt).equals(prefix.subarray(0, n)) ? n : 0;
}
