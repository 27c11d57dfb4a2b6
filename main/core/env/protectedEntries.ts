/**
 * Project entries a command in the sandbox or a container may read but never write: what the host
 * runs or trusts later without asking (git's hooks and config, the project allowlist and its lock,
 * the app's project folder, an MCP server list a future version or another client may start).
 * Top level only; the protected-path rule (fs/projectPath.ts) covers nested `.git` for the tools.
 */
export const READ_ONLY_PROJECT_ENTRIES: readonly string[] = ['.git', 'codecoder.json', 'codecoder.json.lock', '.codecoder', '.mcp.json'];
