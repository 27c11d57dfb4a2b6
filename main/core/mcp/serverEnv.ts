/**
 * The environment of a stdio MCP server: only what its entry names (after `${VAR}` expansion), plus
 * a minimal PATH and HOME. Nothing else of the app's environment is inherited — no API keys, no
 * tokens, no proxy settings — whatever the app was started with.
 */
import { accessSync, constants, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const SYSTEM_PATH = process.platform === 'win32' ? [] : ['/usr/local/bin', '/usr/bin', '/bin'];

/**
 * Finds `command` on the app's PATH (so `npx` is found wherever the user installed it) without
 * passing that PATH on. A command with a slash is taken as it is (relative to `cwd`).
 */
export function resolveCommand(command: string, cwd: string, searchPath = process.env.PATH ?? ''): string | undefined {
  const isFile = (p: string) => {
    try {
      accessSync(p, constants.X_OK);
      return statSync(p).isFile();
    } catch {
      return false;
    }
  };
  if (command.includes('/') || command.includes('\\')) {
    const p = path.resolve(cwd, command);
    return isFile(p) ? p : undefined;
  }
  for (const dir of searchPath.split(path.delimiter)) {
    if (!dir) continue;
    const p = path.join(dir, command);
    if (isFile(p)) return p;
  }
  return undefined;
}

/**
 * PATH: the entry's own when it names one; else the resolved command's folder (a `#!/usr/bin/env
 * node` script needs node, which sits beside npx), then the system folders. HOME: the user's.
 */
export function serverEnv(named: Record<string, string>, resolvedCommand: string | undefined): Record<string, string> {
  const dirs = [...(resolvedCommand ? [path.dirname(resolvedCommand)] : []), ...SYSTEM_PATH];
  // Plain Node (the web host, the CLI): node itself, for servers started with `node …`.
  if (!process.versions.electron) dirs.push(path.dirname(process.execPath));
  const env: Record<string, string> = { PATH: [...new Set(dirs)].join(path.delimiter), HOME: os.homedir() };
  return { ...env, ...named };
}
