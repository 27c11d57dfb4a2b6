/**
 * "Add a server" from the UI: one entry under codecoder.json's "mcpServers", written with the same
 * minimal, atomic, locked edit as an allowlist answer (ProjectConfig.edit). As for any write of the
 * app's own, the file keeps the trust it had: a trusted (or trust-free) file stays trusted with the
 * new bytes, an untrusted one stays untrusted — and its servers, the new one included, wait for it.
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
}

export function serverEntry(input: AddServerInput): Record<string, unknown> {
  if (input.url) return { url: input.url };
  return {
    command: input.command,
    ...(input.args?.length ? { args: input.args } : {}),
    ...(input.sandbox ? { sandbox: true } : {}),
  };
}

export async function addServer(
  config: { edit(edit: ConfigEdit): Promise<void>; snapshot(): { mcpServers?: unknown } },
  trust: Pick<TrustSource, 'honoured' | 'afterOwnWrite'>,
  input: AddServerInput,
): Promise<void> {
  const existing = config.snapshot().mcpServers;
  if (existing && typeof existing === 'object' && Object.hasOwn(existing, input.name)) {
    throw new Error(`codecoder.json already has an MCP server named "${input.name}"`);
  }
  const was = trust.honoured();
  await config.edit({ op: 'setMcpServer', name: input.name, value: serverEntry(input) });
  await trust.afterOwnWrite(was).catch(() => undefined);
}

/**
 * Adds a user-level server: `<data dir>/mcp.json`, the same `{"mcpServers": {...}}` shape, with the
 * same minimal edit, under a lock, replaced atomically, 0600 (it may hold `${VAR}` names, never values).
 * A file that does not parse is never overwritten.
 */
export async function addUserServer(dataDir: string, input: AddServerInput): Promise<void> {
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
    if (text.trim() !== '') {
      const parsed = parseConfigText(text);
      if (!parsed.ok) throw new Error(`not writing ${file}: ${parsed.error.message.replace('codecoder.json', USER_MCP_FILE)}`);
      const servers = parsed.doc.mcpServers;
      if (servers && typeof servers === 'object' && Object.hasOwn(servers, input.name)) {
        throw new Error(`${file} already has an MCP server named "${input.name}"`);
      }
    }
    await writeFileAtomic(file, editConfigText(text, { op: 'setMcpServer', name: input.name, value: serverEntry(input) }), {
      mode: PRIVATE_FILE_MODE,
      fsync: true,
    });
  } finally {
    await release();
  }
}
