/**
 * A capability is a tool the agent wrote (ADR 0022): a manifest and one code file under
 * `.codecoder/capabilities/<name>/`. Everything is validated on the way in and again on every load,
 * because the files can be edited by hand between runs.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { TOOL_NAMES } from '../names.js';

export const CAPABILITY_ENVIRONMENTS = ['wasm', 'shell', 'sandbox', 'docker'] as const;
export type CapabilityEnvironment = (typeof CAPABILITY_ENVIRONMENTS)[number];
export const CAPABILITY_GRANTS = ['read_project'] as const;

export const NAME_PATTERN = /^[a-z][a-z0-9_]{1,47}$/;

/** The built-in tools: a capability may not shadow one. */
export const RESERVED_NAMES: ReadonlySet<string> = new Set(TOOL_NAMES);

export const MAX_CODE_BYTES = 256 * 1024;

export const capabilityName = z
  .string()
  .regex(NAME_PATTERN, 'a capability name is 2–48 characters: a lowercase letter, then lowercase letters, digits or _')
  .refine((n) => !RESERVED_NAMES.has(n), { message: 'this is the name of a built-in tool' });

/** A JSON Schema for the capability's arguments: an object schema that zod can compile. */
export const parametersSchema = z
  .record(z.string(), z.unknown())
  .refine((s) => s.type === 'object', { message: 'parameters must be a JSON Schema with "type": "object"' })
  .superRefine((s, ctx) => {
    try {
      z.fromJSONSchema(s as Parameters<typeof z.fromJSONSchema>[0]);
    } catch (err) {
      ctx.addIssue({ code: 'custom', message: `parameters is not a usable JSON Schema: ${(err as Error).message}` });
    }
  });

export const manifestSchema = z
  .object({
    name: capabilityName,
    description: z.string().min(1, 'description must not be empty').max(2000),
    parameters: parametersSchema,
    environment: z.enum(CAPABILITY_ENVIRONMENTS),
    /** Host functions a wasm capability may call; none by default. */
    grants: z.array(z.enum(CAPABILITY_GRANTS)).max(CAPABILITY_GRANTS.length).optional(),
    timeout_ms: z
      .number()
      .int()
      .positive()
      .max(10 * 60_000)
      .optional(),
  })
  .strict();
export type CapabilityManifest = z.infer<typeof manifestSchema>;

export interface Capability {
  manifest: CapabilityManifest;
  code: string;
  /** First 12 hex of sha256 over the manifest and the code: what every grant is bound to. */
  hash: string;
  dir: string;
}

/** wasm capabilities are ES modules; the others are POSIX shell scripts. */
export function codeFileName(env: CapabilityEnvironment): string {
  return env === 'wasm' ? 'main.js' : 'main.sh';
}

/** Key order does not change the hash; any change of content does. */
export function contentHash(manifest: CapabilityManifest, code: string): string {
  return createHash('sha256').update(canonicalJson(manifest)).update('\0').update(code).digest('hex').slice(0, 12);
}

function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return `{${Object.keys(o)
      .sort()
      .filter((k) => o[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(o[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v);
}

/** zod's messages with the field they are about: `parameters: …`, `name: …`. */
export function describeIssues(err: z.ZodError, prefix = ''): string {
  return err.issues.map((i) => `${[prefix, ...i.path.map(String)].filter(Boolean).join('.') || '(arguments)'}: ${i.message}`).join('; ');
}
