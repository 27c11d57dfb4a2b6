/**
 * codecoder.json as text: strict parsing with line/column errors, type checking, and minimal edits
 * that keep everything else in the file (unknown fields, order, formatting) byte for byte.
 *
 * Format (seed §4.2, plus deny):
 *   { "allowlist": { "run_command:git": "AlwaysThisProject", "write_file:tests/**": "AlwaysThisProject" },
 *     "deny": ["run_command:git:push", "write_file:.env"] }
 *
 * Decisions: the file is JSON, not JSONC — comments and trailing commas are errors. A UTF-8 BOM at the
 * very start is accepted (Windows editors write one) and kept on write. Duplicate keys are errors
 * (which one wins is ambiguous). Over MAX_CONFIG_BYTES is an error without reading further.
 */
import { applyEdits, modify, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { KeyError, parseKey } from './keyGrammar.js';

export const CONFIG_FILE = 'codecoder.json';
/** 1 MiB: a real allowlist is a few KB; anything bigger is a mistake or an attack on the parser. */
export const MAX_CONFIG_BYTES = 1024 * 1024;

export type EntryValue = 'AlwaysThisProject' | 'AlwaysThisSession';
export const ENTRY_VALUES: readonly EntryValue[] = ['AlwaysThisProject', 'AlwaysThisSession'];

export interface Position {
  line: number;
  column: number;
}
export interface ConfigError extends Partial<Position> {
  /** Complete, human sentence; includes "line L, column C" when known. */
  message: string;
}
export interface AllowlistItem extends Position {
  key: string;
  value: EntryValue;
}
export interface DenyItem extends Position {
  key: string;
}
export interface ConfigDoc {
  allowlist: AllowlistItem[];
  deny: DenyItem[];
}
export type ParseResult = { ok: true; doc: ConfigDoc; text: string; bom: boolean } | { ok: false; error: ConfigError };

const BOM = '\ufeff';

export function lineColumn(text: string, offset: number): Position {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(offset, text.length);
  for (let i = 0; i < end; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: end - lineStart + 1 };
}

function errorAt(text: string, offset: number, what: string): ConfigError {
  const { line, column } = lineColumn(text, offset);
  return { message: `${CONFIG_FILE}: line ${line}, column ${column}: ${what}`, line, column };
}

const READABLE: Record<string, string> = {
  InvalidSymbol: 'unexpected character',
  InvalidNumberFormat: 'invalid number',
  PropertyNameExpected: 'expected a property name in double quotes',
  ValueExpected: 'expected a value (a trailing comma?)',
  ColonExpected: "expected ':'",
  CommaExpected: "expected ','",
  CloseBraceExpected: "expected '}' (is the file cut short?)",
  CloseBracketExpected: "expected ']' (is the file cut short?)",
  EndOfFileExpected: 'unexpected text after the end of the JSON value',
  InvalidCommentToken: 'comments are not allowed: codecoder.json is plain JSON',
  UnexpectedEndOfComment: 'unterminated comment',
  UnexpectedEndOfString: 'unterminated string (is the file cut short?)',
  UnexpectedEndOfNumber: 'unterminated number',
  InvalidUnicode: 'invalid \\u escape',
  InvalidEscapeCharacter: 'invalid escape character',
  InvalidCharacter: 'invalid character (control characters must be escaped inside strings)',
};

/** Decodes bytes strictly: invalid UTF-8 is an error with its position, a BOM is noted and removed. */
export function parseConfigBytes(buf: Uint8Array): ParseResult {
  if (buf.byteLength > MAX_CONFIG_BYTES) {
    return { ok: false, error: { message: `${CONFIG_FILE} is ${buf.byteLength} bytes, over the ${MAX_CONFIG_BYTES}-byte limit` } };
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(buf);
  } catch {
    const lossy = new TextDecoder('utf-8').decode(buf);
    const bad = lossy.indexOf('\ufffd');
    return { ok: false, error: errorAt(lossy, Math.max(0, bad), 'the file is not valid UTF-8') };
  }
  return parseConfigText(text);
}

export function parseConfigText(full: string): ParseResult {
  const bom = full.startsWith(BOM);
  const text = bom ? full.slice(1) : full;
  if (text.trim().length === 0) {
    return { ok: false, error: errorAt(text, 0, 'the file is empty (expected a JSON object, e.g. {"allowlist": {}})') };
  }
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const first = errors[0];
  if (first) {
    const code = printParseErrorCode(first.error);
    return { ok: false, error: errorAt(text, first.offset, READABLE[code] ?? code) };
  }
  // jsonc-parser is lenient in corners JSON is not; JSON.parse has the final word on syntax.
  try {
    JSON.parse(text);
  } catch (err) {
    const m = /position (\d+)/.exec((err as Error).message);
    return { ok: false, error: errorAt(text, m ? Number(m[1]) : 0, `not valid JSON: ${(err as Error).message}`) };
  }
  if (!root || root.type !== 'object') {
    return { ok: false, error: errorAt(text, root?.offset ?? 0, `the top level must be an object, got ${root?.type ?? 'nothing'}`) };
  }
  const doc: ConfigDoc = { allowlist: [], deny: [] };
  const dup = duplicateProperty(root);
  if (dup) return { ok: false, error: errorAt(text, dup.offset, `duplicate property "${dup.name}"`) };

  for (const prop of root.children ?? []) {
    const [nameNode, valueNode] = prop.children ?? [];
    if (!nameNode || !valueNode) continue;
    const name = nameNode.value as string;
    if (name === 'allowlist') {
      if (valueNode.type !== 'object') {
        return { ok: false, error: errorAt(text, valueNode.offset, `"allowlist" must be an object of "tool:action": "AlwaysThisProject" | "AlwaysThisSession", got ${valueNode.type}`) };
      }
      for (const entry of valueNode.children ?? []) {
        const [k, v] = entry.children ?? [];
        if (!k || !v) continue;
        const key = k.value as string;
        const bad = keyProblem(key);
        if (bad) return { ok: false, error: errorAt(text, k.offset, `allowlist key ${JSON.stringify(key)}: ${bad}`) };
        if (v.type !== 'string' || !ENTRY_VALUES.includes(v.value as EntryValue)) {
          const got = v.type === 'string' ? JSON.stringify(v.value) : v.type;
          return {
            ok: false,
            error: errorAt(text, v.offset, `allowlist[${JSON.stringify(key)}] must be "AlwaysThisProject" or "AlwaysThisSession", got ${got}`),
          };
        }
        doc.allowlist.push({ key, value: v.value as EntryValue, ...lineColumn(text, k.offset) });
      }
    } else if (name === 'deny') {
      if (valueNode.type !== 'array') {
        return { ok: false, error: errorAt(text, valueNode.offset, `"deny" must be an array of "tool:action" strings, got ${valueNode.type}`) };
      }
      for (const [i, item] of (valueNode.children ?? []).entries()) {
        if (item.type !== 'string') {
          return { ok: false, error: errorAt(text, item.offset, `deny[${i}] must be a string "tool:action", got ${item.type}`) };
        }
        const bad = keyProblem(item.value as string);
        if (bad) return { ok: false, error: errorAt(text, item.offset, `deny[${i}] ${JSON.stringify(item.value)}: ${bad}`) };
        doc.deny.push({ key: item.value as string, ...lineColumn(text, item.offset) });
      }
    }
    // Any other field is someone else's: kept on write, ignored here.
  }
  return { ok: true, doc, text: full, bom };
}

function keyProblem(key: string): string | undefined {
  try {
    parseKey(key);
    return undefined;
  } catch (err) {
    if (err instanceof KeyError) return err.message;
    throw err;
  }
}

function duplicateProperty(node: Node): { name: string; offset: number } | undefined {
  if (node.type === 'object') {
    const seen = new Set<string>();
    for (const prop of node.children ?? []) {
      const nameNode = prop.children?.[0];
      if (!nameNode) continue;
      const name = nameNode.value as string;
      if (seen.has(name)) return { name, offset: nameNode.offset };
      seen.add(name);
    }
  }
  for (const child of node.children ?? []) {
    const d = duplicateProperty(child);
    if (d) return d;
  }
  return undefined;
}

export type ConfigEdit =
  | { op: 'setAllow'; key: string; value: EntryValue }
  | { op: 'removeAllow'; key: string }
  | { op: 'addDeny'; key: string }
  | { op: 'removeDeny'; key: string };

/**
 * Applies one edit to valid file text with minimal changes (jsonc-parser `modify`), keeping the BOM,
 * the line endings, the indentation and every other field. `full` may be '' for a missing file.
 */
export function editConfigText(full: string, edit: ConfigEdit): string {
  const bom = full.startsWith(BOM);
  let text = bom ? full.slice(1) : full;
  if (text.trim() === '') text = '{}\n';
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const indent = /\n([ \t]+)\S/.exec(text)?.[1];
  const formattingOptions = {
    insertSpaces: !indent?.startsWith('\t'),
    tabSize: indent && !indent.startsWith('\t') ? indent.length : 2,
    eol,
  };
  const doc = parseConfigText(text);
  if (!doc.ok) throw new Error(doc.error.message);
  const apply = (p: (string | number)[], value: unknown, isArrayInsertion = false): void => {
    text = applyEdits(text, modify(text, p, value, { formattingOptions, isArrayInsertion }));
  };
  const denyKeys = doc.doc.deny.map((d) => d.key);
  switch (edit.op) {
    case 'setAllow':
      apply(['allowlist', edit.key], edit.value);
      break;
    case 'removeAllow':
      if (doc.doc.allowlist.some((a) => a.key === edit.key)) apply(['allowlist', edit.key], undefined);
      break;
    case 'addDeny':
      if (denyKeys.includes(edit.key)) break;
      if (hasTopLevel(text, 'deny')) apply(['deny', -1], edit.key, true);
      else apply(['deny'], [edit.key]);
      break;
    case 'removeDeny':
      for (let i = denyKeys.length - 1; i >= 0; i--) if (denyKeys[i] === edit.key) apply(['deny', i], undefined);
      break;
  }
  return (bom ? BOM : '') + text;
}

function hasTopLevel(text: string, name: string): boolean {
  const root = parseTree(text);
  return (root?.children ?? []).some((p) => p.children?.[0]?.value === name);
}
