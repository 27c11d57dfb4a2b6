/**
 * codecoder.json as text: strict parsing with line/column errors, type checking, and minimal edits
 * that keep everything else in the file (unknown fields, order, formatting) byte for byte.
 *
 * Format (docs/permissions.md, "codecoder.json"):
 *   { "allowlist": { "run_command:git": "AlwaysThisProject", "write_file:tests/**": "AlwaysThisProject" },
 *     "deny": ["run_command:git:push", "write_file:.env"] }
 *
 * Decisions: the file is JSON, not JSONC — comments and trailing commas are errors. A UTF-8 BOM at the
 * very start is accepted (Windows editors write one) and kept on write. Duplicate keys are errors
 * (which one wins is ambiguous). Over MAX_CONFIG_BYTES is an error without reading further.
 */
import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { appendMember, detectStyle, removeMember, replaceValue } from './jsonEdit.js';
import { KeyError, parseKey } from './keyGrammar.js';

export const CONFIG_FILE = 'codecoder.json';
/** 1 MiB: a real allowlist is a few KB; anything bigger is a mistake or an attack on the parser. */
export const MAX_CONFIG_BYTES = 1024 * 1024;
/**
 * The format itself needs 2 levels; other tools' fields get room to spare. Deeper is refused before
 * any recursive walk (jsonc-parser's tree, the duplicate check): 6,000 levels overflowed the stack.
 */
export const MAX_CONFIG_DEPTH = 64;

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
  /** The "mcpServers" value as written (validated per server by mcp/config.ts); absent when the file has none. */
  mcpServers?: unknown;
  /** The "hooks" value as written (validated per hook by hooks/declarations.ts); absent when the file has none. */
  hooks?: unknown;
}
export type ParseResult = { ok: true; doc: ConfigDoc; text: string; bom: boolean } | { ok: false; error: ConfigError };

const BOM = '\ufeff';

export function lineColumn(text: string, offset: number): Position {
  return lineIndex(text)(offset);
}

/** Line/column lookups in O(log n) after one pass: a 10k-entry file must not parse in O(n²). */
export function lineIndex(text: string): (offset: number) => Position {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return (offset: number) => {
    const o = Math.max(0, Math.min(offset, text.length));
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= o) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: o - starts[lo]! + 1 };
  };
}

function errorAt(text: string, offset: number, what: string): ConfigError {
  const { line, column } = lineColumn(text, offset);
  return { message: `${CONFIG_FILE}: line ${line}, column ${column}: ${what}`, line, column };
}

const READABLE: Record<string, string> = {
  InvalidSymbol: 'unexpected character',
  InvalidNumberFormat: 'invalid number',
  PropertyNameExpected: 'expected a property name in double quotes',
  ValueExpected: 'expected a value',
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
  const deep = tooDeepAt(text);
  if (deep !== undefined) {
    return { ok: false, error: errorAt(text, deep, `nested deeper than ${MAX_CONFIG_DEPTH} levels (codecoder.json needs 2)`) };
  }
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const first = errors[0];
  if (first) {
    const code = printParseErrorCode(first.error);
    const before = text.slice(0, first.offset).trimEnd();
    const trailingComma =
      (code === 'PropertyNameExpected' || code === 'ValueExpected') && before.endsWith(',') && /^\s*[}\]]/.test(text.slice(first.offset));
    return {
      ok: false,
      error: errorAt(text, first.offset, trailingComma ? 'trailing comma (not allowed in JSON)' : (READABLE[code] ?? code)),
    };
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
  const pos = lineIndex(text);
  const dup = duplicateProperty(root);
  if (dup) return { ok: false, error: errorAt(text, dup.offset, `duplicate property "${dup.name}"`) };

  for (const prop of root.children ?? []) {
    const [nameNode, valueNode] = prop.children ?? [];
    if (!nameNode || !valueNode) continue;
    const name = nameNode.value as string;
    if (name === 'allowlist') {
      if (valueNode.type !== 'object') {
        return {
          ok: false,
          error: errorAt(
            text,
            valueNode.offset,
            `"allowlist" must be an object of "tool:action": "AlwaysThisProject" | "AlwaysThisSession", got ${valueNode.type}`,
          ),
        };
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
            error: errorAt(
              text,
              v.offset,
              `allowlist[${JSON.stringify(key)}] must be "AlwaysThisProject" or "AlwaysThisSession", got ${got}`,
            ),
          };
        }
        doc.allowlist.push({ key, value: v.value as EntryValue, ...pos(k.offset) });
      }
    } else if (name === 'deny') {
      if (valueNode.type !== 'array') {
        return {
          ok: false,
          error: errorAt(text, valueNode.offset, `"deny" must be an array of "tool:action" strings, got ${valueNode.type}`),
        };
      }
      for (const [i, item] of (valueNode.children ?? []).entries()) {
        if (item.type !== 'string') {
          return { ok: false, error: errorAt(text, item.offset, `deny[${i}] must be a string "tool:action", got ${item.type}`) };
        }
        const bad = keyProblem(item.value as string);
        if (bad) return { ok: false, error: errorAt(text, item.offset, `deny[${i}] ${JSON.stringify(item.value)}: ${bad}`) };
        doc.deny.push({ key: item.value as string, ...pos(item.offset) });
      }
    } else if (name === 'mcpServers') {
      // MCP servers the project declares: read (and trusted) with the file, checked per server by mcp/config.ts.
      doc.mcpServers = JSON.parse(text.slice(valueNode.offset, valueNode.offset + valueNode.length));
    } else if (name === 'hooks') {
      // Programs the project would run around tool calls: read (and trusted) with the file, checked per hook by hooks/.
      doc.hooks = JSON.parse(text.slice(valueNode.offset, valueNode.offset + valueNode.length));
    }
    // Any other field is someone else's: kept on write, ignored here.
  }
  return { ok: true, doc, text: full, bom };
}

/** The offset of the first '{' or '[' past MAX_CONFIG_DEPTH (outside strings), in one iterative pass. */
function tooDeepAt(text: string): number | undefined {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \\ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > MAX_CONFIG_DEPTH) return i;
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
  }
  return undefined;
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
  | { op: 'removeDeny'; key: string }
  /** Adds or replaces one MCP server entry under "mcpServers" (the UI's "add a server"). */
  | { op: 'setMcpServer'; name: string; value: Record<string, unknown> }
  /** Removes one MCP server entry (the MCP tab's "remove"); nothing when there is none. */
  | { op: 'removeMcpServer'; name: string };

/**
 * Applies one edit to valid file text with minimal changes, keeping the BOM, the line endings, the
 * indentation and every other field byte for byte. `full` may be '' for a missing file.
 */
export function editConfigText(full: string, edit: ConfigEdit): string {
  const bom = full.startsWith(BOM);
  let text = bom ? full.slice(1) : full;
  if (text.trim() === '') text = '{}\n';
  const parsed = parseConfigText(text);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const style = detectStyle(text);
  const root = parseTree(text)!;
  const member = (container: Node | undefined, name: string): { node: Node; index: number } | undefined => {
    const i = (container?.children ?? []).findIndex((p) => p.children?.[0]?.value === name);
    return i < 0 ? undefined : { node: container!.children![i]!, index: i };
  };
  const allow = member(root, 'allowlist')?.node.children?.[1];
  const deny = member(root, 'deny')?.node.children?.[1];
  switch (edit.op) {
    case 'setAllow': {
      if (!allow) {
        text = appendMember(text, root, 'allowlist', { [edit.key]: edit.value }, style);
        break;
      }
      const existing = member(allow, edit.key);
      text = existing
        ? replaceValue(text, existing.node.children![1]!, edit.value, style)
        : appendMember(text, allow, edit.key, edit.value, style);
      break;
    }
    case 'removeAllow': {
      const existing = allow && member(allow, edit.key);
      if (existing) text = removeMember(text, allow, existing.index);
      break;
    }
    case 'addDeny':
      if (parsed.doc.deny.some((d) => d.key === edit.key)) break;
      text = deny ? appendMember(text, deny, undefined, edit.key, style) : appendMember(text, root, 'deny', [edit.key], style);
      break;
    case 'setMcpServer': {
      const servers = member(root, 'mcpServers')?.node.children?.[1];
      if (!servers) {
        text = appendMember(text, root, 'mcpServers', { [edit.name]: edit.value }, style);
        break;
      }
      if (servers.type !== 'object') throw new Error('"mcpServers" in codecoder.json is not an object: fix it by hand first');
      const existing = member(servers, edit.name);
      text = existing
        ? replaceValue(text, existing.node.children![1]!, edit.value, style)
        : appendMember(text, servers, edit.name, edit.value, style);
      break;
    }
    case 'removeMcpServer': {
      const servers = member(root, 'mcpServers')?.node.children?.[1];
      const existing = servers?.type === 'object' ? member(servers, edit.name) : undefined;
      if (existing) text = removeMember(text, servers!, existing.index);
      break;
    }
    case 'removeDeny': {
      // Removed from the last so earlier offsets stay valid; re-parse between removals.
      for (;;) {
        const arr = member(parseTree(text)!, 'deny')?.node.children?.[1];
        const i = (arr?.children ?? []).findLastIndex((c) => c.value === edit.key);
        if (!arr || i < 0) break;
        text = removeMember(text, arr, i);
      }
      break;
    }
  }
  return (bom ? BOM : '') + text;
}
