import { z } from 'zod';
import { formatKey } from '../../permissions/index.js';
import { defineTool, ToolFailure } from '../output.js';
import type { Tool } from '../types.js';
import {
  CAPABILITY_ENVIRONMENTS,
  CAPABILITY_GRANTS,
  CAPABILITY_RUNTIMES,
  capabilityName,
  checkRuntimeAndGrants,
  codeFileName,
  describeIssues,
  isWasi,
  manifestSchema,
  MAX_WASM_BYTES,
  parametersSchema,
} from './manifest.js';
import { CAPABILITIES_DIR, loadCapability, saveCapability } from './store.js';
import { decodeModuleBase64, validateWasiModule } from './wasiModule.js';

export const createCapabilityArgs = z
  .object({
    name: capabilityName.describe("The new tool's name: lowercase letters, digits and _."),
    description: z.string().min(1, 'description must not be empty').max(2000).describe('What it does, written for a model choosing tools.'),
    parameters: parametersSchema.describe('A JSON Schema object ("type": "object") for its arguments.'),
    environment: z
      .enum(CAPABILITY_ENVIRONMENTS)
      .describe(
        'wasm: a JavaScript ES module run in QuickJS (`export default (args) => result`), or with runtime "wasi" a WASI command module; ' +
          'shell/sandbox/docker: a POSIX shell script that gets its arguments as JSON in $1 and $CAPABILITY_ARGS.',
      ),
    runtime: z
      .enum(CAPABILITY_RUNTIMES)
      .optional()
      .describe(
        'wasm only. quickjs (default): code is JavaScript. wasi: code is a compiled WASI command module (wasm32-wasi, wasi_snapshot_preview1 imports only, ' +
          `exporting _start and memory), run on node:wasi with argv [name, argsJson], env CAPABILITY_ARGS=argsJson, stdout/stderr as its output, ` +
          'the exit code as its status, and the project at /project (read-only unless granted write_project).',
      ),
    code: z
      .string()
      .min(1, 'code must not be empty')
      .describe(
        `The code: a JavaScript module (wasm/quickjs), a shell script (shell, sandbox, docker), or for runtime "wasi" the BASE64 of the .wasm file's bytes (at most ${MAX_WASM_BYTES} bytes decoded).`,
      ),
    grants: z
      .array(z.enum(CAPABILITY_GRANTS))
      .optional()
      .describe(
        'wasm only. read_project (quickjs): adds readFile(path) for files inside the project. write_project (wasi): makes /project writable — the whole project, codecoder.json and .git included.',
      ),
    timeout_ms: z
      .number()
      .int()
      .positive()
      .max(10 * 60_000)
      .optional()
      .describe('Its deadline per run (default 60000).'),
  })
  .strict()
  .superRefine((a, ctx) => {
    checkRuntimeAndGrants(a, ctx);
    if (a.environment !== 'wasm' || a.runtime !== 'wasi') return;
    try {
      validateWasiModule(decodeModuleBase64(a.code));
    } catch (err) {
      // The messages start with "code": …; the issue's path already names the field.
      ctx.addIssue({ code: 'custom', path: ['code'], message: (err as Error).message.replace(/^"code": /, '') });
    }
  });
export type CreateCapabilityArgs = z.infer<typeof createCapabilityArgs>;

export function createCapabilityTool(): Tool<CreateCapabilityArgs> {
  return defineTool<CreateCapabilityArgs>({
    name: 'create_capability',
    description:
      'Write a new tool (a capability) for this project under .codecoder/capabilities/<name>/: a manifest and its code. It then runs with run_capability, ' +
      'in its own environment and with its own approval. Writing one again with the same name replaces it (and voids its earlier approvals).',
    category: 'agent',
    environment: 'host',
    touches: { changesFiles: false, fileAccess: 'none', keyFromCommand: false }, // writes .codecoder/capabilities only, which no checkpoint holds
    parameters: createCapabilityArgs,
    keyTemplate: 'create_capability:<name>',
    permission: async (args, { projectRoot }) => {
      const wasi = isWasi(args);
      const notes = [
        `writes ${CAPABILITIES_DIR}/${args.name}/ (the agent's own tools): always asks`,
        `environment ${args.environment}${wasi ? ' (WASI module)' : ''}${args.grants?.length ? `, grants ${args.grants.join(', ')}` : ''}`,
      ];
      if (wasi) {
        // Arguments were validated before permission(): the module decodes and is a WASI command.
        const info = validateWasiModule(decodeModuleBase64(args.code));
        notes.push(`module of ${info.bytes} bytes importing ${info.imports.join(', ') || 'nothing'}`);
      }
      const existing = await loadCapability(projectRoot, args.name).catch(() => undefined);
      if (existing) notes.push(`replaces the existing capability ${args.name}@${existing.hash}: its approvals stop applying`);
      return { kind: 'ask', key: formatKey('create_capability', args.name), flags: { protectedPath: true, notes } };
    },
    async execute(args, ctx) {
      const wasi = isWasi(args);
      const manifest = manifestSchema.safeParse({
        name: args.name,
        description: args.description,
        parameters: args.parameters,
        environment: args.environment,
        // quickjs is the default and is not written, so the manifest (and its hash) is what it was
        // before runtimes existed.
        ...(wasi ? { runtime: 'wasi' } : {}),
        ...(args.grants?.length ? { grants: args.grants } : {}),
        ...(args.timeout_ms ? { timeout_ms: args.timeout_ms } : {}),
      });
      if (!manifest.success) throw new ToolFailure(describeIssues(manifest.error));
      let code: string | Uint8Array = args.code;
      if (wasi) {
        try {
          code = decodeModuleBase64(args.code);
        } catch (err) {
          throw new ToolFailure((err as Error).message);
        }
      }
      const cap = await saveCapability(ctx.projectRoot, manifest.data, code);
      const file = codeFileName(manifest.data);
      const kind = wasi ? `wasm, WASI module of ${code.length} bytes` : args.environment;
      return {
        content: `create_capability: ${args.name}@${cap.hash} written to ${CAPABILITIES_DIR}/${args.name}/ (manifest.json, ${file}; ${kind}). Run it with run_capability { "name": "${args.name}", "args": { … } }.`,
        data: { name: args.name, hash: cap.hash, environment: args.environment, runtime: wasi ? 'wasi' : undefined },
      };
    },
  });
}
