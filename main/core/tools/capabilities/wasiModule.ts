/**
 * A WASI capability's module: how it arrives (base64 in create_capability's `code`) and what it
 * must be before it is stored or run. Checked on the way in and on every load, since main.wasm can
 * be replaced by hand. The checks are what node:wasi needs to run it as a command and nothing else
 * can sneak in: only `wasi_snapshot_preview1` functions are imported (no other host objects), and it
 * exports `_start` and `memory`.
 */
import { MAX_WASM_BYTES } from './manifest.js';

interface WasmApi {
  Module: {
    new (bytes: Uint8Array): object;
    imports(m: object): { module: string; name: string; kind: string }[];
    exports(m: object): { name: string; kind: string }[];
  };
}
/** Node's WebAssembly global: the TS lib here (ES2023, no DOM) declares its types but not the value. */
const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

export const WASI_IMPORT_MODULE = 'wasi_snapshot_preview1';
const MAGIC = [0x00, 0x61, 0x73, 0x6d];
const VERSION_1 = [0x01, 0x00, 0x00, 0x00];

export interface WasiModuleInfo {
  bytes: number;
  /** The WASI functions it imports, e.g. fd_write, path_open. */
  imports: string[];
}

export class WasiModuleError extends Error {
  override name = 'WasiModuleError';
}

/**
 * Strict base64 (standard alphabet, padding optional, whitespace such as line breaks ignored):
 * Buffer.from would silently skip any other character and hand back different bytes.
 */
export function decodeModuleBase64(code: string, field = 'code'): Uint8Array {
  // Over 4/3 of the cap plus generous room for line breaks: refuse before decoding anything huge.
  if (code.length > Math.ceil((MAX_WASM_BYTES * 4) / 3) * 1.1 + 1024)
    throw new WasiModuleError(`"${field}": the module is over ${MAX_WASM_BYTES} bytes`);
  const bad = /[^A-Za-z0-9+/=\s]/.exec(code);
  if (bad)
    throw new WasiModuleError(
      `"${field}": not base64 (character ${JSON.stringify(bad[0])} at ${bad.index}); a WASI module is given as the base64 of its .wasm bytes`,
    );
  const compact = code.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact) || compact.length % 4 === 1)
    throw new WasiModuleError(`"${field}": not base64 (bad padding or length); a WASI module is given as the base64 of its .wasm bytes`);
  return new Uint8Array(Buffer.from(compact, 'base64'));
}

/** Throws a WasiModuleError naming `field` when the bytes are not a runnable WASI command module. */
export function validateWasiModule(bytes: Uint8Array, field = 'code'): WasiModuleInfo {
  const where = `"${field}"`;
  if (bytes.length === 0) throw new WasiModuleError(`${where}: the module is empty`);
  if (bytes.length > MAX_WASM_BYTES) throw new WasiModuleError(`${where}: the module is ${bytes.length} bytes, over ${MAX_WASM_BYTES}`);
  if (bytes.length < 8 || !MAGIC.every((b, i) => bytes[i] === b))
    throw new WasiModuleError(`${where}: not WebAssembly (a module starts with the bytes 00 61 73 6d, "\\0asm")`);
  if (!VERSION_1.every((b, i) => bytes[i + 4] === b))
    throw new WasiModuleError(`${where}: WebAssembly binary version ${bytes[4]} is not supported (only version 1)`);
  // Compiling validates: one pass, and its error says what is wrong.
  let mod: object;
  try {
    mod = new wasm.Module(bytes);
  } catch (err) {
    throw new WasiModuleError(`${where}: not a valid WebAssembly module (${(err as Error).message})`);
  }
  const imports = wasm.Module.imports(mod);
  const foreign = imports.filter((i) => i.module !== WASI_IMPORT_MODULE || i.kind !== 'function');
  if (foreign.length > 0) {
    const list = foreign
      .slice(0, 5)
      .map((i) => `${i.module}.${i.name} (${i.kind})`)
      .join(', ');
    throw new WasiModuleError(
      `${where}: the module imports ${list}${foreign.length > 5 ? ` and ${foreign.length - 5} more` : ''}; only functions of ${WASI_IMPORT_MODULE} are provided`,
    );
  }
  const exports = wasm.Module.exports(mod);
  if (!exports.some((e) => e.name === '_start' && e.kind === 'function'))
    throw new WasiModuleError(`${where}: the module exports no _start function (build it as a WASI command, not a library)`);
  if (!exports.some((e) => e.name === 'memory' && e.kind === 'memory'))
    throw new WasiModuleError(`${where}: the module exports no memory named "memory" (WASI needs it to pass arguments and data)`);
  return { bytes: bytes.length, imports: [...new Set(imports.map((i) => i.name))].sort() };
}
