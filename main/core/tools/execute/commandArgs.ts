/**
 * The arguments every command tool shares, spelled once: the command line, the folder it runs in
 * and its deadline. Each tool says in its own words where the command runs and what the deadline
 * stops; the checks (non-empty, a positive whole number under the hour) are the same for all three.
 */
import { z } from 'zod';

export const DEFAULT_TIMEOUT_MS = 120_000;
export const MAX_TIMEOUT_MS = 60 * 60_000;

export function commandArgFields(words: { runs: string; kills: string }) {
  return {
    command: z.string().min(1, 'command must not be empty').describe(words.runs),
    cwd: z.string().optional().describe('A folder inside the project to run in (default: the project root).'),
    timeout_ms: z
      .number()
      .int()
      .positive()
      .max(MAX_TIMEOUT_MS)
      .optional()
      .describe(`${words.kills} after this many milliseconds. Default ${DEFAULT_TIMEOUT_MS}.`),
  };
}
