/**
 * The tools the `codecoder check` and `codecoder allowlist` commands know, with their environments,
 * argument schemas and permissions. A stand-in until the CLI reads the tool registry: it must agree
 * with the real tools on every key they build.
 */
import { z } from 'zod';
import { commandPermission, pathPermission } from './keys.js';
import type { Environment, Permission } from './types.js';

export interface CliTool {
  environment: Environment;
  parameters: z.ZodType;
  permission(args: unknown, projectRoot: string): Permission | Promise<Permission>;
}

export const CLI_TOOLS: Record<string, CliTool> = {
  read_file: {
    environment: 'host',
    parameters: z.object({ path: z.string().min(1) }).loose(),
    permission: () => ({ kind: 'none' }),
  },
  write_file: {
    environment: 'host',
    parameters: z.object({ path: z.string().min(1), content: z.string() }),
    permission: (args, root) => pathPermission('write_file', root, (args as { path: string }).path),
  },
  run_command: {
    environment: 'shell',
    parameters: z.object({ command: z.string() }).loose(),
    permission: (args) => commandPermission((args as { command: string }).command),
  },
};

export function cliEnvironmentOfKey(raw: string): Environment | undefined {
  const colon = raw.indexOf(':');
  return colon < 0 ? undefined : CLI_TOOLS[raw.slice(0, colon)]?.environment;
}
