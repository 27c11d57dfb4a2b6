import { chmodSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import type { SecretStore } from './types.js';

/**
 * API keys in a JSON file readable by the user only (0600), for plain Node. The desktop shell uses
 * safeStorage instead. A file that cannot be read is never overwritten: the error says where it is.
 */
export function fileSecretStore(dir: string): SecretStore {
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
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    writeFileAtomic.sync(file, JSON.stringify(data, null, 2) + '\n', { mode: 0o600 });
    chmodSync(file, 0o600);
  };
  return {
    get: (name) => load()[name],
    set: (name, value) => save({ ...load(), [name]: value }),
    delete: (name) => {
      const data = load();
      if (!(name in data)) return;
      delete data[name];
      save(data);
    },
  };
}
