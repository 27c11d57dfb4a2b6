/**
 * Which words name a project file, for clickable paths in answers and tool cards: `src/calc.js`,
 * `src/calc.js:12`, `src/calc.js:12-20`, `calc.js#L3-L5`. Deliberately narrow — a word without a
 * slash counts only with a known source extension, so `console.log` or `v1.2` stay words. A
 * click only asks main to show the file (project.viewFile), which decides what may be read.
 */

export interface LineRange {
  from: number;
  to: number;
}

export interface FileRef {
  path: string;
  /** Lines to highlight (1-based, inclusive). */
  lines?: LineRange[];
}

const KNOWN_EXTENSIONS = new Set(
  (
    'js mjs cjs jsx ts mts cts tsx json jsonc md mdx txt py pyi rb go rs java kt kts scala c h cc cpp cxx hpp hh cs fs swift m mm ' +
    'php pl lua r sh bash zsh fish ps1 sql css scss sass less html htm vue svelte astro xml yml yaml toml ini cfg conf env lock ' +
    'gradle cmake mk proto graphql gql tf hcl dart ex exs erl hs ml elm clj nim zig sol wasm wat csv tsv svg'
  ).split(' '),
);
const BARE_NAMES = new Set([
  'Makefile',
  'Dockerfile',
  'Containerfile',
  'Gemfile',
  'Rakefile',
  'Procfile',
  'Jenkinsfile',
  'LICENSE',
  'README',
]);

/** One segment of a path: letters, digits and . _ - + @ (no spaces, no quotes, no shell characters). */
const SEGMENT = /^[\w.+@-]+$/;

/** The file named by `text` (and its lines), or undefined when it does not read as a file path. */
export function parseFileRef(text: string): FileRef | undefined {
  const t = text.trim();
  if (t === '' || t.length > 1024 || /\s/.test(t) || /^[a-z][a-z0-9+.-]*:\/\//i.test(t)) return undefined;
  const m = /^(.*?)(?:#L(\d+)(?:-L?(\d+))?|:(\d+)(?:[-:](\d+))?)?$/.exec(t);
  if (!m) return undefined;
  const path = m[1]!;
  const from = Number(m[2] ?? m[4] ?? NaN);
  // "file:12:5" is a line and a column; "file:12-20" and "#L12-L20" are ranges.
  const toRaw = m[3] ?? (m[5] !== undefined && t.includes(`:${m[4]}-`) ? m[5] : undefined);
  if (!isFilePath(path)) return undefined;
  if (!Number.isInteger(from) || from < 1) return { path };
  const to = toRaw === undefined ? from : Math.max(from, Number(toRaw));
  return { path, lines: [{ from, to }] };
}

function isFilePath(p: string): boolean {
  if (p.startsWith('-') || p.endsWith('/')) return false;
  const segments = p.replace(/^\.\//, '').replace(/^\//, '').split('/');
  if (segments.some((s) => s === '' || s === '..' || !SEGMENT.test(s))) return false;
  // An @ before the first slash reads as an address (a@b.com), not a file.
  if (!p.includes('/') && p.includes('@')) return false;
  const name = segments[segments.length - 1]!;
  if (BARE_NAMES.has(name)) return true;
  const dot = name.lastIndexOf('.');
  if (dot <= 0 && !name.startsWith('.')) return false;
  const ext = name.slice(dot + 1).toLowerCase();
  if (segments.length > 1) return /^[a-z][a-z0-9]{0,9}$/.test(ext);
  return KNOWN_EXTENSIONS.has(ext);
}

/** The new file's changed lines of a unified diff (its + lines, as ranges): what a card's path highlights. */
export function changedLines(diff: string): LineRange[] {
  const out: LineRange[] = [];
  let line = 0;
  for (const l of diff.split('\n')) {
    const h = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,\d+)? @@/.exec(l);
    if (h) {
      line = Number(h[1]);
      continue;
    }
    if (line === 0 || l.startsWith('+++') || l.startsWith('---')) continue;
    if (l.startsWith('+')) {
      const last = out[out.length - 1];
      if (last && last.to === line - 1) last.to = line;
      else out.push({ from: line, to: line });
      line++;
    } else if (l.startsWith(' ')) line++;
  }
  return out;
}
