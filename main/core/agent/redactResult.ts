/**
 * A tool result with the secrets the app holds taken out (env/redact.ts), at the one place every
 * result passes on its way to the model, the transcript and the UI (toolCall.ts `finish`).
 */
import type { Redactor } from '../env/index.js';
import type { ToolResult } from '../tools/index.js';

function redactData(v: unknown, text: (s: string) => string): unknown {
  if (typeof v === 'string') return text(v);
  if (Array.isArray(v)) return v.map((x) => redactData(x, text));
  if (typeof v === 'object' && v !== null) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, redactData(x, text)]));
  return v;
}

/** Before the result is cut for the model: its text and every string of its data, whatever their size. */
export function redactResult(r: ToolResult, redactor: Redactor | undefined): ToolResult {
  if (!redactor) return r;
  const content = redactor.text(r.content);
  const data = r.data === undefined ? undefined : redactData(r.data, redactor.text);
  return { ...r, content, ...(data !== undefined ? { data } : {}) };
}

/** After the cut: what the model reads, with any piece of a secret a cut left (bounded text). */
export function redactCutResult<R extends ToolResult>(r: R, redactor: Redactor | undefined): R {
  return redactor ? { ...r, content: redactor.finished(r.content) } : r;
}
