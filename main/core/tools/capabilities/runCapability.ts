import { z } from 'zod';
import { formatKey, type Permission } from '../../permissions/index.js';
import type { ExecuteDeps } from '../execute/deps.js';
import { defineTool, ToolFailure } from '../output.js';
import type { Tool } from '../types.js';
import { describeIssues, isWasi, type Capability } from './manifest.js';
import { runCapabilityIn } from './runner.js';
import { loadCapability } from './store.js';
import { wasiAccessNote } from './wasiRunner.js';

export const runCapabilityArgs = z
  .object({
    name: z.string().min(1).describe('The capability to run (see list_capabilities).'),
    args: z.record(z.string(), z.unknown()).optional().describe('Its arguments, matching its parameters schema.'),
  })
  .strict();
export type RunCapabilityArgs = z.infer<typeof runCapabilityArgs>;

/**
 * `run_capability:<name>@<hash>`: the hash of the manifest and code is part of the key, so a
 * session or project grant covers exactly the content the user saw. Edit the code, the environment
 * or the grants and the old entry no longer matches: the user is asked again.
 */
export function capabilityKey(cap: Capability) {
  return formatKey('run_capability', `${cap.manifest.name}@${cap.hash}`);
}

export function runCapabilityTool(deps: ExecuteDeps): Tool<RunCapabilityArgs> {
  // What permission() approved, by name: execute runs this snapshot, never a newer file.
  const approved = new Map<string, Capability>();
  return defineTool<RunCapabilityArgs>({
    name: 'run_capability',
    description:
      'Run a capability (a tool written with create_capability) in its own environment: wasm (QuickJS, or a WASI module), shell, sandbox or docker. Its approval is bound to its exact code.',
    category: 'agent',
    // The tool's own default; each call's Permission carries the capability's environment.
    environment: 'shell',
    touches: { changesFiles: true, fileAccess: 'none', keyFromCommand: false },
    parameters: runCapabilityArgs,
    keyTemplate: 'run_capability:<name>@<content-hash>',
    permission: async (args, { projectRoot }): Promise<Permission> => {
      let cap: Capability;
      try {
        cap = await loadCapability(projectRoot, args.name);
      } catch (err) {
        return { kind: 'invalid', reason: (err as Error).message };
      }
      const checked = checkArgs(cap, args.args ?? {});
      if (checked) return { kind: 'invalid', reason: checked };
      approved.set(args.name, cap);
      const notes = [
        `${cap.manifest.description}`,
        `runs in ${cap.manifest.environment}${cap.manifest.grants?.length ? ` with ${cap.manifest.grants.join(', ')}` : ''}; content ${cap.hash}`,
      ];
      if (isWasi(cap.manifest)) notes.push(`${wasiAccessNote(cap)}; module of ${cap.code.length} bytes`);
      return { kind: 'ask', key: capabilityKey(cap), flags: { notes }, environment: cap.manifest.environment };
    },
    async execute(args, ctx) {
      const snap = approved.get(args.name);
      if (!snap) throw new ToolFailure(`"name": ${args.name} was not checked by the permission engine before running`);
      const now = await loadCapability(ctx.projectRoot, args.name);
      if (now.hash !== snap.hash) {
        approved.delete(args.name);
        throw new ToolFailure(
          `${args.name} changed after it was approved (${snap.hash} → ${now.hash}); call it again to be asked about the new code`,
        );
      }
      const bad = checkArgs(snap, args.args ?? {});
      if (bad) throw new ToolFailure(bad);
      return runCapabilityIn(snap, args.args ?? {}, ctx, deps);
    },
  });
}

/** The capability's own JSON Schema, compiled by zod; the message names the field. */
function checkArgs(cap: Capability, args: unknown): string | undefined {
  let schema: z.ZodType;
  try {
    schema = z.fromJSONSchema(cap.manifest.parameters as Parameters<typeof z.fromJSONSchema>[0]);
  } catch (err) {
    return `${cap.manifest.name}: its parameters schema is unusable: ${(err as Error).message}`;
  }
  const r = schema.safeParse(args);
  return r.success ? undefined : `${cap.manifest.name}: bad arguments: ${describeIssues(r.error, 'args')}`;
}
