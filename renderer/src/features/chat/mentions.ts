/**
 * @-mentions in the message box, as text: which `@word` the caret is in, what picking a file puts
 * there, and which picked files the message still names when it is sent. A path with a space is
 * written quoted, `@"my notes.md"`, so it stays one word.
 */

export interface ActiveMention {
  /** Index of the `@`. */
  start: number;
  /** What follows the `@` up to the caret. */
  query: string;
}

/** The `@word` being typed at the caret: an `@` at the start or after a space, no space since. */
export function activeMention(text: string, caret: number): ActiveMention | null {
  const before = text.slice(0, caret);
  const m = /(?:^|\s)@([^\s@"]*)$/.exec(before);
  if (!m) return null;
  return { start: caret - m[1]!.length - 1, query: m[1]! };
}

export function mentionToken(path: string): string {
  return /\s/.test(path) ? `@"${path}"` : `@${path}`;
}

/** Replaces the `@word` at the caret (all of it, also past the caret) with the file and a space; the caret goes after it. */
export function insertMention(text: string, m: ActiveMention, caret: number, path: string): { text: string; caret: number } {
  const token = `${mentionToken(path)} `;
  const rest = text.slice(caret).replace(/^\S+/, '').replace(/^ /, '');
  return { text: text.slice(0, m.start) + token + rest, caret: m.start + token.length };
}

/** The picked files the text still names, each once, in the order picked: what the message attaches. */
export function mentionedFiles(text: string, picked: readonly string[]): string[] {
  return picked.filter((p, i) => picked.indexOf(p) === i && namesFile(text, p));
}

/** `@path` as a whole word: not inside `@path.tsx`; a full stop or comma after it is allowed. */
function namesFile(text: string, path: string): boolean {
  const token = mentionToken(path);
  for (let at = text.indexOf(token); at >= 0; at = text.indexOf(token, at + 1)) {
    const before = at === 0 ? ' ' : text[at - 1]!;
    const end = at + token.length;
    const next = text[end] ?? ' ';
    const boundary = /\s/.test(next) || (/[.,;:!?)]/.test(next) && /^\s?$/.test(text[end + 1] ?? ''));
    if (/\s/.test(before) && boundary) return true;
  }
  return false;
}

const TYPED = /(?:^|\s)@(?:"([^"\n]+)"|([^\s@"]+))/g;

/**
 * Every `@word` (or `@"quoted words"`) the text names, each once, in order: typed paths that may
 * name project files (main says which: project.typedMentions). A full stop, comma, colon… right
 * after an unquoted word ends the sentence, not the path.
 */
export function typedMentions(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(TYPED)) {
    const word = m[1] ?? m[2]!.replace(/[.,;:!?)]$/, '');
    if (word !== '' && !out.includes(word)) out.push(word);
  }
  return out;
}

/** What a message attaches: the picked files it still names, then the typed ones that name files, each once. */
export function attachedFiles(text: string, picked: readonly string[], typed: readonly { typed: string; file: string }[]): string[] {
  const named = typedMentions(text);
  const out = mentionedFiles(text, picked);
  for (const t of typed) if (named.includes(t.typed) && !out.includes(t.file)) out.push(t.file);
  return out;
}
