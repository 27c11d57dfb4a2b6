import type { Permission } from '../permissions/index.js';
import type { Tool, ToolPreview } from '../tools/index.js';

/**
 * What the approval prompt shows beyond the key, for one call: the tool's own preview (Tool.preview,
 * read from the plan its execute() follows) of the arguments and permission the call was checked
 * with. agent/runChecked.ts makes it where the tool is in hand and the request carries it to the
 * prompt, so nothing looks the tool up or reads the arguments again. Worked out at most once, when
 * first asked for; a failing preview is no preview, never a failed prompt. Never runs or writes anything.
 */
export function previewOfCall<A>(
  tool: Tool<A>,
  args: A,
  ctx: { projectRoot: string; permission: Permission },
): (() => Promise<ToolPreview | undefined>) | undefined {
  const preview = tool.preview?.bind(tool);
  if (!preview) return undefined;
  let once: Promise<ToolPreview | undefined> | undefined;
  return () =>
    (once ??= (async () => {
      try {
        return await preview(args, ctx);
      } catch {
        return undefined;
      }
    })());
}
