/**
 * The narrow storage interfaces services take. electron-store backs them in the desktop shell;
 * `conf` (electron-store's base) and a 0600 file back them in plain Node (web host, CLI, tests).
 */
export interface JsonStore {
  /** The whole stored object; throws when the file exists but cannot be read as JSON. */
  read(): Record<string, unknown>;
  write(value: Record<string, unknown>): void;
  /** For error messages. */
  readonly location: string;
}

/** API keys by provider. Encrypted with safeStorage in Electron; a 0600 file in plain Node. */
export interface SecretStore {
  get(name: string): string | undefined;
  set(name: string, value: string): void;
  delete(name: string): void;
}
