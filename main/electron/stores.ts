import { safeStorage } from 'electron';
import Store from 'electron-store';
import path from 'node:path';
import { ensurePrivateDirsSync, tightenPrivateFileSync } from '../core/fs/index.js';
import type { JsonStore, SecretStore } from '../core/stores/index.js';

/** The store's folder (the app's data folder) 0700 and its file 0600, whatever the umask or an older version left. */
function keepPrivate(store: { path: string }): void {
  ensurePrivateDirsSync(path.dirname(store.path));
  tightenPrivateFileSync(store.path);
}

/** electron-store behind the core's narrow JsonStore interface. */
export function electronJsonStore(name: string): JsonStore {
  const store = new Store<Record<string, unknown>>({ name, clearInvalidConfig: false, configFileMode: 0o600 });
  keepPrivate(store);
  return { location: store.path, read: () => ({ ...store.store }), write: (v) => void (store.store = v) };
}

/** API keys encrypted with the OS keychain (safeStorage); refuses to save in plain text. */
export function safeStorageSecrets(): SecretStore {
  const store = new Store<Record<string, string>>({ name: 'secrets', clearInvalidConfig: false, configFileMode: 0o600 });
  keepPrivate(store);
  return {
    get: (name) => {
      const enc = store.get(name);
      if (typeof enc !== 'string') return undefined;
      return safeStorage.decryptString(Buffer.from(enc, 'base64'));
    },
    set: (name, value) => {
      if (!safeStorage.isEncryptionAvailable())
        throw new Error('The system keychain is not available, so the API key was not saved. Set it in the environment instead.');
      store.set(name, safeStorage.encryptString(value).toString('base64'));
    },
    delete: (name) => store.delete(name),
  };
}
