/** The public surface of main/core/tools: what other folders may import (build/coreSurfaces.mjs). */
export { DEPTH_LIMIT_MESSAGE, MAX_AGENT_DEPTH } from './agent/agent.js';
export { noteApproved } from './approved.js';
export { formatCatalogue, permissionKindOf, toolCatalogue } from './catalogue.js';
export { type SubAgentRequest, type ToolDeps, type WebSearchSettings } from './deps.js';
export { deletePathTool } from './edit/deletePath.js';
export { editFileTool } from './edit/editFile.js';
export { movePathTool } from './edit/movePath.js';
export { diffStat } from './edit/textFile.js';
export { writeFileTool } from './edit/writeFile.js';
export { executeTools } from './execute/index.js';
export { newLogPath } from './kit/logs.js';
export { keyEnvironmentResolver } from './keyEnvironment.js';
export { defineTool, formatBytes, headTail, isAbort, toolError, ToolFailure } from './output.js';
export { globTool } from './read/glob.js';
export { type GrepMatch, grepTool } from './read/grep.js';
export { createToolRegistry, type FullToolRegistry, parseToolArgs, SUB_AGENT_TOOL_NAMES, TOOL_NAMES } from './registry.js';
export { type Tool, type ToolContext, type ToolRegistry, type ToolResult, type ToolPreview } from './types.js';
export { toolFacts, type ToolFacts } from './facts.js';

export { ProcessTable } from './execute/processTable.js';
export { runCommandTool } from './execute/runCommand.js';
export { fileListArgs } from './read/fileList.js';
export { readFileTool } from './read/readFile.js';
export { runRg } from './read/rg.js';
export { gitInView, type GitResult } from './vcs/git.js';
export { projectGitView, type GitView } from './vcs/gitView.js';
export { decodeFile } from './kit/decode.js';
