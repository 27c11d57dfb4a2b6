/**
 * UTF-8 character boundaries in raw bytes. Two byte streams (the FIFO and the pty) feed one output
 * pipeline, so each is cut on whole characters before they are merged: a character split across
 * two reads of one stream must not have the other stream's bytes land inside it.
 */

/** `end` moved back so that `buf[start, end)` does not end inside a multi-byte character. */
export function utf8Boundary(buf: Buffer, start: number, end: number): number {
  let i = end - 1;
  let back = 0;
  while (i >= start && back < 4 && (buf[i]! & 0xc0) === 0x80) {
    i--;
    back++;
  }
  if (i < start) return end;
  const lead = buf[i]!;
  const need = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
  return i + need <= end ? end : i;
}

export interface ByteSink {
  write(chunk: Buffer): void;
  /** The end of the stream: what was held back (a truncated or invalid sequence) is passed on as is. */
  end(): void;
}

/** Passes whole characters to `sink`; an incomplete last character waits for the next chunk. */
export function wholeCharacters(sink: (chunk: Buffer) => void): ByteSink {
  let carry: Buffer = Buffer.alloc(0);
  return {
    write(chunk) {
      const buf = carry.length ? Buffer.concat([carry, chunk]) : chunk;
      const cut = utf8Boundary(buf, 0, buf.length);
      carry = cut < buf.length ? Buffer.from(buf.subarray(cut)) : Buffer.alloc(0);
      if (cut > 0) sink(cut < buf.length ? buf.subarray(0, cut) : buf);
    },
    end() {
      if (carry.length) sink(carry);
      carry = Buffer.alloc(0);
    },
  };
}
