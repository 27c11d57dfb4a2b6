/**
 * The argument that names what a tool call touches — `src/a.ts`, `npm test`, `https://…`,
 * `a.ts → b.ts` — for a tool card (renderer) and an audit record (main) alike.
 */

/** The argument that says what a call is about, by the first field present. */
const SUBJECT_FIELDS = ['command', 'url', 'pattern', 'query', 'path', 'id', 'name', 'prompt', 'message'] as const;

/** The arguments as an object, or undefined when the model sent something else. */
export function argsRecord(args: unknown): Record<string, unknown> | undefined {
  return args && typeof args === 'object' && !Array.isArray(args) ? (args as Record<string, unknown>) : undefined;
}

/** The call's subject — `src/a.ts`, `npm test`, `https://…`, `a.ts → b.ts` — or undefined. */
export function toolSubject(args: unknown, max = 120): string | undefined {
  const a = argsRecord(args);
  if (!a) return undefined;
  let s: string | undefined;
  if (typeof a.from === 'string' && typeof a.to === 'string') s = `${a.from} → ${a.to}`;
  // A search names what it looks for, and where when that is not the whole project.
  else if (typeof a.pattern === 'string' && typeof a.path === 'string' && a.path !== '.' && a.path !== '') s = `${a.pattern} in ${a.path}`;
  else
    for (const f of SUBJECT_FIELDS) {
      const v = a[f];
      if (typeof v === 'string' && v.trim() !== '') {
        s = v;
        break;
      }
    }
  if (s === undefined) return undefined;
  const line = s.replace(/\s*\n\s*/g, ' ⏎ ');
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
