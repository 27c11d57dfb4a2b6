/**
 * The lists others read about the tools, derived from each tool's own declaration (`touches`,
 * types.ts ToolTouches) and never kept by hand: checkpoints ask `changesFiles`, Accept-edits mode
 * `editsInProject`, deny targets `toolsOfAccess`, the renderer `keyFromCommand` (through the
 * catalogue). Read from the registry at each call, so MCP tools that join it later count too.
 */
import type { ToolFactsView } from '../permissions/index.js';
import type { ToolRegistry, ToolTouches } from './types.js';

type PathAccess = Exclude<ToolTouches['fileAccess'], 'none'>;

export interface ToolFacts extends ToolFactsView {
  /** A call may change the project's files (a checkpoint first). An unknown tool may. */
  changesFiles(tool: string): boolean;
  /** The tools whose key is a shell command's key. */
  commandKeyTools(): ReadonlySet<string>;
}

const EDITS: ReadonlySet<ToolTouches['fileAccess']> = new Set<PathAccess>(['write', 'delete', 'move']);

export function toolFacts(registry: ToolRegistry): ToolFacts {
  const touches = (tool: string): ToolTouches | undefined => registry.get(tool)?.touches;
  return {
    changesFiles: (tool) => touches(tool)?.changesFiles ?? true,
    // An unknown tool is no edit: the mode then leaves it to the user.
    editsInProject: (tool) => EDITS.has(touches(tool)?.fileAccess ?? 'none'),
    toolsOfAccess: (access) =>
      registry
        .list()
        .filter((t) => t.touches.fileAccess === access)
        .map((t) => t.name),
    commandKeyTools: () => new Set(registry.list().filter((t) => t.touches.keyFromCommand).map((t) => t.name)),
  };
}
