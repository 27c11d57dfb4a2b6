/**
 * The one shell parser the classifier uses: mvdan-sh 0.10.1 (mvdan/sh compiled to JS by GopherJS),
 * bash variant. One parser instance is reused for every call; it is made (and the package loaded) on
 * the first parse.
 *
 * Two facts about this build shape the code:
 * - Reading a field through the package's JS wrapper converts ("externalizes") the whole subtree on
 *   every access: ~0.4 ms per `call.Args`. So the GopherJS objects underneath (`__internal_object__`)
 *   are converted ONCE, right after parsing, into plain objects (ast.ts), reading only node fields.
 * - The parser reuses its node objects on the next Parse: a tree is only valid until the next
 *   parse. Converting immediately also makes the tree safe to hold while inner scripts
 *   (`bash -c '…'`) are parsed.
 * Parse errors throw in the package; here they come back as a value with the parser's message.
 *
 * A source holding a line continuation (backslash-newline) is joined first, where bash joins it
 * (continuations.ts): the tree is always the one of the text bash tokenizes.
 */
import { createRequire } from 'node:module';
import type { File, Node } from './ast.js';
import { hasContinuation, joinAll, joinContinuations, needsPlacing, type Span } from './continuations.js';

interface GoType {
  string?: string;
  kind: number;
  elem?: GoType & { fields?: GoField[] };
  nil?: unknown;
}
interface GoField {
  prop: string;
  name: string;
  typ: GoType;
}
interface GoObject {
  constructor: GoType;
  [field: string]: unknown;
  Pos?: () => { offs: number };
  End?: () => { offs: number };
}
interface GoSlice {
  $array: unknown[];
  $offset: number;
  $length: number;
}

interface SyntaxModule {
  NewParser(...options: unknown[]): { Parse(src: string, name: string): { __internal_object__: GoObject } };
  Variant(lang: unknown): unknown;
  KeepComments(keep: boolean): unknown;
  LangBash: unknown;
}

type Parser = ReturnType<SyntaxModule['NewParser']>;

const require = createRequire(import.meta.url);
let parsers: { plain: Parser; withComments: Parser } | undefined;
/**
 * The two parser instances, made on the first parse: mvdan-sh is 1.5 MB of JS, and a command keyed
 * without parsing (the CLI's `codecoder key 'git status'`) should not pay for loading it.
 */
function parsersOnce(): { plain: Parser; withComments: Parser } {
  if (parsers) return parsers;
  const syntax = (require('mvdan-sh') as { syntax: SyntaxModule }).syntax;
  parsers = {
    plain: syntax.NewParser(syntax.KeepComments(false), syntax.Variant(syntax.LangBash)),
    /** Keeps comments: only to place line continuations (continuations.ts). */
    withComments: syntax.NewParser(syntax.KeepComments(true), syntax.Variant(syntax.LangBash)),
  };
  return parsers;
}

/** `source`: the text the tree describes (line continuations joined as bash joins them). */
export type ParseResult = { ok: true; file: File; source: string } | { ok: false; message: string };

/**
 * Parses bash source into a plain AST. With `positions`, every node also gets `pos`/`end`: byte
 * offsets into the UTF-8 encoding of `source` (used only for the rare hidden-character check).
 * A source with line continuations always comes back with positions.
 */
export function parseBash(source: string, positions = false): ParseResult {
  let src = source;
  if (hasContinuation(src)) {
    if (needsPlacing(src)) return joinContinuations(src, { parse: parseWithComments, walk });
    src = joinAll(src);
  }
  let raw: GoObject;
  try {
    raw = parsersOnce().plain.Parse(src, '').__internal_object__;
  } catch (e) {
    return { ok: false, message: parseErrorMessage(e) };
  }
  const file = convert(raw, { positions });
  if (!file || file.type !== 'File') return { ok: false, message: 'the parser returned no file' };
  return { ok: true, file: file as unknown as File, source: src };
}

/** A parse with positions and the byte span of every comment (`#` to the end of its text). */
function parseWithComments(src: string): { ok: true; file: File; comments: Span[] } | { ok: false; message: string } {
  let raw: GoObject;
  try {
    raw = parsersOnce().withComments.Parse(src, '').__internal_object__;
  } catch (e) {
    return { ok: false, message: parseErrorMessage(e) };
  }
  const comments: Span[] = [];
  const file = convert(raw, { positions: true, comments });
  if (!file || file.type !== 'File') return { ok: false, message: 'the parser returned no file' };
  return { ok: true, file: file as unknown as File, comments };
}

/** The bare parse, without converting the tree (the benchmark's baseline). */
export function rawParse(src: string): boolean {
  try {
    parsersOnce().plain.Parse(src, '');
    return true;
  } catch {
    return false;
  }
}

/** The node's kind: "CallExpr", "Lit", … ("nil" for a missing node). */
export function nodeType(node: Node | null | undefined): string {
  return node ? node.type : 'nil';
}

/** Visits `node` and every node under it, depth first; `fn` returns false to skip a node's children. */
export function walk(node: Node, fn: (node: Node) => boolean): void {
  if (!fn(node)) return;
  for (const key of Object.keys(node)) {
    const v = (node as unknown as Record<string, unknown>)[key];
    if (Array.isArray(v)) {
      for (const x of v) if (isNode(x)) walk(x, fn);
    } else if (isNode(v)) walk(v, fn);
  }
}

function isNode(v: unknown): v is Node {
  return typeof v === 'object' && v !== null && typeof (v as { type?: unknown }).type === 'string';
}

const KIND_BOOL = 1;
const KIND_FLOAT64 = 14;
const KIND_INTERFACE = 20;
const KIND_PTR = 22;
const KIND_SLICE = 23;
const KIND_STRING = 24;

/** GopherJS keeps Go strings as one JS char per UTF-8 byte. */
function goString(s: string): string {
  return /[\u0080-\u00ff]/.test(s) ? Buffer.from(s, 'latin1').toString('utf8') : s;
}

interface ConvertOptions {
  positions: boolean;
  /** Collects comment spans when given (the parser must keep comments). */
  comments?: Span[];
}

const KIND_STRUCT = 25;

function convert(raw: unknown, opts: ConvertOptions): Node | null {
  if (raw === null || raw === undefined) return null;
  const obj = raw as GoObject;
  const ctor = obj.constructor;
  const typeName = ctor?.string;
  // A nil interface has no Go type; a nil pointer is its type's `nil` sentinel.
  if (typeName === undefined || raw === ctor.nil || !ctor.elem?.fields) return null;
  const out: Record<string, unknown> = { type: typeName.startsWith('*syntax.') ? typeName.slice(8) : typeName };
  for (const f of ctor.elem.fields) {
    const v = obj[f.prop];
    const k = f.typ.kind;
    if (k === KIND_PTR || k === KIND_INTERFACE) out[f.name] = convert(v, opts);
    else if (k === KIND_SLICE) {
      out[f.name] = convertSlice(v as GoSlice, f.typ, opts);
      if (opts.comments && f.typ.elem?.kind === KIND_STRUCT && (f.name === 'Comments' || f.name === 'Last'))
        collectComments(v as GoSlice, opts.comments);
    } else if (k === KIND_STRING) out[f.name] = goString(v as string);
    else if (k >= KIND_BOOL && k <= KIND_FLOAT64) out[f.name] = v;
    // Structs (Pos, Comment) are not needed.
  }
  if (opts.positions && typeof obj.Pos === 'function' && typeof obj.End === 'function') {
    out.pos = obj.Pos().offs;
    out.end = obj.End().offs;
  }
  return out as unknown as Node;
}

/** Comment structs (`Hash` position, `Text` after the #): span from the # to the end of the text. */
function collectComments(s: GoSlice, out: Span[]): void {
  if (!s || !s.$array) return;
  for (let i = 0; i < s.$length; i++) {
    const c = s.$array[s.$offset + i] as { Hash?: { offs?: number }; Text?: string } | undefined;
    const start = c?.Hash?.offs;
    // Text is a Go string: one JS character per UTF-8 byte.
    if (typeof start === 'number' && typeof c?.Text === 'string') out.push({ start, end: start + 1 + c.Text.length });
  }
}

function convertSlice(s: GoSlice, typ: GoType, opts: ConvertOptions): unknown[] {
  const out: unknown[] = [];
  if (!s || !s.$array) return out;
  const ek = typ.elem?.kind;
  if (ek !== KIND_PTR && ek !== KIND_INTERFACE) return out;
  for (let i = 0; i < s.$length; i++) {
    const n = convert(s.$array[s.$offset + i], opts);
    if (n) out.push(n);
  }
  return out;
}

function parseErrorMessage(e: unknown): string {
  if (e && typeof e === 'object') {
    const err = e as { Error?: () => string; message?: unknown };
    try {
      if (typeof err.Error === 'function') return goString(String(err.Error()));
    } catch {
      /* fall through */
    }
    if (typeof err.message === 'string') return err.message;
  }
  return String(e);
}
