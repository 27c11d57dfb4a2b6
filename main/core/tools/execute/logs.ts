import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';

/** A fresh log file path per run, in the app's log folder (never the project). */
export async function newLogPath(logDir: string, tool: string): Promise<string> {
  await mkdir(logDir, { recursive: true, mode: 0o700 });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  return path.join(logDir, `${stamp}-${tool}-${randomBytes(4).toString('hex')}.log`);
}
