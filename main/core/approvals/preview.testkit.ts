import type { Tool, ToolPreview } from '../tools/index.js';
import { previewOfCall } from './preview.js';

/**
 * For tests: the preview a prompt would show for a call of `tool` with these raw arguments, made as
 * agent/runChecked.ts makes it (arguments checked by the tool's schema, the tool's permission, then
 * the call's preview). Undefined when the call would be refused before any prompt.
 */
export async function buildPreview(tool: Tool | undefined, rawArgs: unknown, projectRoot: string): Promise<ToolPreview | undefined> {
  if (!tool) return undefined;
  const parsed = tool.parameters.safeParse(rawArgs);
  if (!parsed.success) return undefined;
  const permission = await tool.permission(parsed.data, { projectRoot });
  return previewOfCall(tool, parsed.data, { projectRoot, permission })?.();
}
