/**
 * What a tool card says about its call in words rather than JSON: the one argument that names what
 * the call touches (shown on the collapsed card), the arguments as labelled fields, and the one line
 * of a command's result that its terminal does not already show.
 */

// The subject is shared with main, which records it in the audit log beside the key.
import { argsRecord, toolSubject } from '../../../../shared/toolSubject.js';
export { toolSubject };

export interface ArgField {
  name: string;
  /** A string as it is; anything else as compact JSON. */
  value: string;
  /** Several lines (file content, a replacement): shown as a block. */
  block: boolean;
}

/** The arguments as labelled fields, in the model's order; a non-object is one field "value". */
export function argFields(args: unknown): ArgField[] {
  const a = argsRecord(args);
  const entries: [string, unknown][] = a ? Object.entries(a) : args === undefined ? [] : [['value', args]];
  return entries.map(([name, v]) => {
    const value = typeof v === 'string' ? v : safeJson(v);
    return { name, value, block: value.includes('\n') || value.length > 80 };
  });
}

function safeJson(v: unknown): string {
  try {
    return JSON.stringify(v) ?? String(v);
  } catch {
    return String(v);
  }
}

/**
 * A command's result repeats its output after a first line saying how it ended
 * ("run_command: exit code 3"). When the card already shows the output, only that line is new.
 */
export function commandEnding(content: string, tool: string): string {
  const first = content.split('\n', 1)[0] ?? '';
  return first.startsWith(`${tool}: `) ? first.slice(tool.length + 2) : first;
}

/**
 * Whether a denied or refused call's result only repeats its reason (the engine's reason is sent
 * to the model as the tool error): then the card shows the reason once.
 */
export function resultRepeatsReason(content: string, reason: string | undefined): boolean {
  if (!reason) return false;
  const c = content.trim();
  return c === reason.trim() || c.includes(reason.trim());
}

/** The reason of a refusal from its result ("Permission denied for write_file: <reason>"), for a card whose event carried none. */
export function refusalReason(content: string, tool: string): string {
  const prefix = `Permission denied for ${tool}: `;
  return content.startsWith(prefix) ? content.slice(prefix.length) : content;
}
