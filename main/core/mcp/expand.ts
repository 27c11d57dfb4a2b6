/**
 * `${VAR}` in a server's `env` and `headers`, expanded when the server starts — from the app's
 * environment, else the secret store under `mcp.<VAR>` — and never written back: the file keeps the
 * placeholder, only the child process or the request sees the value.
 *
 * A server declared by a project file (codecoder.json, .mcp.json) may not name the app's own
 * credentials: `${ANTHROPIC_API_KEY}`, or any variable whose value carries a key the app holds, is
 * refused (env/secrets.ts lists them). Only a user-level server may pass those on.
 */
import { APP_SECRET_NAMES } from '../env/index.js';

export interface ExpandSources {
  env: NodeJS.ProcessEnv | Record<string, string | undefined>;
  /** The secret store, for names not in the environment. */
  secret?: (name: string) => string | undefined;
  /** Values of the app's own keys (never handed to a project's server). */
  appSecrets: readonly string[];
}

export class ExpandError extends Error {
  override name = 'ExpandError';
}

const PLACEHOLDER = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

export const secretNameFor = (v: string): string => `mcp.${v}`;

export function expandValue(value: string, src: ExpandSources, fromProject: boolean, where: string): string {
  return value.replace(PLACEHOLDER, (_m, name: string) => {
    if (fromProject && APP_SECRET_NAMES.includes(name.toUpperCase())) {
      throw new ExpandError(`${where}: \${${name}} is one of CodeCoder's own credentials; a project's server cannot receive it`);
    }
    const v = src.env[name] ?? src.secret?.(secretNameFor(name));
    if (v === undefined)
      throw new ExpandError(`${where}: \${${name}} is not set (in the environment or the secret store as ${secretNameFor(name)})`);
    if (fromProject && src.appSecrets.some((s) => s.length >= 8 && v.includes(s))) {
      throw new ExpandError(`${where}: \${${name}} carries one of CodeCoder's own API keys; a project's server cannot receive it`);
    }
    return v;
  });
}

export function expandRecord(
  rec: Record<string, string> | undefined,
  src: ExpandSources,
  fromProject: boolean,
  where: string,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(rec ?? {})) out[k] = expandValue(v, src, fromProject, `${where}.${k}`);
  return out;
}
