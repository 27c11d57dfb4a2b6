import type { Environment } from '../permissions/index.js';
import { CATEGORY_ORDER, SUB_AGENT_TOOL_NAMES, toJsonSchema } from './registry.js';
import type { Tool, ToolRegistry, ToolTouches } from './types.js';

/** The contract's ToolInfo (shared/contract/permissions.ts) plus the parameters and any condition. */
export interface CatalogueEntry {
  name: string;
  category: string;
  description: string;
  permission: 'none' | 'ask';
  keyTemplate: string | null;
  environment: Environment;
  subAgent: boolean;
  /** What the tool declares it touches (ToolTouches). */
  touches: ToolTouches;
  /** When a None tool still asks (web_fetch on a local address). */
  asksWhen?: string;
  parameters: Record<string, unknown>;
}

/** Tools that are None but ask in one situation; every other tool with a key template always asks. */
const CONDITIONAL: Record<string, string> = {
  web_fetch: 'the target (or a redirect) is loopback, private or link-local — key web_fetch:<host>',
};

/** None or Ask as the catalogue states it: a tool with a key template asks, unless it asks only in one situation. */
export function permissionKindOf(tool: Tool): 'none' | 'ask' {
  return tool.keyTemplate && !CONDITIONAL[tool.name] ? 'ask' : 'none';
}

export function catalogueEntry(tool: Tool): CatalogueEntry {
  const asksWhen = CONDITIONAL[tool.name];
  return {
    name: tool.name,
    category: tool.category,
    description: tool.description,
    permission: permissionKindOf(tool),
    keyTemplate: tool.keyTemplate ?? null,
    environment: tool.environment,
    subAgent: (SUB_AGENT_TOOL_NAMES as readonly string[]).includes(tool.name),
    touches: { ...tool.touches },
    ...(asksWhen ? { asksWhen } : {}),
    parameters: toJsonSchema(tool),
  };
}

export function toolCatalogue(registry: ToolRegistry): CatalogueEntry[] {
  const cat = (c: string) => CATEGORY_ORDER.indexOf(c as never);
  return registry
    .list()
    .map(catalogueEntry)
    .sort((a, b) => cat(a.category) - cat(b.category));
}

/** A plain-text table for `codecoder tools` without --json. */
export function formatCatalogue(entries: CatalogueEntry[]): string {
  const rows = entries.map((e) => [
    e.name,
    e.category,
    e.permission + (e.asksWhen ? '*' : ''),
    e.keyTemplate ?? '-',
    e.environment,
    e.subAgent ? 'yes' : '',
  ]);
  const head = ['tool', 'category', 'permission', 'key', 'environment', 'sub-agent'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (r: string[]) =>
    r
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  const notes = entries.filter((e) => e.asksWhen).map((e) => `* ${e.name} asks when ${e.asksWhen}`);
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line), '', `${entries.length} tools`, ...notes].join('\n');
}
