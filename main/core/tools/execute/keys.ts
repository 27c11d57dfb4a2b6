import { commandPermission, type Permission } from '../../permissions/index.js';

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
