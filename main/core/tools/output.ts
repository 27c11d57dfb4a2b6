/**
 * Helpers shared by the tools: failures the model should read, and caps that keep a tool's answer
 * small enough for a context window while saying what was left out.
 */
import type { Tool, ToolContext, ToolResult } from './types.js';

/** An expected failure (bad path, missing text, …): becomes `{ isError: true }` with this message. */
export class ToolFailure extends Error {
  constructor(
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'ToolFailure';
  }
}

export function toolError(message: string, data?: unknown): ToolResult {
  return data === undefined ? { content: message, isError: true } : { content: message, isError: true, data };
}

export function isAbort(err: unknown, signal?: AbortSignal): boolean {
  if (signal?.aborted) return true;
  const e = err as { name?: string; code?: string } | undefined;
  return e?.name === 'AbortError' || e?.code === 'ABORT_ERR';
}

/**
 * Wraps a tool so that ToolFailure and cancellation come back as tool errors the model can read,
 * prefixed with the tool's name. Anything else is a bug and is rethrown.
 */
export function defineTool<A>(tool: Tool<A>): Tool<A> {
  return {
    ...tool,
    async execute(args: A, ctx: ToolContext): Promise<ToolResult> {
      if (ctx.signal.aborted) return toolError(`${tool.name}: cancelled`);
      try {
        return await tool.execute(args, ctx);
      } catch (err) {
        if (err instanceof ToolFailure) return toolError(`${tool.name}: ${err.message}`, err.data);
        if (isAbort(err, ctx.signal)) return toolError(`${tool.name}: cancelled`);
        throw err;
      }
    },
  };
}

/** Keeps the first and last parts of `text` when it is longer than `maxChars`. */
export function headTail(text: string, maxChars: number): { text: string; omittedChars: number } {
  if (text.length <= maxChars) return { text, omittedChars: 0 };
  const head = Math.ceil(maxChars * 0.6);
  const tail = maxChars - head;
  const omitted = text.length - head - tail;
  return {
    text: `${text.slice(0, head)}\n[… ${omitted} characters omitted …]\n${tail > 0 ? text.slice(-tail) : ''}`,
    omittedChars: omitted,
  };
}

/** Cuts one line to `max` characters, saying how much was cut. */
export function clipLine(line: string, max: number): string {
  return line.length <= max ? line : `${line.slice(0, max)}… [${line.length - max} more characters]`;
}

// Where it lives: the renderer's delete prompt says sizes the same way.
export { formatBytes } from '../../../shared/formatBytes.js';
