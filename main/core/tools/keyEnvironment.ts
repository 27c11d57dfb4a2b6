import { readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { NET_ENVIRONMENT, NET_KEY_TOOL, type Environment } from '../permissions/index.js';
import { CAPABILITIES_DIR, readCodeSync } from './capabilities/store.js';
import { contentHash, manifestSchema } from './capabilities/manifest.js';
import type { ToolRegistry } from './types.js';

/**
 * The environment of a permission key, which decides its ceiling — for codecoder.json entries at
 * load time as for calls at ask time. A key's environment is its tool's, except
 * `net:<host>` (remote: the session at most, permissions/netKeys.ts) and
 * `run_capability:<name>@<hash>`, whose environment is the capability's own: read from its manifest,
 * and only while the manifest and code still hash to <hash>. Anything unreadable or changed counts as
 * `shell`, so it can never reach the project level.
 */
export function keyEnvironmentResolver(registry: Pick<ToolRegistry, 'get'>, projectRoot: string): (raw: string) => Environment | undefined {
  return (raw) => {
    const colon = raw.indexOf(':');
    const tool = colon < 0 ? raw : raw.slice(0, colon);
    if (tool === 'run_capability' && colon >= 0) return capabilityEnvironment(projectRoot, raw.slice(colon + 1));
    // A network host (`net:registry.npmjs.org`) is no tool's: granted in its own right, the session at most.
    if (tool === NET_KEY_TOOL) return NET_ENVIRONMENT;
    return registry.get(tool)?.environment;
  };
}

function capabilityEnvironment(projectRoot: string, action: string): Environment {
  const m = /^([a-z][a-z0-9_]{1,47})@([0-9a-f]{12})$/.exec(action);
  if (!m) return 'shell';
  const [, name, hash] = m as unknown as [string, string, string];
  try {
    const root = realpathSync(projectRoot);
    const dir = realpathSync(path.join(root, CAPABILITIES_DIR, name));
    if (!dir.startsWith(root + path.sep)) return 'shell';
    const manifest = manifestSchema.parse(JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')));
    if (manifest.name !== name) return 'shell';
    // Text as UTF-8, a WASI module as bytes: hashed exactly as loadCapability hashes it.
    const code = readCodeSync(dir, manifest);
    return contentHash(manifest, code) === hash ? manifest.environment : 'shell';
  } catch {
    return 'shell';
  }
}
