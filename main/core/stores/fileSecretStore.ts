import { chmodSync, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { ensurePrivateDirsSync } from '../fs/index.js';
import type { SecretStore } from './types.js';

/**
 * Chromium's safeStorage output starts with "v10"/"v11"; base64 of that begins "djEw"/"djEx". No API
 * key does. Such a value was saved by the desktop app (it can share this data folder, e.g. on a
 * case-insensitive file system) and only the app can read it.
 */
export const isSealedSecret = (value: string): boolean => /^djE[wx]/.test(value);

/**
 * API keys in a JSON file readable by the user only (0600), for plain Node. The desktop shell uses
 * safeStorage instead. A file that cannot be read is never overwritten: the error says where it is.
 * A key the desktop app sealed is never replaced or removed from here (the user would lose it), and
 * with `hideSealed` it reads as absent (the web host must not send it to a provider as a key).
 */
export function fileSecretStore(dir: string, opts: { hideSealed?: boolean } = {}): SecretStore {
  const file = path.join(dir, 'secrets.json');
  const load = (): Record<string, string> => {
    if (!existsSync(file)) return {};
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      throw new Error(`The key file ${file} is not valid JSON; fix or delete it.`);
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      throw new Error(`The key file ${file} must hold an object.`);
    return Object.fromEntries(Object.entries(parsed).filter((e): e is [string, string] => typeof e[1] === 'string'));
  };
  const save = (data: Record<string, string>) => {
    ensurePrivateDirsSync(dir);
    writeFileAtomic.sync(file, JSON.stringify(data, null, 2) + '\n', { mode: 0o600 });
    chmodSync(file, 0o600);
  };
  const keepSealed = (data: Record<string, string>, name: string) => {
    const held = data[name];
    if (held !== undefined && isSealedSecret(held))
      throw new Error(
        `The ${name} key in ${file} was saved by the desktop app, encrypted with the system keychain; change it there, or use another data folder (CODECODER_DATA_DIR).`,
      );
  };
  return {
    get: (name) => {
      const value = load()[name];
      return value !== undefined && opts.hideSealed && isSealedSecret(value) ? undefined : value;
    },
    set: (name, value) => {
      const data = load();
      keepSealed(data, name);
      save({ ...data, [name]: value });
    },
    delete: (name) => {
      const data = load();
      if (!(name in data)) return;
      keepSealed(data, name);
      delete data[name];
      save(data);
    },
  };
}
