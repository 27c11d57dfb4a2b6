/**
 * MCP server entries: where they come from and what each one is.
 *
 * Sources, in order of precedence for a name: user-level (`<data dir>/mcp.json`, every project),
 * codecoder.json's "mcpServers", then a sibling `.mcp.json` ({"mcpServers": {...}}, the shape
 * Claude Desktop and other agents use). A project entry never replaces a user-level one of the same
 * name (it is reported); codecoder.json wins over .mcp.json.
 *
 * An entry is checked on its own: a bad one is reported with the reason and never started; the
 * others still are. Unknown fields are ignored here and kept in the file.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { MCP_KEY_TOOL, mcpShape, type Environment } from '../permissions/index.js';
import { uniqueParts } from './names.js';

export const MCP_JSON = '.mcp.json';
export const USER_MCP_FILE = 'mcp.json';
const MAX_FILE_BYTES = 1024 * 1024;

export type ServerSource = 'user' | 'project' | 'mcp.json';

const stringMap = z.record(z.string(), z.string());
const relPath = z
  .string()
  .min(1)
  .refine((p) => !path.isAbsolute(p) && !p.split(/[\\/]/).includes('..'), 'must be a path inside the project (no "..", not absolute)');

const sandboxSchema = z.union([
  z.literal(true),
  z
    .object({
      /** Project paths the server may write (everything else of the project is read-only). */
      allowWrite: z.array(relPath).optional(),
      /** Hosts it may reach; none by default. */
      allowedDomains: z.array(z.string().min(1)).optional(),
    })
    .loose(),
]);

const containerSchema = z
  .object({
    image: z.string().min(1).optional(),
    /** Project paths mounted writable; the rest of the project is mounted read-only. */
    allowWrite: z.array(relPath).optional(),
  })
  .loose();

const common = { disabled: z.boolean().optional() };

const stdioSchema = z
  .object({
    command: z.string().min(1),
    args: z.array(z.string()).optional(),
    env: stringMap.optional(),
    cwd: z.string().min(1).optional(),
    sandbox: sandboxSchema.optional(),
    container: containerSchema.optional(),
    ...common,
  })
  .loose()
  .refine((s) => !(s.sandbox && s.container), 'choose "sandbox" or "container", not both');

const remoteSchema = z
  .object({
    url: z
      .string()
      .url()
      .refine((u) => /^https?:/i.test(u), 'must be an http(s) URL'),
    headers: stringMap.optional(),
    type: z.enum(['http', 'streamable-http', 'sse']).optional(),
    ...common,
  })
  .loose();

export type StdioEntry = z.infer<typeof stdioSchema>;
export type RemoteEntry = z.infer<typeof remoteSchema>;

export interface ServerSpecBase {
  /** The name as written. */
  name: string;
  /** Sanitised, unique: the `<server>` of keys and model names. */
  id: string;
  source: ServerSource;
  /** Decides the ceiling of the server's keys. */
  environment: Environment;
  disabled: boolean;
}
export type ServerSpec =
  (ServerSpecBase & { kind: 'stdio'; entry: StdioEntry }) | (ServerSpecBase & { kind: 'remote'; entry: RemoteEntry });

export interface ConfigProblem {
  name: string;
  source: ServerSource;
  message: string;
}

export interface ServerList {
  servers: ServerSpec[];
  problems: ConfigProblem[];
}

/** A stdio server on the host is the shell environment; in the OS sandbox or a container it is theirs; a URL is remote. */
export function environmentOf(kind: 'stdio' | 'remote', entry: StdioEntry | RemoteEntry): Environment {
  if (kind === 'remote') return 'remote';
  const e = entry as StdioEntry;
  if (e.sandbox) return 'sandbox';
  if (e.container) return 'docker';
  return 'shell';
}

function parseEntry(
  name: string,
  value: unknown,
  source: ServerSource,
): { ok: true; kind: 'stdio' | 'remote'; entry: StdioEntry | RemoteEntry } | { ok: false; message: string } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, message: 'must be an object' };
  const isRemote = 'url' in value;
  if (isRemote && 'command' in value) return { ok: false, message: 'has both "command" and "url"' };
  if (source !== 'user' && isRemote === false && typeof (value as { cwd?: unknown }).cwd === 'string') {
    const r = relPath.safeParse((value as { cwd: string }).cwd);
    if (!r.success) return { ok: false, message: `"cwd" ${r.error.issues[0]?.message ?? 'is not a project path'}` };
  }
  const r = (isRemote ? remoteSchema : stdioSchema).safeParse(value);
  if (!r.success) {
    return {
      ok: false,
      message: r.error.issues.map((i) => (i.path.length ? `"${i.path.join('.')}": ${i.message}` : i.message)).join('; '),
    };
  }
  return { ok: true, kind: isRemote ? 'remote' : 'stdio', entry: r.data };
}

export interface RawSources {
  user?: unknown;
  project?: unknown;
  mcpJson?: unknown;
}

/** Builds the server list from the three sources' "mcpServers" values (each may be undefined). */
export function serverList(raw: RawSources): ServerList {
  const problems: ConfigProblem[] = [];
  const chosen = new Map<string, { source: ServerSource; value: unknown }>();
  for (const source of ['user', 'project', 'mcp.json'] as const) {
    const v = source === 'user' ? raw.user : source === 'project' ? raw.project : raw.mcpJson;
    if (v === undefined) continue;
    if (typeof v !== 'object' || v === null || Array.isArray(v)) {
      problems.push({ name: '*', source, message: '"mcpServers" must be an object of server entries' });
      continue;
    }
    for (const [name, value] of Object.entries(v)) {
      const prev = chosen.get(name);
      if (prev) {
        problems.push({ name, source, message: `ignored: a server named "${name}" is already defined (${prev.source})` });
        continue;
      }
      chosen.set(name, { source, value });
    }
  }
  const { parts, collisions } = uniqueParts([...chosen.keys()], 'servers');
  for (const c of collisions) problems.push({ name: c.names.join(', '), source: chosen.get(c.names[0]!)!.source, message: c.message });
  const servers: ServerSpec[] = [];
  for (const [name, { source, value }] of chosen) {
    const p = parseEntry(name, value, source);
    if (!p.ok) {
      problems.push({ name, source, message: p.message });
      continue;
    }
    const base = { name, id: parts.get(name)!, source, environment: environmentOf(p.kind, p.entry), disabled: p.entry.disabled === true };
    servers.push(
      p.kind === 'stdio'
        ? { ...base, kind: 'stdio', entry: p.entry as StdioEntry }
        : { ...base, kind: 'remote', entry: p.entry as RemoteEntry },
    );
  }
  return { servers, problems };
}

/**
 * What a server runs, for the trust review and the MCP tab: the command line or the URL and only the
 * NAMES of the variables or headers it is given — their values may be secrets the user typed (or
 * `${VAR}` references), never shown back; a review of someone else's file names each one passed.
 */
export function serverTarget(s: ServerSpec): string {
  const base = s.kind === 'remote' ? s.entry.url : [s.entry.command, ...(s.entry.args ?? [])].join(' ');
  const names = Object.keys((s.kind === 'remote' ? s.entry.headers : s.entry.env) ?? {});
  return names.length ? `${base}  (${s.kind === 'remote' ? 'headers' : 'env'}: ${names.join(', ')})` : base;
}

/** What the MCP tab's edit form starts from: the entry's fields, with its variables by name only. */
export function serverForm(s: ServerSpec): { command?: string; args?: string[]; url?: string; sandbox: boolean; envNames: string[] } {
  if (s.kind === 'remote') return { url: s.entry.url, sandbox: false, envNames: [] };
  return { command: s.entry.command, args: s.entry.args ?? [], sandbox: Boolean(s.entry.sandbox), envNames: Object.keys(s.entry.env ?? {}) };
}

/**
 * What a server would start, for a trust review (the CLI's and the app's): its full command line (or
 * URL), the NAMES of the environment variables or headers it is given (values may be secrets or
 * `${VAR}` references, not shown), its folder, where it runs and the hosts a sandbox lets it reach.
 */
export interface ServerReviewLine {
  name: string;
  runs: string;
  passes: string[];
  cwd: string | null;
  environment: Environment;
  hosts: string[];
}

export function serverReviewLine(s: ServerSpec): ServerReviewLine {
  const sandbox = s.kind === 'stdio' && typeof s.entry.sandbox === 'object' ? s.entry.sandbox : undefined;
  return {
    name: s.name,
    runs: s.kind === 'remote' ? s.entry.url : [s.entry.command, ...(s.entry.args ?? [])].map(shellWord).join(' '),
    passes: Object.keys((s.kind === 'remote' ? s.entry.headers : s.entry.env) ?? {}),
    cwd: s.kind === 'stdio' ? (s.entry.cwd ?? null) : null,
    environment: s.environment,
    hosts: sandbox?.allowedDomains ?? [],
  };
}

/** A word as a reader can paste it: quoted when it holds anything but plain characters. */
function shellWord(w: string): string {
  return /^[A-Za-z0-9_./:=@%+,-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`;
}

/**
 * The environment of an `mcp:` key, which decides its ceiling: its server's; `mcp:*` and keys of
 * servers not configured count as `shell` (they may cover a host server). Undefined for other keys.
 */
export function mcpKeyEnvironment(raw: string, servers: readonly ServerSpec[]): Environment | undefined {
  if (!raw.startsWith(`${MCP_KEY_TOOL}:`)) return undefined;
  const s = mcpShape(raw.slice(MCP_KEY_TOOL.length + 1));
  if (s.shape === 'any' || s.shape === 'bad') return 'shell';
  return servers.find((x) => x.id === s.server)?.environment ?? 'shell';
}

export type JsonFile = { exists: false } | { exists: true; bytes: Buffer; value?: unknown; error?: string };

/** Reads a JSON file of the `{"mcpServers": {...}}` shape, bounded; its bytes are kept for trust. */
export async function readServersFile(file: string): Promise<JsonFile> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { exists: false };
    return { exists: true, bytes: Buffer.alloc(0), error: `cannot read ${file}: ${(err as Error).message}` };
  }
  if (bytes.length > MAX_FILE_BYTES) return { exists: true, bytes, error: `${file} is over ${MAX_FILE_BYTES} bytes` };
  try {
    const doc = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)) as unknown;
    if (typeof doc !== 'object' || doc === null || Array.isArray(doc))
      return { exists: true, bytes, error: `${file}: the top level must be an object` };
    return { exists: true, bytes, value: (doc as { mcpServers?: unknown }).mcpServers };
  } catch (err) {
    return { exists: true, bytes, error: `${file}: ${(err as Error).message}` };
  }
}
