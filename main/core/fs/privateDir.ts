import { chmodSync, mkdirSync } from 'node:fs';
import { chmod, mkdir } from 'node:fs/promises';

/** Files in the app's data folder: transcripts, tool output and logs hold secrets (an `env` dump). */
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Makes each folder (parents too) if missing, 0700, and tightens one an older version left 0755:
 * what the data folder holds is for this user only, like the audit log.
 */
export async function ensurePrivateDirs(...dirs: string[]): Promise<void> {
  for (const dir of dirs) {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    // Windows has no such mode bits; the folder is private under the user's profile.
    if (process.platform !== 'win32') await chmod(dir, 0o700);
  }
}

/** ensurePrivateDirs for the synchronous writers (the conf stores, the learned context windows). */
export function ensurePrivateDirsSync(...dirs: string[]): void {
  for (const dir of dirs) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    if (process.platform !== 'win32') chmodSync(dir, 0o700);
  }
}

/** Makes a file that exists 0600 (one an older version wrote 0644); a missing one is left missing. */
export function tightenPrivateFileSync(file: string): void {
  if (process.platform === 'win32') return;
  try {
    chmodSync(file, PRIVATE_FILE_MODE);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
}

/** Tightens folders that exist (an older version made them 0755); a missing one is left missing. */
export async function tightenPrivateDirs(...dirs: string[]): Promise<void> {
  if (process.platform === 'win32') return;
  for (const dir of dirs) {
    await chmod(dir, 0o700).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
    });
  }
}
