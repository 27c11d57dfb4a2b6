/**
 * File globs written without backticks (`*.test.*`, `src/**\/*.ts`) are not emphasis: markdown
 * would italicise `.test.`. In a word containing `*.` (a star before a dot: a glob, never how
 * emphasis closes) every `*` is escaped. Code spans and fenced blocks are left as they are.
 */
export function escapeGlobs(markdown: string): string {
  const parts = markdown.split(/(```[\s\S]*?(?:```|$)|`[^`\n]*`)/);
  return parts.map((p, i) => (i % 2 === 1 ? p : p.replace(/[^\s()[\]]*\*\.[^\s()[\]]*/g, (w) => w.replace(/(?<!\\)\*/g, '\\*')))).join('');
}
