/** The public surface of main/core/mcp: what other folders may import (build/coreSurfaces.mjs). */
export { addServer, addUserServer, removeServer, removeUserServer, updateServer, updateUserServer } from './addServer.js';
export { staticEnvironmentOfKey, staticMcpTool, staticServers } from './cliSupport.js';
export { serverList, serverReviewLine, serverTarget } from './config.js';
export { McpManager, type McpManagerDeps, type McpServerView } from './manager.js';
export { withMcpTools } from './registry.js';
export { mcpView } from './view.js';
