/**
 * Names of MCP tools, as the model and the permission engine see them.
 *
 * - Each part is sanitised to [A-Za-z0-9_-] (every other character becomes '_').
 * - Permission key: `mcp:<server>:<tool>`; model-facing name: `mcp__<server>__<tool>`, at most 64
 *   characters (the providers' limit).
 * - Collisions after sanitising (`a.b` and `a_b`, or two long names cut to the same 64) are resolved
 *   by suffixing EVERY colliding name with a hash of its original: no tool keeps the plain name, so
 *   a grant written for the plain key matches none of them (it asks again) rather than silently
 *   moving to whichever tool sorts first. Each collision is reported.
 */
import { createHash } from 'node:crypto';

export const MAX_TOOL_NAME = 64;
const PREFIX = 'mcp__';
const SEP = '__';

export function sanitiseName(raw: string): string {
  const s = raw.replace(/[^A-Za-z0-9_-]/g, '_');
  return s.length === 0 ? '_' : s;
}

function shortHash(s: string, n = 8): string {
  return createHash('sha256').update(s).digest('hex').slice(0, n);
}

export interface NamedTool {
  /** The server's own name for the tool. */
  raw: string;
  /** Sanitised (and de-collided) tool part of the key. */
  part: string;
  /** `mcp:<server>:<part>`. */
  key: string;
  /** `mcp__<server>__<part>`, cut to 64 with a hash when longer. */
  modelName: string;
}

export interface Collision {
  /** What they collided on (a sanitised part or a model-facing name). */
  on: string;
  /** The original names. */
  names: string[];
  message: string;
}

/** Gives every name a unique sanitised part; colliding ones all get `_<hash of original>`. */
export function uniqueParts(raws: readonly string[], what: string): { parts: Map<string, string>; collisions: Collision[] } {
  const groups = new Map<string, string[]>();
  for (const r of new Set(raws)) {
    const s = sanitiseName(r);
    const g = groups.get(s);
    if (g) g.push(r);
    else groups.set(s, [r]);
  }
  const parts = new Map<string, string>();
  const collisions: Collision[] = [];
  for (const [s, names] of groups) {
    if (names.length === 1) {
      parts.set(names[0]!, s);
      continue;
    }
    names.sort();
    const renamed = names.map((n) => `${s.slice(0, 40)}_${shortHash(n)}`);
    names.forEach((n, i) => parts.set(n, renamed[i]!));
    collisions.push({
      on: s,
      names,
      message: `${what} ${names.map((n) => JSON.stringify(n)).join(' and ')} are all "${s}" once sanitised: named ${renamed.join(', ')}`,
    });
  }
  return { parts, collisions };
}

export function mcpKey(server: string, toolPart: string): string {
  return `mcp:${server}:${toolPart}`;
}

/** `mcp__<server>__<tool>`; over 64 characters it is cut and ends with a hash of the full key. */
export function modelName(server: string, toolPart: string): string {
  const full = `${PREFIX}${server}${SEP}${toolPart}`;
  if (full.length <= MAX_TOOL_NAME) return full;
  const h = shortHash(mcpKey(server, toolPart));
  return `${full.slice(0, MAX_TOOL_NAME - h.length - 1)}_${h}`;
}

/** The names of one server's tools (server part already unique), with collisions of the parts and of the cut names. */
export function nameTools(server: string, raws: readonly string[]): { tools: NamedTool[]; collisions: Collision[] } {
  const { parts, collisions } = uniqueParts(raws, `tools of "${server}"`);
  const byModel = new Map<string, NamedTool>();
  for (const raw of [...parts.keys()].sort()) {
    const part = parts.get(raw)!;
    const t: NamedTool = { raw, part, key: mcpKey(server, part), modelName: modelName(server, part) };
    const clash = byModel.get(t.modelName);
    if (clash) {
      // Two keys cut to the same 64 characters (a hash collision of 32 bits): neither gets a name.
      collisions.push({
        on: t.modelName,
        names: [clash.raw, raw],
        message: `tools "${clash.raw}" and "${raw}" of "${server}" have the same model-facing name ${t.modelName}: neither is offered`,
      });
      byModel.delete(t.modelName);
      continue;
    }
    byModel.set(t.modelName, t);
  }
  return { tools: [...byModel.values()], collisions };
}
