import { mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { resolveInProject } from '../../fs/projectPath.js';
import { ToolFailure } from '../output.js';
import {
  codeFileName,
  contentHash,
  describeIssues,
  manifestSchema,
  MAX_CODE_BYTES,
  NAME_PATTERN,
  type Capability,
  type CapabilityManifest,
} from './manifest.js';

export const CAPABILITIES_DIR = '.codecoder/capabilities';

/** A ToolFailure: the model reads it as a tool error. */
export class CapabilityError extends ToolFailure {
  override name = 'CapabilityError';
}

/** The capability's folder, confined to the project after realpath (a symlinked .codecoder is refused). */
export async function capabilityDir(projectRoot: string, name: string): Promise<string> {
  if (!NAME_PATTERN.test(name)) throw new CapabilityError(`"name": ${JSON.stringify(name)} is not a capability name`);
  const r = await resolveInProject(projectRoot, `${CAPABILITIES_DIR}/${name}`);
  if (!r.inside) throw new CapabilityError(`the capabilities folder is outside the project: ${r.reason}`);
  return r.abs;
}

export async function loadCapability(projectRoot: string, name: string): Promise<Capability> {
  const dir = await capabilityDir(projectRoot, name);
  let raw: string;
  try {
    raw = await readFile(path.join(dir, 'manifest.json'), 'utf8');
  } catch {
    throw new CapabilityError(`"name": no capability ${JSON.stringify(name)} (no ${CAPABILITIES_DIR}/${name}/manifest.json)`);
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (err) {
    throw new CapabilityError(`${CAPABILITIES_DIR}/${name}/manifest.json is not JSON: ${(err as Error).message}`);
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) throw new CapabilityError(`${CAPABILITIES_DIR}/${name}/manifest.json is invalid: ${describeIssues(parsed.error)}`);
  if (parsed.data.name !== name)
    throw new CapabilityError(`${CAPABILITIES_DIR}/${name}/manifest.json names "${parsed.data.name}", not "${name}"`);
  const codePath = path.join(dir, codeFileName(parsed.data.environment));
  const code = await readFile(codePath, 'utf8').catch(() => {
    throw new CapabilityError(`${CAPABILITIES_DIR}/${name}/${codeFileName(parsed.data.environment)} is missing`);
  });
  return { manifest: parsed.data, code, hash: contentHash(parsed.data, code), dir };
}

export async function saveCapability(projectRoot: string, manifest: CapabilityManifest, code: string): Promise<Capability> {
  if (Buffer.byteLength(code) > MAX_CODE_BYTES) throw new CapabilityError(`"code" is over ${MAX_CODE_BYTES} bytes`);
  const dir = await capabilityDir(projectRoot, manifest.name);
  await mkdir(dir, { recursive: true });
  // Re-check after creating: a symlink planted between the check and mkdir must not be followed.
  await capabilityDir(projectRoot, manifest.name);
  const file = codeFileName(manifest.environment);
  await writeFileAtomic(path.join(dir, file), code, { mode: 0o644 });
  await writeFileAtomic(path.join(dir, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n', { mode: 0o644 });
  // The other environment's code file would be stale: only the manifest's file counts.
  return { manifest, code, hash: contentHash(manifest, code), dir };
}

export type Listed = { ok: true; capability: Capability } | { ok: false; name: string; error: string };

export async function listCapabilities(projectRoot: string): Promise<Listed[]> {
  const r = await resolveInProject(projectRoot, CAPABILITIES_DIR);
  if (!r.inside) return [];
  const names = await readdir(r.abs, { withFileTypes: true }).catch(() => []);
  const out: Listed[] = [];
  for (const d of names
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort()) {
    try {
      out.push({ ok: true, capability: await loadCapability(projectRoot, d) });
    } catch (err) {
      out.push({ ok: false, name: d, error: (err as Error).message });
    }
  }
  return out;
}
