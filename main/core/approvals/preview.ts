import type { Tool, ToolPreview } from '../tools/index.js';

/**
 * What the approval prompt shows beyond the key. Each tool says it itself (Tool.preview, read from
 * the plan its execute() follows); this only checks the arguments the way the call will and keeps a
 * failing preview from taking the prompt with it. Never runs or writes anything.
 */
export async function buildPreview(tool: Tool | undefined, args: unknown, projectRoot: string): Promise<ToolPreview | undefined> {
  if (!tool?.preview) return undefined;
  const parsed = tool.parameters.safeParse(args);
  if (!parsed.success) return undefined;
  try {
    return await tool.preview(parsed.data, { projectRoot });
  } catch {
    return undefined;
  }
}
