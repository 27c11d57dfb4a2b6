import { z } from 'zod';
import { formatKey } from '../../permissions/keys.js';
import { defineTool, ToolFailure } from '../output.js';
import type { Tool } from '../types.js';
import {
  CAPABILITY_ENVIRONMENTS,
  CAPABILITY_GRANTS,
  capabilityName,
  describeIssues,
  manifestSchema,
  parametersSchema,
} from './manifest.js';
import { CAPABILITIES_DIR, loadCapability, saveCapability } from './store.js';

export const createCapabilityArgs = z
  .object({
    name: capabilityName.describe("The new tool's name: lowercase letters, digits and _."),
    description: z.string().min(1, 'description must not be empty').max(2000).describe('What it does, written for a model choosing tools.'),
    parameters: parametersSchema.describe('A JSON Schema object ("type": "object") for its arguments.'),
    environment: z
      .enum(CAPABILITY_ENVIRONMENTS)
      .describe(
        'wasm: JavaScript ES module run in QuickJS (`export default (args) => result`); shell/sandbox/docker: a POSIX shell script that gets its arguments as JSON in $1 and $CAPABILITY_ARGS.',
      ),
    code: z.string().min(1, 'code must not be empty').describe('The code (a JavaScript module for wasm, a shell script otherwise).'),
    grants: z
      .array(z.enum(CAPABILITY_GRANTS))
      .optional()
      .describe('wasm only: host functions it may call. read_project adds readFile(path) for files inside the project.'),
    timeout_ms: z
      .number()
      .int()
      .positive()
      .max(10 * 60_000)
      .optional()
      .describe('Its deadline per run (default 60000).'),
  })
  .strict();
export type CreateCapabilityArgs = z.infer<typeof createCapabilityArgs>;

export function createCapabilityTool(): Tool<CreateCapabilityArgs> {
  return defineTool<CreateCapabilityArgs>({
    name: 'create_capability',
    description:
      'Write a new tool (a capability) for this project under .codecoder/capabilities/<name>/: a manifest and its code. It then runs with run_capability, ' +
      'in its own environment and with its own approval. Writing one again with the same name replaces it (and voids its earlier approvals).',
    category: 'agent',
    environment: 'host',
    parameters: createCapabilityArgs,
    keyTemplate: 'create_capability:<name>',
    permission: async (args, { projectRoot }) => {
      const notes = [
        `writes ${CAPABILITIES_DIR}/${args.name}/ (the agent's own tools): always asks`,
        `environment ${args.environment}${args.grants?.length ? `, grants ${args.grants.join(', ')}` : ''}`,
      ];
      const existing = await loadCapability(projectRoot, args.name).catch(() => undefined);
      if (existing) notes.push(`replaces the existing capability ${args.name}@${existing.hash}: its approvals stop applying`);
      return { kind: 'ask', key: formatKey('create_capability', args.name), flags: { protectedPath: true, notes } };
    },
    async execute(args, ctx) {
      if (args.grants?.length && args.environment !== 'wasm')
        throw new ToolFailure('"grants": host functions exist only in the wasm environment');
      const manifest = manifestSchema.safeParse({
        name: args.name,
        description: args.description,
        parameters: args.parameters,
        environment: args.environment,
        ...(args.grants?.length ? { grants: args.grants } : {}),
        ...(args.timeout_ms ? { timeout_ms: args.timeout_ms } : {}),
      });
      if (!manifest.success) throw new ToolFailure(describeIssues(manifest.error));
      const cap = await saveCapability(ctx.projectRoot, manifest.data, args.code);
      return {
        content: `create_capability: ${args.name}@${cap.hash} written to ${CAPABILITIES_DIR}/${args.name}/ (${args.environment}). Run it with run_capability { "name": "${args.name}", "args": { … } }.`,
        data: { name: args.name, hash: cap.hash, environment: args.environment },
      };
    },
  });
}
