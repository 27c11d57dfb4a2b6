/**
 * Folder trust for the CLI commands (`check`, `run`, `mcp`, `allowlist validate`): the trust of a
 * project in the user's data folder, and the one line each command prints about it. CLI wording,
 * so it lives with the CLI (the engine's surface keeps only what trust is).
 */
import { realpath } from 'node:fs/promises';
import { defaultDataDir } from '../appData.js';
import { ProjectTrust, sha256Hex, TrustStore, TrustStoreError, type ConfigSnapshot, type TrustState } from '../permissions/index.js';

interface Io {
  env: NodeJS.ProcessEnv;
  stderr: NodeJS.WritableStream;
}

/** Opens the project's trust and says on stderr when codecoder.json's allow entries do not count. */
export async function cliProjectTrust(
  command: string,
  root: string,
  config: { snapshot(): ConfigSnapshot },
  io: Io,
): Promise<ProjectTrust> {
  const trust = await ProjectTrust.open({ store: TrustStore.forDataDir(defaultDataDir(io.env)), projectRoot: root, config });
  const note = untrustedNote(trust.state(), config.snapshot().allowlist.length, root, serverCount(config.snapshot().mcpServers));
  if (note) io.stderr.write(`codecoder ${command}: ${note}\n`);
  return trust;
}

/** How many MCP servers a file's "mcpServers" declares (they start only once the file is trusted). */
export function serverCount(v: unknown): number {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? Object.keys(v).length : 0;
}

export function untrustedNote(state: TrustState, allowEntries: number, root: string, servers = 0): string | undefined {
  if (state.status === 'not-needed' || state.status === 'trusted') return undefined;
  const why = state.status === 'changed' ? 'changed since this folder was trusted' : 'not trusted in this folder';
  const mcp = servers > 0 ? `its ${servers} MCP server${servers === 1 ? ' does' : 's do'} not start, ` : '';
  return (
    `codecoder.json is ${why}: ${mcp}its ${allowEntries} allow entr${allowEntries === 1 ? 'y is' : 'ies are'} not honoured ` +
    `(its deny rules are). Review and trust it with: codecoder trust --project ${JSON.stringify(root)}` +
    (state.error ? ` (${state.error})` : '')
  );
}

/** `allowlist validate`: the trust state of the bytes it checked, in one line. */
export async function trustLine(
  projectDir: string,
  fileText: string | undefined,
  allowEntries: number,
  env: NodeJS.ProcessEnv,
  servers = 0,
): Promise<string> {
  if (fileText === undefined || (allowEntries === 0 && servers === 0))
    return 'trust: not needed (no allow entries or MCP servers; deny rules always count)';
  const sha = sha256Hex(Buffer.from(fileText, 'latin1'));
  try {
    const rec = await TrustStore.forDataDir(defaultDataDir(env)).get(await realpath(projectDir));
    if (rec?.sha256 === sha) return `trust: trusted since ${rec.trustedAt} (sha256 ${sha})`;
    return `trust: ${rec ? 'CHANGED since it was trusted' : 'NOT trusted'} (sha256 ${sha}): its allow entries are not honoured${servers ? ' and its MCP servers do not start' : ''} until \`codecoder trust --project ${JSON.stringify(projectDir)}\``;
  } catch (err) {
    if (err instanceof TrustStoreError) return `trust: NOT trusted: ${err.message}`;
    throw err;
  }
}

/** `codecoder run`: what it honours of codecoder.json, said on stderr (with --trust-project, always). */
export function runTrustNote(trust: ProjectTrust, allowEntries: number, root: string, trustProject: boolean): string | undefined {
  const state = trust.state();
  if (!trustProject) return untrustedNote(state, allowEntries, root);
  if (state.runOnly)
    return `--trust-project: honouring codecoder.json as it is now (sha256 ${state.sha256}) for this run only; nothing is recorded`;
  if (state.status === 'trusted') return '--trust-project: codecoder.json is already trusted in this folder';
  if (state.status === 'not-needed') return '--trust-project: codecoder.json has no allow entries; nothing to trust';
  return `--trust-project: could not trust codecoder.json: ${state.error ?? 'it changed while loading'}; its allow entries are not honoured`;
}
