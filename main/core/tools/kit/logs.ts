import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { ensurePrivateDirs } from '../../fs/index.js';

/** A fresh log file path per run, in the app's log folder (never the project). */
export async function newLogPath(logDir: string, tool: string): Promise<string> {
  await ensurePrivateDirs(logDir);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  return path.join(logDir, `${stamp}-${tool}-${randomBytes(4).toString('hex')}.log`);
}
