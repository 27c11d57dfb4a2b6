/** The public surface of main/core/mcp: what other folders may import (build/coreSurfaces.mjs). */
export { addServer, addUserServer } from './addServer.js';
export { staticEnvironmentOfKey, staticMcpTool, staticServers } from './cliSupport.js';
export { serverList, serverReviewLine, serverRuns, type ServerReviewLine } from './config.js';
export { McpManager, type McpManagerDeps, type McpServerView } from './manager.js';
export { withMcpTools } from './registry.js';
export { mcpView } from './view.js';
