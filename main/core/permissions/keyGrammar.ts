/**
 * Key grammar without dependencies: parsing `tool:action` and which grammar a tool's actions follow.
 * (Kept apart from keys.ts so matching never loads the shell parser.)
 */
import type { PermissionKey } from './types.js';

export class KeyError extends Error {
  override name = 'KeyError';
}

/** Tool names are identifiers (`run_command`, `write_file`); the action is everything after the first colon. */
const TOOL_NAME = /^[A-Za-z][A-Za-z0-9_.-]*$/;

/**
 * `run_command:git:push` → tool `run_command`, action `git:push`. The action is kept whole: paths may
 * contain colons, and each grammar (command, path) reads its own action.
 */
export function parseKey(raw: unknown): PermissionKey {
  if (typeof raw !== 'string') throw new KeyError(`a permission key must be a string, got ${typeof raw}`);
  const colon = raw.indexOf(':');
  if (colon < 0) throw new KeyError(`permission key "${raw}" has no ':' (expected tool:action, e.g. run_command:git)`);
  const tool = raw.slice(0, colon);
  const action = raw.slice(colon + 1);
  if (!TOOL_NAME.test(tool)) throw new KeyError(`permission key "${raw}": "${tool}" is not a tool name`);
  if (action.length === 0) throw new KeyError(`permission key "${raw}" has an empty action after '${tool}:'`);
  if (raw.includes('\0')) throw new KeyError(`permission key "${raw}" contains a NUL byte`);
  return { tool, action, raw };
}

export function formatKey(tool: string, action: string): PermissionKey {
  return { tool, action, raw: `${tool}:${action}` };
}

/**
 * How a tool's key actions are read. `command`: the shell grammar (program, program:sub, *, or an
 * exact compound key). `mcp`: `mcp:<server>:<tool>`, `mcp:<server>:*` or `mcp:*` (mcpKeys.ts).
 * `glob`: the action is a path or name matched with picomatch. Tools not listed use `glob`, whose
 * exact entries behave as plain equality.
 */
export type KeyGrammar = 'command' | 'glob' | 'mcp';
/**
 * The key tools whose actions are command keys. Each command tool declares `keyFromCommand` itself
 * (tools/types.ts); this set is what every pattern is read with before any registry exists (loading
 * codecoder.json, the CLI's `validate`), and `tools/registry.test.ts` fails when the two differ.
 */
export const COMMAND_KEY_TOOLS: ReadonlySet<string> = new Set(['run_command', 'run_sandboxed', 'run_container']);
/** The key tool of every MCP server's tools: `mcp:<server>:<tool>`. */
export const MCP_KEY_TOOL = 'mcp';
export function keyGrammarOf(tool: string): KeyGrammar {
  if (tool === MCP_KEY_TOOL) return 'mcp';
  return COMMAND_KEY_TOOLS.has(tool) ? 'command' : 'glob';
}
