import { createHash } from 'node:crypto';
import { homedir } from 'node:os';
import path from 'node:path';

/**
 * The app's data folder in plain Node (the Electron shell passes app.getPath('userData') instead).
 * Conversations, audit logs and command logs live here — never inside the project.
 */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.CODECODER_DATA_DIR) return path.resolve(env.CODECODER_DATA_DIR);
  if (process.platform === 'darwin') return path.join(homedir(), 'Library', 'Application Support', 'CodeCoder');
  if (process.platform === 'win32') return path.join(env.APPDATA ?? path.join(homedir(), 'AppData', 'Roaming'), 'CodeCoder');
  return path.join(env.XDG_CONFIG_HOME ?? path.join(homedir(), '.config'), 'codecoder');
}

/** A per-project folder inside the data dir, named by the project's folder name and a hash of its path. */
export function projectDataDir(dataDir: string, projectRoot: string): string {
  const abs = path.resolve(projectRoot);
  const hash = createHash('sha256').update(abs).digest('hex').slice(0, 16);
  const base =
    path
      .basename(abs)
      .replace(/[^A-Za-z0-9._-]/g, '_')
      .slice(0, 40) || 'root';
  return path.join(dataDir, 'projects', `${base}-${hash}`);
}
