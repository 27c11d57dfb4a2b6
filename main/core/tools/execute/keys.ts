import { parse as shellParse } from 'shell-quote';
import { commandPermission, classifyCommand, type Permission } from '../../permissions/index.js';
import type { ToolPreview } from '../types.js';

export type CommandTool = 'run_command' | 'run_sandboxed' | 'run_container';

/**
 * The one mapping from a command to its key, for all three command tools: the shell classifier
 * decides program, subcommand and compound-ness; only the tool prefix differs
 * (`run_command:git`, `run_sandboxed:git`, `run_container:git`), so a grant for one environment
 * never covers another. Invalid input (unparseable, NUL, …) stays invalid and never runs.
 * `cwd` (the tool's argument) is what the command's file targets are relative to.
 */
export function commandToolPermission(tool: CommandTool, command: string, cwd?: string): Permission {
  return commandPermission(command, tool, cwd);
}

/** What a command tool's prompt shows: the command as given and its words. */
export async function commandPreview(command: string): Promise<ToolPreview> {
  return { command, argv: commandWords(command) };
}

/**
 * The words of a command for display: the classifier's literal argv for a simple command; for a
 * compound one, shell-quote's reading (display only — never a security decision).
 */
export function commandWords(command: string): string[] {
  const c = classifyCommand(command);
  if (c.kind === 'simple') return c.argv;
  try {
    return shellParse(command).map((e) =>
      typeof e === 'string' ? e : 'op' in e ? String(e.op) : 'comment' in e ? `#${e.comment}` : JSON.stringify(e),
    );
  } catch {
    return [];
  }
}
