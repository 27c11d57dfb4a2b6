import Conf from 'conf';
import { PRIVATE_FILE_MODE, ensurePrivateDirsSync, tightenPrivateFileSync } from '../fs/index.js';
import type { JsonStore } from './types.js';

/**
 * A JsonStore on `conf`: atomic writes, in an explicit folder (no electron needed). The folder (the
 * app's data folder) is made 0700 and the file is written 0600 whatever the umask — conf's defaults
 * (0777 / 0666 less the umask) would leave both open to other users under a lax umask.
 */
export function confStore(dir: string, name: string): JsonStore {
  ensurePrivateDirsSync(dir);
  const conf = new Conf<Record<string, unknown>>({
    cwd: dir,
    configName: name,
    clearInvalidConfig: false,
    configFileMode: PRIVATE_FILE_MODE,
  });
  // A file an older version wrote 0644 is tightened now, not only at its next write.
  tightenPrivateFileSync(conf.path);
  return {
    location: conf.path,
    read: () => ({ ...conf.store }),
    write: (value) => {
      conf.store = value;
    },
  };
}
