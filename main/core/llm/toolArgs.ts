/** Tool arguments arrive as streamed JSON text; an empty string means "no arguments". */
export function parseToolArgs(json: string): { input: unknown; argsError?: string } {
  if (json.trim() === '') return { input: {} };
  try {
    return { input: JSON.parse(json) as unknown };
  } catch (err) {
    return { input: {}, argsError: `the arguments are not valid JSON (${(err as Error).message})` };
  }
}
