/**
 * Checks a key the user types into the editor's add form, before anything is sent: the tool must
 * exist and ask for permission, the key must not hide characters, and a `shell` key can never be
 * added at project scope (the ceiling rule) — blocked here, in the form, with the reason. The
 * environment comes from the tool catalogue: the tool is the key's part before the first `:`.
 */
import type { ToolInfo } from '../../../../shared/contract/index.js';
import { escapeInvisible, hasHiddenCharacters } from '../../ui/escapeInvisible.js';

export type AddScope = 'project' | 'session' | 'deny';

export type EntryCheck = { ok: true; tool: ToolInfo } | { ok: false; problem: string; ceiling?: true; tool?: ToolInfo };

export function toolOfKey(key: string): string {
  const i = key.indexOf(':');
  return i < 0 ? key : key.slice(0, i);
}

/**
 * MCP keys are not in the tool catalogue: their tools come from the project's servers, and each
 * server's environment decides the ceiling — so the form lets them through and main refuses a
 * project entry for a host or remote server (CeilingViolation) with the reason.
 */
export const MCP_KEYS: ToolInfo = {
  name: 'mcp',
  category: 'mcp',
  description: "an MCP server's tools",
  permission: 'ask',
  keyTemplate: 'mcp:<server>:<tool>, mcp:<server>:* or mcp:*',
  environment: 'shell',
  subAgent: false,
  // As an MCP tool declares itself (main/core/mcp/tool.ts), a server not saying it only reads.
  touches: { changesFiles: true, fileAccess: 'none', keyFromCommand: false },
};

export function checkNewEntry(rawKey: string, scope: AddScope, catalogue: readonly ToolInfo[]): EntryCheck {
  const key = rawKey.trim();
  if (key === '') return { ok: false, problem: 'Enter a key such as run_command:git or write_file:tests/**.' };
  if (hasHiddenCharacters(key)) return { ok: false, problem: `The key contains a hidden or control character: ${escapeInvisible(key)}` };
  const colon = key.indexOf(':');
  if (colon < 0) return { ok: false, problem: 'A key is tool:action, e.g. run_command:git (the colon is missing).' };
  const name = key.slice(0, colon);
  if (name === 'mcp') {
    return key.length === colon + 1
      ? { ok: false, problem: `Say which server and tool: ${MCP_KEYS.keyTemplate}.`, tool: MCP_KEYS }
      : { ok: true, tool: MCP_KEYS };
  }
  const tool = catalogue.find((t) => t.name === name);
  if (!tool) return { ok: false, problem: `There is no tool called "${name}". Pick one from the suggestions.` };
  if (key.length === colon + 1)
    return { ok: false, problem: `Say what ${name} may do after the colon: ${tool.keyTemplate ?? `${name}:…`}.`, tool };
  if (tool.permission === 'none')
    return { ok: false, problem: `${name} never asks for permission, so there is nothing to allow or deny.`, tool };
  if (scope === 'project' && tool.environment === 'shell') {
    return {
      ok: false,
      ceiling: true,
      tool,
      problem: `${name} runs in the shell environment: it can be allowed for this session at most, never for the project.`,
    };
  }
  return { ok: true, tool };
}

/** Suggestions for the key field: each asking tool's `name:` while the tool is typed, its template after. */
export function keySuggestions(input: string, catalogue: readonly ToolInfo[]): { value: string; hint: string }[] {
  const asking = catalogue.filter((t) => t.permission === 'ask');
  const typed = input.trim();
  const colon = typed.indexOf(':');
  if (colon < 0) {
    return asking.filter((t) => t.name.startsWith(typed)).map((t) => ({ value: `${t.name}:`, hint: t.keyTemplate ?? `${t.name}:…` }));
  }
  const tool = asking.find((t) => t.name === typed.slice(0, colon));
  if (!tool) return [];
  const examples =
    tool.name === 'run_command'
      ? ['run_command:git', 'run_command:git:status', 'run_command:npm', 'run_command:cargo']
      : tool.keyTemplate?.includes('path')
        ? [`${tool.name}:src/**`, `${tool.name}:tests/**`]
        : [];
  return [
    { value: typed, hint: tool.keyTemplate ?? `${tool.name}:…` },
    ...examples.filter((e) => e.startsWith(typed) && e !== typed).map((e) => ({ value: e, hint: tool.keyTemplate ?? '' })),
  ];
}
