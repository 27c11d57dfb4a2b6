import { closeSync, fstatSync, openSync, readFileSync, readSync } from 'node:fs';
import { mkdir, open, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { resolveInProject } from '../../fs/index.js';
import { ToolFailure } from '../output.js';
import {
  codeFileName,
  contentHash,
  describeIssues,
  isWasi,
  manifestSchema,
  MAX_CODE_BYTES,
  MAX_WASM_BYTES,
  NAME_PATTERN,
  type Capability,
  type CapabilityManifest,
} from './manifest.js';
import { validateWasiModule } from './wasiModule.js';

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
  const file = codeFileName(parsed.data);
  const codePath = path.join(dir, file);
  let code: string | Uint8Array;
  if (isWasi(parsed.data)) {
    const bytes = await readCapped(codePath, MAX_WASM_BYTES).catch((err: NodeJS.ErrnoException) => {
      throw new CapabilityError(
        `${CAPABILITIES_DIR}/${name}/${file} ${err.code === 'ENOENT' ? 'is missing' : `cannot be read: ${err.message}`}`,
      );
    });
    try {
      validateWasiModule(bytes, `${CAPABILITIES_DIR}/${name}/${file}`);
    } catch (err) {
      throw new CapabilityError((err as Error).message);
    }
    code = bytes;
  } else {
    code = await readFile(codePath, 'utf8').catch(() => {
      throw new CapabilityError(`${CAPABILITIES_DIR}/${name}/${file} is missing`);
    });
  }
  return { manifest: parsed.data, code, hash: contentHash(parsed.data, code), dir };
}

/**
 * The code as hashed, read synchronously (for the permission engine's key → environment lookup,
 * which cannot await). `dir` must already be confined. Text is read as UTF-8 like loadCapability
 * does; a module as bytes, refused over the cap. Throws on anything unreadable.
 */
export function readCodeSync(dir: string, manifest: CapabilityManifest): string | Uint8Array {
  const file = path.join(dir, codeFileName(manifest));
  if (!isWasi(manifest)) return readFileSync(file, 'utf8');
  const fd = openSync(file, 'r');
  try {
    const size = fstatSync(fd).size;
    if (size > MAX_WASM_BYTES) throw new CapabilityError(`${file} is over ${MAX_WASM_BYTES} bytes`);
    const buf = Buffer.alloc(size);
    let got = 0;
    while (got < size) {
      const n = readSync(fd, buf, got, size - got, got);
      if (n === 0) break;
      got += n;
    }
    return new Uint8Array(buf.subarray(0, got));
  } finally {
    closeSync(fd);
  }
}

/** At most `cap` bytes; a bigger file is refused without being read whole. */
async function readCapped(file: string, cap: number): Promise<Uint8Array> {
  const h = await open(file, 'r');
  try {
    const { size } = await h.stat();
    if (size > cap) throw Object.assign(new Error(`it is ${size} bytes, over ${cap}`), { code: 'EFBIG' });
    const buf = Buffer.alloc(size + 1);
    let got = 0;
    for (;;) {
      const { bytesRead } = await h.read(buf, got, buf.length - got, got);
      if (bytesRead === 0) break;
      got += bytesRead;
      // It grew while being read: refuse rather than hash a prefix.
      if (got > size) throw Object.assign(new Error(`it changed while being read`), { code: 'EAGAIN' });
    }
    return new Uint8Array(buf.subarray(0, got));
  } finally {
    await h.close();
  }
}

export async function saveCapability(projectRoot: string, manifest: CapabilityManifest, code: string | Uint8Array): Promise<Capability> {
  if (isWasi(manifest)) {
    if (typeof code === 'string') throw new CapabilityError('"code": a WASI capability is stored from its module bytes');
    try {
      validateWasiModule(code);
    } catch (err) {
      throw new CapabilityError((err as Error).message);
    }
  } else {
    if (typeof code !== 'string') throw new CapabilityError('"code": this capability is source text, not bytes');
    if (Buffer.byteLength(code) > MAX_CODE_BYTES) throw new CapabilityError(`"code" is over ${MAX_CODE_BYTES} bytes`);
  }
  const dir = await capabilityDir(projectRoot, manifest.name);
  await mkdir(dir, { recursive: true });
  // Re-check after creating: a symlink planted between the check and mkdir must not be followed.
  await capabilityDir(projectRoot, manifest.name);
  const file = codeFileName(manifest);
  await writeFileAtomic(path.join(dir, file), typeof code === 'string' ? code : Buffer.from(code), { mode: 0o644 });
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
