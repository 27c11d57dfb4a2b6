/**
 * The MCP tab's changes to a server entry — add, edit, remove — in codecoder.json's "mcpServers"
 * (the same minimal, atomic, locked edit as an allowlist answer, ProjectConfig.edit) or in the user's
 * own `<data dir>/mcp.json`. As for any write of the app's own, codecoder.json keeps the trust it had:
 * a trusted (or trust-free) file stays trusted with the new bytes, an untrusted one stays untrusted —
 * and its servers wait for it. A folder's `.mcp.json` is the repository's file: never written here.
 *
 * Environment variables are stored where a server's environment always is, the entry's `"env"`. Their
 * values may be secrets: the MCP tab is told only the names (`serverTarget`), and an edit that names a
 * variable without a value keeps the value already written.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import * as lockfile from 'proper-lockfile';
import writeFileAtomic from 'write-file-atomic';
import { PRIVATE_FILE_MODE, ensurePrivateDirs } from '../fs/index.js';
import { editConfigText, parseConfigText, type ConfigEdit, type TrustSource } from '../permissions/index.js';
import { USER_MCP_FILE } from './config.js';

export interface AddServerInput {
  name: string;
  command?: string | undefined;
  args?: string[] | undefined;
  url?: string | undefined;
  sandbox?: boolean | undefined;
  /** Variables for a stdio server's environment, each with its value. */
  env?: { name: string; value: string }[] | undefined;
}

/** An edit: the same fields; a variable without a value keeps the value it has. */
export interface UpdateServerInput extends Omit<AddServerInput, 'env'> {
  env?: { name: string; value?: string | undefined }[] | undefined;
}

type Entry = Record<string, unknown>;

function serverEntry(input: AddServerInput): Entry {
  if (input.url) return { url: input.url };
  return {
    command: input.command,
    ...(input.args?.length ? { args: input.args } : {}),
    ...(input.sandbox ? { sandbox: true } : {}),
    ...(input.env?.length ? { env: Object.fromEntries(input.env.map((v) => [v.name, v.value])) } : {}),
  };
}

/**
 * The edited entry: what the form changes (command and arguments or URL, sandbox, environment) over
 * the entry as written, so every field the form does not show (cwd, container, timeouts, a sandbox's
 * hosts) stays as it was.
 */
function editedEntry(name: string, was: unknown, input: UpdateServerInput): Entry {
  if (typeof was !== 'object' || was === null || Array.isArray(was))
    throw new Error(`the MCP server "${name}" is not an object: fix it by hand`);
  const old = was as Entry;
  const wasRemote = 'url' in old;
  if (wasRemote !== Boolean(input.url)) throw new Error(`"${name}" cannot change between a command and a URL: remove it and add it again`);
  if (input.url) return { ...old, url: input.url };
  const next: Entry = { ...old, command: input.command };
  if (input.args?.length) next.args = input.args;
  else delete next.args;
  // A sandbox object (with its hosts) stays; switching the sandbox off removes it.
  if (!input.sandbox) delete next.sandbox;
  else if (typeof old.sandbox !== 'object' || old.sandbox === null) next.sandbox = true;
  if (input.env !== undefined) {
    const oldEnv = typeof old.env === 'object' && old.env !== null ? (old.env as Record<string, unknown>) : {};
    const env: Record<string, unknown> = {};
    for (const v of input.env) {
      if (v.value !== undefined) env[v.name] = v.value;
      else if (Object.hasOwn(oldEnv, v.name)) env[v.name] = oldEnv[v.name];
      else throw new Error(`give a value for the new variable ${v.name}`);
    }
    if (Object.keys(env).length) next.env = env;
    else delete next.env;
  }
  return next;
}

function hasServer(servers: unknown, name: string): boolean {
  return typeof servers === 'object' && servers !== null && Object.hasOwn(servers, name);
}

type ProjectConfigLike = { edit(edit: ConfigEdit): Promise<void>; snapshot(): { mcpServers?: unknown } };
type TrustLike = Pick<TrustSource, 'honoured' | 'afterOwnWrite'>;

/** One edit of codecoder.json by the app, keeping the trust the file had. */
async function ownEdit(config: ProjectConfigLike, trust: TrustLike, edit: ConfigEdit): Promise<void> {
  const was = trust.honoured();
  await config.edit(edit);
  await trust.afterOwnWrite(was).catch(() => undefined);
}

export async function addServer(config: ProjectConfigLike, trust: TrustLike, input: AddServerInput): Promise<void> {
  if (hasServer(config.snapshot().mcpServers, input.name))
    throw new Error(`codecoder.json already has an MCP server named "${input.name}"`);
  await ownEdit(config, trust, { op: 'setMcpServer', name: input.name, value: serverEntry(input) });
}

export async function updateServer(config: ProjectConfigLike, trust: TrustLike, input: UpdateServerInput): Promise<void> {
  const servers = config.snapshot().mcpServers;
  if (!hasServer(servers, input.name)) throw new Error(`codecoder.json has no MCP server named "${input.name}"`);
  const value = editedEntry(input.name, (servers as Entry)[input.name], input);
  await ownEdit(config, trust, { op: 'setMcpServer', name: input.name, value });
}

export async function removeServer(config: ProjectConfigLike, trust: TrustLike, name: string): Promise<void> {
  if (!hasServer(config.snapshot().mcpServers, name)) throw new Error(`codecoder.json has no MCP server named "${name}"`);
  await ownEdit(config, trust, { op: 'removeMcpServer', name });
}

/**
 * One change of `<data dir>/mcp.json` (the same `{"mcpServers": {...}}` shape), with the same minimal
 * edit, under a lock, replaced atomically, 0600 (it may hold values the user typed). A file that does
 * not parse is never overwritten. `change` sees the servers as written and returns the edit.
 */
async function editUserServers(dataDir: string, change: (servers: unknown, file: string) => ConfigEdit): Promise<void> {
  await ensurePrivateDirs(dataDir);
  const file = path.join(dataDir, USER_MCP_FILE);
  const release = await lockfile.lock(dataDir, { lockfilePath: `${file}.lock`, retries: { retries: 50, minTimeout: 5, maxTimeout: 100 } });
  try {
    let text = '';
    try {
      text = await readFile(file, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
    let servers: unknown;
    if (text.trim() !== '') {
      const parsed = parseConfigText(text);
      if (!parsed.ok) throw new Error(`not writing ${file}: ${parsed.error.message.replace('codecoder.json', USER_MCP_FILE)}`);
      servers = parsed.doc.mcpServers;
    }
    await writeFileAtomic(file, editConfigText(text, change(servers, file)), { mode: PRIVATE_FILE_MODE, fsync: true });
  } finally {
    await release();
  }
}

export function addUserServer(dataDir: string, input: AddServerInput): Promise<void> {
  return editUserServers(dataDir, (servers, file) => {
    if (hasServer(servers, input.name)) throw new Error(`${file} already has an MCP server named "${input.name}"`);
    return { op: 'setMcpServer', name: input.name, value: serverEntry(input) };
  });
}

export function updateUserServer(dataDir: string, input: UpdateServerInput): Promise<void> {
  return editUserServers(dataDir, (servers, file) => {
    if (!hasServer(servers, input.name)) throw new Error(`${file} has no MCP server named "${input.name}"`);
    return { op: 'setMcpServer', name: input.name, value: editedEntry(input.name, (servers as Entry)[input.name], input) };
  });
}

export function removeUserServer(dataDir: string, name: string): Promise<void> {
  return editUserServers(dataDir, (servers, file) => {
    if (!hasServer(servers, name)) throw new Error(`${file} has no MCP server named "${name}"`);
    return { op: 'removeMcpServer', name };
  });
}
