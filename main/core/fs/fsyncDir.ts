import { open } from 'node:fs/promises';

/** Makes a rename in this folder durable (fsync of the folder itself). Not possible on every platform (Windows): best effort. */
export async function fsyncDir(dir: string): Promise<void> {
  try {
    const fh = await open(dir, 'r');
    try {
      await fh.sync();
    } finally {
      await fh.close();
    }
  } catch {
    /* best effort */
  }
}
