import { plainText, type OutputSummary, type EndReason } from '../../env/index.js';
import type { ToolResult } from '../types.js';

export interface RunOutcome extends OutputSummary {
  exitCode: number | null;
  signal: number | null;
  reason: EndReason;
  durationMs: number;
}

/** What the model reads after a command: how it ended, then the head and tail of its output. */
/** `where`: where it ran, said on the first line after how it ended (a container's engine and endpoint). */
export function runResult(tool: string, o: RunOutcome, extra: Record<string, unknown> = {}, where?: string): ToolResult {
  const how =
    o.reason === 'timeout'
      ? `timed out after ${o.durationMs} ms; the process group was killed`
      : o.reason === 'cancelled'
        ? 'cancelled; the process group was killed'
        : o.reason === 'killed'
          ? 'killed'
          : o.exitCode !== null
            ? `exit code ${o.exitCode}`
            : `ended by signal ${o.signal}`;
  const cut = o.omittedChars > 0 ? ` (output cut: ${o.omittedChars} characters omitted, full log at ${o.logPath})` : '';
  const body = plainText(o.text);
  const result: ToolResult = {
    content: `${tool}: ${how}${where ? ` · ${where}` : ''}${cut}\n${body}`,
    isError: o.reason !== 'exit' || o.exitCode !== 0,
    data: {
      exitCode: o.exitCode,
      signal: o.signal,
      reason: o.reason,
      bytes: o.totalBytes,
      durationMs: o.durationMs,
      logPath: o.logPath,
      ...extra,
    },
  };
  if (o.logPath) result.fullLogPath = o.logPath;
  return result;
}
