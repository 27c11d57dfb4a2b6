/**
 * Line continuations (backslash-newline) read the way bash reads them.
 *
 * bash removes a backslash-newline in its input reader, before it forms any token: inside a word
 * (`e\⏎cho`), inside double quotes (`"$\⏎(id)"` is `"$(id)"`), between `$` and `{` / `(` / `((`,
 * inside an operator (`&\⏎&`), a here-document delimiter, `${…}`, `$((…))`, backquotes. It keeps
 * one only where the reader is not removing them: inside single quotes and `$'…'`, in the body of a
 * here-document whose delimiter is quoted, and in a comment (which ends at that newline). A backslash
 * escaped by another one (`\\⏎`) is no continuation at all.
 *
 * mvdan-sh 0.10.1 joins them in most places but not all: after a `$` it looks at the next byte, so
 * `"$\⏎(id)"` is a literal `$` then `(id)` to it (while bash runs id), and `$\⏎(id)` unquoted does
 * not parse. So the parser is never given a continuation it could misread: the source is joined
 * first, exactly where bash joins, and the joined text is what gets parsed and classified.
 *
 * Where bash keeps one depends on the quoting around it, and the quoting is what the parser knows.
 * So the decision is checked against the parse of the joined text itself: each continuation is
 * kept exactly when the joined text's parse puts it inside single-quoted text or a quoted
 * here-document body (or a comment, which makes the command invalid: bash ends the comment there
 * and runs the next line). Where the guess disagrees, the leftmost wrong decision is flipped and
 * the text parsed again; everything left of it is then read as bash reads it, so each flip is
 * final. A command that needs more than MAX_FLIPS flips, or ends with a continuation kept in a
 * comment, is refused.
 */
import type { File, Lit, Node, Redirect, SglQuoted, Word } from './ast.js';

/** A byte range [start, end) of UTF-8 offsets into the parsed text. */
export interface Span {
  start: number;
  end: number;
}

export type SpanParse = (text: string) => { ok: true; file: File; comments: Span[] } | { ok: false; message: string };

/** What the join needs from the parser: a parse with positions and comment spans, and a tree walk. */
export interface JoinDeps {
  parse: SpanParse;
  walk(node: Node, fn: (node: Node) => boolean): void;
}

export type JoinResult = { ok: true; file: File; source: string } | { ok: false; message: string };

/** Flips beyond which a command is refused (each costs one parse). */
export const MAX_FLIPS = 32;

export const COMMENT_CONTINUATION =
  'a comment ends with a backslash: bash ends the comment at the newline and runs the next line, the parser would read it as part of the comment';

export function hasContinuation(src: string): boolean {
  return src.includes('\\\n');
}

/**
 * Whether any continuation could be one bash keeps: only single quotes ('…', $'…'), here-documents
 * and comments keep one. Without any of `'`, `<<`, `#` in the text, every continuation is joined.
 */
export function needsPlacing(src: string): boolean {
  return /['#]|<</.test(src);
}

/** The text with every continuation joined (for a text where none can be kept: needsPlacing). */
export function joinAll(src: string): string {
  const at = continuationIndices(src);
  return join(
    src,
    at,
    at.map(() => false),
  ).text;
}

/** UTF-16 index of the backslash of every backslash-newline that is not itself escaped (odd run). */
export function continuationIndices(src: string): number[] {
  const out: number[] = [];
  for (let nl = src.indexOf('\n'); nl >= 0; nl = src.indexOf('\n', nl + 1)) {
    let run = 0;
    while (nl - 1 - run >= 0 && src[nl - 1 - run] === '\\') run++;
    if (run % 2 === 1) out.push(nl - 1);
  }
  return out;
}

/**
 * The parse of `src` as bash reads it: continuations joined where bash joins them. `source` is the
 * joined text, which positions in `file` refer to.
 */
export function joinContinuations(src: string, deps: JoinDeps): JoinResult {
  const at = continuationIndices(src);
  const first = deps.parse(src);
  if (at.length === 0) return first.ok ? { ok: true, file: first.file, source: src } : first;
  // First guess: where the parse of the unjoined text says bash keeps them (right unless an earlier
  // continuation changed the quoting); nothing kept when it does not parse.
  let keep = at.map(() => false);
  if (first.ok) {
    const spans = keepSpans(first.file, first.comments, deps);
    const offsets = byteOffsets(src, at);
    keep = offsets.map((q) => keptInside(spans, q) !== 'none');
  }
  for (let flips = 0; ; flips++) {
    const { text, offsets } = join(src, at, keep);
    const parsed = deps.parse(text);
    if (!parsed.ok) return { ok: false, message: `${parsed.message} (after joining line continuations as bash does)` };
    const spans = keepSpans(parsed.file, parsed.comments, deps);
    let wrong = -1;
    for (let k = 0; k < at.length && wrong < 0; k++) {
      const where = keep[k] ? keptInside(spans, offsets[k]!) : joinedInside(spans, offsets[k]!);
      if (where === 'comment') return { ok: false, message: COMMENT_CONTINUATION };
      if ((where !== 'none') !== keep[k]) wrong = k;
    }
    if (wrong < 0) return { ok: true, file: parsed.file, source: text };
    if (flips >= MAX_FLIPS)
      return { ok: false, message: `too many line continuations whose quoting could not be settled (more than ${MAX_FLIPS})` };
    keep = keep.map((v, k) => (k === wrong ? !v : v));
  }
}

interface KeepSpans {
  /** Contents of single-quoted text and of quoted here-document bodies: bash keeps continuations. */
  literal: Span[];
  comments: Span[];
}

function keepSpans(file: File, comments: Span[], deps: JoinDeps): KeepSpans {
  const literal: Span[] = [];
  deps.walk(file, (n) => {
    if (n.type === 'SglQuoted' && n.pos !== undefined && n.end !== undefined) {
      // Content between the quotes: after ' (or $'), before the closing '.
      literal.push({ start: n.pos + ((n as SglQuoted).Dollar ? 2 : 1), end: n.end - 1 });
    } else if (n.type === 'Redirect') {
      const r = n as Redirect;
      if (r.Hdoc && r.Hdoc.pos !== undefined && r.Hdoc.end !== undefined && quotedDelimiter(r.Word))
        literal.push({ start: r.Hdoc.pos, end: r.Hdoc.end });
    }
    return true;
  });
  return { literal, comments };
}

/** A here-document delimiter with any quoting or escaping: its body is taken literally. */
function quotedDelimiter(w: Word | null): boolean {
  return !!w && w.Parts.some((p) => p.type !== 'Lit' || (p as Lit).Value.includes('\\'));
}

type Where = 'none' | 'literal' | 'comment';

/** A kept continuation whose backslash is at byte q: both its characters inside the span. */
function keptInside(s: KeepSpans, q: number): Where {
  if (s.comments.some((c) => c.start < q && q < c.end)) return 'comment';
  return s.literal.some((c) => c.start <= q && q + 2 <= c.end) ? 'literal' : 'none';
}

/** A removed continuation that joined the text at byte p. */
function joinedInside(s: KeepSpans, p: number): Where {
  if (s.comments.some((c) => c.start < p && p <= c.end)) return 'comment';
  return s.literal.some((c) => c.start <= p && p <= c.end) ? 'literal' : 'none';
}

/** UTF-8 byte offset of each UTF-16 index (ascending) in `src`. */
function byteOffsets(src: string, indices: number[]): number[] {
  let byte = 0;
  let from = 0;
  return indices.map((i) => {
    byte += Buffer.byteLength(src.slice(from, i), 'utf8');
    from = i;
    return byte;
  });
}

/** The text with the continuations not kept removed, and each one's byte offset in it. */
function join(src: string, at: number[], keep: boolean[]): { text: string; offsets: number[] } {
  let text = '';
  let byte = 0;
  let from = 0;
  const offsets: number[] = [];
  at.forEach((i, k) => {
    const piece = src.slice(from, i);
    text += piece;
    byte += Buffer.byteLength(piece, 'utf8');
    offsets.push(byte);
    if (keep[k]) {
      text += '\\\n';
      byte += 2;
    }
    from = i + 2;
  });
  text += src.slice(from);
  return { text, offsets };
}

// ── Comments ending in a backslash ─────────────────────────────────────────────────────────────
// mvdan-sh 0.10.1 treats backslash-newline at the end of a comment as a line continuation, so
// `ls # x \⏎rm -rf y` parses as one call of ls; bash ends the comment at the newline and runs rm.
// A light scan (quotes and escapes tracked, a `#` that starts a word opens a comment) finds such
// comments; anything it misjudges makes the command invalid, never simple.

export function commentEndsWithBackslash(command: string): boolean {
  let quote: '' | "'" | '"' = '';
  for (let i = 0; i < command.length; i++) {
    const c = command[i]!;
    if (quote === "'") {
      if (c === "'") quote = '';
      continue;
    }
    if (c === '\\') {
      i++;
      continue;
    }
    if (quote === '"') {
      if (c === '"') quote = '';
      continue;
    }
    if (c === "'" || c === '"') quote = c;
    else if (c === '#' && (i === 0 || /[\s;&|()<>]/.test(command[i - 1]!))) {
      const end = command.indexOf('\n', i);
      const text = end < 0 ? command.slice(i) : command.slice(i, end);
      if (/\\$/.test(text)) return true;
      if (end < 0) return false;
      i = end;
    }
  }
  return false;
}
