/**
 * Our CSP forbids inline styles (style-src 'self', no 'unsafe-inline'). @git-diff-view builds each
 * line as an HTML string with `style="…"` attributes (the changed-word highlight, and an empty
 * style on every highlighted token) and React inserts it as HTML: one CSP violation per attribute.
 * Here every such template is rewritten as it is stored — the style becomes data attributes that
 * diff.css draws — so nothing the page inserts carries a style attribute. Unknown style is dropped
 * (a missing colour, never a violation).
 */
import type { DiffFile } from '@git-diff-view/react';

const STYLE_ATTR = / style="([^"]*)"/g;

/** One template with its style attributes turned into data-hl / data-hl-round (see diff.css). */
export function cspSafeTemplate(html: string): string {
  return html.replace(STYLE_ATTR, (_all, css: string) => attributesFor(css));
}

function attributesFor(css: string): string {
  const decl = new Map<string, string>();
  for (const part of css.split(';')) {
    const at = part.indexOf(':');
    if (at > 0) decl.set(part.slice(0, at).trim().toLowerCase(), part.slice(at + 1).trim());
  }
  const bg = decl.get('background-color') ?? '';
  const kind = bg.includes('--diff-add-content-highlight--') ? 'add' : bg.includes('--diff-del-content-highlight--') ? 'del' : null;
  if (!kind) return '';
  const rounded = (corner: string) => {
    const v = decl.get(`border-${corner}-radius`) ?? decl.get('border-radius') ?? '0';
    return v !== '0' && v !== '';
  };
  const left = rounded('top-left');
  const right = rounded('top-right');
  const round = left && right ? 'both' : left ? 'left' : right ? 'right' : 'none';
  return ` data-hl="${kind}" data-hl-round="${round}"`;
}

type Holder = Record<string, unknown>;
const guarded = new WeakSet<object>();

/** Every write of these template fields is rewritten (the library also builds templates lazily, while rendering). */
function guard(obj: unknown, fields: readonly string[]): void {
  if (!obj || typeof obj !== 'object' || guarded.has(obj)) return;
  guarded.add(obj);
  const holder = obj as Holder;
  for (const field of fields) {
    let value = holder[field];
    if (typeof value === 'string') value = cspSafeTemplate(value);
    Object.defineProperty(holder, field, {
      configurable: true,
      enumerable: true,
      get: () => value,
      set: (v: unknown) => {
        value = typeof v === 'string' ? cspSafeTemplate(v) : v;
      },
    });
  }
}

const LINE_TEMPLATE = ['template'] as const;
const DIFF_LINE_TEMPLATES = ['plainTemplate', 'syntaxTemplate'] as const;

interface Bundle {
  oldFilePlainLines?: Record<number, unknown>;
  newFilePlainLines?: Record<number, unknown>;
  oldFileSyntaxLines?: Record<number, unknown>;
  newFileSyntaxLines?: Record<number, unknown>;
  oldFileDiffLines?: Record<number, unknown>;
  newFileDiffLines?: Record<number, unknown>;
  splitLeftLines?: { diff?: unknown }[];
  splitRightLines?: { diff?: unknown }[];
  unifiedLines?: { diff?: unknown }[];
}

/**
 * Guards every line object of the file. The view copies the file (`_mergeFullBundle`) but shares
 * these objects, so what it builds later while rendering goes through the guards too. Call after
 * init() and the build of both layouts; returns the same file.
 */
export function withCspSafeTemplates(file: DiffFile): DiffFile {
  const b = (file as unknown as { _getFullBundle: () => Bundle })._getFullBundle();
  for (const lines of [b.oldFilePlainLines, b.newFilePlainLines, b.oldFileSyntaxLines, b.newFileSyntaxLines])
    for (const line of Object.values(lines ?? {})) guard(line, LINE_TEMPLATE);
  for (const lines of [b.oldFileDiffLines, b.newFileDiffLines])
    for (const line of Object.values(lines ?? {})) guard(line, DIFF_LINE_TEMPLATES);
  for (const lines of [b.splitLeftLines, b.splitRightLines, b.unifiedLines])
    for (const line of lines ?? []) guard(line.diff, DIFF_LINE_TEMPLATES);
  return file;
}
