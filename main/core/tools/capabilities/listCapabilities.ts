import { z } from 'zod';
import { defineTool } from '../output.js';
import type { Tool } from '../types.js';
import { listCapabilities } from './store.js';

export const listCapabilitiesArgs = z.object({}).strict();
export type ListCapabilitiesArgs = z.infer<typeof listCapabilitiesArgs>;

export function listCapabilitiesTool(): Tool<ListCapabilitiesArgs> {
  return defineTool<ListCapabilitiesArgs>({
    name: 'list_capabilities',
    description:
      'List the capabilities of this project: name, description, environment (and runtime for wasm: quickjs or wasi), content hash, parameters and grants (and any that fail validation, with why).',
    category: 'agent',
    environment: 'host',
    touches: { changesFiles: false, fileAccess: 'none', keyFromCommand: false },
    parameters: listCapabilitiesArgs,
    permission: () => ({ kind: 'none' }),
    async execute(_args, ctx) {
      const all = await listCapabilities(ctx.projectRoot);
      if (all.length === 0)
        return { content: 'list_capabilities: none yet (create one with create_capability)', data: { capabilities: [] } };
      const rows = all.map((c) =>
        c.ok
          ? {
              name: c.capability.manifest.name,
              description: c.capability.manifest.description,
              environment: c.capability.manifest.environment,
              ...(c.capability.manifest.environment === 'wasm' ? { runtime: c.capability.manifest.runtime ?? 'quickjs' } : {}),
              hash: c.capability.hash,
              parameters: c.capability.manifest.parameters,
              ...(c.capability.manifest.grants ? { grants: c.capability.manifest.grants } : {}),
            }
          : { name: c.name, invalid: c.error },
      );
      return { content: `list_capabilities:\n${JSON.stringify(rows, null, 2)}`, data: { capabilities: rows } };
    },
  });
}
