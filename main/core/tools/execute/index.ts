/**
 * The five execute tools. One process table per call of executeTools (one per open project): the
 * background processes run_command starts are the ones process_output reads and process_kill stops.
 */
import type { Tool } from '../types.js';
import type { ExecuteDeps } from './deps.js';
import { processKillTool } from './processKill.js';
import { processOutputTool } from './processOutput.js';
import { ProcessTable } from './processTable.js';
import { runCommandTool } from './runCommand.js';
import { runContainerTool } from './runContainer.js';
import { runSandboxedTool } from './runSandboxed.js';

export type { ExecuteDeps } from './deps.js';
export { ProcessTable } from './processTable.js';

export interface ExecuteToolSet {
  tools: Tool[];
  processes: ProcessTable;
}

export function createExecuteTools(deps: ExecuteDeps): ExecuteToolSet {
  const processes = new ProcessTable(deps.execute?.maxBackground);
  const tools = [
    runCommandTool(deps, processes),
    processOutputTool(processes),
    processKillTool(processes),
    runSandboxedTool(deps),
    runContainerTool(deps),
  ] as Tool[];
  return { tools, processes };
}

export function executeTools(deps: ExecuteDeps): Tool[] {
  return createExecuteTools(deps).tools;
}
