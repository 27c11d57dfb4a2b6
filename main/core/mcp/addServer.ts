/**
 * "Add a server" from the UI: one entry under codecoder.json's "mcpServers", written with the same
 * minimal, atomic, locked edit as an allowlist answer (ProjectConfig.edit). As for any write of the
 * app's own, the file keeps the trust it had: a trusted (or trust-free) file stays trusted with the
 * new bytes, an untrusted one stays untrusted — and its servers, the new one included, wait for it.
 */
import type { ConfigEdit } from '../permissions/configFile.js';
import type { TrustSource } from '../permissions/trust/projectTrust.js';

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
