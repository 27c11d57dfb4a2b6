/**
 * node-pty on Linux loses the last few kilobytes when a program writes and exits at once: the pty
 * reports EIO before everything was read. So the command runs under a small wrapper that, after the
 * command, prints a sentinel (an OSC sequence with a per-run token and the exit code) and waits for
 * one line of input. When the sentinel arrives, everything before it has been read; we answer, the
 * wrapper exits with the command's code, and nothing after the sentinel (the echo) is kept.
 *
 * With the output on a FIFO (see outputFifo.ts) the wrapper gets the FIFO's path as its first
 * argument, opens it as fd 3 and runs the command with stdout and stderr on it (one open file, so
 * their order is kept; fd 3 itself is not inherited). The braces make bash's own note on the command
 * ("Killed", "Terminated") name just "$@", as in pty mode, and put it in the pipe in order. After the command it writes an end marker with
 * the same token into the FIFO — so everything the command wrote comes before it — closes fd 3, and
 * then does the pty handshake as above.
 */
import { randomBytes } from 'node:crypto';
import { createSentinelScanner, type SentinelScanner } from './sentinel.js';

const PTY_MARK = 7770;
const FIFO_MARK = 7771;

const HANDSHAKE_TAIL = `printf '\\033]${PTY_MARK};%s;%s\\007' "$CODECODER_EXIT_TOKEN" "$__cc_rc"; IFS= read -r __cc_ack; exit "$__cc_rc"`;

export const HANDSHAKE_WRAPPER = `"$@"; __cc_rc=$?; ${HANDSHAKE_TAIL}`;

export const PIPE_WRAPPER =
  `exec 3>"$1" || exit 126; shift; { "$@"; } >&3 2>&3 3>&-; __cc_rc=$?; ` +
  `printf '\\033]${FIFO_MARK};%s;%s\\007' "$CODECODER_EXIT_TOKEN" "$__cc_rc" >&3; exec 3>&-; ${HANDSHAKE_TAIL}`;

export interface Handshake extends SentinelScanner {
  token: string;
  /** The argv that runs `argv` under the wrapper; with `fifoPath`, its output goes to that FIFO. */
  wrap(argv: string[], fifoPath?: string): string[];
  /** Set once the sentinel was seen. */
  exitCode: number | undefined;
}

const marker = (mark: number, token: string) => Buffer.from(`\u001b]${mark};${token};`);

export function createHandshake(onSentinel: () => void): Handshake {
  const token = randomBytes(9).toString('base64url');
  const scanner = createSentinelScanner(marker(PTY_MARK, token), (payload) => {
    const code = Number(payload);
    hs.exitCode = payload !== '' && Number.isInteger(code) ? code : undefined;
    onSentinel();
  });
  const hs: Handshake = {
    token,
    exitCode: undefined,
    wrap: (argv, fifoPath) =>
      fifoPath === undefined
        ? ['/bin/bash', '-c', HANDSHAKE_WRAPPER, 'codecoder', ...argv]
        : ['/bin/bash', '-c', PIPE_WRAPPER, 'codecoder', fifoPath, ...argv],
    feed: (chunk) => scanner.feed(chunk),
    flush: () => scanner.flush(),
    get found() {
      return scanner.found;
    },
  };
  return hs;
}

/** Finds the wrapper's end marker in the FIFO's bytes: what follows it (background writers) is dropped. */
export function createFifoEndScanner(token: string): SentinelScanner {
  return createSentinelScanner(marker(FIFO_MARK, token), () => undefined);
}
