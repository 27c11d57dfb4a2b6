/**
 * The tools as the CLI sees them: the app's own 26-tool registry and the same key → environment
 * resolver the engine uses (a capability key's environment is its manifest's), so `check` and
 * `allowlist` judge every key exactly as the app does. Building the registry only describes the tools:
 * nothing starts, nothing is read from the network, no API key is needed.
 */
import { defaultDataDir } from '../appData.js';
import { staticEnvironmentOfKey, staticServers } from '../mcp/index.js';
import type { Environment } from '../permissions/index.js';
import { keyEnvironmentResolver, createToolRegistry, toolFacts, type FullToolRegistry, type ToolFacts } from '../tools/index.js';

export interface CliTools {
  registry: FullToolRegistry;
  environmentOfKey: (raw: string) => Environment | undefined;
  /** What the tools declare of themselves, for the engine (Accept-edits' tools, deny targets). */
  facts: ToolFacts;
}

export function cliTools(projectRoot: string, env: NodeJS.ProcessEnv): CliTools {
  const registry = createToolRegistry({ projectRoot, dataDir: defaultDataDir(env), secretsToScrub: () => [] });
  return { registry, environmentOfKey: keyEnvironmentResolver(registry, projectRoot), facts: toolFacts(registry) };
}

/**
 * The key → environment resolver of a project as the app has it: an `mcp:` key's is its server's
 * (read from the user's mcp.json, codecoder.json's "mcpServers" and .mcp.json, never started), any
 * other its tool's. `trust` and `allowlist validate` both judge entries with it, so they agree.
 */
export async function cliKeyEnvironment(
  projectRoot: string,
  env: NodeJS.ProcessEnv,
  projectServers: unknown,
): Promise<(raw: string) => Environment | undefined> {
  const mcp = staticEnvironmentOfKey(await staticServers(projectRoot, defaultDataDir(env), projectServers));
  const builtIn = cliTools(projectRoot, env).environmentOfKey;
  return (raw) => mcp(raw) ?? builtIn(raw);
}
