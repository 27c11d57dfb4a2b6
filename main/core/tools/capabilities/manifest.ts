/**
 * A capability is a tool the agent wrote: a manifest and one code file under
 * `.codecoder/capabilities/<name>/`. Everything is validated on the way in and again on every load,
 * because the files can be edited by hand between runs.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { TOOL_NAMES } from '../names.js';

export const CAPABILITY_ENVIRONMENTS = ['wasm', 'shell', 'sandbox', 'docker'] as const;
export type CapabilityEnvironment = (typeof CAPABILITY_ENVIRONMENTS)[number];
/**
 * read_project: a QuickJS capability gets readFile(path) for files inside the project.
 * write_project: a WASI module's /project is writable (it is read-only without it).
 */
export const CAPABILITY_GRANTS = ['read_project', 'write_project'] as const;
export type CapabilityGrant = (typeof CAPABILITY_GRANTS)[number];
/** How a wasm capability runs: JavaScript in QuickJS (the default) or a WASI module on node:wasi. */
export const CAPABILITY_RUNTIMES = ['quickjs', 'wasi'] as const;
export type CapabilityRuntime = (typeof CAPABILITY_RUNTIMES)[number];

export const NAME_PATTERN = /^[a-z][a-z0-9_]{1,47}$/;

/** The built-in tools: a capability may not shadow one. */
export const RESERVED_NAMES: ReadonlySet<string> = new Set(TOOL_NAMES);

export const MAX_CODE_BYTES = 256 * 1024;
/**
 * A WASI module is compiled output, much bigger than source (a Rust or C program with its libc is
 * 100 KB – 2 MB), so it has its own cap. It bounds what every load reads, hashes and validates
 * (each permission check loads the capability), not what a model can type: base64 in a tool call
 * is far smaller in practice.
 */
export const MAX_WASM_BYTES = 4 * 1024 * 1024;

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

/**
 * What runs where: `runtime` and `grants` only make sense in combination with the environment.
 * Used by the manifest schema (so a hand-edited manifest is checked on load) and by
 * create_capability's arguments (so a bad combination is refused before anyone is asked).
 */
export function checkRuntimeAndGrants(
  m: { environment: CapabilityEnvironment; runtime?: CapabilityRuntime | undefined; grants?: readonly CapabilityGrant[] | undefined },
  ctx: z.RefinementCtx,
): void {
  if (m.runtime !== undefined && m.environment !== 'wasm')
    ctx.addIssue({ code: 'custom', path: ['runtime'], message: 'runtime is for the wasm environment only (quickjs or wasi)' });
  const grants = m.grants ?? [];
  if (grants.length > 0 && m.environment !== 'wasm')
    ctx.addIssue({ code: 'custom', path: ['grants'], message: 'grants exist only in the wasm environment' });
  if (m.environment !== 'wasm') return;
  const wasi = m.runtime === 'wasi';
  if (!wasi && grants.includes('write_project'))
    ctx.addIssue({
      code: 'custom',
      path: ['grants'],
      message: 'write_project is for WASI modules (runtime "wasi"); a QuickJS capability can only read the project (read_project)',
    });
  if (wasi && grants.includes('read_project'))
    ctx.addIssue({
      code: 'custom',
      path: ['grants'],
      message: 'a WASI module always sees the project read-only at /project; read_project is for QuickJS (write_project makes it writable)',
    });
  if (new Set(grants).size !== grants.length) ctx.addIssue({ code: 'custom', path: ['grants'], message: 'a grant is listed twice' });
}

export const manifestSchema = z
  .object({
    name: capabilityName,
    description: z.string().min(1, 'description must not be empty').max(2000),
    parameters: parametersSchema,
    environment: z.enum(CAPABILITY_ENVIRONMENTS),
    /** wasm only; absent means quickjs, so manifests written before WASI keep their hash. */
    runtime: z.enum(CAPABILITY_RUNTIMES).optional(),
    /** Host functions (QuickJS) or project write access (WASI); none by default. */
    grants: z.array(z.enum(CAPABILITY_GRANTS)).max(CAPABILITY_GRANTS.length).optional(),
    timeout_ms: z
      .number()
      .int()
      .positive()
      .max(10 * 60_000)
      .optional(),
  })
  .strict()
  .superRefine(checkRuntimeAndGrants);
export type CapabilityManifest = z.infer<typeof manifestSchema>;

export interface Capability {
  manifest: CapabilityManifest;
  /** Source text (QuickJS, shell scripts) or a WASI module's bytes. */
  code: string | Uint8Array;
  /** First 12 hex of sha256 over the manifest and the code: what every grant is bound to. */
  hash: string;
  dir: string;
}

export function isWasi(m: Pick<CapabilityManifest, 'environment' | 'runtime'>): boolean {
  return m.environment === 'wasm' && m.runtime === 'wasi';
}

/** wasm capabilities are ES modules or WASI modules; the others are POSIX shell scripts. */
export function codeFileName(m: Pick<CapabilityManifest, 'environment' | 'runtime'>): string {
  if (isWasi(m)) return 'main.wasm';
  return m.environment === 'wasm' ? 'main.js' : 'main.sh';
}

/**
 * Key order does not change the hash; any change of content does. Text is hashed as its UTF-8
 * bytes and a module as its bytes, so the hash of a text capability is what it was before modules
 * existed, and one changed byte of a module changes it.
 */
export function contentHash(manifest: CapabilityManifest, code: string | Uint8Array): string {
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
