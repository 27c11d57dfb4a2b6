/**
 * A compound command key read back as shell-like text, shown next to the exact key wherever one is
 * shown (approval prompt, allowlist editor, audit log, trust review): `run_command:for(-)-do(-echo-$i-;-sleep-)`
 * reads `for …; do echo $i; sleep; done`. The key stays what is matched and stored; this is only its
 * reading. The grammar is the engine's (docs/permissions.md, "Compound key grammar";
 * main/core/permissions/shell/keyTokens.ts); `readableKey.test.ts` reads keys the classifier made.
 *
 * A key carries no arguments, so the reading has none either: `…` stands for what the key leaves out
 * or cannot know (`?`), `[…]` for what runs inside another program (sudo, bash -c, find -exec), and
 * `code d287bb7f` for literal code in another language pinned by its hash. A key this reader does not
 * follow (an unbalanced bracket, a token it does not know) gets no reading: the exact key is enough.
 */
import { escapeInvisible } from './escapeInvisible.js';

const COMMAND_TOOLS = new Set(['run_command', 'run_sandboxed', 'run_container']);
/** Words that open a bracket closed by ")" and print as themselves. */
const KEYWORDS = new Set(['if', 'elif', 'while', 'until', 'for', 'select', 'case', 'then', 'do', 'else', 'in', 'time', 'coproc']);
const DECLARATIONS = new Set(['export', 'declare', 'local', 'readonly', 'typeset', 'nameref', 'let']);
const SEPARATORS = new Set(['&&', '||', '|', '|&', '&']);
const REDIRECT = /^[0-9]*(?:>|>>|>\||<|<>|&>|&>>|<<|<<-|<<<)$/;
/** Openers that close with ")" and print glued to their contents: `$(date)`, `<(ls)`. */
const GLUED = new Set(['$(', '<(', '>(']);

interface Piece {
  text: string;
  /** Written without a space before it (`;`, `)`), or after the previous piece's glue. */
  glue?: boolean;
}

function decodeName(token: string): string {
  if (!token.includes('%')) return token;
  const bytes: number[] = [];
  for (let i = 0; i < token.length; i++) {
    const hex = /^%([0-9A-F]{2})/.exec(token.slice(i));
    if (hex) {
      bytes.push(parseInt(hex[1]!, 16));
      i += 2;
    } else bytes.push(...new TextEncoder().encode(token[i]!));
  }
  return shellWord(escapeInvisible(new TextDecoder().decode(new Uint8Array(bytes))));
}

/** A name with spaces or shell characters, single-quoted so the reading stays one word per name. */
function shellWord(name: string): string {
  return /[\s'"\\$`*?;&|<>(){}[\]!#]/.test(name) ? `'${name.replace(/'/g, `'\\''`)}'` : name;
}

/** `#in_place` → `--in-place`, `#c` → `-c`: the option responsible for an effect. */
function flag(name: string): string {
  const words = name.replace(/_/g, '-');
  return words.length === 1 ? `-${words}` : `--${words}`;
}

class Reader {
  readonly out: Piece[] = [];
  private glueNext = false;

  put(text: string, glue = false): void {
    this.out.push({ text, glue: glue || this.glueNext });
    this.glueNext = false;
  }

  /** The next piece is written right after this one (`FOO=` then `bar`, `$(` then `date`). */
  putGlued(text: string, glue = false): void {
    this.put(text, glue);
    this.glueNext = true;
  }

  text(): string {
    let s = '';
    for (const p of this.out) s += s === '' || p.glue ? p.text : ` ${p.text}`;
    return s;
  }
}

/** The reading of a compound command key, or undefined when there is none worth showing. */
export function readableKey(key: string): string | undefined {
  const colon = key.indexOf(':');
  if (colon < 0 || !COMMAND_TOOLS.has(key.slice(0, colon))) return undefined;
  const action = key.slice(colon + 1);
  // A simple key (`git`, `git:push`, `npm:*`) reads as it is.
  if (!action.includes('-') && !action.includes('%')) return undefined;
  const tokens = action.split('-');
  const r = new Reader();
  const stack: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    const next = tokens[i + 1];
    const kw = /^([a-z]+)\($/.exec(t)?.[1];
    if (kw !== undefined && (KEYWORDS.has(kw) || DECLARATIONS.has(kw))) {
      r.put(kw);
      if (kw === 'for' || kw === 'select') r.put('…');
      stack.push(kw);
    } else if (t === ')') {
      const open = stack.pop();
      if (open === undefined) return undefined;
      if (open === '(' || GLUED.has(open)) r.put(')', true);
      else if (['if', 'elif', 'while', 'until', 'for', 'select'].includes(open)) r.put(';', true);
      else if (open === 'do') r.put('; done', true);
      else if (open === 'then') r.put(next === 'elif(' || next === 'else(' ? ';' : '; fi', true);
      else if (open === 'else') r.put('; fi', true);
      else if (open === 'in') r.put('; esac', true);
    } else if (t === '(' || t === '{' || t === '[') {
      if (t === '{') r.put(t);
      else r.putGlued(t);
      stack.push(t);
    } else if (t === '}' || t === ']') {
      if (stack.pop() !== (t === '}' ? '{' : '[')) return undefined;
      r.put(t === '}' ? '; }' : ']', true);
    } else if (GLUED.has(t)) {
      r.putGlued(t);
      stack.push(t);
    } else if (t === '$((' || t === '((' || t === '[[') {
      r.putGlued(t);
      if (next === '))' || next === ']]') r.put('…', true);
      stack.push(t);
    } else if (t === '))' || t === ']]') {
      const open = stack.pop();
      if (t === '))' ? open !== '$((' && open !== '((' : open !== '[[') return undefined;
      r.put(t, true);
    } else if (t === ';' || t === ';;') {
      r.put(t, true);
    } else if (SEPARATORS.has(t) || t === '!' || REDIRECT.test(t)) {
      r.put(t);
    } else if (t === '?') {
      r.put('…');
    } else if (/^\?[0-9a-f]{8}$/.test(t)) {
      r.put(`code ${t.slice(1)}`);
    } else if (t.startsWith('#')) {
      r.put(flag(t.slice(1)));
    } else if (/^\$[A-Za-z_][A-Za-z0-9_]*\+?=$/.test(t)) {
      // An assignment: its value follows; a computed one (`?` then its expansions) shows the expansions.
      r.putGlued(t.slice(1));
      if (next === '?' && tokens[i + 2] !== undefined && /^\$/.test(tokens[i + 2]!)) i++;
    } else if (/^\$[#!][A-Za-z_0-9]+$/.test(t)) {
      r.put(`\${${t.slice(1)}}`);
    } else if (/^\$[A-Za-z_0-9@*#?$!-]+$/.test(t) || t === "''" || /^[^\s()]+\(\)$/.test(t)) {
      r.put(t);
    } else if (/^[A-Za-z0-9_.+@,:=/~^%]+$/.test(t)) {
      r.put(decodeName(t));
    } else {
      return undefined;
    }
  }
  if (stack.length > 0) return undefined;
  const text = r.text();
  return text === action ? undefined : text;
}
