/**
 * Quote removal for words the classifier may treat as literal, and detection of the expansions
 * bash would still apply to them. A word is literal when it is made only of unquoted text, single
 * quotes, and double quotes holding plain text: then its value is known before it runs.
 */
import type { DblQuoted, Lit, Node, SglQuoted, Word } from './ast.js';
import { nodeType } from './parser.js';

export interface WordInfo {
  /** The value after quote removal, or null when bash computes it at run time. */
  literal: string | null;
  /** Any quoting or backslash-escaping was used. */
  quoted: boolean;
  /** Unquoted pattern characters (`*`, `?`, `[`) or an extended glob: pathname expansion applies. */
  glob: boolean;
  /** Unquoted brace expansion (`{a,b}`, `{1..3}`): one word may become several. */
  brace: boolean;
  /** An unquoted leading `~`: tilde expansion applies. */
  tilde: boolean;
  /** Why the word is not literal (first reason met), for the prompt. */
  dynamic?: string;
}

const BRACE_EXPANSION = /\{[^{}]*(,|\.\.)[^{}]*\}/;

export function wordInfo(word: Word): WordInfo {
  let literal: string | null = '';
  let quoted = false;
  let glob = false;
  let dynamic: string | undefined;
  // Unquoted characters as they are, quoted or escaped ones as "_": brace expansion and a
  // leading tilde are recognised only on unquoted characters, as bash does.
  let shape = '';
  for (const part of word.Parts) {
    const t = nodeType(part);
    if (t === 'Lit') {
      const raw = (part as Lit).Value;
      for (let i = 0; i < raw.length; i++) {
        const c = raw[i]!;
        if (c === '\\' && i + 1 < raw.length) {
          quoted = true;
          if (literal !== null) literal += raw[i + 1];
          shape += '_';
          i++;
          continue;
        }
        if (c === '*' || c === '?' || c === '[') glob = true;
        if (literal !== null) literal += c;
        shape += c;
      }
    } else if (t === 'SglQuoted') {
      const q = part as SglQuoted;
      quoted = true;
      shape += '_';
      if (q.Dollar && q.Value.includes('\\')) {
        // Never simple, but its value is known: decoded so that the key names what it spells
        // (`$'\x72\x6d' -rf x` runs rm; `bash -c $'\151\144'` runs id).
        dynamic ??= "ANSI-C quoting ($'…') with escapes";
        if (literal !== null) literal += decodeAnsiC(q.Value);
      } else if (literal !== null) literal += q.Value;
    } else if (t === 'DblQuoted') {
      const q = part as DblQuoted;
      quoted = true;
      shape += '_';
      if (q.Dollar) {
        dynamic ??= 'locale translation ($"…")';
        literal = null;
        continue;
      }
      for (const inner of q.Parts) {
        if (nodeType(inner) === 'Lit') {
          if (literal !== null) literal += unescapeDouble((inner as Lit).Value);
        } else {
          dynamic ??= describePart(inner);
          literal = null;
        }
      }
    } else {
      if (t === 'ExtGlob') glob = true;
      dynamic ??= describePart(part);
      literal = null;
      shape += t === 'ExtGlob' ? '*' : '$';
    }
  }
  const brace = BRACE_EXPANSION.test(shape);
  const tilde = shape.startsWith('~');
  const info: WordInfo = { literal, quoted, glob, brace, tilde };
  if (dynamic !== undefined) info.dynamic = dynamic;
  return info;
}

/** Inside double quotes a backslash escapes only $ ` " \ and newline. */
function unescapeDouble(raw: string): string {
  if (!raw.includes('\\')) return raw;
  let out = '';
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    const n = raw[i + 1];
    if (c === '\\' && n !== undefined && '$`"\\\n'.includes(n)) {
      if (n !== '\n') out += n;
      i++;
    } else out += c;
  }
  return out;
}

export function describePart(part: Node): string {
  switch (nodeType(part)) {
    case 'ParamExp':
      return 'parameter expansion';
    case 'CmdSubst':
      return 'command substitution';
    case 'ArithmExp':
      return 'arithmetic expansion';
    case 'ProcSubst':
      return 'process substitution';
    case 'ExtGlob':
      return 'extended glob';
    default:
      return `unrecognised word part ${nodeType(part)}`;
  }
}

/** bash's $'…' escapes. A NUL ends the string, as it does in bash. */
export function decodeAnsiC(raw: string): string {
  const simple: Record<string, string> = {
    a: '\x07',
    b: '\b',
    e: '\x1b',
    E: '\x1b',
    f: '\f',
    n: '\n',
    r: '\r',
    t: '\t',
    v: '\v',
    '\\': '\\',
    "'": "'",
    '"': '"',
    '?': '?',
  };
  let out = '';
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    if (c !== '\\' || i + 1 >= raw.length) {
      out += c;
      continue;
    }
    const n = raw[++i]!;
    let m: RegExpExecArray | null;
    if (simple[n] !== undefined) out += simple[n];
    else if ((m = /^[0-7]{1,3}/.exec(raw.slice(i)))) {
      out += String.fromCharCode(parseInt(m[0], 8) & 0xff);
      i += m[0].length - 1;
    } else if (n === 'x' && (m = /^[0-9A-Fa-f]{1,2}/.exec(raw.slice(i + 1)))) {
      out += String.fromCharCode(parseInt(m[0], 16));
      i += m[0].length;
    } else if ((n === 'u' || n === 'U') && (m = (n === 'u' ? /^[0-9A-Fa-f]{1,4}/ : /^[0-9A-Fa-f]{1,8}/).exec(raw.slice(i + 1)))) {
      const cp = parseInt(m[0], 16);
      out += cp <= 0x10ffff ? String.fromCodePoint(cp) : '\ufffd';
      i += m[0].length;
    } else if (n === 'c' && i + 1 < raw.length) {
      out += String.fromCharCode(raw.charCodeAt(++i) & 0x1f);
    } else out += '\\' + n;
  }
  const nul = out.indexOf('\0');
  return nul >= 0 ? out.slice(0, nul) : out;
}
